package match_test

import (
	"strings"
	"testing"

	"github.com/errcat/errcat/internal/match"
)

// TestConfirmedBranchesAgainstIndex holds the branches the scan confirms
// from the automaton's hits (confirm.go) to a plain search for their
// triggers, on every probe text: a branch missed would never be tried,
// and one confirmed wrongly would be tried for nothing.
func TestConfirmedBranchesAgainstIndex(t *testing.T) {
	e, err := match.New(shippedCatalogue(t))
	if err != nil {
		t.Fatal(err)
	}
	confirmed := 0
	for _, text := range probeTexts(t) {
		rec := match.FoldSpecial(text)
		low := lowerASCII(rec)
		live, trigs := e.ConfirmedBranches(rec)
		for b := range live {
			want := false
			for _, trig := range trigs[b] {
				want = want || strings.Contains(low, trig)
			}
			if live[b] != want {
				t.Fatalf("branch %d (triggers %q) on %q: confirmed %v, search says %v", b, trigs[b], rec, live[b], want)
			}
			if want {
				confirmed++
			}
		}
	}
	t.Logf("%d confirmed branches compared", confirmed)
}
