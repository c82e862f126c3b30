package match

// candidateFinder is how the record engine learns, from the bulk path
// (bulk.Tables.Candidates), which rules may match a record it hands on:
// the bulk path's literal set finds them with tables the scan of the
// region keeps in the cache, where the automaton's would have to be read
// again.
type candidateFinder interface {
	// Candidates appends to dst the rules whose triggers occur in rec,
	// perhaps more than once, or reports false, with dst as given, when
	// the record's candidates must be found by the automaton.
	Candidates(rec string, dst []int32) ([]int32, bool)
}

// collectFound makes candidates of the rules s.finder finds in rec, and
// reports false, having made none, when it finds none for the record
// engine to trust. collect has emptied s.cands.
func (s *Scan) collectFound(rec string) bool {
	found, ok := s.finder.Candidates(rec, s.found[:0])
	s.found = found
	if !ok {
		return false
	}
	for _, ri := range found {
		s.addCand(ri)
	}
	return true
}
