package collide

import "github.com/errcat/errcat/internal/match"

// ownSample is the shortest evidence a rule claims on its own, or nil,
// searched for on wk the first time: the shadow check's cheap
// counterexample, and half of an override's witness.
func (a *analyzer) ownSample(wk *worker, i int) *match.Evidence {
	if a.sampled[i] {
		return a.sample[i]
	}
	m := a.models[i]
	var ev *match.Evidence
	w, ok := compatible(&m.rule.Match, &m.rule.Match, a.sampler(wk), a.eng.Regexp)
	if ok {
		text, found := "", true
		if len(m.groups) > 0 {
			o, _ := a.searchGuarded(wk, search{pos: []*nfa{m.groups[0].n}, budget: a.opts.Budget}, guardsOf(m))
			text, found = o.text, o.found
			for _, g := range m.groups[1:] {
				if found && !g.matches(text) {
					s, _ := a.groupSample(wk, g)
					text += " " + s
				}
			}
		}
		if found {
			e := w.evidence(text)
			if a.claims(e, i) {
				ev = &e
			}
		}
	}
	a.sample[i], a.sampled[i] = ev, true
	return ev
}

// groupSample is the shortest text one matcher group matches, searched
// for on wk.
func (a *analyzer) groupSample(wk *worker, g *group) (string, bool) {
	o := a.search(wk, search{pos: []*nfa{g.n}, budget: a.opts.Budget})
	return o.text, o.found
}
