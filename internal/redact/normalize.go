package redact

import (
	"math/bits"
	"unicode/utf8"
)

// Normalize returns s as the engine matches it: the text a terminal
// shows, in plain spacing, so that nothing a reader does not see can
// split a phrase.
//
//   - Terminal escape sequences are removed (see skipEscape), and so are
//     their 8-bit forms, a CSI or control string introduced by a C1
//     control as a byte of its own or encoded as U+0080..U+009F; the other
//     C1 controls U+0080..U+009F are removed too.
//   - Invisible characters (see invisible: zero-width spaces and joiners,
//     the soft hyphen, bidirectional marks and controls, the byte order
//     mark, tag characters, ...) are removed.
//   - Other spaces (the no-break space U+00A0, the narrow no-break space
//     U+202F, the other spaces of Unicode category Zs) and the line and
//     paragraph separators U+2028 and U+2029 become ' '.
//
// Every other byte is left as it is: invalid UTF-8, and C0 controls other
// than ESC. It returns s itself when nothing changes, and looks at s only
// a word at a time while s holds no ESC and no byte of 0x80 or more.
func Normalize(s string) string {
	i := NextChange(s, 0)
	if i < 0 {
		return s
	}
	b := make([]byte, 0, len(s))
	last := 0
	for ; i >= 0; i = NextChange(s, i) {
		b = append(b, s[last:i]...)
		var j int
		j, b = change(s, i, b)
		last, i = j, j
	}
	return string(append(b, s[last:]...))
}

// NextChange returns the offset of the first byte at or after from where
// Normalize changes s, or -1.
func NextChange(s string, from int) int {
	for i := from; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c == 0x1b {
				return i
			}
			i = plainASCII(s, i+1)
			continue
		}
		// Two- and three-byte runes, most of any text that is not ASCII,
		// are decoded here; DecodeRuneInString takes the rest, and
		// invalid bytes, of which the C1 introducers count.
		if c >= 0xc2 && c < 0xe0 && i+1 < len(s) && s[i+1]&0xc0 == 0x80 {
			if bmpHas(&normalizedBMP, rune(c&0x1f)<<6|rune(s[i+1]&0x3f)) {
				return i
			}
			i += 2
			continue
		}
		if c >= 0xe1 && c < 0xf0 && c != 0xed && i+2 < len(s) && s[i+1]&0xc0 == 0x80 && s[i+2]&0xc0 == 0x80 {
			if bmpHas(&normalizedBMP, rune(c&0x0f)<<12|rune(s[i+1]&0x3f)<<6|rune(s[i+2]&0x3f)) {
				return i
			}
			i += 3
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if normalized(r) || r == utf8.RuneError && n == 1 && c1Kind(c) != 0 {
			return i
		}
		i += n
	}
	return -1
}

// AppendChanges appends to offs the offset of every place in s, ESC
// aside, where Normalize makes a change: what NextChange finds from the
// start and after each changed rune. A region's scan marks with them the
// records it must not skip.
func AppendChanges(offs []int, s string) []int {
	for i := NextChange(s, 0); i >= 0; i = NextChange(s, i+runeLen(s, i)) {
		if s[i] != 0x1b {
			offs = append(offs, i)
		}
	}
	return offs
}

// runeLen is the length of the rune, or invalid byte, at s[i].
func runeLen(s string, i int) int {
	_, n := utf8.DecodeRuneInString(s[i:])
	return n
}

// change appends to b what Normalize makes of the change NextChange found
// at s[i], and returns the offset after it.
func change(s string, i int, b []byte) (int, []byte) {
	if s[i] == 0x1b {
		return skipEscape(s, i), b
	}
	if c, n := c1At(s, i); n > 0 {
		return skipC1(s, i, n, c), b
	}
	r, n := utf8.DecodeRuneInString(s[i:])
	if !invisible(r) {
		b = append(b, ' ')
	}
	return i + n, b
}

// plainASCII returns the end of the run of bytes from i that are ASCII
// and not ESC, looking at eight bytes at a time: a byte has its high bit
// set, or is ESC when it is zero once XORed with ESC, which taking 1 from
// every byte then shows as a borrow into its high bit. The lowest bit so
// set is the first such byte (a borrow only reaches bytes above it).
func plainASCII(s string, i int) int {
	const (
		ones = 0x0101010101010101
		high = 0x8080808080808080
		esc  = 0x1b * ones
	)
	for ; i+8 <= len(s); i += 8 {
		w := load64(s, i)
		x := w ^ esc
		if m := (w | (x-ones)&^x) & high; m != 0 {
			return i + bits.TrailingZeros64(m)/8
		}
	}
	for ; i < len(s) && s[i] < utf8.RuneSelf && s[i] != 0x1b; i++ {
	}
	return i
}

// load64 reads s[i:i+8] as a little-endian word.
func load64(s string, i int) uint64 {
	b := s[i : i+8]
	return uint64(b[0]) | uint64(b[1])<<8 | uint64(b[2])<<16 | uint64(b[3])<<24 |
		uint64(b[4])<<32 | uint64(b[5])<<40 | uint64(b[6])<<48 | uint64(b[7])<<56
}

// Plain reports whether s is ASCII without ESC, which Normalize returns as
// it is, and so is any folding that only non-ASCII runes need.
func Plain(s string) bool { return plainASCII(s, 0) == len(s) }

// NormalizesRune reports whether Normalize removes the rune r, or
// replaces it, wherever it stands: ESC, the C1 controls, invisible
// characters, spaces other than ' ' and the line and paragraph
// separators. Invalid UTF-8 aside, a text that Normalize returns holds
// none of them.
func NormalizesRune(r rune) bool {
	return r == 0x1b || 0x80 <= r && r <= 0x9f || invisible(r) || wideSpace(r) || lineSeparator(r)
}
