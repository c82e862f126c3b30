package match

import (
	"strings"
	"unicode/utf8"
)

// Binary or garbled input is not text that failed to match: a no_match
// for it would read as "no rule knows this error" when there was no error
// text to read. So the answer that would be no_match says garbled when
// the text is garbled: when at least one byte in garbledShare of all the
// text read (every record and line end, and an HTTP body; after UTF-16
// decoding) is a NUL or a byte of invalid UTF-8. Any match still
// classifies: a real message amid binary noise is answered as any other.
//
// The share sits far above what real text holds (a few Latin-1 letters, a
// stray NUL) and far below binary: random or compressed bytes are about
// half invalid UTF-8, executables and UTF-16 read as bytes are NUL-dense.
// Other control characters do not count: terminal output holds them for
// a reason (a manual page's bold letters are overstruck with backspaces,
// a bell rings), and text dense with them is still text.
const garbledShare = 8

// garbled reports whether the text counted so far is garbled.
func (s *Scan) garbled() bool {
	return s.textBytes > 0 && s.badBytes*garbledShare >= s.textBytes
}

// countText adds b to the text the scan has read.
func (s *Scan) countText(b string) {
	s.textBytes += len(b)
	s.badBytes += badBytes(b)
}

// badBytes returns how many bytes of s are a NUL or a byte of invalid
// UTF-8 (each byte that does not begin a valid sequence). Text is valid
// UTF-8 without NULs, which strings.Count and utf8.ValidString tell many
// bytes at a time; only text that is not is read rune by rune.
func badBytes(s string) int {
	n := strings.Count(s, "\x00")
	if utf8.ValidString(s) {
		return n
	}
	for i := 0; i < len(s); {
		if s[i] < utf8.RuneSelf {
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			n++
		}
		i += size
	}
	return n
}

// settled reports whether the answer can no longer be no_match: a rule
// has matched that no guard can take back. Counting text for garbled
// is then time lost.
func (s *Scan) settled() bool {
	for i := range s.hits {
		if r := s.hits[i].rule; s.state[r] == stMatched && !s.guardRecord[r] {
			return true
		}
	}
	return false
}
