package litscan

import (
	"math/rand/v2"
	"testing"
)

// TestLowerASCII holds the eight-at-a-time lowering to a byte-at-a-time
// one: every byte value at every offset of a word, among random bytes,
// and random lengths for the tail.
func TestLowerASCII(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	check := func(b []byte) {
		want := append([]byte(nil), b...)
		for i, c := range want {
			if 'A' <= c && c <= 'Z' {
				want[i] = c + 'a' - 'A'
			}
		}
		got := append([]byte(nil), b...)
		LowerASCII(got)
		if string(got) != string(want) {
			t.Fatalf("LowerASCII(%q) = %q, want %q", b, got, want)
		}
	}
	for v := 0; v < 256; v++ {
		for at := 0; at < 16; at++ {
			b := make([]byte, 16+r.IntN(8))
			for i := range b {
				b[i] = byte(r.IntN(256))
			}
			b[at] = byte(v)
			check(b)
		}
	}
}
