package match

import "strings"

// indexFold reports the first index of needle in hay, comparing ASCII letters
// without case; needle must already be lower case. Rules' literals are
// folded once at compile time, so the hot path folds only the haystack, byte
// by byte, and never allocates a lowered copy of a record. Non-ASCII bytes
// compare exactly: error messages worth matching are ASCII in practice, and
// a rule that needs Unicode folding can say (?i) in a regex.
func indexFold(hay, needle string) int {
	n := len(needle)
	switch {
	case n == 0:
		return 0
	case n > len(hay):
		return -1
	}
	c0 := needle[0]
	upper := c0
	if 'a' <= c0 && c0 <= 'z' {
		upper = c0 - 'a' + 'A'
	}
	for i := 0; i+n <= len(hay); {
		// Jump to the next byte that can start a match.
		j := strings.IndexByte(hay[i:len(hay)-n+1], c0)
		if upper != c0 {
			if k := strings.IndexByte(hay[i:len(hay)-n+1], upper); k >= 0 && (j < 0 || k < j) {
				j = k
			}
		}
		if j < 0 {
			return -1
		}
		i += j
		if equalFoldASCII(hay[i:i+n], needle) {
			return i
		}
		i++
	}
	return -1
}

func equalFoldASCII(s, lower string) bool {
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
