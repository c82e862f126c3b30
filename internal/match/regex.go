package match

import (
	"regexp"
	"regexp/syntax"
)

// Regex is an RE2 pattern kept with its source, so tables can be printed,
// hashed and emitted as Go code; Prepare compiles it.
type Regex struct {
	Src string
	// Triggers, when set, are lower-case literals one of which occurs in
	// any text the pattern matches: without one, it is not run. Like a
	// rule's, they are derived, so not part of the digest.
	Triggers []string `json:"-"`
	// Alts say where the pattern's matches can begin, one entry per
	// top-level alternative; nil when nothing is known. The compiler
	// derives them from Src, so they add nothing to what the catalogue
	// means and stay out of its digest: a better analysis in a later
	// errcat must not re-version every catalogue.
	Alts []Alt `json:"-"`
	re   *regexp.Regexp
	fast *fastRegex // built by Prepare from Alts
}

// ParseRegex checks src as RE2 and returns it as a Regex, with its syntax
// tree for callers that analyse the pattern: parsing it once serves both.
// The pattern is compiled later, by New. An error is regexp.Compile's own.
func ParseRegex(src string) (*Regex, *syntax.Regexp, error) {
	tree, err := syntax.Parse(src, syntax.Perl)
	if err != nil {
		return nil, nil, err
	}
	return &Regex{Src: src}, tree, nil
}
