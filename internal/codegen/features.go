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

// settleFeatures takes the feature constants of the tables unit out of
// the merged source: every if statement whose condition is a feature, or
// begins with one and &&, is replaced, when the feature is off (named
// in off), by its else branch or nothing, and when it is on, by its body
// or by the statement with the rest of its condition. The constants and
// what reads them may be in any unit. It runs before the source is
// pruned, so that what only the dropped statements used is left out too,
// and the constants themselves, which nothing reads any more.
func (m *merged) settleFeatures(off []string) error {
	tu := m.unit(tablesPath)
	declared, err := m.featureConsts(tu)
	if err != nil {
		return err
	}
	on := map[types.Object]bool{}
	for name := range declared {
		on[tu.pkg.Scope().Lookup(name)] = true
	}
	for _, name := range off {
		spec, ok := declared[name]
		if !ok {
			return fmt.Errorf("codegen: internal/tables declares no feature %s", name)
		}
		on[tu.pkg.Scope().Lookup(name)] = false
		spec.Values = []ast.Expr{ast.NewIdent("false")} // should anything else read it
	}
	for _, c := range m.units {
		for _, f := range c.files {
			settleGuards(f, func(cond ast.Expr) (feature, isOn bool) {
				isOn, feature = on[guardOf(c.info, cond)]
				return feature, isOn
			})
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

// rest is a condition without its first operand, nil when it has only one.
func rest(cond ast.Expr) ast.Expr {
	switch x := cond.(type) {
	case *ast.ParenExpr:
		return rest(x.X)
	case *ast.BinaryExpr:
		if r := rest(x.X); r != nil {
			return &ast.BinaryExpr{X: r, OpPos: x.OpPos, Op: x.Op, Y: x.Y}
		}
		return x.Y
	}
	return nil
}

// settleGuards rewrites, in f, every if statement whose condition begins
// with a feature (guard says whether it does, and whether the feature is
// on), as settleFeatures says.
func settleGuards(f *ast.File, guard func(ast.Expr) (feature, on bool)) {
	// settle returns what stands for s: nil for nothing, a block for
	// the body of an if statement that always runs.
	settle := func(s ast.Stmt) ast.Stmt {
		for {
			is, ok := s.(*ast.IfStmt)
			if !ok {
				return s
			}
			feature, on := guard(is.Cond)
			switch {
			case !feature:
				return s
			case !on:
				s = is.Else
				if s == nil {
					return nil
				}
			case rest(is.Cond) != nil:
				is.Cond = rest(is.Cond)
				return is
			case is.Init != nil:
				is.Cond = ast.NewIdent("true")
				return is
			default:
				return is.Body
			}
		}
	}
	var list func(stmts []ast.Stmt) []ast.Stmt
	list = func(stmts []ast.Stmt) []ast.Stmt {
		var out []ast.Stmt
		for _, s := range stmts {
			s = settle(s)
			if b, ok := s.(*ast.BlockStmt); ok && declaresNothing(b) {
				out = append(out, list(b.List)...)
			} else if s != nil {
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
			if n.Else != nil {
				if s := settle(n.Else); s == nil {
					n.Else = nil
				} else {
					n.Else = s
				}
			}
		}
		return true
	})
}

// declaresNothing reports whether a block's statements can stand in the
// block that holds it: it declares no name and no label of its own.
func declaresNothing(b *ast.BlockStmt) bool {
	for _, s := range b.List {
		switch s := s.(type) {
		case *ast.DeclStmt, *ast.LabeledStmt:
			return false
		case *ast.AssignStmt:
			if s.Tok == token.DEFINE {
				return false
			}
		}
	}
	return true
}
