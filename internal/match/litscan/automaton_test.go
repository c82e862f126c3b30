package litscan

import (
	"math/rand/v2"
	"slices"
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
		a := NewAutomaton(pats)
		text := word(r.IntN(40))
		var got []int
		FindAll(a, text, hitFunc(func(p int32, _ int) bool {
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
// enough for FindAll to scan two halves side by side, with the ends
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
		a := NewAutomaton(pats)
		text := word(r.IntN(300))
		var got []occ
		FindAll(a, text, hitFunc(func(p int32, end int) bool {
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

// TestLevelOrderTrie checks the numbering NewAutomaton relies on, on
// random patterns over a small alphabet (shared prefixes, duplicates,
// patterns that are prefixes of others): walking the trie breadth-first
// from the root, a parent's children in class order, meets its states
// as 0, 1, 2, ...; every state has one parent; and each pattern ends at
// the state its path leads to.
func TestLevelOrderTrie(t *testing.T) {
	r := rand.New(rand.NewPCG(4, 4))
	for round := 0; round < 300; round++ {
		var pats []string
		for i := 0; i < 1+r.IntN(20); i++ {
			pats = append(pats, randomWord(r, "abc-", 1+r.IntN(6)))
		}
		a := NewAutomaton(pats) // for its classes
		nc := a.nclass
		tr := levelOrderTrie(pats, &a.class, nc)
		n := len(tr.pats)
		parents := make([]int, n)
		queue, want := []uint32{0}, uint32(0)
		for len(queue) > 0 {
			s := queue[0]
			queue = queue[1:]
			if s != want {
				t.Fatalf("patterns %q: breadth-first walk met state %d where %d was due", pats, s, want)
			}
			want++
			for c := 0; c < nc; c++ {
				if nx := tr.child[int(s)*nc+c]; nx != 0 {
					parents[nx]++
					queue = append(queue, nx)
				}
			}
		}
		if int(want) != n {
			t.Fatalf("patterns %q: %d states, %d reached", pats, n, want)
		}
		for s := 1; s < n; s++ {
			if parents[s] != 1 {
				t.Fatalf("patterns %q: state %d has %d parents", pats, s, parents[s])
			}
		}
		for pi, p := range pats {
			s := uint32(0)
			for i := 0; i < len(p); i++ {
				s = tr.child[int(s)*nc+int(a.class[p[i]])]
			}
			if !slices.Contains(tr.pats[s], int32(pi)) {
				t.Fatalf("patterns %q: %q does not end at the state its path leads to", pats, p)
			}
		}
	}
}
