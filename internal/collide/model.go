package collide

import (
	"regexp"
	"strings"

	"github.com/errcat/errcat/internal/tables"
)

// A rule's text matchers are a conjunction of groups (exact, contains,
// regex), each a disjunction, that must all hold in one record. Every
// group becomes one automaton over the record, so the three kinds of
// matcher meet on common ground:
//
//   - regex: the patterns as written, joined by |;
//   - contains: each literal as a pattern, ASCII letters as [aA] unless
//     case_sensitive (the runtime folds ASCII only);
//   - exact: the whole record, surrounding white space allowed (the
//     runtime compares the trimmed record).
type group struct {
	kind string // exact | contains | regex
	src  string // the RE2 source of the group's automaton
	n    *nfa
}

// matches reports whether the group matches somewhere in text, as the
// runtime does, to check a finished witness.
func (g *group) matches(text string) bool { return g.n.regexp().MatchString(text) }

// ruleModel is what the analysis knows of one rule.
type ruleModel struct {
	idx    int
	rule   *tables.Rule
	groups []*group
	// guard is the rule's not: guard as one automaton, when it is a
	// single text matcher; the search then keeps only records where it
	// fails, which is exact. Other guards are ignored (guardNote says
	// why), which can only make a verdict say "collides" more often.
	guard     *group
	guardNote string
}

// space matches what strings.TrimSpace trims: Unicode White_Space.
const space = `[\t-\r\x{85}\p{Z}]`

func textGroups(c *tables.Cond) []*group {
	var gs []*group
	if len(c.Exact) > 0 {
		alts := make([]string, len(c.Exact))
		for i, s := range c.Exact {
			alts[i] = regexp.QuoteMeta(s)
		}
		gs = append(gs, &group{kind: "exact", src: `\A` + space + `*(?:` + strings.Join(alts, "|") + `)` + space + `*\z`})
	}
	if len(c.Contains) > 0 {
		alts := make([]string, len(c.Contains))
		for i, s := range c.Contains {
			alts[i] = literalPattern(s, !c.CaseSensitive)
		}
		gs = append(gs, &group{kind: "contains", src: strings.Join(alts, "|")})
	}
	if len(c.Regex) > 0 {
		alts := make([]string, len(c.Regex))
		for i, re := range c.Regex {
			alts[i] = "(?:" + re.Src + ")"
		}
		gs = append(gs, &group{kind: "regex", src: strings.Join(alts, "|")})
	}
	return gs
}

// literalPattern is s as a pattern; with fold, ASCII letters match either
// case and nothing else does, as the engine compares literals (ASCII
// folding only).
func literalPattern(s string, fold bool) string {
	var b strings.Builder
	b.WriteString("(?:")
	for _, r := range s {
		switch {
		case fold && 'a' <= r && r <= 'z':
			b.WriteString("[" + string(r) + string(r-'a'+'A') + "]")
		case fold && 'A' <= r && r <= 'Z':
			b.WriteString("[" + string(r-'A'+'a') + string(r) + "]")
		default:
			b.WriteString(regexp.QuoteMeta(string(r)))
		}
	}
	b.WriteString(")")
	return b.String()
}

func hasStructure(c *tables.Cond) bool {
	return len(c.Providers) > 0 || len(c.Status) > 0 || len(c.Headers) > 0 || len(c.JSON) > 0 ||
		len(c.ExitCodes) > 0 || len(c.Signals) > 0
}

func newModel(idx int, r *tables.Rule) *ruleModel {
	m := &ruleModel{idx: idx, rule: r, groups: textGroups(&r.Match)}
	if g := r.Not; g != nil {
		gs := textGroups(g)
		switch {
		case hasStructure(g):
			m.guardNote = "its not: guard has structured matchers and is ignored"
		case len(gs) != 1:
			m.guardNote = "its not: guard has several matchers and is ignored"
		default:
			m.guard = gs[0]
		}
	}
	return m
}

// guardsOf returns the automata of the models' modelled not: guards: a
// search keeps only the records where none of them matches.
func guardsOf(ms ...*ruleModel) []*nfa {
	var out []*nfa
	for _, m := range ms {
		if m.guard != nil {
			out = append(out, m.guard.n)
		}
	}
	return out
}
