package redact

import (
	"encoding/binary"
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
// Normalize changes s, or -1. A region's scan marks the records it must
// not skip with it.
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
		if _, n := c1At(s, i); n > 0 {
			return i
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if invisible(r) || wideSpace(r) || lineSeparator(r) {
			return i
		}
		i += n
	}
	return -1
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
// every byte then shows as a borrow into its high bit.
func plainASCII(s string, i int) int {
	const (
		ones = 0x0101010101010101
		high = 0x8080808080808080
		esc  = 0x1b * ones
	)
	for ; i+8 <= len(s); i += 8 {
		w := binary.LittleEndian.Uint64([]byte(s[i : i+8]))
		x := w ^ esc
		if (w|(x-ones)&^x)&high != 0 {
			break
		}
	}
	for ; i < len(s) && s[i] < utf8.RuneSelf && s[i] != 0x1b; i++ {
	}
	return i
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
