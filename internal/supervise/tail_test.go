package supervise

import (
	"strings"
	"testing"
)

func TestTailKeepsTheLastWholeLines(t *testing.T) {
	tests := []struct {
		name   string
		writes []string
		max    int
		want   string
	}{
		{"under the bound", []string{"a\n", "b\n"}, 16, "a\nb\n"},
		{"cut drops the half line", []string{"first line\n", "second\n", "third\n"}, 12, "third\n"},
		{"one write over the bound", []string{strings.Repeat("x", 30) + "\nlast\n"}, 8, "last\n"},
		{"many small writes", strings.Split(strings.Repeat("ab\n", 100), ""), 7, "ab\nab\n"},
		{"a cut with no line end keeps the bytes", []string{strings.Repeat("y", 20)}, 8, strings.Repeat("y", 8)},
	}
	for _, tt := range tests {
		tl := &Tail{Max: tt.max}
		for _, w := range tt.writes {
			tl.Write([]byte(w))
		}
		if got := tl.String(); got != tt.want {
			t.Errorf("%s: got %q, want %q", tt.name, got, tt.want)
		}
		if n := tl.held(); n > 2*tt.max {
			t.Errorf("%s: kept %d bytes for a bound of %d", tt.name, n, tt.max)
		}
	}
}

// A tee decodes a UTF-16 stream for the tail and passes the bytes on as
// they came.
func TestTeeKeepsUTF16AsText(t *testing.T) {
	var out strings.Builder
	tl := &Tail{Max: 64}
	te := &tee{w: &out, tail: tl}
	raw := []byte{0xff, 0xfe, 'o', 0, 'k', 0, '\n', 0}
	te.Write(raw[:3]) // a code unit split across writes
	te.Write(raw[3:])
	te.end()
	if out.String() != string(raw) || te.n != int64(len(raw)) {
		t.Errorf("passed on %q (%d bytes), want the raw bytes", out.String(), te.n)
	}
	if got := tl.String(); got != "ok\n" {
		t.Errorf("tail %q, want %q", got, "ok\n")
	}
}
