package match

import (
	"slices"

	"github.com/errcat/errcat/internal/match/litscan"
	"github.com/errcat/errcat/internal/tables"
)

// triggers select rules by the text of a record: an automaton over every
// rule's triggers and the other literals the matchers look for, run over
// each record the scan reads, makes candidates of the rules whose
// triggers it holds and says where the literals ended (confirm.go).
type triggers struct {
	ac        *litscan.Automaton // nil when no rule has a trigger
	patRules  [][]int32          // trigger pattern -> rules
	unindexed []int32            // rules with record matchers but no trigger
	// unindexedJSON are the unindexed rules with json matchers: without a
	// body they need JSON in the record, and cannot match one without.
	unindexedJSON []int32
	// pats[rule][branch] are the patterns that reveal the literals of
	// the rule's regex branches, notPats those of its guard's patterns
	// and hintPats those of its hints' (confirm.go); nil without an
	// automaton.
	pats, notPats, hintPats [][]regexPats
	refs                    refTable // pattern -> the branch triggers it reveals
	patLen                  []int32  // pattern -> its length
	// use[pattern] says what the scan does where the pattern ends; a
	// pattern that only a lookup reads, or that reveals nothing but
	// where it ended, skips the rest (see patUse).
	use      []patUse
	branches int // rule branches, numbered in pats
	// byBranch[rule]: the rule's record matchers can hold only where one
	// of its branches' triggers is confirmed (litHits.rules); it is not
	// in patRules.
	byBranch []bool
}

// maxPattern bounds the automaton's patterns: a trigger longer than this
// is looked for by its last maxPattern bytes (which occur wherever it
// does; confirm.go compares the rest). Twelve bytes of a phrase select as
// well as seventy, and short patterns let the scan walk the quarters of
// a record side by side (litscan.FindAll). suffixPattern relies on no
// pattern being longer.
const maxPattern = 12

// readsEveryRecord reports whether some rule without a trigger reads
// records, so no record can be passed over unread.
func (t *triggers) readsEveryRecord() bool {
	return len(t.unindexed)+len(t.unindexedJSON) > 0
}

// buildTriggers builds the automaton and what the scan reads where its
// patterns end.
func buildTriggers(c *tables.Catalogue) triggers {
	var t triggers
	patID, patterns := t.triggerPatterns(c)
	if len(patterns) == 0 {
		return t
	}
	patterns = t.literalPatterns(c, patID, patterns)
	// The automaton is the largest table (megabytes for the shipped
	// catalogue), and nothing built after it reads it: on a second core
	// it is built while the rest of the index is, which is most of a
	// command's start-up.
	acDone := make(chan *litscan.Automaton)
	go func() { acDone <- litscan.NewAutomaton(patterns) }()
	t.patLen = make([]int32, len(patterns))
	for p, pat := range patterns {
		t.patLen[p] = int32(len(pat))
	}
	t.mapRegexes(c, patID, len(patterns))
	t.markUses(len(patterns))
	t.ac = <-acDone
	return t
}

// triggerPatterns numbers the patterns of every rule's triggers (a
// trigger's last maxPattern bytes) and notes the rules each selects in
// patRules; a rule that reads records and has no trigger is unindexed.
func (t *triggers) triggerPatterns(c *tables.Catalogue) (patID map[string]int32, patterns []string) {
	patID = map[string]int32{}
	for i := range c.Rules {
		r := &c.Rules[i]
		ri := int32(i)
		m := &r.Match
		if !m.HasText() && len(m.JSON) == 0 {
			continue // never reads a record
		}
		if len(r.Triggers) == 0 {
			if len(m.JSON) > 0 {
				t.unindexedJSON = append(t.unindexedJSON, ri)
			} else {
				t.unindexed = append(t.unindexed, ri)
			}
			continue
		}
		for _, trig := range r.Triggers {
			if len(trig) > maxPattern {
				trig = trig[len(trig)-maxPattern:]
			}
			id, ok := patID[trig]
			if !ok {
				id = int32(len(patterns))
				patID[trig] = id
				patterns = append(patterns, trig)
				t.patRules = append(t.patRules, nil)
			}
			t.patRules[id] = append(t.patRules[id], ri)
		}
	}
	return patID, patterns
}

// literalPatterns adds the patterns of the other literals the matchers
// look for (confirm.go) that no pattern already ends.
func (t *triggers) literalPatterns(c *tables.Catalogue, patID map[string]int32, patterns []string) []string {
	for i := range c.Rules {
		c.Rules[i].EachRecordRegex(func(re *tables.Regex) {
			re.EachLiteral(func(lit string) {
				if len(lit) < 3 || suffixPattern(patID, lit) >= 0 {
					return // searched for: a short pattern would end everywhere
				}
				p := extraPattern(lit)
				patID[p] = int32(len(patterns))
				patterns = append(patterns, p)
				t.patRules = append(t.patRules, nil)
			})
		})
	}
	return patterns
}

