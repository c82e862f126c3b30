package codegen_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/errcat/errcat/internal/codegen"
	"github.com/errcat/errcat/internal/codegen/api"
)

func generateGood(t *testing.T) []byte {
	t.Helper()
	src, err := codegen.Generate(loadGood(t), codegen.Options{Package: "x", ErrcatVersion: "9.9.9"})
	if err != nil {
		t.Fatal(err)
	}
	return src
}

func parseGo(t *testing.T, name string, src []byte) (*token.FileSet, *ast.File) {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, name, src, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	return fset, f
}

// exportedNames lists a file's exported package-level names, sorted.
func exportedNames(f *ast.File) []string {
	var out []string
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			if d.Recv == nil && d.Name.IsExported() {
				out = append(out, d.Name.Name)
			}
		case *ast.GenDecl:
			for _, s := range d.Specs {
				switch s := s.(type) {
				case *ast.TypeSpec:
					if s.Name.IsExported() {
						out = append(out, s.Name.Name)
					}
				case *ast.ValueSpec:
					for _, id := range s.Names {
						if id.IsExported() {
							out = append(out, id.Name)
						}
					}
				}
			}
		}
	}
	slices.Sort(out)
	return out
}

// TestExportsAreTheAPI checks that a generated package exports exactly
// what internal/codegen/api exports, read from its source: none of the
// engine's other names.
func TestExportsAreTheAPI(t *testing.T) {
	var want []string
	names, err := fs.Glob(api.Source, "*.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range names {
		data, err := fs.ReadFile(api.Source, name)
		if err != nil {
			t.Fatal(err)
		}
		_, f := parseGo(t, name, data)
		want = append(want, exportedNames(f)...)
	}
	slices.Sort(want)
	_, f := parseGo(t, "x.go", generateGood(t))
	if diff := cmp.Diff(want, exportedNames(f)); diff != "" || len(want) == 0 {
		t.Errorf("exported names (-api +generated):\n%s", diff)
	}
}

// TestCommentsAreTheAPIs checks that the only comments of a generated
// file are its header and the documentation of what it exports: the doc
// comments of exported declarations and the comments of exported types'
// fields. Nothing of the engine's own commentary, which speaks of its
// files and its workings, is copied into every user's package.
func TestCommentsAreTheAPIs(t *testing.T) {
	fset, f := parseGo(t, "x.go", generateGood(t))
	allowed := map[*ast.CommentGroup]bool{}
	var inside [][2]token.Pos // exported type specs
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			exported := d.Name.IsExported()
			if d.Recv != nil {
				exported = exported && ast.IsExported(recvType(d.Recv.List[0].Type))
			}
			if exported {
				allowed[d.Doc] = true
			}
		case *ast.GenDecl:
			for _, s := range d.Specs {
				switch s := s.(type) {
				case *ast.TypeSpec:
					if s.Name.IsExported() {
						allowed[d.Doc], allowed[s.Doc], allowed[s.Comment] = true, true, true
						inside = append(inside, [2]token.Pos{s.Pos(), s.End()})
					}
				case *ast.ValueSpec:
					if slices.ContainsFunc(s.Names, (*ast.Ident).IsExported) {
						allowed[d.Doc], allowed[s.Doc], allowed[s.Comment] = true, true, true
					}
				}
			}
		}
	}
	fileRef := regexp.MustCompile(`\w\.(go|md|ya?ml)\b|\b(docs|internal|testdata)/`)
	n := 0
	for _, cg := range f.Comments {
		ok := cg.End() < f.Package || allowed[cg]
		for _, r := range inside {
			ok = ok || cg.Pos() > r[0] && cg.End() < r[1]
		}
		if !ok {
			t.Errorf("%s: comment that documents nothing exported: %q", fset.Position(cg.Pos()), firstLine(cg.Text()))
		}
		if m := fileRef.FindString(cg.Text()); m != "" {
			t.Errorf("%s: comment names %q, which the package does not hold", fset.Position(cg.Pos()), m)
		}
		n++
	}
	if n == 0 {
		t.Fatal("the generated file has no comments at all; the test expects the API's documentation")
	}
}

func recvType(e ast.Expr) string {
	if s, ok := e.(*ast.StarExpr); ok {
		e = s.X
	}
	if id, ok := e.(*ast.Ident); ok {
		return id.Name
	}
	return ""
}

func firstLine(s string) string { return strings.SplitN(s, "\n", 2)[0] }
