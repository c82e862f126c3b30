package match

import (
	"fmt"
	"slices"
	"strings"

	"github.com/errcat/errcat/internal/tables"
)

// The verdict of an input of several records is the failure that ended
// the run (docs/format.md, "The verdict of several records"):
//
//  1. Each record is read on its own, by the ranking: its top rules
//     give its class, the safest of them when they tie with different
//     codes.
//  2. A record in which the program reports that it retries (a marker
//     of retried.go) weighs less than one in which it does not: when a
//     record that is not retried failed, the retried ones do not decide.
//     When every failing record is retried (the output was cut during a
//     retry), they all count.
//  3. Of the records left, those of the safest class decide: hard, then
//     request, then transient. Stopping is safe; retrying a hard failure
//     is not.
//  4. The rules that matched those records, and those that matched the
//     structured evidence as a whole, are ranked together as for one
//     record: the top rule wins, and equal ranks naming different codes
//     are a conflict.
//
// A scan reads each record in turn, so it keeps, per rule, the record of
// the best standing (weight, then class) in which the rule matched: a
// record's standing is all that the steps above compare, and only the
// rules of the best standing are ranked at the end. With one record, or
// records of one standing, every hit is ranked, as the ranking alone
// would.

// Safety levels of classes: how safe it is to act on a class when
// another is also in the evidence.
const (
	safeTransient uint8 = iota // run the same thing again
	safeRequest                // change the request, then send it again
	safeHard                   // stop, ask a person or switch
	nSafety
)

// classSafety names the classes of errcat's contract. A class of another
// name is taken to stop, as hard does: the engine cannot know that it
// retries, and stopping is the safe reading.
var classSafety = map[string]uint8{"transient": safeTransient, "request": safeRequest, "hard": safeHard}

// codeSafety returns each code's safety level.
func codeSafety(c *tables.Catalogue) []uint8 {
	out := make([]uint8, len(c.Codes))
	for i := range c.Codes {
		lvl, ok := classSafety[c.Classes[c.Codes[i].Class].Name]
		if !ok {
			lvl = safeHard
		}
		out[i] = lvl
	}
	return out
}

// Safety is the safety level of rule i's class (higher is safer to act
// on): records decide together only when they read equally safe classes.
// A record reads the safest class of its top rules, which need not be
// the class of every rule it holds.
func (e *Engine) Safety(i int) int { return int(e.safety[e.cat.Rules[i].Code]) }

// A standing orders records: not retried above retried, then by safety.
// Zero is no record: a hit on the structured evidence, which is ranked
// whatever the records' standings.
const retriedStanding = 1 // a retried record's standing is 1 + its safety

func standing(retried bool, safety uint8) uint8 {
	if retried {
		return retriedStanding + safety
	}
	return retriedStanding + nSafety + safety
}

func isRetried(st uint8) bool { return st > 0 && st < retriedStanding+nSafety }

// recMatch is a rule that matched the record being read.
type recMatch struct {
	rule  int
	sp    span
	exact bool
}

// recordReading is what one record says on its own: its standing, the
// rule that gives its class, and the retry marker it holds (-1: none,
// or not looked for yet).
type recordReading struct {
	standing uint8
	top      int32
	marker   int8
}

// readRecord reads the record whose matches are s.here. The first
// failing record of a scan that keeps its records is read only when
// another record may change a hit (resolveFirst): a single failing record
// is the verdict whatever it says, and most inputs have one. A scan whose
// records the caller may reuse (Record) reads each at once.
func (s *Scan) readRecord(t *recText) recordReading {
	s.failRecs++
	if s.failRecs == 1 && s.keepRecords {
		s.firstFail = t.s
		// Standing for now: every record hit is of this record.
		return recordReading{standing: standing(false, safeHard), top: int32(s.here[0].rule), marker: -1}
	}
	s.resolveFirst()
	safety, top := s.e.recordClass(s.here)
	marker := retriedMarker(t.lower())
	return recordReading{standing: standing(marker >= 0, safety), top: int32(top), marker: int8(marker)}
}

// resolveFirst reads the first failing record, if that was put off. Its
// matches are the scan's record hits, all of which it holds.
func (s *Scan) resolveFirst() {
	if s.firstFail == "" {
		return
	}
	first := s.firstHere[:0]
	for i := range s.hits {
		if s.hits[i].read.standing > 0 {
			first = append(first, recMatch{rule: s.hits[i].rule})
		}
	}
	s.firstHere = first
	safety, top := s.e.recordClass(first)
	// Lowered in a buffer of its own: the record being read may hold a
	// lowered copy in the scan's.
	ft := newText(s.firstFail, &s.markLow, nil, 0)
	marker := retriedMarker(ft.lower())
	read := recordReading{standing: standing(marker >= 0, safety), top: int32(top), marker: int8(marker)}
	for i := range s.hits {
		if s.hits[i].read.standing > 0 {
			s.hits[i].read = read
		}
	}
	s.firstFail = ""
}

// mayMove reports whether a rule that matched an earlier record, and is
// a candidate for the one being read, could move its hit here. It moves
// only to a record that stands higher than its hit's, and the record
// stands at most as a record that is not retried of the safest class
// among the candidates: when no pending candidate matched and every hit
// stands that high already, the rules need not be tried again. In a long
// log that repeats its failures, most records are passed so.
func (s *Scan) mayMove() bool {
	safest, any := uint8(0), false
	for _, ri := range s.cands {
		if s.state[ri] == stRecorded {
			safest, any = max(safest, s.e.safety[s.e.cat.Rules[ri].Code]), true
		}
	}
	if !any {
		return false
	}
	s.resolveFirst()
	bound := standing(false, safest)
	for _, ri := range s.cands {
		if s.state[ri] == stRecorded && s.hits[s.hitOf[ri]].read.standing < bound {
			return true
		}
	}
	return false
}

