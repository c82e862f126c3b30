package records

import (
	"math/rand/v2"
	"testing"
)

// TestJSONStateFeed holds feed, which crosses strings with IndexByte, to
// a byte-at-a-time reading of JSON nesting, on random text of quotes,
// backslashes and brackets fed in random pieces, as lines are.
func TestJSONStateFeed(t *testing.T) {
	oracle := func(st jsonState, b []byte) jsonState {
		for _, c := range b {
			switch {
			case st.escape:
				st.escape = false
			case st.inStr:
				st.escape, st.inStr = c == '\\', c != '"'
			case c == '"':
				st.inStr = true
			case c == '{' || c == '[':
				st.depth++
			case c == '}' || c == ']':
				st.depth--
			}
		}
		return st
	}
	r := rand.New(rand.NewPCG(1, 2))
	for round := 0; round < 20000; round++ {
		// Runs of plain bytes long enough to cross whole words at once.
		b := make([]byte, r.IntN(100))
		for i := range b {
			b[i] = 'a'
			if r.IntN(8) == 0 {
				b[i] = `"\{}[] `[r.IntN(7)]
			}
		}
		var got, want jsonState
		for len(b) > 0 {
			n := r.IntN(len(b) + 1)
			got.feed(b[:n])
			want = oracle(want, b[:n])
			if got != want {
				t.Fatalf("after %q: got %+v, want %+v", b[:n], got, want)
			}
			b = b[n:]
		}
	}
}
