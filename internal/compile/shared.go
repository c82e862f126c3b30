package compile

import (
	"regexp/syntax"
	"slices"
	"sort"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/errcat/errcat/internal/diag"
	"github.com/errcat/errcat/internal/source"
	"github.com/errcat/errcat/internal/tables"
)

// shared is what catalogue.yaml defines once for rules of every file: guards
// that a rule's not names, and extract sources that its extract lists name.
// A rule that names one is translated as if the definition stood in its
// place, so the compiled tables are those of a copy; errors inside a
// definition are reported once, at the definition.
type shared struct {
	file    *source.File
	guards  map[string]*yaml.Node
	extract map[string]*yaml.Node
	broken  map[*yaml.Node]bool // definitions whose translation failed
	parent  *shared             // what a layer inherits (layers.go); nil for none
}

// sharedDefs reads catalogue.yaml's guards and extract sources and checks
// each once, so that a fault in one is reported at its own line and not
// again for every rule that names it.
func (t *translator) sharedDefs(f *source.File) shared {
	sh := shared{file: f, guards: map[string]*yaml.Node{}, extract: map[string]*yaml.Node{}, broken: map[*yaml.Node]bool{}}
	keys, vals := source.Pairs(source.Get(f.Root, "guards"))
	for i := range keys {
		sh.guards[keys[i].Value] = vals[i]
		before := len(t.errs)
		t.cond(f, keys[i].Value, "not", vals[i])
		sh.broken[vals[i]] = t.renameErrs(before, "guard")
	}
	keys, vals = source.Pairs(source.Get(f.Root, "extract"))
	for i := range keys {
		sh.extract[keys[i].Value] = vals[i]
		before := len(t.errs)
		t.hintSource(f, keys[i].Value, vals[i])
		sh.broken[vals[i]] = t.renameErrs(before, "extract source")
	}
	return sh
}

// renameErrs makes the errors reported since before, which the rule
// translators word as "rule NAME: ...", name the definition they belong to,
// and reports whether there were any.
func (t *translator) renameErrs(before int, kind string) bool {
	for _, e := range t.errs[before:] {
		e.Msg = kind + strings.TrimPrefix(e.Msg, "rule")
	}
	return len(t.errs) > before
}

// guard resolves a rule's not block: a block of the rule's own, or the name
// of a guard, which resolves to its definition in catalogue.yaml. ok is
// false when there is nothing sound to translate.
func (sh *shared) guard(t *translator, f *source.File, id string, n *yaml.Node) (*source.File, *yaml.Node, bool) {
	if n.Kind != yaml.ScalarNode {
		return f, n, true
	}
	owner, def, found := sh.lookup(func(s *shared) map[string]*yaml.Node { return s.guards }, n.Value)
	if !found {
		t.errs.Add(f.Errorf(n, diag.BadValue, "rule %s: not: no guard %q in %s (defined: %s)",
			id, n.Value, CatalogueFile, names(sh.guards)))
		return nil, nil, false
	}
	return owner.file, def, !owner.broken[def]
}

// source resolves one item of a rule's extract list key, as guard resolves
// a not block. A tokens source reads a regex and nothing else.
func (sh *shared) source(t *translator, f *source.File, id, key string, n *yaml.Node) (*source.File, *yaml.Node, bool) {
	if n.Kind != yaml.ScalarNode {
		return f, n, true
	}
	owner, def, found := sh.lookup(func(s *shared) map[string]*yaml.Node { return s.extract }, n.Value)
	if !found {
		t.errs.Add(f.Errorf(n, diag.BadValue, "rule %s: extract.%s: no extract source %q in %s (defined: %s)",
			id, key, n.Value, CatalogueFile, names(sh.extract)))
		return nil, nil, false
	}
	if key == "tokens" {
		if source.Get(def, "regex") == nil || len(def.Content) != 2 {
			t.errs.Add(f.Errorf(n, diag.BadValue, "rule %s: extract.tokens: source %q (%s) must be a regex alone",
				id, n.Value, owner.file.Pos(def)))
			return nil, nil, false
		}
		// What only a tokens source needs is checked where it is named,
		// so that the definition's own check (any source) stays once.
		if tree, err := syntax.Parse(source.Get(def, "regex").Value, syntax.Perl); err == nil &&
			!slices.ContainsFunc(tree.CapNames(), func(s string) bool { return s == "requested" || s == "limit" }) {
			t.errs.Add(f.Errorf(n, diag.BadRegex, "rule %s: extract.tokens: source %q (%s) has no group named requested or limit",
				id, n.Value, owner.file.Pos(def)))
			return nil, nil, false
		}
	}
	return owner.file, def, !owner.broken[def]
}

// names lists a definition map's names for an error message.
func names(m map[string]*yaml.Node) string {
	if len(m) == 0 {
		return "none"
	}
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return strings.Join(out, ", ")
}

// guardList translates a not that lists several guards, names and blocks
// of the rule's own: the rule does not match where any of them holds. Each
// must be a regex block or a gettext block (each is a list of patterns, one
// "any of" already), so their patterns join into one; a guard with other
// matchers would need all of its matchers to hold, which joining cannot
// keep.
func (t *translator) guardList(f *source.File, id string, list *yaml.Node) *tables.Cond {
	var c tables.Cond
	ok := true
	for _, item := range list.Content {
		gf, gn, sound := t.shared.guard(t, f, id, item)
		if !sound {
			ok = false
			continue
		}
		re, msgs := source.Get(gn, "regex"), source.Get(gn, "gettext")
		if (re == nil && msgs == nil) || len(gn.Content) != 2 {
			t.errs.Add(f.Errorf(item, diag.BadValue,
				"rule %s: not: a guard in a list must be a regex alone, so that the list is one \"any of\"; write this one as the rule's not", id))
			ok = false
			continue
		}
		var srcs []string
		var nodes []*yaml.Node
		if re != nil {
			for _, v := range source.Items(re) {
				srcs, nodes = append(srcs, v.Value), append(nodes, v)
			}
		} else {
			srcs, nodes = t.gettextPatterns(gf, id, "not.gettext", msgs)
		}
		for i, src := range srcs {
			if p, good := t.regexSource(gf, id, "not.regex", nodes[i], src); good {
				c.Regex = append(c.Regex, p.re)
			} else {
				ok = false
			}
		}
	}
	if !ok {
		return nil
	}
	return &c
}
