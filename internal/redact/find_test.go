package redact

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestFindIndexAgainstEveryPlace holds Find to a search that tries every
// anchor at every byte: the same index, but with every pair of bytes
// marked as one that can begin an anchor and no second bytes to pass
// anchors over by. Texts are the pieces rules look for and every anchor,
// in both cases, put together at random.
func TestFindIndexAgainstEveryPlace(t *testing.T) {
	var pairs [65536 / 64]uint64
	for i := range pairs {
		pairs[i] = ^uint64(0)
	}
	var plain [256][]anchorRef
	for c, refs := range anchorsByFirst {
		for _, ref := range refs {
			ref.second = 0
			plain[c] = append(plain[c], ref)
		}
	}
	pieces := append([]string(nil), fragments...)
	for _, r := range rules {
		for _, a := range r.anchors {
			pieces = append(pieces, a, strings.ToUpper(a), a[:1], a[:len(a)-1])
		}
	}
	rng := rand.New(rand.NewPCG(5, 8))
	for i := 0; i < 20000; i++ {
		var b strings.Builder
		for n := rng.IntN(12) + 1; n > 0; n-- {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		s := b.String()
		if diff := cmp.Diff(find(s, &plain, &pairs, false), Find(s)); diff != "" {
			t.Fatalf("Find(%q) differs from a try at every place (-every +Find):\n%s", s, diff)
		}
	}
}
