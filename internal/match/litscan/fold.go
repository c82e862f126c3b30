package litscan

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
