package match

// Test hooks: the anchored search against the plain one.

// FoldSpecial is foldSpecial, which every record goes through before a
// pattern sees it.
var FoldSpecial = foldSpecial

// Find is the engine's search for r's leftmost match.
func (r *Regex) Find(s string) (start, end int, ok bool) {
	t := newText(s, new(lowBuf), nil, 0)
	return r.find(&t, nil, len(s)+1)
}

// FindSubmatch is the engine's search with submatches.
func (r *Regex) FindSubmatch(s string) []int {
	t := newText(s, new(lowBuf), nil, 0)
	return r.findSubmatch(&t, nil, nil)
}

// Fast reports whether r is searched at places rather than everywhere.
func (r *Regex) Fast() bool { return r.fast != nil }

// ConfirmedBranches runs the automaton over rec as a scan does, and
// returns for every rule branch whether the scan confirmed one of its
// triggers there, with the triggers it confirms by (those the automaton
// reveals; the rest are searched for).
func (e *Engine) ConfirmedBranches(rec string) (live []bool, trigs [][]string) {
	s := e.newScan()
	s.begin(Evidence{}, Options{})
	s.nextRecord()
	s.collect(rec)
	for i := range e.cat.Rules {
		for k, re := range e.cat.Rules[i].Match.Regex {
			rp := &e.ix.pats[i][k]
			var mapped []string
			for j, p := range rp.trig {
				if p >= 0 {
					mapped = append(mapped, re.Triggers[j])
				}
			}
			live = append(live, s.lits.live[rp.branch] == s.lits.gen)
			trigs = append(trigs, mapped)
		}
	}
	return live, trigs
}
