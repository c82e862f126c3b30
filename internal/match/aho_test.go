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
	word := func(n int) string { return randomWord(r, "abcAB -", n) }
	for round := 0; round < 300; round++ {
		var pats []string
		for i := 0; i < 1+r.IntN(8); i++ {
			pats = append(pats, strings.ToLower(word(1+r.IntN(4))))
		}
		a := buildAutomaton(pats)
		text := word(r.IntN(40))
		var got []int
		acScan(a, text, hitFunc(func(p int32, _ int) bool {
			got = append(got, int(p))
			return true
		}))
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

// TestAutomatonEnds compares every reported occurrence end, on texts long
// enough for acScan to scan two halves side by side, with the ends
// strings.Index finds.
func TestAutomatonEnds(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 5))
	word := func(n int) string { return randomWord(r, "abcAB -", n) }
	type occ struct{ p, end int }
	for round := 0; round < 300; round++ {
		var pats []string
		for i := 0; i < 1+r.IntN(8); i++ {
			pats = append(pats, strings.ToLower(word(2+r.IntN(5))))
		}
		a := buildAutomaton(pats)
		text := word(r.IntN(300))
		var got []occ
		acScan(a, text, hitFunc(func(p int32, end int) bool {
			got = append(got, occ{int(p), end})
			return true
		}))
		var want []occ
		low := strings.ToLower(text)
		for i, p := range pats {
			for from := 0; ; {
				j := strings.Index(low[from:], p)
				if j < 0 {
					break
				}
				want = append(want, occ{i, from + j + len(p)})
				from += j + 1
			}
		}
		less := func(x []occ) func(i, j int) bool {
			return func(i, j int) bool { return x[i].end < x[j].end || x[i].end == x[j].end && x[i].p < x[j].p }
		}
		sort.Slice(got, less(got))
		sort.Slice(want, less(want))
		if diff := cmp.Diff(want, got, cmp.AllowUnexported(occ{})); diff != "" {
			t.Fatalf("patterns %q, text %q (-want +got):\n%s", pats, text, diff)
		}
	}
}
