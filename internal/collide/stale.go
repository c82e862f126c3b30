package collide

import (
	"fmt"

	"github.com/errcat/errcat/internal/match"
	"github.com/errcat/errcat/internal/tables"
)

// staleOverrides warns about overrides entries that never take effect.
//
// An entry takes effect whenever the engine ranks its two rules together,
// which is more often than they collide: in one record they need not
// claim the same text (two phrases side by side tie as surely as two
// readings of one), and across records the rules of deciding records of
// one standing are ranked together as for one record. So an entry is
// stale only when the two rules never tie by rank, their structured
// matchers never hold together, or all of these hold: they name classes
// of unequal safety; no third rule of their rank names a class safer than
// the less safe one's (it could lift that rule's record to the other's
// standing); neither reads JSON, which a record can hold; and the automata
// prove that no one record holds both their text matchers. Anything short
// of a proof keeps the entry.
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
	safer := a.saferByRank()
	for i := range a.models {
		for _, j := range a.cat.Rules[i].Overrides {
			e := entry{i: i, j: j}
			ri, rj := a.ref(i), a.ref(j)
			if !a.sameRank(i, j) {
				e.why = fmt.Sprintf("they never tie: %s, priority %d against %s, priority %d", ri.Tier, ri.Priority, rj.Tier, rj.Priority)
			} else if w, ok := compatible(&a.cat.Rules[i].Match, &a.cat.Rules[j].Match, a.sampler(a.seq), a.eng.Regexp); !ok {
				e.why = "their structured matchers never hold together"
			} else if a.apartOnlyInOneRecord(i, j, safer) {
				e.w = w
				e.why = fmt.Sprintf("%s (%s) and %s (%s) are ranked together only in one record, and none holds both", ri.ID, a.className(i), rj.ID, a.className(j))
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
		if a.mayShareRecord(wk, e.i, e.j, e.w) {
			e.why = ""
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

func (a *analyzer) className(i int) string {
	c := &a.cat.Codes[a.cat.Rules[i].Code]
	return a.cat.Classes[c.Class].Name
}

// saferByRank counts, for each rank and safety level, the rules of that
// rank whose class is at least that safe.
func (a *analyzer) saferByRank() map[tables.Rank][]int {
	out := map[tables.Rank][]int{}
	for i := range a.cat.Rules {
		rk := a.cat.Rules[i].Rank()
		n := out[rk]
		for len(n) <= a.eng.Safety(i) {
			n = append(n, 0)
		}
		for lvl := 0; lvl <= a.eng.Safety(i); lvl++ {
			n[lvl]++
		}
		out[rk] = n
	}
	return out
}

// apartOnlyInOneRecord reports whether rules i and j of one rank can be
// ranked together only by matching one record: their classes are of
// unequal safety, so records of their own stand apart, and nothing lifts
// the less safe one's record: no third rule of their rank is safer than
// it, and neither rule reads JSON (a json matcher reads a record when the
// evidence has no body, where no automaton follows it).
func (a *analyzer) apartOnlyInOneRecord(i, j int, safer map[tables.Rank][]int) bool {
	si, sj := a.eng.Safety(i), a.eng.Safety(j)
	if si == sj {
		return false
	}
	lo := min(si, sj)
	if n := safer[a.cat.Rules[i].Rank()]; lo+1 < len(n) && n[lo+1] > 1 {
		return false // the safer of the two counts once
	}
	for _, r := range []int{i, j} {
		if readsJSON(&a.cat.Rules[r]) {
			return false
		}
	}
	return true
}

func readsJSON(r *tables.Rule) bool {
	return len(r.Match.JSON) > 0 || r.Not != nil && len(r.Not.JSON) > 0
}

// mayShareRecord reports whether one record (with the structured half w)
// can hold the text matchers of rules i and j; false only when that is
// proved impossible. The rules' own samples must be sampled.
func (a *analyzer) mayShareRecord(wk *worker, i, j int, w evidenceWitness) bool {
	x, y := a.models[i], a.models[j]
	if len(x.groups) == 0 || len(y.groups) == 0 {
		if x.rule.Not != nil && len(x.groups) == 0 || y.rule.Not != nil && len(y.groups) == 0 {
			return true // where its guard reads is not modelled here
		}
		// One rule reads the evidence as a whole: the other's record,
		// wherever it is, meets it.
		return a.decide(wk, x, y, w).state != vDisjoint
	}
	sx, sy := a.sample[i], a.sample[j]
	if sx == nil || sy == nil {
		return true // a rule with no sample of its own proves nothing
	}
	for _, text := range []string{sx.Text + " " + sy.Text, sy.Text + " " + sx.Text} {
		if a.overrideDecides(w.evidence(text), i, j) {
			return true
		}
	}
	guards := guardsOf(x, y)
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

// overrideDecides reports whether rule i wins ev with rule j taken out of
// the top group by an overrides entry, as the engine explains its answer.
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
