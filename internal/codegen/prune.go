package codegen

import (
	"go/ast"
	"strings"
)

// prune keeps the nodes the roots need: a declaration is kept when a kept
// one refers to it (refs), and a method when its type is kept and a kept
// declaration calls it ("Type.method"), or names it where the checker
// cannot tell the type (an interface's method, an unresolved selector),
// or it is part of the API (an exported method of an exported type), or
// the standard library may ask for it at run time (runtimeMethods), which
// the source never says. Package-level names are unique in the merged
// source, so a name stands for one declaration. A declaration of the
// blank identifier is always kept.
//
// A method that the source hands to the standard library through an
// interface it converts to, and calls nowhere itself, would be left out
// when it is not in runtimeMethods: the generated file then fails to
// compile, and the generator's tests say so.
func prune(nodes []*node, roots []string) {
	byName := map[string][]*node{}
	byRecv := map[string][]*node{}
	byMethod := map[string][]*node{}
	for _, n := range nodes {
		if n.recv != "" {
			byRecv[n.recv] = append(byRecv[n.recv], n)
			byMethod[n.method] = append(byMethod[n.method], n)
			continue
		}
		for _, name := range n.names {
			byName[name] = append(byName[name], n)
			if name == "_" {
				roots = append(roots, "_")
			}
		}
	}
	seen := map[string]bool{}
	var queue []string
	push := func(name string) {
		if !seen[name] {
			seen[name] = true
			queue = append(queue, name)
		}
	}
	keep := func(n *node) {
		if !n.keep {
			n.keep = true
			for _, r := range n.refs {
				push(r)
			}
		}
	}
	for _, r := range roots {
		push(r)
	}
	for len(queue) > 0 {
		name := queue[0]
		queue = queue[1:]
		for _, n := range byName[name] {
			keep(n)
		}
		if method, ok := strings.CutPrefix(name, methodRef("")); ok {
			for _, n := range byMethod[method] {
				if seen[n.recv] {
					keep(n)
				}
			}
			continue
		}
		if recv, _, ok := strings.Cut(name, "."); ok {
			for _, n := range byRecv[recv] {
				if seen[recv] && n.recv+"."+n.method == name {
					keep(n)
				}
			}
		}
		for _, n := range byRecv[name] {
			if seen[methodRef(n.method)] || seen[n.recv+"."+n.method] || runtimeMethods[n.method] || ast.IsExported(n.recv) && ast.IsExported(n.method) {
				keep(n)
			}
		}
	}
}
