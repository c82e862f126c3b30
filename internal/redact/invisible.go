package redact

import "unicode"

// invisible reports whether r is a character that a terminal does not
// show but that still changes what a reader, or a program reading the
// text, takes it to say: every format character (Unicode category Cf:
// the soft hyphen, the Arabic letter mark U+061C, zero-width spaces and
// joiners U+200B..U+200D, the left-to-right and right-to-left marks,
// bidirectional embeddings, overrides and isolates U+202A..U+202E and
// U+2066..U+2069, the word joiner U+2060 and invisible operators, the
// byte order mark U+FEFF, ...) and the whole block of tag characters
// U+E0000..U+E007F, which can spell out hidden text to a program that
// reads it, unassigned ones included.
func invisible(r rune) bool {
	if r < 0x10000 {
		return bmpHas(&invisibleBMP, r)
	}
	return 0xe0000 <= r && r <= 0xe007f || r < 0x1e000 && unicode.Is(unicode.Cf, r)
}

// lineSeparator reports whether r is U+2028 or U+2029, which end a line
// where they are honoured and are invisible where they are not.
func lineSeparator(r rune) bool { return r == 0x2028 || r == 0x2029 }

// wideSpace reports whether r is a space other than U+0020 (Unicode
// category Zs: the no-break space U+00A0, the narrow no-break space
// U+202F, en and em spaces, the ideographic space, ...).
func wideSpace(r rune) bool {
	return r >= 0xa0 && r != ' ' && unicode.Is(unicode.Zs, r)
}

// normalized reports whether Normalize removes or replaces the rune r
// (see NormalizesRune), ESC aside. It runs for every rune of 0x80 or
// more that a region's scan meets, so the runes below 0x10000 are looked
// up in a bit set; above, only invisible characters change.
func normalized(r rune) bool {
	if r < 0x10000 {
		return bmpHas(&normalizedBMP, r)
	}
	return invisible(r)
}

// bmpSet is a bit per rune below 0x10000.
type bmpSet [1 << 16 / 64]uint64

func bmpHas(s *bmpSet, r rune) bool { return s[r>>6]&(1<<(r&63)) != 0 }

// invisibleBMP and normalizedBMP are invisible and normalized below
// 0x10000, built once from the Unicode tables.
var invisibleBMP, normalizedBMP = buildBMPSets()

func buildBMPSets() (inv, norm bmpSet) {
	add := func(s *bmpSet, t *unicode.RangeTable) {
		for _, rg := range t.R16 {
			for r := rune(rg.Lo); r <= rune(rg.Hi); r += rune(rg.Stride) {
				s[r>>6] |= 1 << (r & 63)
			}
		}
	}
	add(&inv, unicode.Cf)
	norm = inv
	for _, t := range []*unicode.RangeTable{unicode.Zs, unicode.Zl, unicode.Zp} {
		add(&norm, t)
	}
	norm[' '>>6] &^= 1 << (' ' & 63)
	for r := rune(0x80); r <= 0x9f; r++ {
		norm[r>>6] |= 1 << (r & 63)
	}
	return inv, norm
}
