package match

import "github.com/errcat/errcat/internal/tables"

// A record the bulk path hands to the record path holds a trigger: the
// scan of its region found one. The record path runs the automaton over
// it to find its candidate rules and where their other literals occur.
// With a thousand rules the automaton's table is a megabyte, most of it
// out of the cache by the time the next such record comes: reading
// matched records through it costs more than trying their rules.
//
// So the bulk path finds a record's candidates with its own literal set,
// whose tables the scan keeps in the cache, and a rule that looks for few
// literals besides its triggers is tried without the automaton: each of
// them is searched for in the record, a short search. A rule
// that looks for many (the shipped catalogue's quota rule has dozens)
// still has them found by the automaton: when a record selects one, the
// record is read the usual way. Nor is the literal set used where it
// tests every position (a catalogue with triggers such as "429", as the
// shipped one has): it then reads a record at about the automaton's cost,
// and a catalogue whose rules are mostly not light would read its
// records twice.

// lightLiterals is the most literals a rule may look for in a record and
// be tried without the automaton.
const lightLiterals = 8

// lightRules returns, for each rule, whether it is light. bulkTables
// has it only when its literal set strides.
func lightRules(c *tables.Catalogue) []bool {
	light := make([]bool, len(c.Rules))
	for i := range c.Rules {
		n := 0
		ruleRegexes(&c.Rules[i], func(re *tables.Regex) { regexLiterals(re, func(string) { n++ }) })
		light[i] = n <= lightLiterals
	}
	return light
}

// collectLight makes candidates of the rules whose triggers occur in rec,
// found with the bulk path's literal set, and reports false, having made
// none, when one of them is not light. collect has emptied s.cands.
func (s *Scan) collectLight(rec string) bool {
	bt := s.bulk
	light := true
	bt.lits.FindEnds(rec, func(p int32, _ int) bool {
		for _, ri := range bt.rules[p] {
			if !bt.light[ri] {
				light = false
				return false
			}
			s.addCand(ri)
		}
		return true
	})
	if !light {
		for _, ri := range s.cands {
			s.mark[ri] = 0 // not a candidate after all
		}
		s.cands = s.cands[:0]
	}
	return light
}
