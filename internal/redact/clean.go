package redact

import (
	"encoding/binary"
	"strings"
	"unicode/utf8"
)

// clean removes terminal escape sequences and control characters and
// replaces invalid UTF-8, leaving text that is safe to write to a terminal
// and that shows a reader all it says.
//
//   - Escape sequences are removed as skipEscape says, and so are their
//     8-bit forms: a CSI or a control string introduced by a C1 control
//     (0x9b for CSI, 0x9d for OSC, ...), as a byte of its own or encoded
//     as U+0080..U+009F.
//   - Every other C0 control, DEL and the C1 controls U+0080..U+009F are
//     removed, except '\n' and '\t'. '\r' is removed rather than turned
//     into a newline: a "\r\n" line ending then reads as "\n", and a
//     progress bar's repeated "\r" collapses into one line.
//   - Invisible characters (see invisible: format characters such as
//     zero-width spaces, bidirectional marks and overrides, which can make
//     a terminal show text in an order other than the one in which it was
//     written, and tag characters) are removed.
//   - The line and paragraph separators U+2028 and U+2029 become '\n'.
//   - Each byte of invalid UTF-8 becomes U+FFFD.
//
// If flat is set, each run of newlines becomes a single space.
//
// t, if not nil, records where given input offsets land in the output.
func clean(s string, flat bool, t *track) string {
	// Most text is printable ASCII throughout: it is returned as it is,
	// without a copy.
	if n := plainRun(s, 0, flat); n == len(s) {
		t.kept(0, len(s), 0)
		t.replaced(len(s), len(s)+1, len(s), len(s))
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	nl := false // the last byte written was a space standing for newlines
	for i := 0; i < len(s); {
		c := s[i]
		// A run of bytes kept as they are is copied, and tracked, whole:
		// byte by byte, tracking would cost more than the rest of Excerpt.
		if j := plainRun(s, i, flat); j > i {
			t.kept(i, j, b.Len())
			b.WriteString(s[i:j])
			nl = false
			i = j
			continue
		}
		switch {
		case c == 0x1b:
			j := skipEscape(s, i)
			t.replaced(i, j, b.Len(), b.Len())
			i = j
		case c == '\n' && flat:
			if !nl {
				t.replaced(i, i+1, b.Len(), b.Len()+1)
				b.WriteByte(' ')
				nl = true
			} else {
				t.replaced(i, i+1, b.Len(), b.Len())
			}
			i++
		case c == '\n' || c == '\t' || (c >= 0x20 && c < 0x7f):
			t.kept(i, i+1, b.Len())
			b.WriteByte(c)
			nl = false
			i++
		case c < utf8.RuneSelf: // other C0 controls and DEL
			t.replaced(i, i+1, b.Len(), b.Len())
			i++
		default:
			if k, n := c1At(s, i); n > 0 {
				j := skipC1(s, i, n, k)
				t.replaced(i, j, b.Len(), b.Len())
				i = j
				continue
			}
			r, n := utf8.DecodeRuneInString(s[i:])
			switch {
			case r == utf8.RuneError && n == 1:
				t.replaced(i, i+1, b.Len(), b.Len()+len(string(utf8.RuneError)))
				b.WriteRune(utf8.RuneError)
				nl = false
			case invisible(r):
				t.replaced(i, i+n, b.Len(), b.Len())
			case lineSeparator(r) && flat:
				if !nl {
					t.replaced(i, i+n, b.Len(), b.Len()+1)
					b.WriteByte(' ')
					nl = true
				} else {
					t.replaced(i, i+n, b.Len(), b.Len())
				}
			case lineSeparator(r):
				t.replaced(i, i+n, b.Len(), b.Len()+1)
				b.WriteByte('\n')
			default:
				t.kept(i, i+n, b.Len())
				b.WriteString(s[i : i+n])
				nl = false
			}
			i += n
		}
	}
	t.replaced(len(s), len(s)+1, b.Len(), b.Len())
	return b.String()
}

// plainRun returns the end of the run of bytes from i that clean keeps
// as they are: printable ASCII and tabs, and newlines unless flat.
func plainRun(s string, i int, flat bool) int {
	// Eight bytes at a time while none is below 0x20 or above 0x7e (a
	// byte below 0x20 borrows into its high bit when 0x20 is taken away;
	// one of 0x7f or more has its high bit set once 1 is added).
	const (
		ones = 0x0101010101010101
		high = 0x8080808080808080
	)
	for ; i+8 <= len(s); i += 8 {
		w := binary.LittleEndian.Uint64([]byte(s[i : i+8]))
		if ((w-0x20*ones)&^w|(w+ones)|w)&high != 0 {
			break
		}
	}
	for ; i < len(s); i++ {
		c := s[i]
		if (c < 0x20 || c >= 0x7f) && c != '\t' && (c != '\n' || flat) {
			break
		}
	}
	return i
}
