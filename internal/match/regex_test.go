package match_test

import (
	"strings"
	"sync"
	"testing"

	"github.com/errcat/errcat/internal/match"
)

// Workers share an engine, so a pattern's first use may come from several
// at once: each must get the one compiled pattern (the race detector
// watches the rest).
func TestRegexFirstUseIsShared(t *testing.T) {
	re, _, err := match.ParseRegex(`(?i)\brate limit(ed)?\b`)
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	got := make([]any, 8)
	for i := range got {
		wg.Go(func() {
			rx := re.Regexp()
			if !rx.MatchString("Rate limited") {
				t.Error("pattern does not match")
			}
			got[i] = rx
		})
	}
	wg.Wait()
	for _, g := range got[1:] {
		if g != got[0] {
			t.Fatal("the pattern was compiled more than once")
		}
	}
}

// New checks patterns it did not see parsed, since it no longer compiles
// them: a bad one is still refused before any input.
func TestNewRefusesBadPattern(t *testing.T) {
	cat := &match.Catalogue{
		Codes: []match.Code{{Name: "c"}},
		Rules: []match.Rule{{ID: "r", Tier: match.TierText, Match: match.Cond{Regex: []*match.Regex{{Src: `(unclosed`}}}}},
	}
	_, err := match.New(cat)
	if err == nil || !strings.Contains(err.Error(), "missing closing )") {
		t.Fatalf("New = %v, want RE2's complaint about the pattern", err)
	}
}
