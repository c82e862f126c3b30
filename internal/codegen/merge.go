package codegen

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/printer"
	"go/token"
	"go/types"
	"io/fs"
	"path"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/errcat/errcat/internal/hint"
	"github.com/errcat/errcat/internal/match"
	"github.com/errcat/errcat/internal/policy"
	"github.com/errcat/errcat/internal/redact"
)

// unit is one package of engine source.
type unit struct {
	path   string
	prefix string // "" keeps names as they are: the engine's API
	src    fs.FS
}

const modulePath = "github.com/errcat/errcat/internal/"

// units are merged in dependency order: a unit may use only those before it.
var units = []unit{
	{modulePath + "hint", "hint", hint.Source},
	{modulePath + "redact", "redact", redact.Source},
	{modulePath + "policy", "policy", policy.Source},
	{modulePath + "match", "", match.Source},
}

// pkgMarker stands for a merged package's name in a selector while the
// source is printed; it is removed afterwards ("hint.Parse" is first
// printed as "ERRCATPKG.hintParse", then becomes "hintParse").
const pkgMarker = "ERRCATPKG"

// engine is the merged source: its imports and declarations.
type engine struct {
	imports []string          // standard library paths, sorted
	decls   []string          // printed top-level declarations
	names   map[string]string // top-level name -> unit it came from
}

// mergeEngine reads, renames and prints the engine's packages.
func mergeEngine() (*engine, error) {
	out := &engine{names: map[string]string{}}
	imports := map[string]bool{}
	checked := map[string]*types.Package{}
	for _, u := range units {
		fset := token.NewFileSet()
		files, err := parseUnit(fset, u)
		if err != nil {
			return nil, err
		}
		info := &types.Info{
			Defs: map[*ast.Ident]types.Object{},
			Uses: map[*ast.Ident]types.Object{},
		}
		conf := types.Config{
			Importer: importerFunc(func(p string) (*types.Package, error) {
				if pkg, ok := checked[p]; ok {
					return pkg, nil
				}
				// The standard library is not type-checked: only this
				// unit's own names matter for renaming, and the
				// checker resolves those whatever it thinks of imports.
				return types.NewPackage(p, path.Base(p)), nil
			}),
			Error: func(error) {},
		}
		pkg, _ := conf.Check(u.path, fset, files, info)
		checked[u.path] = pkg
		rename(files, pkg, info, checked)
		for _, f := range files {
			for _, imp := range f.Imports {
				p, _ := strconv.Unquote(imp.Path.Value)
				if !strings.HasPrefix(p, modulePath) {
					imports[p] = true
				}
			}
			if err := out.addDecls(fset, f, u); err != nil {
				return nil, err
			}
		}
	}
	for p := range imports {
		if strings.Contains(p, ".") {
			return nil, fmt.Errorf("engine source imports %s: generated code must use only the standard library", p)
		}
		out.imports = append(out.imports, p)
	}
	sort.Strings(out.imports)
	return out, nil
}

type importerFunc func(string) (*types.Package, error)

func (f importerFunc) Import(p string) (*types.Package, error) { return f(p) }

// parseUnit parses a unit's non-test files in name order.
func parseUnit(fset *token.FileSet, u unit) ([]*ast.File, error) {
	names, err := fs.Glob(u.src, "*.go")
	if err != nil {
		return nil, err
	}
	sort.Strings(names)
	var files []*ast.File
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") || name == "source.go" {
			continue
		}
		data, err := fs.ReadFile(u.src, name)
		if err != nil {
			return nil, err
		}
		f, err := parser.ParseFile(fset, path.Join(path.Base(u.path), name), data, parser.ParseComments)
		if err != nil {
			return nil, err
		}
		files = append(files, f)
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("no source for %s", u.path)
	}
	return files, nil
}

