package compile

import (
	"regexp/syntax"
	"slices"
	"strings"

	"github.com/errcat/errcat/internal/compile/literal"
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

// alsoOf returns the required sets of n, other than those its triggers
// or lead strings already imply, strongest first. A set must score above
// literal.MinTrigger, not merely reach it: it only narrows a candidate
// the triggers already made, and a set barely worth indexing seldom does.
func alsoOf(n *literal.Node, trig, lead []string) [][]string {
	for n.Re.Op == syntax.OpCapture {
		n = n.Sub[0]
	}
	if n.Re.Op != syntax.OpConcat {
		return nil
	}
	var sets [][]string
	for _, set := range n.Parts {
		if len(set) == 0 || len(set) > maxAlsoSize || slices.Contains(set, "") || literal.Score(set) < literal.MinTrigger+1 ||
			implied(set, trig) || implied(set, lead) ||
			slices.ContainsFunc(sets, func(s []string) bool { return slices.Equal(s, set) }) {
			continue
		}
		sets = append(sets, set)
	}
	slices.SortStableFunc(sets, func(a, b []string) int {
		switch {
		case literal.Better(a, b):
			return -1
		case literal.Better(b, a):
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
