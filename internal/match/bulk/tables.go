package bulk

import (
	"github.com/errcat/errcat/internal/match/litscan"
	"github.com/errcat/errcat/internal/tables"
)

// Tables are the bulk path's: lits holds every rule's triggers whole, for
// a scan of megabytes at once, and needs what a record holding each of
// them must also hold (needs.go). They are read only, by any number of
// goroutines at once.
type Tables struct {
	lits  *litscan.Set
	needs []need
	// rules holds the rules each of lits' triggers selects, light which
	// rules the record engine may try without its automaton (light.go);
	// both nil when lits does not stride.
	rules [][]int32
	light []bool
}

// New builds the bulk path's tables of a catalogue. A catalogue without
// triggers has none: every record it reads is then looked at for the
// bytes the scan cannot judge alone (Reader).
func New(c *tables.Catalogue) *Tables {
	trig, rules := ruleTriggers(c)
	if len(trig) == 0 {
		return &Tables{}
	}
	lits := litscan.NewSet(trig)
	t := &Tables{lits: lits, needs: buildNeeds(c, trig, rules)}
	if lits.Stride() == litscan.MaxStride {
		t.rules, t.light = rules, lightRules(c)
	}
	return t
}

// ruleTriggers lists the distinct triggers of every rule, and the rules
// that have each, in rule order.
func ruleTriggers(c *tables.Catalogue) (trig []string, rules [][]int32) {
	at := map[string]int{}
	for i := range c.Rules {
		for _, t := range c.Rules[i].Triggers {
			p, ok := at[t]
			if !ok {
				p = len(trig)
				at[t] = p
				trig = append(trig, t)
				rules = append(rules, nil)
			}
			rules[p] = append(rules[p], int32(i))
		}
	}
	return trig, rules
}

// Tuning returns the tuning a goroutine scans regions with
// (litscan.Tuning); every says that every record is read anyway, which
// leaves the set as it is.
func (t *Tables) Tuning(every bool) litscan.Tuning {
	return litscan.NewTuning(t.lits, every)
}

// Needs returns the need of each trigger that has one, by trigger.
func (t *Tables) Needs() map[string][][][]string {
	out := map[string][][][]string{}
	for p, n := range t.needs {
		if n != nil {
			out[t.lits.Pattern(int32(p))] = n
		}
	}
	return out
}

// Light reports, for each rule, whether Candidates may select it; nil
// when Candidates selects none.
func (t *Tables) Light() []bool { return t.light }
