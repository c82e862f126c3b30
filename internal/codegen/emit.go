package codegen

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/printer"
	"go/token"
	"go/types"
	"slices"
	"strings"
)

// node is one top-level declaration of the merged source, or one spec of
// a var or type declaration, whose specs are kept or left out one by one.
// A constant declaration is one node: its specs may depend on each other
// (iota, a value repeated implicitly).
type node struct {
	unit   *checked
	file   *ast.File
	decl   ast.Decl
	spec   ast.Spec // nil for the whole declaration
	names  []string // the package-level names it declares
	recv   string   // a method's receiver type, and its name
	method string
	refs   []string // every identifier in it
	keep   bool
}

// exported reports whether the node is part of the generated package's
// documented API: an exported name, or an exported method of an exported
// type.
func (n *node) exported() bool {
	if n.recv != "" {
		return ast.IsExported(n.recv) && ast.IsExported(n.method)
	}
	return slices.ContainsFunc(n.names, ast.IsExported)
}

// nodes lists the merged source's declarations in unit and file order,
// but imports and the API's aliases.
func (m *merged) nodes() []*node {
	var out []*node
	for _, c := range m.units {
		for _, f := range c.files {
			for _, d := range f.Decls {
				switch d := d.(type) {
				case *ast.FuncDecl:
					n := &node{unit: c, file: f, decl: d, refs: m.refs(c, d)}
					if d.Recv != nil {
						n.recv, n.method = recvName(d.Recv.List[0].Type), d.Name.Name
					} else {
						n.names = []string{d.Name.Name}
					}
					out = append(out, n)
				case *ast.GenDecl:
					switch d.Tok {
					case token.IMPORT:
					case token.CONST:
						n := &node{unit: c, file: f, decl: d, refs: m.refs(c, d)}
						for _, s := range d.Specs {
							if m.aliases[s] {
								continue
							}
							n.names = append(n.names, specNames(s)...)
						}
						if len(n.names) > 0 {
							out = append(out, n)
						}
					default:
						for _, s := range d.Specs {
							if m.aliases[s] {
								continue
							}
							out = append(out, &node{unit: c, file: f, decl: d, spec: s, names: specNames(s), refs: m.refs(c, s)})
						}
					}
				}
			}
		}
	}
	return out
}

// recvName is the name of a method's receiver type.
func recvName(t ast.Expr) string {
	for {
		switch x := t.(type) {
		case *ast.StarExpr:
			t = x.X
		case *ast.IndexExpr:
			t = x.X
		case *ast.IndexListExpr:
			t = x.X
		case *ast.ParenExpr:
			t = x.X
		case *ast.Ident:
			return x.Name
		default:
			return ""
		}
	}
}

func specNames(s ast.Spec) []string {
	switch s := s.(type) {
	case *ast.TypeSpec:
		return []string{s.Name.Name}
	case *ast.ValueSpec:
		var out []string
		for _, id := range s.Names {
			out = append(out, id.Name)
		}
		return out
	}
	return nil
}

// printed is the generated file's source from the merged units: their
// kept declarations, and the standard library packages those import.
type printed struct {
	imports []string
	api     []string // the API's declarations
	engine  []string // the others'
}

