package match

import (
	"math/rand/v2"
	"testing"
	"unicode/utf8"
)

// TestBadBytes holds badBytes, which counts NULs and checks UTF-8 many
// bytes at a time, to a rune-at-a-time reading of its definition.
func TestBadBytes(t *testing.T) {
	oracle := func(s string) int {
		n := 0
		for i := 0; i < len(s); {
			r, size := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && size == 1 || r == 0 {
				n++
			}
			i += size
		}
		return n
	}
	pieces := []string{"plain words ", "x", "\t", "\n", "\r\n", "\x00", "\x01", "\x1b[0m", "\x7f", "é", "日本", "\xff", "\xe2\x80", "\xc3", "😀", "\x0b\x0c", "\x1f"}
	r := rand.New(rand.NewPCG(4, 4))
	for round := 0; round < 20000; round++ {
		var b []byte
		for n := r.IntN(30); n > 0; n-- {
			b = append(b, pieces[r.IntN(len(pieces))]...)
		}
		if got, want := badBytes(string(b)), oracle(string(b)); got != want {
			t.Fatalf("badBytes(%q) = %d, want %d", b, got, want)
		}
	}
}
