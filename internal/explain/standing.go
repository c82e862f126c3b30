package explain

import (
	"slices"
	"strings"

	"github.com/errcat/errcat/internal/collide"
	"github.com/errcat/errcat/internal/tables"
)

// StandingCap bounds each list of a rule's view; the rest are counted.
const StandingCap = 10

// Standing is where a rule stands against its neighbours (see
// Neighbours), each list strongest first (by tables.Rank.Compare, then
// id): the rules it beats whenever both match, the rules that beat it,
// and the rules it ties with (equal rank, no overrides between them),
// whose pairs errcat check proves never meet.
type Standing struct {
	Outranks    []int
	OutrankedBy []int
	Ties        []int
}

// Standing places every neighbour of rule i by tables.Catalogue.Beats,
// the engine's own answer to which of two rules wins.
func (x *Explainer) Standing(i int) Standing {
	var s Standing
	for _, j := range x.Neighbours(i) {
		switch {
		case x.cat.Beats(i, j):
			s.Outranks = append(s.Outranks, j)
		case x.cat.Beats(j, i):
			s.OutrankedBy = append(s.OutrankedBy, j)
		default:
			s.Ties = append(s.Ties, j)
		}
	}
	return s
}

// Neighbours lists the rules of other codes that can meet rule i on one
// piece of evidence, strongest first. Two rules meet when the collision
// analysis's structure test finds evidence both rules' structured
// matchers accept (collide.Compatible), and they share a kind of
// evidence: both test the HTTP status, both an exit code, both a signal,
// both one header or one JSON path, or a trigger of one contains a
// trigger of the other (a record that holds the longer holds both, so
// the engine runs both rules on it). Rules of one code never compete for
// a verdict, and a rule that shares nothing with i only meets it on
// evidence that says two unrelated things at once; both are left out.
func (x *Explainer) Neighbours(i int) []int {
	ri := &x.cat.Rules[i]
	var out []int
	for j := range x.cat.Rules {
		rj := &x.cat.Rules[j]
		if rj.Code == ri.Code || !sharesEvidence(ri, rj) || !collide.Compatible(&ri.Match, &rj.Match, x.eng.Regexp) {
			continue
		}
		out = append(out, j)
	}
	slices.SortStableFunc(out, func(a, b int) int {
		if c := x.cat.Rules[b].Rank().Compare(x.cat.Rules[a].Rank()); c != 0 {
			return c
		}
		return strings.Compare(x.cat.Rules[a].ID, x.cat.Rules[b].ID)
	})
	return out
}

// sharesEvidence reports whether two rules test one kind of evidence.
func sharesEvidence(a, b *tables.Rule) bool {
	ma, mb := &a.Match, &b.Match
	switch {
	case len(ma.Status) > 0 && len(mb.Status) > 0,
		len(ma.ExitCodes) > 0 && len(mb.ExitCodes) > 0,
		len(ma.Signals) > 0 && len(mb.Signals) > 0,
		sharesField(ma.Headers, mb.Headers),
		sharesField(ma.JSON, mb.JSON):
		return true
	}
	for _, s := range a.Triggers {
		for _, t := range b.Triggers {
			if strings.Contains(s, t) || strings.Contains(t, s) {
				return true
			}
		}
	}
	return false
}

func sharesField(a, b []tables.FieldTest) bool {
	for i := range a {
		for j := range b {
			if a[i].Name == b[j].Name {
				return true
			}
		}
	}
	return false
}

// Ranked is one list of a rule's standing, cut to StandingCap.
type Ranked struct {
	Rules []RuleRef `json:"rules"`
	More  int       `json:"more"` // rules left off the list
}

func (x *Explainer) capped(ids []int) Ranked {
	out := Ranked{Rules: []RuleRef{}}
	for k, j := range ids {
		if k == StandingCap {
			out.More = len(ids) - k
			break
		}
		out.Rules = append(out.Rules, x.ref(j))
	}
	return out
}
