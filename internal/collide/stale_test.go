package collide

import (
	"slices"
	"testing"

	"github.com/errcat/errcat/internal/match"
)

// TestStaleOverrides calls an override stale only when the engine can
// never rank its two rules together, and checks through the engine that
// every override it keeps decides some evidence.
func TestStaleOverrides(t *testing.T) {
	cat := catalogueOf(t, `  - {id: r.side, code: a, confidence: high, priority: 2, overrides: [r.sideb], match: {regex: 'lock held'}}
  - {id: r.sideb, code: b, confidence: high, priority: 2, match: {regex: 'key rejected'}}
  - {id: r.guarded, code: a, confidence: high, priority: 3, overrides: [r.quota], match: {regex: 'retry later'}, not: {regex: 'quota spent'}}
  - {id: r.quota, code: b, confidence: high, priority: 3, match: {regex: 'quota spent'}}
  - {id: r.apart, code: a, confidence: high, priority: 4, overrides: [r.apartc], match: {regex: 'store busy'}, not: {regex: 'disk gone'}}
  - {id: r.apartc, code: c, confidence: high, priority: 4, match: {regex: 'disk gone'}}
  - {id: r.far, code: a, confidence: high, priority: 5, overrides: [r.farb], match: {regex: 'far away'}}
  - {id: r.farb, code: b, confidence: high, priority: 6, match: {regex: 'far gone'}}
`)
	rep, err := Analyze(cat, Options{})
	if err != nil {
		t.Fatal(err)
	}
	var stale []string
	for _, f := range findings(rep, StaleOverride) {
		stale = append(stale, f.Rule.ID+" "+f.Other.ID)
	}
	// r.guarded's guard keeps r.quota out of its records, and r.quota's
	// hard record would decide alone; r.far never ties with r.farb.
	want := []string{"r.far r.farb", "r.guarded r.quota"}
	if !slices.Equal(stale, want) {
		t.Errorf("stale overrides = %q, want %q", stale, want)
	}
	eng, err := match.New(cat)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ text, rule string }{
		// Two phrases side by side in one record: no shared text, yet a tie.
		{"lock held; key rejected", "r.side"},
		// Records of equally safe classes are ranked together.
		{"store busy\ndisk gone", "r.apart"},
	} {
		got := eng.Classify(match.Evidence{Text: c.text}, match.Options{Now: witnessClock})
		if got.Rule != c.rule {
			t.Errorf("%q: rule %q (candidates %+v), want %s: the override decides it", c.text, got.Rule, got.Candidates, c.rule)
		}
	}
}

// TestUndecidedOverrideIsKept: when the budget runs out before the
// rules' samples are found, nothing is proved and the entry stays.
func TestUndecidedOverrideIsKept(t *testing.T) {
	cat := catalogueOf(t, `  - {id: r.e, code: a, confidence: high, overrides: [r.f], match: {regex: 'token [a-z]{0,40} (late|gone)'}, not: {regex: 'spent'}}
  - {id: r.f, code: b, confidence: high, match: {regex: 'token [a-z]{0,40} (gone|spent)'}}
`)
	for _, budget := range []int{4, DefaultBudget} {
		rep, err := Analyze(cat, Options{Budget: budget})
		if err != nil {
			t.Fatal(err)
		}
		if hasFinding(rep, StaleOverride, "r.e", "r.f") {
			t.Errorf("budget %d: an override that decides 'token gone' was called stale: %v", budget, kinds(rep))
		}
	}
}
