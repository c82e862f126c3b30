package match

import (
	"slices"
	"strings"

	"github.com/errcat/errcat/internal/match/litscan"
	"github.com/errcat/errcat/internal/tables"
)

// index is what New precomputes so that a classification touches only the
// rules that can apply: structured evidence selects rules through buckets,
// and text selects them through the rules' triggers.
type index struct {
	// Every rule sits in one bucket, chosen by its most selective
	// structured matcher; plain holds the rules with none.
	plain      []int32
	byStatus   map[int][]int32
	byExit     map[int][]int32
	bySignal   map[string][]int32
	byHeader   []int32 // header matchers but no status: any HTTP evidence
	byProvider map[string][]int32

	// pure rules read only records: their state at the start of a scan
	// does not depend on the evidence, so it is copied, not computed.
	// Rules whose only structured matcher is json are pure too when the
	// evidence has no body (the JSON is then read from records): the
	// noBody template has them pending, and with a body they are
	// considered one by one.
	pureState     []ruleState
	pureGuard     []bool
	purePending   int
	noBodyState   []ruleState
	noBodyPending int
	jsonOnly      []int32

	ac        *litscan.Automaton // over every rule's triggers; nil when there are none
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
	// guardID numbers each rule's guard, alike guards alike (guards.go).
	guardID []int32
	guards  int
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
func (ix *index) readsEveryRecord() bool {
	return len(ix.unindexed)+len(ix.unindexedJSON) > 0
}

func buildIndex(c *tables.Catalogue) *index {
	ix := &index{
		byStatus:   map[int][]int32{},
		byExit:     map[int][]int32{},
		bySignal:   map[string][]int32{},
		byProvider: map[string][]int32{},
	}
	ix.guardID, ix.guards = guardIDs(c)
	ix.pureState = make([]ruleState, len(c.Rules))
	ix.pureGuard = make([]bool, len(c.Rules))
	ix.noBodyState = make([]ruleState, len(c.Rules))
	patID := map[string]int32{}
	var patterns []string
	for i := range c.Rules {
		r := &c.Rules[i]
		ri := int32(i)
		m := &r.Match
		switch {
		case len(m.Status) > 0:
			for _, sr := range m.Status {
				for s := sr.Lo; s <= sr.Hi; s++ {
					ix.byStatus[s] = append(ix.byStatus[s], ri)
				}
			}
		case len(m.ExitCodes) > 0:
			for _, x := range m.ExitCodes {
				ix.byExit[x] = append(ix.byExit[x], ri)
			}
		case len(m.Signals) > 0:
			for _, x := range m.Signals {
				ix.bySignal[x] = append(ix.bySignal[x], ri)
			}
		case len(m.Headers) > 0:
			ix.byHeader = append(ix.byHeader, ri)
		case len(m.Providers) > 0:
			for _, p := range m.Providers {
				ix.byProvider[p] = append(ix.byProvider[p], ri)
			}
		case pure(r):
			ix.pureState[i] = stPending
			ix.noBodyState[i] = stPending
			ix.pureGuard[i] = r.Not != nil
			ix.purePending++
			ix.noBodyPending++
		case len(m.JSON) > 0 && r.Not == nil:
			ix.noBodyState[i] = stPending
			ix.noBodyPending++
			ix.jsonOnly = append(ix.jsonOnly, ri)
		default:
			ix.plain = append(ix.plain, ri)
		}
		if !m.HasText() && len(m.JSON) == 0 {
			continue // never reads a record
		}
		if len(r.Triggers) == 0 {
			if len(m.JSON) > 0 {
				ix.unindexedJSON = append(ix.unindexedJSON, ri)
			} else {
				ix.unindexed = append(ix.unindexed, ri)
			}
			continue
		}
		for _, t := range r.Triggers {
			if len(t) > maxPattern {
				t = t[len(t)-maxPattern:]
			}
			id, ok := patID[t]
			if !ok {
				id = int32(len(patterns))
				patID[t] = id
				patterns = append(patterns, t)
				ix.patRules = append(ix.patRules, nil)
			}
			ix.patRules[id] = append(ix.patRules[id], ri)
		}
	}
	if len(patterns) > 0 {
		// The other literals the matchers look for (confirm.go).
		for i := range c.Rules {
			c.Rules[i].EachRecordRegex(func(re *tables.Regex) {
				re.EachLiteral(func(lit string) {
					if len(lit) < 3 || suffixPattern(patID, lit) >= 0 {
						return // searched for: a short pattern would end everywhere
					}
					p := extraPattern(lit)
					patID[p] = int32(len(patterns))
					patterns = append(patterns, p)
					ix.patRules = append(ix.patRules, nil)
				})
			})
		}
		// The automaton is the largest table (megabytes for the shipped
		// catalogue), and nothing built after it reads it: on a second
		// core it is built while the rest of the index is, which is most
		// of a command's start-up.
		acDone := make(chan *litscan.Automaton)
		go func() { acDone <- litscan.NewAutomaton(patterns) }()
		ix.patLen = make([]int32, len(patterns))
		for p, pat := range patterns {
			ix.patLen[p] = int32(len(pat))
		}
		trigRefs := make([][]trigRef, len(patterns))
		ix.pats = make([][]regexPats, len(c.Rules))
		ix.byBranch = make([]bool, len(c.Rules))
		ix.notPats = make([][]regexPats, len(c.Rules))
		ix.hintPats = make([][]regexPats, len(c.Rules))
		for i := range c.Rules {
			r := &c.Rules[i]
			for _, re := range r.Match.Regex {
				rp := patternsOf(patID, re)
				rp.branch, rp.trigs = int32(ix.branches), len(re.Triggers) > 0
				ix.branches++
				for k, p := range rp.trig {
					if p < 0 {
						rp.unmapped = append(rp.unmapped, re.Triggers[k])
					} else {
						trigRefs[p] = addTrigRef(trigRefs[p], re.Triggers[k], rp.branch, int32(i))
					}
				}
				ix.pats[i] = append(ix.pats[i], rp)
			}
			ix.byBranch[i] = byBranches(r, ix.pats[i])
			if r.Not != nil {
				for _, re := range r.Not.Regex {
					ix.notPats[i] = append(ix.notPats[i], patternsOf(patID, re))
				}
			}
			for _, h := range r.Hints {
				var rp regexPats
				if h.Re != nil {
					rp = patternsOf(patID, h.Re)
				}
				ix.hintPats[i] = append(ix.hintPats[i], rp)
			}
		}
		ix.refs = packRefs(trigRefs)
		ix.use = make([]patUse, len(patterns))
		for _, set := range [][][]regexPats{ix.pats, ix.notPats, ix.hintPats} {
			for _, rps := range set {
				for _, rp := range rps {
					for _, ap := range rp.alts {
						for _, ps := range append([][]int32{ap.trig, ap.lead}, ap.also...) {
							for _, p := range ps {
								if p >= 0 {
									ix.use[p] |= useEnds
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
		for p, rules := range ix.patRules {
			ix.patRules[p] = slices.DeleteFunc(rules, func(ri int32) bool { return ix.byBranch[ri] })
			if len(ix.patRules[p]) > 0 {
				ix.use[p] |= useRules
			}
			if ix.refs.at[p+1] > ix.refs.at[p] {
				ix.use[p] |= useRefs
			}
		}
		ix.ac = <-acDone
	}
	return ix
}

// pure reports whether a rule reads records only, in match and guard
// alike: it is pending at the start of every scan, whatever the evidence.
func pure(r *tables.Rule) bool {
	if !r.Match.HasText() || structured(&r.Match) {
		return false
	}
	return r.Not == nil || (!structured(r.Not) && r.Not.HasText())
}

// structured reports whether a condition has matchers read from the
// evidence rather than a record (JSON counts: it reads the body when
// there is one).
func structured(c *tables.Cond) bool {
	return len(c.Providers) > 0 || len(c.Status) > 0 || len(c.Headers) > 0 ||
		len(c.JSON) > 0 || len(c.ExitCodes) > 0 || len(c.Signals) > 0
}

// candidates calls fn for every rule whose bucket the evidence selects.
func (ix *index) candidates(ev *Evidence, fn func(rule int32)) {
	for _, r := range ix.plain {
		fn(r)
	}
	if hasBody(ev) {
		for _, r := range ix.jsonOnly {
			fn(r)
		}
	}
	if ev.HTTP != nil {
		for _, r := range ix.byStatus[ev.HTTP.Status] {
			fn(r)
		}
		for _, r := range ix.byHeader {
			fn(r)
		}
	}
	if ev.ExitCode != nil {
		for _, r := range ix.byExit[*ev.ExitCode] {
			fn(r)
		}
	}
	if ev.Signal != "" {
		for _, r := range ix.bySignal[CanonicalSignal(ev.Signal)] {
			fn(r)
		}
	}
	if ev.Provider != "" && len(ix.byProvider) > 0 {
		for _, r := range ix.byProvider[strings.ToLower(ev.Provider)] {
			fn(r)
		}
	}
}

func hasBody(ev *Evidence) bool {
	return ev.HTTP != nil && strings.TrimSpace(ev.HTTP.Body) != ""
}

// foldSpecial maps the two non-ASCII runes that case-fold to ASCII
// letters (the Kelvin sign to k, the long s to s) before a record is
// matched. Then the ASCII case folding of triggers and contains agrees with
// RE2's (?i), and no rule can be claimed through a look-alike rune that no
// real error message uses (the collision analysis assumes records without
// them). Records almost never hold them; when they do, a copy is made.
func foldSpecial(rec string) string {
	if !strings.Contains(rec, "\u212a") && !strings.Contains(rec, "\u017f") {
		return rec
	}
	return strings.NewReplacer("\u212a", "k", "\u017f", "s").Replace(rec)
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
