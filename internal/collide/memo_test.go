package collide

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// memoRules are eight rules of two codes: r.a meets r.b, and
// r.c is disjoint from both, as is r.d; r.e overrides r.f, which it
// meets, and r.g overrides r.h, which its guard keeps out of its records
// (and r.h's class is safer: they never decide together).
const memoRules = `  - {id: r.a, code: a, confidence: high, match: {regex: 'upstream (busy|down)'}}
  - {id: r.b, code: b, confidence: high, match: {regex: 'upstream down'}}
  - {id: r.c, code: b, confidence: high, match: {regex: 'disk full'}}
  - {id: r.d, code: b, confidence: high, match: {regex: 'quota spent'}}
  - {id: r.e, code: a, confidence: high, priority: 3, overrides: [r.f], match: {regex: 'token (late|gone)'}}
  - {id: r.f, code: b, confidence: high, priority: 3, match: {regex: 'token gone'}}
  - {id: r.g, code: a, confidence: high, priority: 4, overrides: [r.h], match: {regex: 'lock held'}, not: {regex: 'key rejected'}}
  - {id: r.h, code: b, confidence: high, priority: 4, match: {regex: 'key rejected'}}
`

func TestMemoAnswersWhatItLearned(t *testing.T) {
	cat := catalogueOf(t, memoRules)
	plain, err := Analyze(cat, Options{})
	if err != nil {
		t.Fatal(err)
	}
	memo := newMapMemo()
	first, err := Analyze(cat, Options{Memo: memo})
	if err != nil {
		t.Fatal(err)
	}
	second, err := Analyze(cat, Options{Memo: memo})
	if err != nil {
		t.Fatal(err)
	}
	if first.Stats.Remembered != 0 {
		t.Errorf("an empty memo answered %d pairs", first.Stats.Remembered)
	}
	if second.Stats.Remembered != second.Stats.Disjoint || second.Stats.Disjoint == 0 {
		t.Errorf("the second analysis remembered %d of %d disjoint pairs, want all", second.Stats.Remembered, second.Stats.Disjoint)
	}
	for name, rep := range map[string]*Report{"first": first, "second": second} {
		s := rep.Stats
		s.Remembered, s.States = 0, 0
		p := plain.Stats
		p.States = 0
		if diff := cmp.Diff(p, s); diff != "" {
			t.Errorf("%s analysis with a memo counts otherwise (-without +with):\n%s", name, diff)
		}
		if diff := cmp.Diff(kinds(plain), kinds(rep)); diff != "" {
			t.Errorf("%s analysis with a memo finds otherwise (-without +with):\n%s", name, diff)
		}
	}
	if !hasFinding(second, Collision, "r.a", "r.b") {
		t.Errorf("the remembered analysis lost the collision of r.a and r.b: %v", kinds(second))
	}
	if !hasFinding(second, StaleOverride, "r.g", "r.h") || hasFinding(second, StaleOverride, "r.e", "r.f") {
		t.Errorf("stale overrides with a memo: %v, want r.g over r.h only", kinds(second))
	}
}

func TestMemoForgetsAnEditedRule(t *testing.T) {
	memo := newMapMemo()
	if _, err := Analyze(catalogueOf(t, memoRules), Options{Memo: memo}); err != nil {
		t.Fatal(err)
	}
	// r.c now meets r.a: a remembered "disjoint" must not answer for it.
	edited := catalogueOf(t, strings.Replace(memoRules, "'disk full'", "'upstream busy'", 1))
	rep, err := Analyze(edited, Options{Memo: memo})
	if err != nil {
		t.Fatal(err)
	}
	if !hasFinding(rep, Collision, "r.a", "r.c") {
		t.Errorf("the edited rule's collision went unreported: %v", kinds(rep))
	}
	// r.a and r.d are untouched and disjoint: remembered; r.a and r.c,
	// and the collision of r.a and r.b (never remembered), are searched.
	if s := rep.Stats; s.Remembered != 1 || s.Decided-s.Remembered != 2 {
		t.Errorf("remembered %d and searched %d pairs, want 1 and 2", s.Remembered, s.Decided-s.Remembered)
	}
}

func kinds(rep *Report) []string {
	var out []string
	for _, f := range rep.Findings {
		s := f.Kind + " " + f.Rule.ID
		if f.Other != nil {
			s += " " + f.Other.ID
		}
		out = append(out, s)
	}
	return out
}

func hasFinding(rep *Report, kind, a, b string) bool {
	for _, f := range rep.Findings {
		if f.Kind == kind && f.Other != nil && (f.Rule.ID == a && f.Other.ID == b || f.Rule.ID == b && f.Other.ID == a) {
			return true
		}
	}
	return false
}
