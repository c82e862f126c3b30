package regex

import (
	"regexp"
	"sync"
)

// Lazy is a pattern New has checked, compiled by regexp on first
// use. Most patterns never need regexp: the engine runs their programs
// itself (Prog), and asks regexp only past its budget or for a pattern
// it cannot run. Compiling every pattern up front would be a large part
// of building an engine, paid at every start of the CLI. Patterns of one
// ID share one.
type Lazy struct {
	once  sync.Once
	src   string
	re    *regexp.Regexp
	nsub  int      // number of groups
	names []string // group names, "" for unnamed, as regexp.SubexpNames
}

// Regexp returns the compiled pattern. regexp.Compile is syntax.Parse
// followed by a compilation that cannot fail, and New parsed src: it
// compiles.
func (c *Lazy) Regexp() *regexp.Regexp {
	c.once.Do(func() { c.re = regexp.MustCompile(c.src) })
	return c.re
}

// SubexpIndex is regexp.SubexpIndex, without compiling.
func (c *Lazy) SubexpIndex(name string) int {
	for i, n := range c.names {
		if n == name && name != "" {
			return i
		}
	}
	return -1
}

// NewLazy returns src, which must parse, to be compiled on first use;
// nsub is its number of groups and names their names.
func NewLazy(src string, nsub int, names []string) *Lazy {
	return &Lazy{src: src, nsub: nsub, names: names}
}

// NumSubexp is regexp.NumSubexp, without compiling.
func (c *Lazy) NumSubexp() int { return c.nsub }

// Compiled reports whether regexp has compiled the pattern yet.
func (c *Lazy) Compiled() bool { return c.re != nil }
