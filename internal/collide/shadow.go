package collide

import "fmt"

// A rule is shadowed when a higher-ranked rule of another code claims
// every piece of evidence it claims: it can never decide a verdict. That
// is an inclusion of languages, proved per record: search for a record
// the lower rule matches and the higher one does not (the higher rule's
// matcher runs as a negative automaton, a subset construction on the
// fly). Finding none within the budget proves the shadow; anything short
// of a proof is not reported, so a shadow error is never a guess.
//
// The proof ignores the lower rule's extra matcher groups (fewer
// constraints on it only make inclusion harder) and gives up on a higher
// rule with a not: guard, whose complement would be needed.

// Each lower rule is a job of its own, on as many goroutines as may run:
// a job reads every model but writes only its own rule's sample, and the
// findings are reported in rule order.
func (a *analyzer) shadows() {
	by := make([][]int, len(a.models))
	checks := make([]int, len(a.models))
	a.each(len(a.models), func(wk *worker, lo int) {
		for hi := range a.models {
			if lo == hi || !a.outranks(hi, lo) || a.cat.Rules[lo].Code == a.cat.Rules[hi].Code {
				continue
			}
			if a.shadowedBy(wk, lo, hi, &checks[lo]) {
				by[lo] = append(by[lo], hi)
			}
		}
	})
	for lo, his := range by {
		a.stats.ShadowChecks += checks[lo]
		for _, hi := range his {
			a.out = append(a.out, a.shadowFinding(lo, hi))
		}
	}
}

// shadowedBy reports whether rule hi claims everything rule lo claims,
// counting each proof it searches for to checks.
func (a *analyzer) shadowedBy(wk *worker, lo, hi int, checks *int) bool {
	l, h := a.models[lo], a.models[hi]
	if h.rule.Not != nil || !implies(&l.rule.Match, &h.rule.Match, a.eng.Regexp) {
		return false
	}
	if len(h.groups) == 0 {
		return true // the higher rule asks nothing of the text
	}
	if len(l.groups) == 0 {
		return false // the lower rule matches without any text
	}
	// A cheap counterexample first: the lower rule's own shortest record.
	if s := a.ownSample(wk, lo); s != nil {
		for _, g := range h.groups {
			if !g.matches(s.Text) {
				return false
			}
		}
	}
	*checks++
	guards := guardsOf(l)
	if l.guardNote != "" {
		return false // the lower rule's guard is not modelled: no proof
	}
	for _, g := range h.groups {
		o, _ := a.searchGuarded(wk, search{pos: []*nfa{l.groups[0].n}, neg: []*nfa{g.n}, budget: a.opts.Budget}, guards)
		if o.found || o.exhausted {
			return false
		}
	}
	return true
}

func (a *analyzer) shadowFinding(lo, hi int) Finding {
	rl, rh := a.ref(lo), a.ref(hi)
	f := Finding{
		Kind: Shadowed, Severity: "error", Rule: rl, Other: &rh,
		Message: fmt.Sprintf("rule %s can never win: every match is also claimed by %s, which outranks it (%s, priority %d over %s, priority %d) and names %s, not %s",
			rl.ID, rh.ID, rh.Tier, rh.Priority, rl.Tier, rl.Priority, rh.Code, rl.Code),
		Notes: []string{"fix: raise " + rl.ID + "'s priority above " + rh.ID + "'s, narrow " + rh.ID + ", or remove " + rl.ID},
	}
	if ev := a.ownSample(a.seq, lo); ev != nil && a.claims(*ev, lo, hi) {
		f.Witness = &Witness{Evidence: *ev, Fixture: fixtureYAML(rl.ID+" shadowed by "+rh.ID, *ev, "{code: "+rh.Code+", rule: "+rh.ID+"}")}
	}
	return f
}
