package match

import (
	"regexp"
	"regexp/syntax"
	"sync"
	"sync/atomic"
)

// Regex is an RE2 pattern kept with its source, so tables can be printed,
// hashed and emitted as Go code.
//
// A pattern is checked when the engine is built but compiled only the
// first time it runs. Most of a catalogue's patterns never run on a given
// input: only those whose rule's triggers occur in it do. Compiling all of
// them made every start pay for the whole catalogue, however short the
// input.
type Regex struct {
	Src string
	// Triggers, when set, are lower-case literals one of which occurs in
	// any text the pattern matches: without one, it is not run. Like a
	// rule's, they are derived, so not part of the digest.
	Triggers []string `json:"-"`

	checked bool // Src is known to parse, so it compiles
	once    sync.Once
	re      atomic.Pointer[regexp.Regexp] // nil until first used
}

// ParseRegex checks src as RE2 and returns it as a Regex, with its syntax
// tree for callers that analyse the pattern: parsing it once serves both.
// An error is regexp.Compile's own.
func ParseRegex(src string) (*Regex, *syntax.Regexp, error) {
	tree, err := syntax.Parse(src, syntax.Perl)
	if err != nil {
		return nil, nil, err
	}
	return &Regex{Src: src, checked: true}, tree, nil
}

// check makes sure the pattern compiles, without compiling it: regexp
// fails to compile exactly the patterns syntax.Parse rejects.
func (r *Regex) check() error {
	if r.checked {
		return nil
	}
	if _, err := syntax.Parse(r.Src, syntax.Perl); err != nil {
		return err
	}
	r.checked = true
	return nil
}

// Regexp returns the compiled pattern, compiling it on the first call. It
// is safe for concurrent use. The pattern must have been checked (by
// ParseRegex or New): an invalid one panics.
func (r *Regex) Regexp() *regexp.Regexp {
	if re := r.re.Load(); re != nil {
		return re
	}
	// Out of line, so that the common path above stays cheap: the engine
	// calls it for every record a pattern runs on.
	return r.compile()
}

func (r *Regex) compile() *regexp.Regexp {
	r.once.Do(func() { r.re.Store(regexp.MustCompile(r.Src)) })
	return r.re.Load()
}
