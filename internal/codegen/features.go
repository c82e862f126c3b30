package codegen

import (
	"bytes"
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
			}, m.takeOut)
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
// on), as settleFeatures says. A body that stands for its statement gives
// its statements to the list it is in when that changes no name's scope
// (splices). gone is
// told of the source that is no longer printed, from first to last
// (inclusive), so that the lines it held can be taken out.
func settleGuards(f *ast.File, guard func(ast.Expr) (feature, on bool), gone func(first, last token.Pos)) {
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
	var list func(stmts []ast.Stmt, inCase bool) []ast.Stmt
	list = func(stmts []ast.Stmt, inCase bool) []ast.Stmt {
		var out []ast.Stmt
		for i, s := range stmts {
			r := settle(s)
			b, isBlock := r.(*ast.BlockStmt)
			switch {
			case r == nil:
				gone(s.Pos(), s.End()-1)
			case r == s:
				out = append(out, s)
			case isBlock && splices(b, stmts, i, inCase):
				gone(s.Pos(), b.Lbrace)
				gone(b.Rbrace, b.Rbrace)
				out = append(out, list(b.List, false)...)
			default:
				gone(s.Pos(), r.Pos()-1)
				out = append(out, r)
			}
		}
		return out
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BlockStmt:
			n.List = list(n.List, false)
		case *ast.CaseClause:
			n.Body = list(n.Body, true)
		case *ast.CommClause:
			n.Body = list(n.Body, true)
		case *ast.IfStmt:
			if n.Else == nil {
				break
			}
			switch r := settle(n.Else); {
			case r == nil:
				gone(n.Body.Rbrace+1, n.Else.End()-1)
				n.Else = nil
			case r != n.Else:
				gone(n.Else.Pos(), r.Pos()-1)
				n.Else = r
			}
		}
		return true
	})
}

// declares returns the names the statements declare in the block they
// are in, and whether one of them is labelled (a label is the function's).
func declares(stmts []ast.Stmt) (names []string, labelled bool) {
	for _, s := range stmts {
		switch s := s.(type) {
		case *ast.DeclStmt:
			for _, sp := range s.Decl.(*ast.GenDecl).Specs {
				names = append(names, specNames(sp)...)
			}
		case *ast.LabeledStmt:
			labelled = true
		case *ast.AssignStmt:
			if s.Tok == token.DEFINE {
				for _, x := range s.Lhs {
					if id, ok := x.(*ast.Ident); ok {
						names = append(names, id.Name)
					}
				}
			}
		}
	}
	return names, labelled
}

// splices reports whether the statements of b, which stands for stmts[i],
// can stand in stmts instead: b declares nothing, or it is the last of a
// case's statements (a block of its own, with nothing after it to see
// b's names) and declares no name that those before it do.
func splices(b *ast.BlockStmt, stmts []ast.Stmt, i int, inCase bool) bool {
	names, labelled := declares(b.List)
	if labelled {
		return false
	}
	if len(names) == 0 {
		return true
	}
	if !inCase || i != len(stmts)-1 {
		return false
	}
	before, _ := declares(stmts[:i])
	return !slices.ContainsFunc(names, func(n string) bool { return slices.Contains(before, n) })
}

// takeOut notes that the source from first to last (inclusive) is not
// printed: the lines it wholly holds, a trailing comment aside, are taken
// out of the file's line table when it is printed (dropCommentLines), so
// that the printer sees no gap where it was.
func (m *merged) takeOut(first, last token.Pos) {
	if !first.IsValid() || last < first {
		return
	}
	tf := m.fset.File(first)
	src := m.text[tf]
	from, to := tf.Line(first), tf.Line(last)
	start, end := tf.Offset(first), tf.Offset(last)+1
	if len(bytes.TrimSpace(src[bytes.LastIndexByte(src[:start], '\n')+1:start])) > 0 {
		from++ // the line holds code before first
	}
	lineEnd := len(src)
	if i := bytes.IndexByte(src[end:], '\n'); i >= 0 {
		lineEnd = end + i
	}
	if after := bytes.TrimSpace(src[end:lineEnd]); len(after) > 0 && !bytes.HasPrefix(after, []byte("//")) {
		to-- // the line holds code after last
	}
	if m.gone == nil {
		m.gone = map[*token.File]map[int]bool{}
	}
	for l := max(from, 2); l <= to; l++ {
		if m.gone[tf] == nil {
			m.gone[tf] = map[int]bool{}
		}
		m.gone[tf][l] = true
	}
}