// print prints the kept nodes. values gives the API's placeholders
// (Version, catalogueTables) the Go expressions they are to hold.
func (m *merged) print(nodes []*node, values map[string]string) (*printed, error) {
	out := &printed{}
	imports := map[string]bool{}
	filled := map[string]bool{}
	// Group the kept nodes by declaration, in order.
	type group struct {
		decl  ast.Decl
		nodes []*node
	}
	var groups []*group
	byFile := map[*ast.File][]*group{}
	for _, n := range nodes {
		if !n.keep {
			continue
		}
		if len(groups) > 0 && groups[len(groups)-1].decl == n.decl {
			g := groups[len(groups)-1]
			g.nodes = append(g.nodes, n)
			continue
		}
		g := &group{decl: n.decl, nodes: []*node{n}}
		groups = append(groups, g)
		byFile[n.file] = append(byFile[n.file], g)
	}
	// Comments: only the API's documentation is kept; the lines the
	// others held are taken out of their file, so that no gap is left.
	keptComments := map[*ast.CommentGroup]bool{}
	for _, gs := range byFile {
		for _, g := range gs {
			for _, n := range g.nodes {
				for _, cg := range docComments(n) {
					keptComments[cg] = true
				}
			}
		}
	}
	for f := range byFile {
		m.dropCommentLines(f, keptComments)
	}
	cfg := printer.Config{Mode: printer.UseSpaces | printer.TabIndent, Tabwidth: 8}
	for _, g := range groups {
		n0 := g.nodes[0]
		decl := g.decl
		if gd, ok := decl.(*ast.GenDecl); ok && n0.spec != nil {
			cp := *gd
			cp.Specs = nil
			for _, n := range g.nodes {
				cp.Specs = append(cp.Specs, n.spec)
			}
			if len(cp.Specs) == 1 {
				cp.Lparen, cp.Rparen = token.NoPos, token.NoPos
			}
			decl = &cp
		}
		var fill []string
		if n0.unit == m.api {
			fill = fillValues(decl, values)
		}
		for _, n := range g.nodes {
			m.importsOf(n, imports)
		}
		dropNodeComments(decl, keptComments)
		var comments []*ast.CommentGroup
		for _, cg := range n0.file.Comments {
			if keptComments[cg] && cg.Pos() >= startOf(decl) && cg.End() <= decl.End() {
				comments = append(comments, cg)
			}
		}
		var b bytes.Buffer
		if err := cfg.Fprint(&b, m.fset, &printer.CommentedNode{Node: decl, Comments: comments}); err != nil {
			return nil, err
		}
		s := strings.ReplaceAll(b.String(), pkgMarker+".", "")
		for _, name := range fill {
			s = strings.Replace(s, valueMarker+name, values[name], 1)
			filled[name] = true
		}
		if n0.unit == m.api {
			out.api = append(out.api, s)
		} else {
			out.engine = append(out.engine, s)
		}
	}
	for name := range values {
		if !filled[name] {
			return nil, fmt.Errorf("codegen: the API declares no %s to fill", name)
		}
	}
	for p := range imports {
		if strings.Contains(p, ".") {
			return nil, fmt.Errorf("engine source imports %s: generated code must use only the standard library", p)
		}
		out.imports = append(out.imports, p)
	}
	slices.Sort(out.imports)
	return out, nil
}

// startOf is where a declaration's text begins, its doc comment included.
func startOf(d ast.Decl) token.Pos {
	switch d := d.(type) {
	case *ast.FuncDecl:
		if d.Doc != nil {
			return d.Doc.Pos()
		}
	case *ast.GenDecl:
		if d.Doc != nil {
			return d.Doc.Pos()
		}
	}
	return d.Pos()
}

// valueMarker stands for a placeholder's value while a declaration is
// printed.
const valueMarker = "ERRCATVALUE_"

// fillValues gives the API's placeholder declarations in d (const
// Version = "", var catalogueTables *T) a marker for their values, and
// returns their names.
func fillValues(d ast.Decl, values map[string]string) (filled []string) {
	g, ok := d.(*ast.GenDecl)
	if !ok {
		return nil
	}
	for i, s := range g.Specs {
		vs, ok := s.(*ast.ValueSpec)
		if !ok || len(vs.Names) != 1 {
			continue
		}
		name := vs.Names[0].Name
		if _, ok := values[name]; !ok {
			continue
		}
		cp := *vs
		cp.Type = nil
		cp.Values = []ast.Expr{ast.NewIdent(valueMarker + name)}
		g.Specs[i] = &cp
		filled = append(filled, name)
	}
	return filled
}

// importsOf adds the standard library packages n uses to imports.
func (m *merged) importsOf(n *node, imports map[string]bool) {
	var root ast.Node = n.decl
	if n.spec != nil {
		root = n.spec
	}
	ast.Inspect(root, func(x ast.Node) bool {
		if id, ok := x.(*ast.Ident); ok {
			if pn, ok := n.unit.info.Uses[id].(*types.PkgName); ok && m.unitOfPkg(pn.Imported()) == nil {
				imports[pn.Imported().Path()] = true
			}
		}
		return true
	})
}