// mapRegexes maps the literals of every rule's patterns (branches, guard,
// hints) to the automaton's, numbering the branches, and lays out which
// branch triggers each pattern reveals (refs).
func (t *triggers) mapRegexes(c *tables.Catalogue, patID map[string]int32, npat int) {
	trigRefs := make([][]trigRef, npat)
	t.pats = make([][]regexPats, len(c.Rules))
	t.byBranch = make([]bool, len(c.Rules))
	t.notPats = make([][]regexPats, len(c.Rules))
	t.hintPats = make([][]regexPats, len(c.Rules))
	for i := range c.Rules {
		r := &c.Rules[i]
		for _, re := range r.Match.Regex {
			rp := patternsOf(patID, re)
			rp.branch, rp.trigs = int32(t.branches), len(re.Triggers) > 0
			t.branches++
			for k, p := range rp.trig {
				if p < 0 {
					rp.unmapped = append(rp.unmapped, re.Triggers[k])
				} else {
					trigRefs[p] = addTrigRef(trigRefs[p], re.Triggers[k], rp.branch, int32(i))
				}
			}
			t.pats[i] = append(t.pats[i], rp)
		}
		t.byBranch[i] = byBranches(r, t.pats[i])
		if r.Not != nil {
			for _, re := range r.Not.Regex {
				t.notPats[i] = append(t.notPats[i], patternsOf(patID, re))
			}
		}
		for _, h := range r.Hints {
			var rp regexPats
			if h.Re != nil {
				rp = patternsOf(patID, h.Re)
			}
			t.hintPats[i] = append(t.hintPats[i], rp)
		}
	}
	t.refs = packRefs(trigRefs)
}

// markUses says what each pattern is for (patUse), and leaves out of
// patRules the rules that become candidates by their branches.
func (t *triggers) markUses(npat int) {
	t.use = make([]patUse, npat)
	for _, set := range [][][]regexPats{t.pats, t.notPats, t.hintPats} {
		for _, rps := range set {
			for _, rp := range rps {
				for _, ap := range rp.alts {
					for _, ps := range append([][]int32{ap.trig, ap.lead}, ap.also...) {
						for _, p := range ps {
							if p >= 0 {
								t.use[p] |= useEnds
							}
						}
					}
				}
			}
		}
	}
	// A rule that can match only where a branch trigger is confirmed
	// becomes a candidate when one is (collect), not when a shorter
	// pattern it shares with rules that are not there occurs.
	for p, rules := range t.patRules {
		t.patRules[p] = slices.DeleteFunc(rules, func(ri int32) bool { return t.byBranch[ri] })
		if len(t.patRules[p]) > 0 {
			t.use[p] |= useRules
		}
		if t.refs.at[p+1] > t.refs.at[p] {
			t.use[p] |= useRefs
		}
	}
}

// byBranches reports whether a rule's record matchers can hold only in a
// record where the automaton confirms a trigger of one of its regex
// branches: it has no exact or contains matcher, which a record could
// satisfy instead, and every branch has triggers the automaton reveals.
func byBranches(r *tables.Rule, pats []regexPats) bool {
	m := &r.Match
	if len(m.Exact) > 0 || len(m.Contains) > 0 || len(m.Regex) == 0 {
		return false
	}
	for k, re := range m.Regex {
		if len(re.Triggers) == 0 || len(pats[k].unmapped) > 0 {
			return false
		}
	}
	return true
}

// patUse says what an automaton pattern is for, a bit each. Of the
// patterns a record holds, most are there for lookups alone, and the scan
// meets one every few bytes: one load settles what would be three.
type patUse uint8

const (
	useEnds  patUse = 1 << iota // a lookup asks where it ended (litHits)
	useRefs                     // it reveals branch triggers (refTable)
	useRules                    // it makes candidates of rules (patRules)
)

// addTrigRef adds a branch of rule ri to the trigRef of lit in refs.
func addTrigRef(refs []trigRef, lit string, branch, ri int32) []trigRef {
	for i := range refs {
		if refs[i].lit == lit {
			refs[i].branches = append(refs[i].branches, branch)
			if n := len(refs[i].rules); n == 0 || refs[i].rules[n-1] != ri {
				refs[i].rules = append(refs[i].rules, ri)
			}
			return refs
		}
	}
	return append(refs, trigRef{lit, []int32{branch}, []int32{ri}})
}

// packRefs lays every pattern's trigRefs out in one table, with the
// lengths and first bytes that settle most of them in arrays of their
// own: the scan reads them for every pattern it meets, and scattered,
// nearly every read missed the cache.
func packRefs(refs [][]trigRef) refTable {
	t := refTable{at: make([]int32, len(refs)+1)}
	for p, rs := range refs {
		for _, r := range rs {
			t.first = append(t.first, r.lit[0])
			t.lens = append(t.lens, int32(len(r.lit)))
			t.refs = append(t.refs, r)
		}
		t.at[p+1] = int32(len(t.refs))
	}
	return t
}
