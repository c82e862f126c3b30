package compile

import (
	"regexp/syntax"
	"slices"
	"strings"
)

// A concatenation requires every one of its parts, and the trigger is the
// strongest of their literal sets; the others are required as well. A
// rule about "deployment pipeline ... unavailable" is a candidate on
// every line that names the pipeline, and its pattern runs there, with
// a bounded gap to backtrack over, although most such lines never say
// "unavailable". So each alternative also carries the next strongest sets
// (tables.Alt.Also): the engine looks them up among the literals its scan
// of the record already found, and runs the pattern only where all occur.

// maxAlso bounds the extra sets an alternative carries, and maxAlsoSize
// the strings in each: every string is one more pattern in the automaton
// and one more lookup per candidate record.
const (
	maxAlso     = 2
	maxAlsoSize = 8
)

// alsoOf returns the required sets of re, other than those its triggers
// or lead strings already imply, strongest first.
func alsoOf(re *syntax.Regexp, trig, lead []string) [][]string {
	for re.Op == syntax.OpCapture {
		re = re.Sub[0]
	}
	if re.Op != syntax.OpConcat {
		return nil
	}
	cands, _ := concatParts(re.Sub)
	var sets [][]string
	for _, set := range cands {
		if len(set) == 0 || len(set) > maxAlsoSize || !nonEmpty(set) || minScore(set) < MinTrigger+1 ||
			implied(set, trig) || implied(set, lead) ||
			slices.ContainsFunc(sets, func(s []string) bool { return slices.Equal(s, set) }) {
			continue
		}
		sets = append(sets, set)
	}
	slices.SortStableFunc(sets, func(a, b []string) int {
		switch {
		case better(a, b):
			return -1
		case better(b, a):
			return 1
		}
		return 0
	})
	if len(sets) > maxAlso {
		sets = sets[:maxAlso]
	}
	return sets
}

// implied reports whether every string of by contains one of set: where
// one of by occurs, so does one of set, and looking for set adds nothing.
func implied(set, by []string) bool {
	if len(by) == 0 {
		return false
	}
	for _, b := range by {
		if !slices.ContainsFunc(set, func(s string) bool { return strings.Contains(b, s) }) {
			return false
		}
	}
	return true
}
