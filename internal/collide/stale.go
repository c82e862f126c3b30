package collide

import (
	"fmt"

	"github.com/errcat/errcat/internal/match"
)

// An override takes effect whenever the engine ranks its two rules
// together, which is more often than they collide: in one record they
// need not claim the same text (two phrases side by side tie as surely as
// two readings of one), and across records the rules of equally safe
// deciding records are ranked together as for one record. So an entry is
// stale only when the two rules never tie, their structured matchers
// never hold together, or, for rules of unequal safety, no one record
// holds both their text matchers; anything short of a proof keeps the
// entry.

// staleOverrides warns about overrides entries that never take effect.
// The structured matchers are compared here, as pairs does; the text
// matchers, the costly part, in parallel.
func (a *analyzer) staleOverrides() {
	type entry struct {
		i, j int
		w    evidenceWitness
		why  string
	}
	var es []entry
	var texts []int // indices into es of the entries whose text decides
	seen := make([]bool, len(a.models))
	var sampled []int // the rules of those entries, each once
	for i := range a.models {
		for _, j := range a.cat.Rules[i].Overrides {
			e := entry{i: i, j: j}
			if !a.sameRank(i, j) {
				ri, rj := a.ref(i), a.ref(j)
				e.why = fmt.Sprintf("they never tie: %s, priority %d against %s, priority %d", ri.Tier, ri.Priority, rj.Tier, rj.Priority)
			} else if w, ok := compatible(&a.cat.Rules[i].Match, &a.cat.Rules[j].Match, a.sampler(a.seq), a.eng.Regexp); !ok {
				e.why = "their structured matchers never hold together"
			} else {
				e.w = w
				texts = append(texts, len(es))
				for _, r := range []int{i, j} {
					if !seen[r] {
						seen[r] = true
						sampled = append(sampled, r)
					}
				}
			}
			es = append(es, e)
		}
	}
	// Each job writes only its own rule's sample; the entries then read them.
	a.each(len(sampled), func(wk *worker, k int) { a.ownSample(wk, sampled[k]) })
	a.each(len(texts), func(wk *worker, k int) {
		e := &es[texts[k]]
		if !a.mayRankTogether(wk, e.i, e.j, e.w) {
			e.why = "no evidence holds both their text matchers where they would be ranked together"
		}
	})
	for _, e := range es {
		if e.why == "" {
			continue
		}
		ri, rj := a.ref(e.i), a.ref(e.j)
		a.out = append(a.out, Finding{
			Kind: StaleOverride, Severity: "warning", Rule: ri, Other: &rj,
			Message: fmt.Sprintf("rule %s overrides %s, but %s; remove the entry", ri.ID, rj.ID, e.why),
		})
	}
}

// mayRankTogether reports whether some evidence, with the structured
// half w, makes the engine rank rules i and j together; false only when
// that is proved impossible. The rules' own samples must be sampled.
func (a *analyzer) mayRankTogether(wk *worker, i, j int, w evidenceWitness) bool {
	x, y := a.models[i], a.models[j]
	if len(x.groups) == 0 || len(y.groups) == 0 {
		// One rule reads the evidence as a whole: the other's record,
		// wherever it is, meets it.
		return a.decide(wk, x, y, w).state != vDisjoint
	}
	sx, sy := a.sample[i], a.sample[j]
	if sx == nil || sy == nil {
		return true // a rule with no sample of its own proves nothing
	}
	for _, text := range []string{sx.Text + " " + sy.Text, sy.Text + " " + sx.Text, sx.Text + "\n" + sy.Text} {
		if a.overrideDecides(w.evidence(text), i, j) {
			return true
		}
	}
	if a.eng.EquallySafe(i, j) {
		// Records of their own may still be ranked together: that the
		// samples were not is no proof.
		return true
	}
	var guards []*nfa
	for _, m := range []*ruleModel{x, y} {
		if m.guard != nil {
			guards = append(guards, m.guard.n)
		}
	}
	budget := a.opts.Budget
	for _, gx := range x.groups {
		for _, gy := range y.groups {
			o, cost := a.searchGuarded(wk, search{pos: []*nfa{gx.n, gy.n}, budget: budget}, guards)
			budget -= cost
			switch {
			case o.exhausted || budget <= 0:
				return true
			case !o.found:
				return false // every group of both must hold in that one record
			}
		}
	}
	return true
}

// overrideDecides reports whether rule i wins ev over rule j by its
// overrides entry, as the engine explains its answer.
func (a *analyzer) overrideDecides(ev match.Evidence, i, j int) bool {
	got := a.eng.Classify(ev, match.Options{Now: witnessClock, Explain: true})
	ri, rj := &a.cat.Rules[i], &a.cat.Rules[j]
	if got.Rule != ri.ID || got.Explain == nil {
		return false
	}
	for _, n := range got.Explain.Matches {
		if n.Rule == rj.ID && n.Outcome == match.OverriddenBy(ri.ID) {
			return true
		}
	}
	return false
}
