package source

import (
	"strconv"

	"gopkg.in/yaml.v3"

	"github.com/errcat/errcat/internal/diag"
)

// Aliases let a few hundred bytes of YAML stand for a document of a billion
// values: nine levels of anchors, each a list of ten aliases of the one
// before ("billion laughs"). yaml.v3 bounds the expansion only when it
// decodes into Go values; Parse decodes into nodes, where an alias is a
// pointer, and every walk that follows the pointers (the duplicate-key
// check, Value for the schema check, the JSON a policy becomes, the rule
// translator) expands the document again. checkAliases measures the
// expansion once, in time and memory linear in the document as written,
// and Parse refuses a document that exceeds the budget before any of those
// walks runs.
//
// Size counts the text of every scalar plus nodeWeight per node, so that
// neither many small values nor one long string repeated gets past.
const (
	nodeWeight = 16 // about what a short value costs once decoded

	// aliasAllowance is what aliases may add to any document, however
	// small; a larger document may grow by as much again as it holds.
	aliasAllowance = 1 << 20
)

// aliasBudget is how much aliases may add to a document of the given
// written size.
func aliasBudget(written int64) int64 { return max(aliasAllowance, written) }

// writtenSize is the size of the document under n as written: an alias
// counts as one node.
func writtenSize(n *yaml.Node) int64 {
	s := nodeWeight + int64(len(n.Value))
	for _, c := range n.Content {
		s += writtenSize(c)
	}
	return s
}

// checkAliases reports the first alias, in document order, whose expansion
// takes what aliases add to the document past aliasBudget, or that names a
// value containing it.
func (f *File) checkAliases() *diag.Error {
	c := aliasCheck{budget: aliasBudget(writtenSize(f.Root)), size: map[*yaml.Node]int64{}}
	c.walk(f.Root)
	switch {
	case c.at == nil:
		return nil
	case c.cycle:
		return f.Errorf(c.at, diag.Aliasing, "alias *%s refers to a value that contains it", c.at.Value)
	}
	return f.Errorf(c.at, diag.Aliasing, "excessive aliasing: with alias *%s, aliases add more than %s to the document (the most they may add is %s, or the document's own size if larger)",
		c.at.Value, kib(c.budget), kib(aliasAllowance))
}

// aliasCheck measures each anchored value once and remembers it: an alias
// names a value that comes before it, so by the time the walk reaches the
// alias its value has been measured, or is being measured (it encloses the
// alias).
type aliasCheck struct {
	budget int64
	added  int64                // what the aliases met so far add
	size   map[*yaml.Node]int64 // expanded size of each anchored value; -1 while it is measured
	at     *yaml.Node           // the alias at fault
	cycle  bool
}

// walk returns the expanded size of n: the size with every alias counted
// as the value it names. It stops at the first fault.
func (c *aliasCheck) walk(n *yaml.Node) int64 {
	if c.at != nil || n == nil {
		return 0
	}
	if n.Kind == yaml.AliasNode {
		s, seen := c.size[n.Alias]
		switch {
		case s < 0:
			c.at, c.cycle = n, true
			return 0
		case !seen:
			// A value the walk has not met: the parser never builds
			// this, but a tree built by hand may. Counting its inner
			// aliases again errs on the safe side.
			c.size[n.Alias] = -1
			s = c.walk(n.Alias)
			c.size[n.Alias] = s
		}
		c.added += s - nodeWeight
		if c.added > c.budget && c.at == nil {
			c.at = n
		}
		return s
	}
	if n.Anchor != "" {
		c.size[n] = -1
	}
	s := nodeWeight + int64(len(n.Value))
	for _, ch := range n.Content {
		s += c.walk(ch)
	}
	if n.Anchor != "" {
		c.size[n] = s
	}
	return s
}

func kib(n int64) string {
	if n%(1<<20) == 0 {
		return strconv.FormatInt(n>>20, 10) + " MiB"
	}
	return strconv.FormatInt((n+1023)>>10, 10) + " KiB"
}

// resolveAliases puts in place of every alias below n the value it names,
// shared, not copied, so that whatever reads the tree reads an alias as
// its value: a list of phrases given as "contains: *phrases", not the
// anchor's name. It runs once checkAliases has bounded the expansion and
// refused values that contain themselves; each value is visited once.
func resolveAliases(n *yaml.Node, seen map[*yaml.Node]bool) {
	if n.Anchor != "" {
		if seen[n] {
			return
		}
		seen[n] = true
	}
	for i, c := range n.Content {
		for c.Kind == yaml.AliasNode && c.Alias != nil {
			c = c.Alias
		}
		n.Content[i] = c
		resolveAliases(c, seen)
	}
}
