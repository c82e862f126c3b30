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
	if r < 0xad {
		return false
	}
	return 0xe0000 <= r && r <= 0xe007f || unicode.Is(unicode.Cf, r)
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
