package codegen

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"path"
	"slices"

	"github.com/errcat/errcat/internal/tables"
)

// featureUse says, for each feature constant of internal/tables
// (features.go there), whether a catalogue uses the feature. It is the one
// place that decides what a generated package leaves out; a feature that
// a catalogue may use must answer true for it, or the generated package
// would behave otherwise than the engine.
var featureUse = map[string]func(*tables.Catalogue) bool{
	"UsesJSON":   usesJSON,
	"UsesTokens": usesTokens,
}

func usesJSON(cat *tables.Catalogue) bool {
	return slices.ContainsFunc(cat.Rules, func(r tables.Rule) bool {
		return len(r.Match.JSON) > 0 || r.Not != nil && len(r.Not.JSON) > 0 ||
			slices.ContainsFunc(r.Hints, func(h tables.HintSource) bool { return h.From == tables.FromJSON })
	})
}

func usesTokens(cat *tables.Catalogue) bool {
	return slices.ContainsFunc(cat.Rules, func(r tables.Rule) bool {
		return slices.ContainsFunc(r.Hints, func(h tables.HintSource) bool { return h.Want == tables.WantTokens })
	})
}

// featureFile is the file of internal/tables that declares the features.
const featureFile = "features.go"

// featuresOff returns the feature constants cat does not use, sorted.
func featuresOff(cat *tables.Catalogue) []string {
	var off []string
	for name, uses := range featureUse {
		if !uses(cat) {
			off = append(off, name)
		}
	}
	slices.Sort(off)
	return off
}

// turnOff sets the named feature constants of the tables unit to false in
// the merged source, and drops what they guard: every if statement whose
// condition is such a constant, or begins with one and &&, is replaced by
// its else branch, or removed when it has none. The constants and what
// reads them may be in any unit. It runs before the source is pruned, so
// that what only the dropped statements used is left out too.
func (m *merged) turnOff(names []string) error {
	tu := m.unit(tablesPath)
	declared, err := m.featureConsts(tu)
	if err != nil {
		return err
	}
	off := map[types.Object]bool{}
	for _, name := range names {
		spec, ok := declared[name]
		if !ok {
			return fmt.Errorf("codegen: internal/tables declares no feature %s", name)
		}
		off[tu.pkg.Scope().Lookup(name)] = true
		spec.Values = []ast.Expr{ast.NewIdent("false")}
	}
	for _, c := range m.units {
		for _, f := range c.files {
			dropGuarded(f, func(cond ast.Expr) bool { return off[guardOf(c.info, cond)] })
		}
	}
	return nil
}

// featureConsts returns the boolean constants the tables unit declares in
// featureFile, by name.
func (m *merged) featureConsts(tu *checked) (map[string]*ast.ValueSpec, error) {
	out := map[string]*ast.ValueSpec{}
	for _, f := range tu.files {
		if path.Base(m.fset.Position(f.Pos()).Filename) != featureFile {
			continue
		}
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.CONST {
				continue
			}
			for _, s := range gd.Specs {
				vs := s.(*ast.ValueSpec)
				if len(vs.Names) != 1 || len(vs.Values) != 1 {
					return nil, fmt.Errorf("codegen: a feature is declared alone, as Name = true")
				}
				out[tu.info.Defs[vs.Names[0]].Name()] = vs // as declared, not as renamed
			}
		}
	}
	return out, nil
}

// guardOf returns the object that an if statement's condition begins
// with: the constant of "X" or of "X && ...".
func guardOf(info *types.Info, cond ast.Expr) types.Object {
	for {
		switch x := cond.(type) {
		case *ast.ParenExpr:
			cond = x.X
			continue
		case *ast.BinaryExpr:
			if x.Op != token.LAND {
				return nil
			}
			cond = x.X
			continue
		case *ast.Ident:
			return info.Uses[x]
		case *ast.SelectorExpr:
			return info.Uses[x.Sel]
		}
		return nil
	}
}

// dropGuarded replaces, in f, every if statement whose condition off
// holds for with its else branch, or removes it.
func dropGuarded(f *ast.File, off func(ast.Expr) bool) {
	list := func(stmts []ast.Stmt) []ast.Stmt {
		out := stmts[:0]
		for _, s := range stmts {
			for {
				is, ok := s.(*ast.IfStmt)
				if !ok || !off(is.Cond) {
					break
				}
				s = is.Else
			}
			if s != nil {
				out = append(out, s)
			}
		}
		return out
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BlockStmt:
			n.List = list(n.List)
		case *ast.CaseClause:
			n.Body = list(n.Body)
		case *ast.CommClause:
			n.Body = list(n.Body)
		case *ast.IfStmt:
			for {
				is, ok := n.Else.(*ast.IfStmt)
				if !ok || !off(is.Cond) {
					break
				}
				n.Else = is.Else
			}
		}
		return true
	})
}
