package match

import (
	"strconv"
	"strings"

	"github.com/errcat/errcat/internal/tables"
)

// Most text rules share one guard: the catalogue's non_failure pattern,
// which tells test output, commit subjects and documentation from
// failures. A record that matches several rules would run it once per
// rule, with the same answer each time. The index numbers the distinct
// guards, and a scan keeps each one's answer for the record it is reading.

// guardIDs numbers the rules' guards so that guards reading records the
// same way share a number; -1 for a rule without one.
func guardIDs(c *tables.Catalogue) (ids []int32, n int) {
	ids = make([]int32, len(c.Rules))
	byKey := map[string]int32{}
	for i := range c.Rules {
		g := c.Rules[i].Not
		if g == nil {
			ids[i] = -1
			continue
		}
		k := guardKey(g)
		id, ok := byKey[k]
		if !ok {
			id = int32(len(byKey))
			byKey[k] = id
		}
		ids[i] = id
	}
	return ids, len(byKey)
}

// guardKey renders what recordHolds reads of a condition.
func guardKey(c *tables.Cond) string {
	var b strings.Builder
	list := func(xs []string) {
		for _, x := range xs {
			b.WriteString(strconv.Quote(x))
			b.WriteByte(',')
		}
		b.WriteByte(';')
	}
	list(c.Exact)
	list(c.Contains)
	b.WriteString(strconv.FormatBool(c.CaseSensitive))
	for _, re := range c.Regex {
		b.WriteString(strconv.Quote(re.Src))
		b.WriteByte(',')
	}
	b.WriteByte(';')
	for _, t := range c.JSON {
		b.WriteString(strconv.Quote(t.Name))
		b.WriteString(strconv.Itoa(int(t.Kind)))
		list(t.Values)
		if t.Re != nil {
			b.WriteString(strconv.Quote(t.Re.Src))
		}
		b.WriteByte(';')
	}
	return b.String()
}

// guardHolds reports whether rule i's guard holds in t, the record the
// scan is reading.
func (s *Scan) guardHolds(i int, t *recText, doc *lazyJSON) bool {
	g := s.e.ix.guardID[i]
	if s.guardRec[g] == s.recGen {
		return s.guardHeld[g]
	}
	var pats []regexPats
	hits := s.acHits()
	if hits != nil {
		pats = s.e.ix.notPats[i]
	}
	held, _, _ := s.e.recordHolds(s.e.cat.Rules[i].Not, t, s.jsonInRecord, doc, pats, hits, true)
	s.guardRec[g], s.guardHeld[g] = s.recGen, held
	return held
}
