package codegen

import (
	"go/ast"
	"go/types"
)

// rename gives c's identifiers their new names, and turns selectors into
// merged packages ("hint.Parse") into the renamed identifiers. The
// checker's Defs and Uses say what most identifiers refer to; where it
// recorded nothing (it skips parts of expressions whose imported types it
// could not see), scope lookup at the identifier's position decides,
// which is what the compiler itself would do.
func (m *merged) rename(c *checked) {
	info := c.info
	// typeName follows an embedded field to its type, whose name it has
	// ("h.Finding" becomes "h.redactFinding").
	typeName := func(v *types.Var) (string, bool) {
		t := v.Type()
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		if named, ok := t.(*types.Named); ok {
			name, ok := m.names[named.Obj()]
			return name, ok
		}
		return "", false
	}
	byObject := func(obj types.Object) (string, bool) {
		if v, ok := obj.(*types.Var); ok && v.Embedded() {
			return typeName(v)
		}
		name, ok := m.names[obj]
		return name, ok
	}
	for _, f := range c.files {
		// Identifiers that are never resolved in a scope: a selected
		// field or method, a field's or method's name, a struct
		// literal's key, a label.
		noScope := map[*ast.Ident]bool{}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.SelectorExpr:
				noScope[n.Sel] = true
			case *ast.FuncDecl:
				if n.Recv != nil {
					noScope[n.Name] = true
				}
			case *ast.Field:
				for _, id := range n.Names {
					noScope[id] = true
				}
			case *ast.KeyValueExpr:
				// A key the checker did not resolve is a field of a
				// struct it could not see (sync.Pool{New: f}): an
				// index or a map key that names a constant is resolved
				// whenever its literal's type is known, and one that is
				// not would fail to compile, never compile wrongly.
				if id, ok := n.Key.(*ast.Ident); ok {
					noScope[id] = true
				}
			case *ast.LabeledStmt:
				noScope[n.Label] = true
			case *ast.BranchStmt:
				if n.Label != nil {
					noScope[n.Label] = true
				}
			}
			return true
		})
		ast.Inspect(f, func(n ast.Node) bool {
			id, ok := n.(*ast.Ident)
			if !ok {
				return true
			}
			if obj, ok := info.Defs[id]; ok {
				if obj != nil {
					if name, ok := byObject(obj); ok {
						id.Name = name
					}
				}
				return true
			}
			if obj, ok := info.Uses[id]; ok {
				if pn, ok := obj.(*types.PkgName); ok {
					if m.unitOfPkg(pn.Imported()) != nil {
						id.Name = pkgMarker
					}
					return true
				}
				if name, ok := byObject(obj); ok {
					id.Name = name
				}
				return true
			}
			if noScope[id] {
				return true
			}
			if s := c.pkg.Scope().Innermost(id.Pos()); s != nil {
				if _, obj := s.LookupParent(id.Name, id.Pos()); obj != nil {
					if name, ok := byObject(obj); ok {
						id.Name = name
					}
				}
			}
			return true
		})
	}
}
