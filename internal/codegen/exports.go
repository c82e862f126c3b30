package codegen

import (
	"fmt"
	"go/ast"
	"go/token"
)

// findExports reads the API's aliases: a type alias or a constant whose
// value is an engine declaration of the same name (Evidence =
// match.Evidence) exports that declaration, and is itself left out of
// the generated file.
func (m *merged) findExports() error {
	c := m.api
	for _, f := range c.files {
		for _, d := range f.Decls {
			g, ok := d.(*ast.GenDecl)
			if !ok {
				continue
			}
			for _, s := range g.Specs {
				var name *ast.Ident
				var val ast.Expr
				switch s := s.(type) {
				case *ast.TypeSpec:
					if !s.Assign.IsValid() {
						continue
					}
					name, val = s.Name, s.Type
				case *ast.ValueSpec:
					if g.Tok != token.CONST || len(s.Names) != 1 || len(s.Values) != 1 {
						continue
					}
					name, val = s.Names[0], s.Values[0]
				default:
					continue
				}
				sel, ok := val.(*ast.SelectorExpr)
				if !ok {
					continue
				}
				if _, ok := sel.X.(*ast.Ident); !ok {
					continue
				}
				obj := c.info.Uses[sel.Sel]
				if u := m.unitOf(obj); u == nil || u == m.api {
					continue
				}
				if name.Name != obj.Name() || !ast.IsExported(name.Name) {
					return fmt.Errorf("%s: %s stands for %s.%s: an exported engine declaration keeps its name", m.fset.Position(name.Pos()), name.Name, obj.Pkg().Name(), obj.Name())
				}
				m.exports[obj] = true
				m.aliases[s] = true
				m.aliasObjs[c.info.Defs[name]] = true
			}
		}
	}
	return nil
}
