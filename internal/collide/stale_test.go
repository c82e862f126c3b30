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

// TestStaleOverrideKeptWhenRecordsMeet keeps entries between rules of
// unequal safety whose records can still be ranked together, and checks
// through the engine that each entry decides the evidence named.
func TestStaleOverrideKeptWhenRecordsMeet(t *testing.T) {
	for _, c := range []struct {
		name, rules, text, winner, loser string
	}{{
		// r.m, as hard as r.j and of their rank, lifts r.i's record to
		// hard: both records decide, and r.i and r.j are ranked together.
		name: "a third rule lifts the less safe record",
		rules: `  - {id: r.i, code: a, confidence: high, match: {contains: [lock held]}, not: {contains: [key rejected]}, overrides: [r.j]}
  - {id: r.j, code: b, confidence: high, match: {contains: [key rejected]}, overrides: [r.m]}
  - {id: r.m, code: b, confidence: high, match: {contains: [quota spent]}}
`,
		text: "lock held, quota spent\nkey rejected", winner: "r.i", loser: "r.j",
	}, {
		name: "anchors keep them apart, and a third rule lifts one",
		rules: `  - {id: r.i, code: a, confidence: high, match: {regex: '^lock held'}, overrides: [r.j]}
  - {id: r.j, code: b, confidence: high, match: {regex: '^key rejected'}, overrides: [r.m]}
  - {id: r.m, code: b, confidence: high, match: {contains: [quota spent]}}
`,
		text: "lock held, quota spent\nkey rejected", winner: "r.i", loser: "r.j",
	}, {
		// A json matcher reads each record when there is no body, so
		// r.x, which reads no text, still has records of its own, and
		// records of equally safe classes are ranked together.
		name: "json read from records",
		rules: `  - {id: r.x, code: a, confidence: high, match: {json: {error.type: overloaded}}, not: {contains: [upstream gone]}, overrides: [r.y]}
  - {id: r.y, code: c, confidence: high, match: {json: {error.code: "503"}, contains: [upstream gone]}}
`,
		text: `{"error": {"type": "overloaded"}}` + "\n" + `{"error": {"code": "503", "message": "upstream gone"}}`, winner: "r.x", loser: "r.y",
	}} {
		t.Run(c.name, func(t *testing.T) {
			cat := catalogueOf(t, c.rules)
			rep, err := Analyze(cat, Options{})
			if err != nil {
				t.Fatal(err)
			}
			if hasFinding(rep, StaleOverride, c.winner, c.loser) {
				t.Errorf("%s over %s called stale: %v", c.winner, c.loser, kinds(rep))
			}
			eng, err := match.New(cat)
			if err != nil {
				t.Fatal(err)
			}
			got := eng.Classify(match.Evidence{Text: c.text}, match.Options{Now: witnessClock, Explain: true})
			decided := false
			for _, n := range got.Explain.Matches {
				decided = decided || n.Rule == c.loser && n.Outcome == match.OverriddenBy(c.winner)
			}
			if got.Rule != c.winner || !decided {
				t.Errorf("%q: rule %q, want %s winning over %s by its entry (%+v)", c.text, got.Rule, c.winner, c.loser, got.Explain.Matches)
			}
		})
	}
}

// TestUndecidedOverrideIsKept: when the budget runs out before the
// rules' own samples are found, nothing is proved and the entry stays;
// with a budget that finds them, the guard proves the entry stale.
func TestUndecidedOverrideIsKept(t *testing.T) {
	cat := catalogueOf(t, `  - {id: r.e, code: a, confidence: high, overrides: [r.f], match: {regex: 'token [a-z]{0,40} (late|gone)'}, not: {regex: 'spent'}}
  - {id: r.f, code: b, confidence: high, match: {regex: 'token [a-z]{0,40} spent'}}
`)
	for budget, want := range map[int]bool{4: false, DefaultBudget: true} {
		rep, err := Analyze(cat, Options{Budget: budget})
		if err != nil {
			t.Fatal(err)
		}
		if got := hasFinding(rep, StaleOverride, "r.e", "r.f"); got != want {
			t.Errorf("budget %d: stale %v, want %v: %v", budget, got, want, kinds(rep))
		}
	}
}