// rename gives a prefixed unit's package-level names their prefix, and
// turns selectors into merged packages ("hint.Parse") into the renamed
// identifiers. The checker's Defs and Uses say what most identifiers
// refer to; where it recorded nothing (it skips parts of expressions whose
// imported types it could not see), scope lookup at the identifier's
// position decides, which is what the compiler itself would do.
func rename(files []*ast.File, pkg *types.Package, info *types.Info, merged map[string]*types.Package) {
	newName := func(obj types.Object) (string, bool) {
		if obj == nil || obj.Pkg() == nil || obj.Parent() != obj.Pkg().Scope() {
			return "", false // not package-level (fields, methods, locals)
		}
		for _, v := range units {
			if v.path == obj.Pkg().Path() && v.prefix != "" {
				return prefixed(v.prefix, obj.Name()), true
			}
		}
		return "", false
	}
	resolve := func(id *ast.Ident) (string, bool) {
		obj, ok := info.Defs[id]
		if v, isVar := obj.(*types.Var); ok && !(isVar && v.Embedded()) {
			return newName(obj)
		}
		if !ok {
			obj, ok = info.Uses[id]
		}
		if ok {
			switch o := obj.(type) {
			case *types.PkgName:
				if _, ok := merged[o.Imported().Path()]; ok {
					return pkgMarker, true
				}
				return "", false
			case *types.Var:
				if !o.Embedded() {
					return newName(obj)
				}
				// An embedded field is named after its type, so it follows
				// the type's new name ("h.Finding" becomes "h.redactFinding").
				t := o.Type()
				if p, ok := t.(*types.Pointer); ok {
					t = p.Elem()
				}
				if named, ok := t.(*types.Named); ok {
					return newName(named.Obj())
				}
				return "", false
			}
			return newName(obj)
		}
		if s := pkg.Scope().Innermost(id.Pos()); s != nil {
			if _, obj := s.LookupParent(id.Name, id.Pos()); obj != nil {
				return newName(obj)
			}
		}
		return "", false
	}
	for _, f := range files {
		skip := map[*ast.Ident]bool{}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.SelectorExpr:
				// x.Sel is a field, a method or a qualified name: never
				// a package-level name of its own, except an embedded
				// field, which is named after its type.
				if v, ok := info.Uses[n.Sel].(*types.Var); !ok || !v.Embedded() {
					skip[n.Sel] = true
				}
			case *ast.FuncDecl:
				if n.Recv != nil {
					skip[n.Name] = true
				}
			case *ast.KeyValueExpr:
				if id, ok := n.Key.(*ast.Ident); ok {
					if v, ok := info.Uses[id].(*types.Var); ok && v.IsField() && !v.Embedded() {
						skip[id] = true
					}
				}
			case *ast.Field:
				for _, name := range n.Names {
					skip[name] = true // struct fields, parameters, results
				}
			case *ast.Ident:
				if skip[n] {
					return true
				}
				if name, ok := resolve(n); ok {
					n.Name = name
				}
			}
			return true
		})
	}
	// Selectors whose X was renamed to the marker keep their Sel: rename it.
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			if sel, ok := n.(*ast.SelectorExpr); ok {
				if x, ok := sel.X.(*ast.Ident); ok && x.Name == pkgMarker {
					if obj, ok := info.Uses[sel.Sel]; ok {
						if name, ok := newName(obj); ok {
							sel.Sel.Name = name
						}
					} else {
						sel.Sel.Name = prefixed(prefixOf(info.Uses, x), sel.Sel.Name)
					}
				}
			}
			return true
		})
	}
}

// prefixOf finds the prefix of the merged package a marker stands for.
func prefixOf(uses map[*ast.Ident]types.Object, x *ast.Ident) string {
	if pn, ok := uses[x].(*types.PkgName); ok {
		for _, v := range units {
			if v.path == pn.Imported().Path() {
				return v.prefix
			}
		}
	}
	return ""
}

// prefixed names a helper package's identifier in the merged file:
// hint.Parse becomes hintParse and hint's parseDate becomes
// hint_parseDate, so that an exported and an unexported name differing
// only in their first letter (Exhausted, exhausted) stay apart. An error
// variable keeps its err prefix in front (hint's errRange becomes
// err_hintRange), as Go's naming of error values asks.
func prefixed(prefix, name string) string {
	r, n := utf8.DecodeRuneInString(name)
	if unicode.IsUpper(r) {
		return prefix + name
	}
	if rest, ok := strings.CutPrefix(name, "err"); ok && rest != "" {
		if r, _ := utf8.DecodeRuneInString(rest); unicode.IsUpper(r) {
			return "err_" + prefix + rest
		}
	}
	return prefix + "_" + string(r) + name[n:]
}

// addDecls prints f's declarations, with their comments, except imports.
func (e *engine) addDecls(fset *token.FileSet, f *ast.File, u unit) error {
	cmap := ast.NewCommentMap(fset, f, f.Comments)
	for _, d := range f.Decls {
		if g, ok := d.(*ast.GenDecl); ok && g.Tok == token.IMPORT {
			continue
		}
		if fn, ok := d.(*ast.FuncDecl); ok && fn.Recv == nil && fn.Name.Name == "init" {
			return fmt.Errorf("%s: init functions are not allowed in engine source", fset.Position(fn.Pos()))
		}
		for _, name := range declNames(d) {
			if prev, dup := e.names[name]; dup {
				return fmt.Errorf("%s: %s is declared in both %s and %s", fset.Position(d.Pos()), name, prev, u.path)
			}
			e.names[name] = u.path
		}
		var b bytes.Buffer
		cfg := printer.Config{Mode: printer.UseSpaces | printer.TabIndent, Tabwidth: 8}
		if err := cfg.Fprint(&b, fset, &printer.CommentedNode{Node: d, Comments: cmap.Filter(d).Comments()}); err != nil {
			return err
		}
		e.decls = append(e.decls, strings.ReplaceAll(b.String(), pkgMarker+".", ""))
	}
	return nil
}

// declNames lists the package-level names a declaration introduces.
func declNames(d ast.Decl) []string {
	switch d := d.(type) {
	case *ast.FuncDecl:
		if d.Recv == nil {
			return []string{d.Name.Name}
		}
	case *ast.GenDecl:
		var out []string
		for _, s := range d.Specs {
			switch s := s.(type) {
			case *ast.TypeSpec:
				out = append(out, s.Name.Name)
			case *ast.ValueSpec:
				for _, n := range s.Names {
					if n.Name != "_" {
						out = append(out, n.Name)
					}
				}
			}
		}
		return out
	}
	return nil
}
