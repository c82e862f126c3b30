package collide

// Guards are searched last. A not: guard is a negative automaton: the
// search tracks the set of positions it can be in, so every state of the
// product is multiplied by the guard's reachable sets. The shipped
// catalogue's rules share a long guard against prose that quotes errors
// (test names, commit subjects, documentation), unanchored in places;
// searched with it, a pair of two such rules explores thousands of
// states, nearly all of them spent proving again what the two patterns
// alone already decide. Guards only remove records, so:
//
//   - no record without the guards means none with them: the pair (or
//     the sample, or the counterexample) does not exist, proved on the
//     smaller product;
//   - a record found without the guards that no guard matches is the very
//     record the guarded search finds. The search returns the least path
//     in breadth-first order, where successors are ordered by class,
//     options and then atom, and the guarded search only adds the atom
//     choices among a class's blocks, lowest atom first; the unguarded
//     path takes the lowest atom everywhere, so it is least among the
//     guarded search's paths too, and it survives there when no guard
//     matches anywhere along it;
//   - otherwise (a guard matches the record, or the budget ran out) the
//     guarded search runs as before and has the last word.
//
// Verdicts and witnesses are therefore those of the guarded search;
// only the number of states explored changes. A pair's budget is charged
// with the states of the search whose answer is used, so a pair that
// fitted its budget still does; one the guarded search ran out of budget
// on may now be decided, by the smaller product or by its witness.

// searchGuarded runs s with the extra negative automata guards (the
// rules' not: guards), trying s without them first. cost is the states
// of the search whose answer is returned, what a pair's budget is
// charged; o.states counts every state explored.
func (a *analyzer) searchGuarded(wk *worker, s search, guards []*nfa) (o outcome, cost int) {
	guards = distinct(guards)
	if len(guards) == 0 {
		o = a.search(wk, s)
		return o, o.states
	}
	full := s
	full.neg = append(guards[:len(guards):len(guards)], s.neg...)
	first := a.search(wk, s)
	switch {
	case first.exhausted:
	case !first.found:
		return first, first.states
	case !a.anyMatches(wk, guards, first.text):
		return first, first.states
	}
	o = a.search(wk, full)
	cost = o.states
	o.states += first.states
	return o, cost
}

// distinct drops repeated automata: two rules sharing a guard exclude
// the same records, and a second copy would only be tracked in lockstep
// with the first.
func distinct(ns []*nfa) []*nfa {
	var out []*nfa
	for i, n := range ns {
		dup := false
		for _, m := range ns[:i] {
			dup = dup || m == n
		}
		if !dup {
			out = append(out, n)
		}
	}
	return out
}

// anyMatches reports whether one of the automata matches somewhere in
// text. It walks the text through the same memos the guarded search
// steps with, so it excludes a record exactly when that search would:
// a position where an automaton's set reaches a match, between the
// classes of the runes around it, kills the record.
func (a *analyzer) anyMatches(wk *worker, ns []*nfa, text string) bool {
	for _, n := range ns {
		m := wk.negs.memo(a.alpha, n)
		set, prev := int32(0), clsEdge
		for _, r := range text {
			next := classOf(r)
			p := m.part(set, prev, next)
			if p.dead {
				return true
			}
			atom := a.alpha.atom[a.alpha.interval(r)]
			set = -1
			for _, b := range p.blocks {
				if b.atoms[atom>>6]&(1<<(uint(atom)&63)) != 0 {
					set = b.next
					break
				}
			}
			if set < 0 {
				// The rune is outside its class's atoms (no record
				// holds it): the search could not have produced it.
				return true
			}
			prev = next
		}
		if m.part(set, prev, clsEdge).dead {
			return true
		}
	}
	return false
}
