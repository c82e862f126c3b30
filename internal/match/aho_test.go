package match

import (
	"math/rand/v2"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestAutomatonAgainstIndex compares the automaton with strings.Index on
// random patterns and texts over a small alphabet, where overlaps and
// shared suffixes are common.
func TestAutomatonAgainstIndex(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 11))
	word := func(n int) string {
		b := make([]byte, n)
		for i := range b {
			b[i] = "abcAB -"[r.IntN(7)]
		}
		return string(b)
	}
	for round := 0; round < 300; round++ {
		var pats []string
		for i := 0; i < 1+r.IntN(8); i++ {
			pats = append(pats, strings.ToLower(word(1+r.IntN(4))))
		}
		a := buildAutomaton(pats)
		text := word(r.IntN(40))
		var got []int
		a.scan(text, func(p int32) bool {
			got = append(got, int(p))
			return true
		})
		got = uniqInts(got)
		var want []int
		for i, p := range pats {
			if strings.Contains(strings.ToLower(text), p) {
				want = append(want, i)
			}
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Fatalf("patterns %q, text %q (-want +got):\n%s", pats, text, diff)
		}
	}
}

func uniqInts(xs []int) []int {
	sort.Ints(xs)
	var out []int
	for i, x := range xs {
		if i == 0 || x != xs[i-1] {
			out = append(out, x)
		}
	}
	return out
}
