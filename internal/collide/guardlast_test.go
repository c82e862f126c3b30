package collide

import (
	"math/rand"
	"regexp"
	"testing"
)

// FuzzGuardLast checks that searching without the guards first changes
// nothing but the work: on random pairs and guards, the outcome must be
// the one the guarded search alone finds (same record, same spans).
func FuzzGuardLast(f *testing.F) {
	for i := int64(0); i < 200; i++ {
		f.Add(i)
	}
	f.Fuzz(func(t *testing.T, seed int64) {
		g := gen{rand.New(rand.NewSource(seed))}
		sx, sy, sg := g.re(3), g.re(3), g.re(2)
		nx, ny, ng := mustNFA(sx), mustNFA(sy), mustNFA(sg)
		alpha := newAlphabet(ng.bounds(ny.bounds(nx.bounds(nil))))
		for _, n := range []*nfa{nx, ny, ng} {
			n.bind(alpha)
		}
		a := &analyzer{alpha: alpha}
		// A pair, a rule's own sample, and a shadow proof's search for a
		// record of x that y does not match.
		for _, s := range []search{
			{pos: []*nfa{nx, ny}, overlap: true},
			{pos: []*nfa{nx}},
			{pos: []*nfa{nx}, neg: []*nfa{ny}},
		} {
			s.budget = 20000
			// Twice the same guard, as two rules sharing one have.
			got, _ := a.searchGuarded(newWorker(), s, []*nfa{ng, ng})
			s.neg = append([]*nfa{ng}, s.neg...)
			want := a.search(newWorker(), s)
			if want.exhausted {
				continue
			}
			if got.found != want.found || got.text != want.text || got.spans != want.spans {
				t.Fatalf("%q and %q, guard %q: guard last gives %+v, guarded search %+v", sx, sy, sg, got, want)
			}
			if got.found && regexp.MustCompile(sg).MatchString(got.text) {
				t.Fatalf("%q and %q: witness %q matches the guard %q", sx, sy, got.text, sg)
			}
		}
	})
}

// TestGuardLastNeedsTheGuardedSearch is a pair whose shortest overlap
// ("rate limit exceeded") the guard excludes while a longer record still
// collides: the search without the guard must not have the last word.
func TestGuardLastNeedsTheGuardedSearch(t *testing.T) {
	cat := catalogueOf(t, `  - {id: r.a, code: a, confidence: high, match: {contains: [limit exceeded]}}
  - {id: r.b, code: b, confidence: high, match: {contains: [rate limit]}, not: {regex: '^rate'}}
`)
	rep, err := Analyze(cat, Options{})
	if err != nil {
		t.Fatal(err)
	}
	cs := findings(rep, Collision)
	if len(cs) != 1 {
		t.Fatalf("want one collision, got %+v", rep.Findings)
	}
	if txt := cs[0].Witness.Evidence.Text; regexp.MustCompile(`^rate`).MatchString(txt) {
		t.Errorf("witness %q is excluded by r.b's guard", txt)
	}
	confirm(t, cat, cs[0].Witness, "r.a", "r.b")
}
