package match_test

import (
	"testing"

	"github.com/errcat/errcat/internal/match"
	"github.com/errcat/errcat/internal/tables"
)

// TestRank holds the one order every comparison of rules uses: tier
// first (a bare number below text), then priority; overrides settle a tie
// and nothing else; a candidate ranks as its rule.
func TestRank(t *testing.T) {
	cat := &tables.Catalogue{Rules: []tables.Rule{
		{ID: "bare.high", Tier: tables.TierBare, Priority: 90},
		{ID: "text.low", Tier: tables.TierText, Priority: 0},
		{ID: "text.low.over", Tier: tables.TierText, Priority: 0, Overrides: []int{1}},
		{ID: "structured", Tier: tables.TierStructured, Priority: 1},
	}}
	for _, tt := range []struct {
		i, j  int
		beats bool
	}{
		{1, 0, true}, {0, 1, false}, // a tier outranks any priority of a lower one
		{2, 1, true}, {1, 2, false}, // overrides settle a tie
		{2, 0, true}, {3, 2, true}, {0, 3, false},
	} {
		if got := cat.Beats(tt.i, tt.j); got != tt.beats {
			t.Errorf("Beats(%s, %s) = %v, want %v", cat.Rules[tt.i].ID, cat.Rules[tt.j].ID, got, tt.beats)
		}
	}
	for i := range cat.Rules {
		r := &cat.Rules[i]
		c := match.Candidate{Tier: r.Tier.String(), Priority: r.Priority}
		if c.Rank() != r.Rank() {
			t.Errorf("candidate of %s ranks %+v, its rule %+v", r.ID, c.Rank(), r.Rank())
		}
	}
	if !(match.Candidate{Tier: "text"}).Outranks(match.Candidate{Tier: "bare", Priority: 99}) {
		t.Error("a text candidate does not outrank a bare one")
	}
}
