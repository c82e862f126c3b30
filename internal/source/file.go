package source

import (
	"fmt"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/errcat/errcat/internal/diag"
)

// File is one parsed YAML file.
type File struct {
	Name string     // the path shown in positions, relative to what was loaded
	Root *yaml.Node // the document's top node (never the document node)
}

// Parse parses data as one YAML document. Syntax errors, aliases that
// expand the document past its budget (checkAliases) and duplicate mapping
// keys come back positioned. Every reader of errcat's YAML files parses
// them here; a file with a syntax or alias error comes back nil, so that
// nothing walks it. In the tree of a file that comes back, each alias is
// replaced by the value it names (resolveAliases).
func Parse(name string, data []byte) (*File, diag.List) {
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, diag.List{syntaxError(name, data, err)}
	}
	f := &File{Name: name, Root: &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map"}}
	if doc.Kind == yaml.DocumentNode && len(doc.Content) > 0 {
		f.Root = doc.Content[0]
	}
	if err := f.checkAliases(); err != nil {
		return nil, diag.List{err}
	}
	resolveAliases(f.Root, map[*yaml.Node]bool{})
	var errs diag.List
	f.checkKeys(f.Root, &errs, map[*yaml.Node]bool{})
	return f, errs
}

// checkKeys reports mapping keys given twice: yaml.v3 keeps both in a node
// tree, and silently letting the second win would hide a typo'd duplicate
// code or header.
//
// expanding holds the anchored nodes whose aliases are being followed: an
// alias may refer to a node that contains it ("&a [*a]"), and following
// it again would never end.
func (f *File) checkKeys(n *yaml.Node, errs *diag.List, expanding map[*yaml.Node]bool) {
	switch n.Kind {
	case yaml.MappingNode:
		seen := map[string]*yaml.Node{}
		for i := 0; i+1 < len(n.Content); i += 2 {
			k := n.Content[i]
			if first, dup := seen[k.Value]; dup {
				errs.Add(diag.Errorf(f.Pos(k), diag.DuplicateKey, "%q is already defined at line %d", k.Value, first.Line))
			} else {
				seen[k.Value] = k
			}
			f.checkKeys(n.Content[i+1], errs, expanding)
		}
	case yaml.SequenceNode:
		for _, c := range n.Content {
			f.checkKeys(c, errs, expanding)
		}
	case yaml.AliasNode:
		if n.Alias != nil && !expanding[n.Alias] {
			expanding[n.Alias] = true
			f.checkKeys(n.Alias, errs, expanding)
			delete(expanding, n.Alias)
		}
	}
}

// Pos is the position of a node.
func (f *File) Pos(n *yaml.Node) diag.Pos {
	if n == nil {
		return diag.Pos{File: f.Name}
	}
	return diag.Pos{File: f.Name, Line: n.Line, Col: n.Column}
}

// Errorf builds a positioned error at n.
func (f *File) Errorf(n *yaml.Node, code diag.Code, format string, args ...any) *diag.Error {
	return diag.Errorf(f.Pos(n), code, format, args...)
}

// Get returns the value of key in mapping n, or nil.
func Get(n *yaml.Node, key string) *yaml.Node {
	if n == nil {
		return nil
	}
	if n.Kind == yaml.AliasNode {
		n = n.Alias
	}
	if n.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			return n.Content[i+1]
		}
	}
	return nil
}

// Key returns the key node of key in mapping n, or nil: positions of
// "unknown field" errors point at the key, not the value.
func Key(n *yaml.Node, key string) *yaml.Node {
	if n == nil || n.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			return n.Content[i]
		}
	}
	return nil
}

// Pairs returns a mapping's key and value nodes in order.
func Pairs(n *yaml.Node) (keys, values []*yaml.Node) {
	if n == nil || n.Kind != yaml.MappingNode {
		return nil, nil
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		keys = append(keys, n.Content[i])
		values = append(values, n.Content[i+1])
	}
	return keys, values
}

// Items returns a sequence's items, or the node itself for a scalar, since
// most matchers take "one value or a list".
func Items(n *yaml.Node) []*yaml.Node {
	switch {
	case n == nil:
		return nil
	case n.Kind == yaml.SequenceNode:
		return n.Content
	}
	return []*yaml.Node{n}
}

// Pointer walks a JSON pointer ("/rules/3/match/status") to the node it
// names, stopping at the deepest node that exists.
func (f *File) Pointer(ptr string) *yaml.Node {
	n := f.Root
	if ptr == "" || ptr == "/" {
		return n
	}
	for _, tok := range strings.Split(strings.TrimPrefix(ptr, "/"), "/") {
		tok = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
		if n.Kind == yaml.AliasNode {
			n = n.Alias
		}
		var next *yaml.Node
		switch n.Kind {
		case yaml.MappingNode:
			next = Get(n, tok)
		case yaml.SequenceNode:
			if i, err := strconv.Atoi(tok); err == nil && i >= 0 && i < len(n.Content) {
				next = n.Content[i]
			}
		}
		if next == nil {
			return n
		}
		n = next
	}
	return n
}

// Value converts a node to the plain value encoding/json would produce, for
// the schema check. Integers stay integers so that "integer" in a schema
// means what it says; timestamps stay strings as written.
func Value(n *yaml.Node) (any, error) {
	return value(n, map[*yaml.Node]bool{})
}

// value is Value; expanding holds the anchored nodes whose aliases are
// being followed, so that a value containing itself is an error, not an
// endless descent.
func value(n *yaml.Node, expanding map[*yaml.Node]bool) (any, error) {
	switch n.Kind {
	case yaml.AliasNode:
		if expanding[n.Alias] {
			return nil, fmt.Errorf("alias *%s refers to a value that contains it", n.Value)
		}
		expanding[n.Alias] = true
		defer delete(expanding, n.Alias)
		return value(n.Alias, expanding)
	case yaml.MappingNode:
		m := make(map[string]any, len(n.Content)/2)
		for i := 0; i+1 < len(n.Content); i += 2 {
			v, err := value(n.Content[i+1], expanding)
			if err != nil {
				return nil, err
			}
			m[n.Content[i].Value] = v
		}
		return m, nil
	case yaml.SequenceNode:
		s := make([]any, len(n.Content))
		for i, c := range n.Content {
			v, err := value(c, expanding)
			if err != nil {
				return nil, err
			}
			s[i] = v
		}
		return s, nil
	case yaml.ScalarNode:
		switch n.ShortTag() {
		case "!!null":
			return nil, nil
		case "!!bool":
			var b bool
			err := n.Decode(&b)
			return b, err
		case "!!int":
			var i int64
			if err := n.Decode(&i); err != nil {
				return nil, fmt.Errorf("integer out of range: %s", n.Value)
			}
			return i, nil
		case "!!float":
			var x float64
			err := n.Decode(&x)
			return x, err
		}
		return n.Value, nil
	}
	return nil, fmt.Errorf("unsupported YAML node")
}
