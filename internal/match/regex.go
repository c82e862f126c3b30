package match

import (
	"regexp"
	"sync"
)

// compiledRegex is a pattern New has checked, compiled by regexp on first
// use. Most patterns never need regexp: the engine runs their programs
// itself (vm.go), and asks regexp only past its budget or for a pattern
// it cannot run. Compiling every pattern up front was a fifth of what
// building an engine cost, paid at every start of the CLI. Patterns of one ID
// share one.
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
