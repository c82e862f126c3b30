package match

import (
	"regexp"
	"regexp/syntax"
	"slices"
	"sync"
)

// Regex is an RE2 pattern kept with its source, so tables can be printed,
// hashed and emitted as Go code; Prepare checks it, and it is compiled
// when first needed.
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
	// Parsed is what New would parse Src for, filled in by ParseRegex,
	// which the compiler checks every pattern with: New then takes it
	// rather than parsing Src again. Parsing every pattern was two fifths
	// of what New cost, and half of what it allocated; on a virtual
	// machine, where a fresh page costs a fault of several microseconds,
	// that is paid at every start of the CLI. Tables built by hand leave it
	// nil, and New checks their patterns.
	Parsed *Parsed `json:"-"`
	c      *compiledRegex
	fast   *fastRegex // built by Prepare from Alts
}

// compiledRegex is a pattern New has checked, compiled by regexp on first
// use. Most patterns never need regexp: the engine runs their programs
// itself (vm.go), and asks regexp only past its budget or for a pattern
// it cannot run. Compiling every pattern up front was a fifth of what
// building an engine cost, paid at every start of the CLI. Patterns with
// the same source share one (share.go).
type compiledRegex struct {
	once  sync.Once
	src   string
	re    *regexp.Regexp
	nsub  int      // number of groups
	names []string // group names, "" for unnamed, as regexp.SubexpNames
}

// regexp returns the compiled pattern. regexp.Compile is syntax.Parse
// followed by a compilation that cannot fail, and New parsed src: it
// compiles.
func (c *compiledRegex) regexp() *regexp.Regexp {
	c.once.Do(func() { c.re = regexp.MustCompile(c.src) })
	return c.re
}

// subexpIndex is regexp.SubexpIndex, without compiling.
func (c *compiledRegex) subexpIndex(name string) int {
	for i, n := range c.names {
		if n == name && name != "" {
			return i
		}
	}
	return -1
}

// Parsed is what parsing a pattern tells New: its groups.
type Parsed struct {
	Groups int      // the number of capturing groups
	Names  []string // as regexp.SubexpNames; nil when no group is named
}

// parsedOf reads tree's groups.
func parsedOf(tree *syntax.Regexp) *Parsed {
	p := &Parsed{Groups: tree.MaxCap()}
	if names := tree.CapNames(); slices.ContainsFunc(names, func(n string) bool { return n != "" }) {
		p.Names = names
	}
	return p
}

// ParseRegex checks src as RE2 and returns it as a Regex, with its syntax
// tree for callers that analyse the pattern: parsing it once serves all
// three. New takes what it needs from Parsed, and the pattern is compiled
// on first use. An error is regexp.Compile's own.
func ParseRegex(src string) (*Regex, *syntax.Regexp, error) {
	tree, err := syntax.Parse(src, syntax.Perl)
	if err != nil {
		return nil, nil, err
	}
	return &Regex{Src: src, Parsed: parsedOf(tree)}, tree, nil
}
