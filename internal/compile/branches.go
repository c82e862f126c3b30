package compile

import (
	"regexp/syntax"

	"github.com/errcat/errcat/internal/match"
)

// branches splits a pattern whose top level is an alternation into one
// pattern per alternative, each with its own triggers. A rule's regex list
// already means "any of", so the split changes no answer; what it buys is
// that a record runs only the alternatives whose literals it contains,
// instead of a dozen-way (?i) alternation with \b that RE2 must simulate
// over the whole record. Explanations then name the alternative that
// matched, too.
func branches(re *match.Regex) []*match.Regex {
	tree, err := syntax.Parse(re.Src, syntax.Perl)
	if err != nil {
		return []*match.Regex{re}
	}
	for tree.Op == syntax.OpCapture {
		tree = tree.Sub[0]
	}
	if tree.Op != syntax.OpAlternate {
		re.Triggers = indexable(regexTriggers(re.Src))
		return []*match.Regex{re}
	}
	out := make([]*match.Regex, 0, len(tree.Sub))
	for _, sub := range tree.Sub {
		b := &match.Regex{Src: sub.String()}
		b.Alts = alts(b.Src)
		if b.Prepare() != nil {
			// syntax.Regexp.String round-trips for every RE2 pattern;
			// should it ever not, keep the pattern whole.
			re.Triggers = indexable(regexTriggers(re.Src))
			return []*match.Regex{re}
		}
		b.Triggers = indexable(regexTriggers(b.Src))
		out = append(out, b)
	}
	return out
}

// indexable drops a trigger set too weak to be worth looking for.
func indexable(set []string) []string {
	if set == nil || minScore(set) < MinTrigger {
		return nil
	}
	return set
}
