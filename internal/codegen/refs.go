package codegen

import (
	"go/ast"
	"go/types"
)

// refs lists what a declaration (or spec) of unit c refers to, for prune.
// A reference the checker resolved names its object: a package-level
// declaration by its name, a method of a concrete type as "Type.method".
// Fields, locals, labels and the universe's names refer to no
// declaration. A method selected through an interface is referred to by
// methodRef of its name, which keeps every method of that name, and an
// identifier the checker did not resolve (it skips expressions whose
// imported types it could not see) both by its name and by methodRef, which
// keeps every declaration and method of that name.
func (m *merged) refs(c *checked, root ast.Node) []string {
	seen := map[string]bool{}
	var out []string
	add := func(s string) {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	ast.Inspect(root, func(x ast.Node) bool {
		id, ok := x.(*ast.Ident)
		if !ok {
			return true
		}
		if c.info == nil {
			add(id.Name)
			add(methodRef(id.Name))
			return true
		}
		// Uses first: an embedded field's identifier defines the field
		// and uses its type.
		obj, ok := c.info.Uses[id]
		if !ok {
			if _, ok := c.info.Defs[id]; !ok {
				// Unresolved: a declaration or a method of that name.
				add(id.Name)
				add(methodRef(id.Name))
			}
			return true // a declaration's own name, a field's or a local's
		}
		if s := m.refOf(obj); s != "" {
			add(s)
		}
		return true
	})
	return out
}

// refOf is how a resolved use of obj is referred to, "" when it refers
// to no declaration of the merged source (the universe's names, the
// standard library's, fields, locals, labels).
func (m *merged) refOf(obj types.Object) string {
	if obj == nil || m.unitOf(obj) == nil {
		return ""
	}
	switch obj := obj.(type) {
	case *types.Func:
		sig := obj.Type().(*types.Signature)
		if sig.Recv() == nil {
			break
		}
		fn := obj.Origin()
		recv := sig.Recv().Type()
		if p, ok := recv.(*types.Pointer); ok {
			recv = p.Elem()
		}
		named, ok := recv.(*types.Named)
		if !ok || types.IsInterface(named) {
			return methodRef(m.nameOf(fn)) // dispatched at run time: any method of the name
		}
		return m.nameOf(named.Origin().Obj()) + "." + m.nameOf(fn)
	case *types.Var:
		if obj.IsField() {
			return ""
		}
	case *types.Label, *types.PkgName:
		return ""
	}
	if obj.Parent() != obj.Pkg().Scope() {
		return "" // a local: what it refers to is in the same declaration
	}
	return m.nameOf(obj)
}

// nameOf is an object's name in the generated file.
func (m *merged) nameOf(obj types.Object) string {
	if n, ok := m.names[obj]; ok {
		return n
	}
	return obj.Name()
}

// methodRef is how a reference to any method of a name is written: apart
// from package-level names, so that a type named like a method (scan, and
// jsonBlock.scan) keeps only itself.
func methodRef(name string) string { return "·" + name }
