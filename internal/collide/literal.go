package collide

import (
	"regexp/syntax"
	"strings"
	"unicode"
)

// MinLiteral is the shortest required literal that lets a rule be found
// by a literal prefilter instead of running its regex on every record.
const MinLiteral = 3

// required returns a set of literals at least one of which every match
// of the simplified expression re contains (lower-cased: a prefilter
// folds case), or nil when no such set is known. It is the usual
// prefilter analysis: alternation unions its branches' sets,
// concatenation keeps its best factor (adjacent literals joined), and
// optional parts give nothing.
func required(re *syntax.Regexp) []string {
	switch re.Op {
	case syntax.OpLiteral:
		return []string{strings.ToLower(string(re.Rune))}
	case syntax.OpCharClass:
		if r, ok := singleRune(re); ok {
			return []string{strings.ToLower(string(r))}
		}
	case syntax.OpCapture, syntax.OpPlus:
		return required(re.Sub[0])
	case syntax.OpRepeat:
		if re.Min >= 1 {
			return required(re.Sub[0])
		}
	case syntax.OpAlternate:
		var out []string
		for _, s := range re.Sub {
			l := required(s)
			if l == nil {
				return nil
			}
			out = append(out, l...)
		}
		return out
	case syntax.OpConcat:
		var best []string
		var run strings.Builder
		consider := func(l []string) {
			if l != nil && (best == nil || minLen(l) > minLen(best)) {
				best = l
			}
		}
		flush := func() {
			if run.Len() > 0 {
				consider([]string{run.String()})
				run.Reset()
			}
		}
		for _, s := range re.Sub {
			if s.Op == syntax.OpLiteral {
				run.WriteString(strings.ToLower(string(s.Rune)))
				continue
			}
			if r, ok := singleRune(s); ok {
				run.WriteString(strings.ToLower(string(r)))
				continue
			}
			if s.Op == syntax.OpEmptyMatch || s.Op == syntax.OpBeginLine || s.Op == syntax.OpEndLine ||
				s.Op == syntax.OpBeginText || s.Op == syntax.OpEndText ||
				s.Op == syntax.OpWordBoundary || s.Op == syntax.OpNoWordBoundary {
				continue // zero width: the literal run goes on
			}
			flush()
			consider(required(s))
		}
		flush()
		return best
	}
	return nil
}

// singleRune recognises a class that is one letter in both cases ([aA])
// or one rune.
func singleRune(re *syntax.Regexp) (rune, bool) {
	if re.Op != syntax.OpCharClass {
		return 0, false
	}
	rs := re.Rune
	switch {
	case len(rs) == 2 && rs[0] == rs[1]:
		return rs[0], true
	case len(rs) == 4 && rs[0] == rs[1] && rs[2] == rs[3] && unicode.ToLower(rs[0]) == unicode.ToLower(rs[2]):
		return unicode.ToLower(rs[0]), true
	}
	return 0, false
}

func minLen(l []string) int {
	m := -1
	for _, s := range l {
		if m < 0 || len(s) < m {
			m = len(s)
		}
	}
	return m
}

// indexed reports whether a group has a required literal of MinLiteral
// bytes or more in every branch. A regex group's literals come from the
// expression its automaton was compiled from, not from a second parse.
func (g *group) indexed() bool {
	lits := g.lits
	if lits == nil {
		lits = required(g.n.syntax)
	}
	return lits != nil && minLen(lits) >= MinLiteral
}