// recordClass ranks the rules that matched one record: the top group
// (minus the rules another member overrides) gives its class, the safest
// when the group names several. It returns that safety and the
// best-ranked rule of that class.
func (e *Engine) recordClass(ms []recMatch) (uint8, int) {
	best := ms[0].rule
	for _, m := range ms[1:] {
		if e.outranks(m.rule, best) {
			best = m.rule
		}
	}
	safety, top := uint8(0), -1
	for _, m := range ms {
		if !e.sameRank(m.rule, best) || e.overriddenIn(ms, m.rule, best) {
			continue
		}
		lvl := e.safety[e.cat.Rules[m.rule].Code]
		if top < 0 || lvl > safety || lvl == safety && e.outranks(m.rule, top) {
			safety, top = lvl, m.rule
		}
	}
	if top < 0 {
		return e.safety[e.cat.Rules[best].Code], best
	}
	return safety, top
}

// overriddenIn reports whether a rule of ms that ranks with best
// overrides rule.
func (e *Engine) overriddenIn(ms []recMatch, rule, best int) bool {
	for _, m := range ms {
		if m.rule != rule && e.sameRank(m.rule, best) && intIn(e.cat.Rules[m.rule].Overrides, rule) {
			return true
		}
	}
	return false
}

// decisive returns the hits that decide the verdict, in the order of
// live (ranked): the hits on the structured evidence, and those of the
// records of the best standing. It is live itself when every record hit
// has that standing. best is that standing, 0 when no record matched.
func (s *Scan) decisive(live []*hit) (ranked []*hit, best uint8) {
	lowest := uint8(255)
	for _, h := range live {
		if st := h.read.standing; st > 0 {
			best, lowest = max(best, st), min(lowest, st)
		}
	}
	if best == 0 || lowest == best {
		return live, best
	}
	ranked = s.ranked[:0]
	for _, h := range live {
		if st := h.read.standing; st == 0 || st == best {
			ranked = append(ranked, h)
		}
	}
	s.ranked = ranked
	return ranked, best
}

// discounted says why a hit of a record of a lower standing than best
// did not take part in the ranking; by is a record hit that did.
func (s *Scan) discounted(h, by *hit) string {
	if isRetried(h.read.standing) && !isRetried(by.read.standing) {
		return fmt.Sprintf("discounted: %s is a retried attempt (%s), and %s is not",
			recordName(h.line, h.in), retryMarkers[h.read.marker].label, recordName(by.line, by.in))
	}
	return fmt.Sprintf("discounted: %s reads %s, and %s reads %s, a safer class",
		recordName(h.line, h.in), s.readClass(h.read), recordName(by.line, by.in), s.readClass(by.read))
}

// readClass is the class a record reads on its own.
func (s *Scan) readClass(r recordReading) string {
	cat := s.e.cat
	return cat.Classes[cat.Codes[cat.Rules[r.top].Code].Class].Name
}

// recordAt is a failing record as --explain names it.
type recordAt struct {
	line int
	in   string
	read recordReading
}

// recordNotes says, for an input in which several records failed, what
// each record reads on its own and whether it decides: the records that
// hold a hit, and those a hit moved away from (Scan.shown). A record
// whose every rule matched as well or better before changes nothing, and
// is not listed. With one such record there is nothing to compare, and
// no notes.
func (s *Scan) recordNotes(live []*hit, best uint8) []RecordNote {
	if s.failRecs < 2 {
		return nil
	}
	recs := slices.Clone(s.shown)
	for _, h := range live {
		if h.read.standing > 0 {
			recs = append(recs, recordAt{h.line, h.in, h.read})
		}
	}
	slices.SortStableFunc(recs, func(a, b recordAt) int {
		if a.line != b.line {
			return a.line - b.line
		}
		return strings.Compare(a.in, b.in)
	})
	recs = slices.CompactFunc(recs, func(a, b recordAt) bool { return a.line == b.line && a.in == b.in })
	if len(recs) < 2 {
		return nil
	}
	by := decider(live, best)
	notes := make([]RecordNote, 0, len(recs))
	for _, r := range recs {
		n := RecordNote{
			Record:  r.line,
			In:      r.in,
			Class:   s.readClass(r.read),
			Rule:    s.e.cat.Rules[r.read.top].ID,
			Outcome: "decides",
		}
		if r.read.marker >= 0 {
			n.Retried = retryMarkers[r.read.marker].label
		}
		switch {
		case r.read.standing == best:
		case isRetried(r.read.standing) && !isRetried(best):
			n.Outcome = fmt.Sprintf("discounted: retried, and %s is not", recordName(by.line, by.in))
		default:
			n.Outcome = fmt.Sprintf("discounted: %s reads %s, a safer class", recordName(by.line, by.in), s.readClass(by.read))
		}
		notes = append(notes, n)
	}
	return notes
}

// decider returns the best-ranked hit of live in a record of standing
// best: the record named when others are discounted.
func decider(live []*hit, best uint8) *hit {
	for _, h := range live {
		if h.read.standing == best {
			return h
		}
	}
	return nil
}

// recordName names a record for a person.
func recordName(line int, in string) string {
	if in == "body" {
		return "the body"
	}
	return fmt.Sprintf("line %d", line)
}
