package bulk

import "github.com/errcat/errcat/internal/tables"

// A record the bulk path hands to the record engine holds a trigger: the
// scan of its region found one. The record engine would then run its
// automaton over it to find its candidate rules and where their other
// literals occur. With a thousand rules the automaton's table is a
// megabyte, most of it out of the cache by the time the next such record
// comes, and reading the records the bulk path hands on through it costs
// more than trying their rules.
//
// So the bulk path finds a record's candidates with its own literal set,
// whose tables the scan keeps in the cache, when the rules are light:
// they look for few literals besides their triggers, and the record
// engine searches for each of them in the record, a short search each.
// A rule that looks for many (the shipped catalogue's quota rule has
// dozens) still has them found by the automaton: when a record selects
// one, the record is read the usual way. Nor is the literal set
// used where it tests every position (a catalogue with triggers such as
// "429", as the shipped one has): it then reads a record at about the
// automaton's cost, and a catalogue whose rules are mostly not light
// would read its records twice.

// lightLiterals is the most literals a rule may look for in a record and
// be light.
const lightLiterals = 8

// lightRules returns, for each rule, whether it is light.
func lightRules(c *tables.Catalogue) []bool {
	light := make([]bool, len(c.Rules))
	for i := range c.Rules {
		n := 0
		c.Rules[i].EachRecordRegex(func(re *tables.Regex) { re.EachLiteral(func(string) { n++ }) })
		light[i] = n <= lightLiterals
	}
	return light
}

// Candidates appends to dst, in the order their triggers end in rec and
// perhaps more than once, the rules whose triggers occur in rec. It
// reports false, with dst as it was given, when one of them is not light,
// or the tables select no rules: the record engine then finds the
// record's candidates itself.
func (t *Tables) Candidates(rec string, dst []int32) ([]int32, bool) {
	if t.light == nil {
		return dst, false
	}
	n := len(dst)
	light := true
	t.lits.FindEnds(rec, func(p int32, _ int) bool {
		for _, ri := range t.rules[p] {
			if !t.light[ri] {
				light = false
				return false
			}
			dst = append(dst, ri)
		}
		return true
	})
	if !light {
		return dst[:n], false
	}
	return dst, true
}
