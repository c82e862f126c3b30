package match_test

import (
	"strings"
	"testing"

	"github.com/errcat/errcat/internal/match"
)

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
