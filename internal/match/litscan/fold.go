package litscan

import "encoding/binary"

// Rules' literals are folded to lower case once, at compile time. A record
// is searched for them in its lowered copy (match/lower.go), and compared with
// one in place where the automaton says it may end (match/confirm.go). Only ASCII
// letters fold: error messages worth matching are ASCII in practice, a
// rule that needs Unicode folding can say (?i) in a regex, and foldSpecial
// maps the two non-ASCII runes that fold to ASCII letters beforehand.

// LowerByte folds one byte as HasFoldPrefix does: a quick test of the
// first byte settles most comparisons without the call.
func LowerByte(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

func UpperASCII(c byte) byte {
	if 'a' <= c && c <= 'z' {
		return c - 'a' + 'A'
	}
	return c
}

// HasFoldPrefix reports whether s begins with lower, comparing ASCII
// letters without case; lower must be lower case and no longer than s.
func HasFoldPrefix(s, lower string) bool {
	for i := 0; i < len(lower); i++ {
		c := s[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != lower[i] {
			return false
		}
	}
	return true
}

// LowerASCII lowers the ASCII letters of b in place, eight bytes at a
// time: a byte is an upper-case letter when it is below 0x80, at least
// 'A' and at most 'Z', which adding to each byte's low seven bits tests
// for all eight at once, without carries between them; the test's high
// bit, moved down two, is the 0x20 that lowers the letter.
func LowerASCII(b []byte) {
	const (
		ones = 0x0101010101010101
		high = 0x8080808080808080
		low7 = 0x7f7f7f7f7f7f7f7f
	)
	i := 0
	for ; i+8 <= len(b); i += 8 {
		w := binary.LittleEndian.Uint64(b[i:])
		h := w & low7
		upper := (h + (0x80-'A')*ones) &^ (h + (0x80-'Z'-1)*ones) &^ w & high
		if upper != 0 {
			binary.LittleEndian.PutUint64(b[i:], w|upper>>2)
		}
	}
	for ; i < len(b); i++ {
		if c := b[i]; 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
}
