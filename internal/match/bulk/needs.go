package bulk

import (
	"slices"
	"strings"
	"unsafe"

	"github.com/errcat/errcat/internal/match/litscan"
	"github.com/errcat/errcat/internal/tables"
)

// A line of a log holds a rule's trigger far more often than it matches
// the rule: "deployment pipeline" on every line about the pipeline, for a
// rule about the pipeline being unavailable. Handed to the record engine,
// each such line would go through the automaton over the record, every
// candidate rule and its pattern, to find what the pattern's other
// required literals (Alt.Also) can say with a few searches. So the bulk
// path checks them first, per trigger: a line whose only marks are
// triggers whose rules' needs it does not meet is passed over.

// need is what a record must hold, besides a trigger, for a rule the
// trigger selects to match: one of its entries, each a list of sets of
// which the record holds a literal of every one.
type need [][][]string

// maxNeed bounds a need's entries: past it, the searches cost more than
// the record engine's reading they might spare.
const maxNeed = 8

// buildNeeds returns the need of each of the literal set's triggers,
// given the rules that have each and the triggers themselves, or nil for
// one that has none: a trigger a rule without Also sets also has. What
// each rule needs is worked out once, for all its triggers.
func buildNeeds(c *tables.Catalogue, trig []string, rules [][]int32) []need {
	needs := make([]need, len(rules))
	byRule := map[int32]*ruleNeeds{}
	for p, rs := range rules {
		for _, ri := range rs {
			rn := byRule[ri]
			if rn == nil {
				rn = newRuleNeeds(&c.Rules[ri])
				byRule[ri] = rn
			}
			n, ok := rn.at(trig[p])
			if !ok || len(needs[p])+len(n) > maxNeed {
				needs[p] = nil
				break
			}
			needs[p] = append(needs[p], n...)
		}
	}
	return needs
}

// ruleNeeds is what a rule needs where one of its triggers occurs: for a
// rule that reads only a record's JSON, its keys (jsonNeed); else one
// entry per regex alternative that may match there. A need is not ok when
// one of those alternatives needs nothing more, or when the rule has
// neither (its other matchers are the trigger's own literals).
//
// It relies on two things: the scan marks every occurrence of every
// trigger, and a record is read when the need of any trigger it holds is
// met. A rule matches where one of its regexes does (its patterns are
// alternatives, each with top-level alternatives of its own, Alts). When
// the rule's triggers hold every trigger of every alternative, a record
// the rule matches holds a trigger of the alternative that matched, and
// that trigger's need has the alternative's entry: so a trigger's need is
// only the alternatives it is a trigger of (byTrig). Otherwise it is every
// alternative (all).
type ruleNeeds struct {
	json   []tables.FieldTest // set for a rule that reads only JSON
	all    need
	allOK  bool
	byTrig map[string]need // nil unless the rule's triggers cover every alternative's
	bad    map[string]bool // triggers one of whose alternatives needs nothing more
}

func newRuleNeeds(r *tables.Rule) *ruleNeeds {
	if !r.Match.HasText() && len(r.Match.JSON) > 0 {
		return &ruleNeeds{json: r.Match.JSON}
	}
	rn := &ruleNeeds{allOK: len(r.Match.Regex) > 0}
	own := make(map[string]bool, len(r.Triggers))
	for _, t := range r.Triggers {
		own[t] = true
	}
	covered := true
	for _, re := range r.Match.Regex {
		if len(re.Alts) == 0 {
			return &ruleNeeds{}
		}
		for j, a := range re.Alts {
			at := altTriggers(re, j)
			covered = covered && len(at) > 0
			for _, t := range at {
				covered = covered && own[t]
			}
			if len(a.Also) == 0 {
				rn.allOK = false
			}
			rn.all = append(rn.all, a.Also)
		}
	}
	if !rn.allOK {
		rn.all = nil
	}
	if !covered {
		return rn
	}
	rn.byTrig, rn.bad = map[string]need{}, map[string]bool{}
	for _, re := range r.Match.Regex {
		for j, a := range re.Alts {
			for _, t := range altTriggers(re, j) {
				if len(a.Also) == 0 {
					rn.bad[t] = true
				}
				rn.byTrig[t] = append(rn.byTrig[t], a.Also)
			}
		}
	}
	return rn
}

// at is the rule's need where its trigger t occurs.
func (rn *ruleNeeds) at(t string) (need, bool) {
	if rn.json != nil {
		return jsonNeed(rn.json, t)
	}
	if n, ok := rn.byTrig[t]; ok {
		return n, !rn.bad[t]
	}
	return rn.all, rn.allOK
}

// altTriggers are alternative j's triggers: its own, or the pattern's
// when it is the only one.
func altTriggers(re *tables.Regex, j int) []string {
	if len(re.Alts) == 1 {
		return re.Triggers
	}
	return re.Alts[j].Triggers
}

// minKey is the shortest key worth looking for, as the compiler's
// literal.MinTrigger is the shortest trigger: shorter ones occur in
// nearly every record.
const minKey = 3

// jsonNeed is what a rule that reads only a record's JSON needs: every
// key of each of its field tests' paths (FieldTest.Keys), written in the
// record whatever its encoder (bare, so that a document nested in a JSON
// string, its quotes escaped, meets it too). A key t holds is left out:
// it is there already (the trigger of a rule whose values are too short
// to index is a quoted key).
func jsonNeed(tests []tables.FieldTest, t string) (need, bool) {
	var sets [][]string
	for i := range tests {
		for _, k := range tests[i].Keys() {
			if len(k) >= minKey && !strings.Contains(t, k) && !slices.ContainsFunc(sets, func(s []string) bool { return s[0] == k }) {
				sets = append(sets, []string{k})
			}
		}
	}
	if len(sets) == 0 {
		return nil, false
	}
	return need{sets}, true
}

// metBy reports whether the record whose lowered copy low holds meets
// the need.
func (n need) metBy(low *lowered) bool {
	for _, sets := range n {
		all := true
		for _, set := range sets {
			if !low.any(set) {
				all = false
				break
			}
		}
		if all {
			return true
		}
	}
	return false
}

// metIn drops from needed the marks that end before the record at
// [start, end) of its region, rec, and those inside it, and reports
// whether rec meets the need of one of the latter. buf holds the lowered
// copy the searches read.
func metIn(needed []needMark, needs []need, start, end int, rec string, buf *[]byte) (rest []needMark, met bool) {
	for len(needed) > 0 && needed[0].end < start {
		needed = needed[1:]
	}
	if len(needed) == 0 || needed[0].end >= end {
		return needed, false
	}
	low := lowered{s: rec, buf: buf}
	for ; len(needed) > 0 && needed[0].end < end; needed = needed[1:] {
		met = met || needs[needed[0].pat].metBy(&low)
	}
	return needed, met
}

// needMark is where a trigger with a need ended, and which trigger.
type needMark struct {
	end int
	pat int32
}

// lowered is a record with a copy whose ASCII letters are lowered, made
// in buf the first time a search needs it: rules' literals are lower case.
type lowered struct {
	s   string
	buf *[]byte
	low string
	ok  bool
}

// any reports whether one of the lower-case lits occurs in the record,
// ASCII letters compared without case.
func (l *lowered) any(lits []string) bool {
	if !l.ok {
		b := append((*l.buf)[:0], l.s...)
		litscan.LowerASCII(b)
		*l.buf = b
		l.low, l.ok = unsafe.String(unsafe.SliceData(b), len(b)), true
	}
	for _, lit := range lits {
		if strings.Contains(l.low, lit) {
			return true
		}
	}
	return false
}
