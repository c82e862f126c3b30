package compile

import (
	"regexp/syntax"

	"github.com/errcat/errcat/internal/compile/literal"
	"github.com/errcat/errcat/internal/tables"
)

// triggers computes a rule's prefilter: a set of lower-case literals at
// least one of which occurs (ASCII case folded) in every record the rule
// can match. The engine scans each record once for all rules' triggers and
// runs a rule's matchers only where one of its triggers occurs, which is
// what makes classification cost flat in the number of rules.
//
// Every record matcher must hold, so any one of them can supply the set:
// the strongest is chosen (package literal weighs them). A rule whose text
// matchers give no set worth indexing gets none and runs on every record.
func triggers(c *tables.Cond) []string {
	var best []string
	consider := func(set []string) {
		if set != nil && literal.Better(set, best) {
			best = set
		}
	}
	if len(c.Exact) > 0 {
		consider(lowerAll(c.Exact))
	}
	if len(c.Contains) > 0 {
		consider(lowerAll(c.Contains))
	}
	if len(c.Regex) > 0 {
		var union []string
		for _, re := range c.Regex {
			if re.Triggers == nil {
				union = nil
				break
			}
			union = append(union, re.Triggers...)
		}
		consider(literal.Dedupe(union))
	}
	if !c.HasText() {
		// JSON read from a record: what a field test requires of the
		// decoded value must appear in the record's text, as written by
		// whatever encoder made it.
		for _, t := range c.JSON {
			switch t.Kind {
			case tables.Equal:
				consider(jsonVerbatim(lowerAll(t.Values)))
			case tables.Match:
				if tree, err := syntax.Parse(t.Re.Src, syntax.Perl); err == nil {
					consider(jsonVerbatim(literal.Of(tree).Required()))
				}
			}
		}
		// A field's key is a weak trigger ("status" is in every JSON
		// log line): only for a rule that offers nothing better worth
		// indexing (values such as 18 are too short to be).
		if literal.Indexable(best) == nil {
			best = nil
			for _, t := range c.JSON {
				consider(jsonKey(&t))
			}
		}
	}
	return literal.Indexable(best)
}

func lowerAll(xs []string) []string {
	out := make([]string, 0, len(xs))
	for _, x := range xs {
		out = append(out, literal.Lower(x))
	}
	return literal.Dedupe(out)
}

// jsonVerbatim turns literals of a decoded JSON string into literals of
// its encoded text. A run of bytes no encoder escapes (tables.JSONPlain)
// is written as it is: each literal is cut to its longest such run.
// nil when a literal has none.
func jsonVerbatim(set []string) []string {
	if set == nil {
		return nil
	}
	out := make([]string, 0, len(set))
	for _, s := range set {
		best, start := "", 0
		for i := 0; i <= len(s); i++ {
			if i == len(s) || !tables.JSONPlain(s[i]) {
				if i-start > len(best) {
					best = s[start:i]
				}
				start = i + 1
			}
		}
		if best == "" {
			return nil
		}
		out = append(out, best)
	}
	return literal.Dedupe(out)
}

// jsonKey is the trigger a field's key gives, quoted as JSON writes it.
func jsonKey(t *tables.FieldTest) []string {
	if k := t.Key(); k != "" {
		return []string{`"` + k + `"`}
	}
	return nil
}
