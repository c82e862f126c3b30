package compile

import (
	"regexp/syntax"

	"github.com/errcat/errcat/internal/compile/literal"
	"github.com/errcat/errcat/internal/tables"
)

// branches splits a pattern whose top level is an alternation into one
// pattern per alternative, each with its own triggers. A rule's regex list
// already means "any of", so the split changes no answer; what it buys is
// that a record runs only the alternatives whose literals it contains,
// instead of a dozen-way (?i) alternation with \b that RE2 must simulate
// over the whole record. Explanations then name the alternative that
// matched, too.
func branches(p parsedRegex) []*tables.Regex {
	re, tree := p.re, p.tree
	whole := func() []*tables.Regex {
		re.Triggers = literal.Indexable(p.lits.Required())
		return []*tables.Regex{re}
	}
	for tree.Op == syntax.OpCapture {
		tree = tree.Sub[0]
	}
	if tree.Op != syntax.OpAlternate {
		return whole()
	}
	// Each branch's source: cut from the pattern's own text when the cut
	// gives exactly the parsed alternatives (the parser merges some, as
	// in "ab|ac"), else printed from its tree.
	srcs, ok := sourceAlternatives(re.Src)
	if !ok || len(srcs) != len(tree.Sub) {
		srcs = make([]string, len(tree.Sub))
		for i, sub := range tree.Sub {
			srcs[i] = sub.String()
		}
	}
	out := make([]*tables.Regex, 0, len(tree.Sub))
	for _, src := range srcs {
		// Leads and triggers are computed on the branch as the engine
		// will parse it, which is one parse that also checks it.
		b, btree, err := tables.ParseRegex(src)
		if err != nil {
			// Both forms parse for every RE2 pattern; should one ever
			// not, keep the pattern whole.
			return whole()
		}
		lits := literal.Of(btree)
		b.Alts = altsOf(lits)
		b.Triggers = literal.Indexable(lits.Required())
		out = append(out, b)
	}
	return out
}
