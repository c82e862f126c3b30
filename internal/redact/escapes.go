package redact

import (
	"strings"
	"unicode/utf8"
)

// StripEscapes removes terminal escape sequences from s and leaves every
// other byte alone (see skipEscape). It returns s itself when s holds no
// ESC, so the usual case costs one IndexByte and no allocation.
func StripEscapes(s string) string {
	i := strings.IndexByte(s, 0x1b)
	if i < 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for i >= 0 {
		b.WriteString(s[:i])
		s = s[skipEscape(s, i):]
		i = strings.IndexByte(s, 0x1b)
	}
	b.WriteString(s)
	return b.String()
}

// skipEscape returns the offset just past the escape sequence that starts
// with the ESC at s[i]. It follows ECMA-48 byte classes loosely: the goal
// is to remove what a terminal would act on, not to validate it.
//
//   - CSI sequences (ESC [ ... final byte) are removed whole.
//   - OSC, DCS, SOS, PM and APC strings (ESC ] ..., ESC P ..., ...) are
//     removed up to their terminator: BEL, ST (ESC \, or the 8-bit ST), or
//     the ESC of the next sequence. A string that meets the end of the
//     line or of the text first is unterminated: only its introducer and
//     the parameter bytes after it are removed, so that one stray "ESC ]"
//     cannot swallow the rest of the evidence.
//   - Other escape sequences (ESC plus intermediates and a final byte,
//     e.g. ESC ( B or ESC 7) are removed, and so is a lone ESC.
func skipEscape(s string, i int) int {
	j := i + 1
	if j >= len(s) {
		return j
	}
	switch c := s[j]; {
	case c == '[':
		return skipCSI(s, j+1)
	case c == ']' || c == 'P' || c == 'X' || c == '^' || c == '_':
		return skipString(s, j+1)
	case c >= 0x20 && c <= 0x2f: // nF: intermediates, then a final byte
		for j < len(s) && s[j] >= 0x20 && s[j] <= 0x2f {
			j++
		}
		if j < len(s) && s[j] >= 0x30 && s[j] <= 0x7e {
			j++
		}
		return j
	case c >= 0x30 && c <= 0x7e: // two-byte sequences such as ESC 7, ESC =
		return j + 1
	}
	return j // a lone ESC
}

// c1Kind says which sequence the C1 control c (0x80..0x9f) introduces, by
// the byte that follows ESC in its 7-bit form: '[' for CSI (0x9b), ']'
// for OSC (0x9d), 'P', 'X', '^' or '_' for DCS, SOS, PM and APC; 0 for a
// control that introduces none.
func c1Kind(c byte) byte {
	switch c {
	case 0x9b, 0x9d, 0x90, 0x98, 0x9e, 0x9f:
		return c - 0x40
	}
	return 0
}

// c1At reports the C1 control at s[i] and how many bytes it takes (n is
// 0 when there is none): any encoded as U+0080..U+009F, and one that
// introduces a sequence as a byte of its own that is not part of valid
// UTF-8, as an 8-bit terminal reads it. Other stray bytes of 0x80..0x9f
// are invalid UTF-8 like any other.
func c1At(s string, i int) (c byte, n int) {
	if s[i] < 0x80 || s[i] > 0xc2 {
		return 0, 0
	}
	r, n := utf8.DecodeRuneInString(s[i:])
	switch {
	case r == utf8.RuneError && n == 1 && c1Kind(s[i]) != 0:
		return s[i], 1
	case 0x80 <= r && r <= 0x9f:
		return byte(r), n
	}
	return 0, 0
}

// skipC1 returns the offset just past the sequence that the C1 control c,
// n bytes at s[i], introduces: a CSI or a control string as after ESC, or
// the control alone.
func skipC1(s string, i, n int, c byte) int {
	switch c1Kind(c) {
	case 0:
		return i + n
	case '[':
		return skipCSI(s, i+n)
	}
	return skipString(s, i+n)
}

// skipCSI returns the end of a CSI sequence whose parameters start at j:
// parameter and intermediate bytes, then a final byte.
func skipCSI(s string, j int) int {
	for j < len(s) && s[j] >= 0x20 && s[j] <= 0x3f {
		j++
	}
	if j < len(s) && s[j] >= 0x40 && s[j] <= 0x7e {
		j++
	}
	return j
}

// skipString returns the end of a control string whose contents start
// at j (see skipEscape).
func skipString(s string, j int) int {
	for k := j; k < len(s); {
		switch c := s[k]; {
		case c == 0x07:
			return k + 1
		case c == '\n' || c == '\r':
			return skipParams(s, j)
		case c == 0x1b:
			if k+1 < len(s) && s[k+1] == '\\' {
				return k + 2
			}
			return k // a new sequence starts here
		case c < utf8.RuneSelf:
			k++
		default:
			r, n := utf8.DecodeRuneInString(s[k:])
			if r == 0x9c || r == utf8.RuneError && n == 1 && c == 0x9c { // ST
				return k + n
			}
			k += n
		}
	}
	return skipParams(s, j)
}

// skipParams returns the end of the parameter bytes (0x30..0x3f: digits,
// ';', ':' and "<=>?") from j: what an unterminated string loses.
func skipParams(s string, j int) int {
	for j < len(s) && s[j] >= 0x30 && s[j] <= 0x3f {
		j++
	}
	return j
}
