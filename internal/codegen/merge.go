package codegen

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"io/fs"
	"path"
	"sort"

	"github.com/errcat/errcat/internal/codegen/api"
	"github.com/errcat/errcat/internal/hint"
	"github.com/errcat/errcat/internal/match"
	"github.com/errcat/errcat/internal/match/bulk"
	"github.com/errcat/errcat/internal/match/litscan"
	"github.com/errcat/errcat/internal/match/records"
	"github.com/errcat/errcat/internal/match/regex"
	"github.com/errcat/errcat/internal/policy"
	"github.com/errcat/errcat/internal/redact"
	"github.com/errcat/errcat/internal/tables"
)

// unit is one package of the source a generated file is made of.
type unit struct {
	path   string
	prefix string // a helper package's names get it; "" for the engine and the API
	src    fs.FS
}

const modulePath = "github.com/errcat/errcat/internal/"

// units are merged in dependency order: a unit may use only those before
// it. The last is the API (internal/codegen/api), which says what the
// generated package exports.
var units = []unit{
	{modulePath + "hint", "hint", hint.Source},
	{modulePath + "redact", "redact", redact.Source},
	{modulePath + "policy", "policy", policy.Source},
	{modulePath + "tables", "", tables.Source},
	{modulePath + "match/litscan", "litscan", litscan.Source},
	{modulePath + "match/records", "records", records.Source},
	{modulePath + "match/regex", "regex", regex.Source},
	{modulePath + "match/bulk", "bulk", bulk.Source},
	{modulePath + "match", "", match.Source},
	{modulePath + "codegen/api", "", api.Source},
}

// tablesPath is the unit that declares the compiled tables' types and
// their enumerated constants, which the tables' literals name.
const tablesPath = modulePath + "tables"

// pkgMarker stands for a merged package's name in a selector while the
// source is printed; it is removed afterwards ("hint.Parse" is first
// printed as "ERRCATPKG.hintParse", then becomes "hintParse").
const pkgMarker = "ERRCATPKG"

// checked is one unit parsed and type-checked.
type checked struct {
	unit
	files []*ast.File
	pkg   *types.Package
	info  *types.Info
}

// merged is the source of every unit, its identifiers renamed for the
// generated package.
type merged struct {
	fset  *token.FileSet
	units []*checked
	api   *checked
	text  map[*token.File][]byte // each file's source
	// names maps the package-level objects (and methods) that are renamed
	// to their names in the generated file.
	names map[types.Object]string
	// exports are the engine declarations the API exports; aliases are the
	// API's declarations that stand for them, which are not emitted, and
	// aliasObjs what those declare.
	exports   map[types.Object]bool
	aliases   map[ast.Spec]bool
	aliasObjs map[types.Object]bool
	// gone holds, by file, the lines of code that settleFeatures took
	// out, which the printer must not see as a gap.
	gone map[*token.File]map[int]bool
}

// loadSource parses, checks and renames every unit.
func loadSource() (*merged, error) { return loadUnits(units) }

// loadUnits parses, checks and renames units, the last of which is the
// API.
func loadUnits(units []unit) (*merged, error) {
	m := &merged{
		fset:      token.NewFileSet(),
		text:      map[*token.File][]byte{},
		names:     map[types.Object]string{},
		exports:   map[types.Object]bool{},
		aliases:   map[ast.Spec]bool{},
		aliasObjs: map[types.Object]bool{},
	}
	pkgs := map[string]*types.Package{}
	for _, u := range units {
		c, err := m.check(u, pkgs)
		if err != nil {
			return nil, err
		}
		pkgs[u.path] = c.pkg
		m.units = append(m.units, c)
	}
	m.api = m.units[len(m.units)-1]
	if err := m.findExports(); err != nil {
		return nil, err
	}
	if err := m.nameObjects(); err != nil {
		return nil, err
	}
	if err := m.nameMethods(); err != nil {
		return nil, err
	}
	for _, c := range m.units {
		m.rename(c)
	}
	return m, nil
}

// check parses and type-checks one unit. The standard library is not
// type-checked: only the units' own names matter for renaming, and the
// checker resolves those whatever it thinks of the standard library's.
func (m *merged) check(u unit, pkgs map[string]*types.Package) (*checked, error) {
	files, err := m.parseUnit(u)
	if err != nil {
		return nil, err
	}
	info := &types.Info{
		Defs: map[*ast.Ident]types.Object{},
		Uses: map[*ast.Ident]types.Object{},
	}
	conf := types.Config{
		Importer: importerFunc(func(p string) (*types.Package, error) {
			if pkg, ok := pkgs[p]; ok {
				return pkg, nil
			}
			// Complete though empty: the checker then records which
			// identifiers name the import, and fails only on its members.
			pkg := types.NewPackage(p, path.Base(p))
			pkg.MarkComplete()
			return pkg, nil
		}),
		Error: func(error) {},
	}
	pkg, _ := conf.Check(u.path, m.fset, files, info)
	return &checked{unit: u, files: files, pkg: pkg, info: info}, nil
}

type importerFunc func(string) (*types.Package, error)

func (f importerFunc) Import(p string) (*types.Package, error) { return f(p) }

// parseUnit parses a unit's files in name order.
func (m *merged) parseUnit(u unit) ([]*ast.File, error) {
	names, err := fs.Glob(u.src, "*.go")
	if err != nil {
		return nil, err
	}
	sort.Strings(names)
	var files []*ast.File
	for _, name := range names {
		data, err := fs.ReadFile(u.src, name)
		if err != nil {
			return nil, err
		}
		f, err := parser.ParseFile(m.fset, path.Join(path.Base(u.path), name), data, parser.ParseComments)
		if err != nil {
			return nil, err
		}
		for _, d := range f.Decls {
			if fn, ok := d.(*ast.FuncDecl); ok && fn.Recv == nil && fn.Name.Name == "init" {
				return nil, fmt.Errorf("%s: init functions are not allowed in engine source", m.fset.Position(fn.Pos()))
			}
		}
		m.text[m.fset.File(f.Pos())] = data
		files = append(files, f)
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("no source for %s", u.path)
	}
	return files, nil
}

// unitOf returns the unit an object belongs to, or nil for one of the
// standard library's.
func (m *merged) unitOf(obj types.Object) *checked {
	if obj == nil {
		return nil
	}
	return m.unitOfPkg(obj.Pkg())
}

// unitOfPkg returns the unit of a package, or nil.
func (m *merged) unitOfPkg(pkg *types.Package) *checked {
	for _, c := range m.units {
		if pkg != nil && c.pkg == pkg {
			return c
		}
	}
	return nil
}
