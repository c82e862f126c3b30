package codegen

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"path"
	"slices"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"
)

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

// unexported is an exported name with its leading capitals lowered: all
// of them when they make the whole name, bar a plural s, or are one
// letter (HTTP becomes http, IDs ids, Engine engine), and all but the last
// when it begins the next word (HTTPStatus becomes httpStatus).
func unexported(name string) string {
	rs := []rune(name)
	i := 0
	for i < len(rs) && unicode.IsUpper(rs[i]) {
		i++
	}
	if i > 1 && i < len(rs) && unicode.IsLower(rs[i]) && string(rs[i:]) != "s" {
		i--
	}
	for j := range i {
		rs[j] = unicode.ToLower(rs[j])
	}
	return string(rs)
}

// nameObjects decides the generated file's name for every package-level
// name of the engine's units. What the API exports keeps its name; a
// helper package's names get their prefix (prefixed); the engine's other
// exported names are unexported (unexported). A new name must not be one
// that any scope of the source already uses, since it would shadow or be
// shadowed by it.
func (m *merged) nameObjects() error {
	scopes := scopeNames(m)
	taken := map[string]types.Object{}
	claim := func(obj types.Object, name string) error {
		if prev, dup := taken[name]; dup {
			return fmt.Errorf("codegen: %s (%s) and %s (%s) would both be named %s in the generated file", prev.Name(), prev.Pkg().Path(), obj.Name(), obj.Pkg().Path(), name)
		}
		taken[name] = obj
		if name != obj.Name() {
			m.names[obj] = name
		}
		return nil
	}
	// Names that do not change come first: the API's own, what it
	// exports, and the engine's unexported names.
	var rest []types.Object
	for _, c := range m.units {
		for _, name := range c.pkg.Scope().Names() {
			obj := c.pkg.Scope().Lookup(name)
			keep := c == m.api || m.exports[obj] || c.prefix == "" && !obj.Exported()
			if m.aliasObjs[obj] {
				continue
			}
			if !keep {
				rest = append(rest, obj)
				continue
			}
			if err := claim(obj, name); err != nil {
				return err
			}
		}
	}
	// The constants of one type are named alike: all lowered, or all
	// with the package's name in front when one of them must be.
	var groups [][]types.Object
	ofType := map[types.Type]int{}
	for _, obj := range rest {
		if c, ok := obj.(*types.Const); ok {
			if named, ok := c.Type().(*types.Named); ok && named.Obj().Pkg() == c.Pkg() {
				if i, ok := ofType[named]; ok {
					groups[i] = append(groups[i], obj)
					continue
				}
				ofType[named] = len(groups)
			}
		}
		groups = append(groups, []types.Object{obj})
	}
	free := func(n string) bool {
		_, dup := taken[n]
		return !dup && !scopes[n] && !reserved(n)
	}
	for _, g := range groups {
		c := m.unitOf(g[0])
		forms := []func(string) string{func(name string) string { return prefixed(c.prefix, name) }}
		if c.prefix == "" {
			forms = []func(string) string{unexported, func(name string) string { return path.Base(c.path) + name }}
		}
		var names []string
		for _, form := range forms {
			names = names[:0]
			for _, obj := range g {
				if n := form(obj.Name()); free(n) && !slices.Contains(names, n) {
					names = append(names, n)
				}
			}
			if len(names) == len(g) {
				break
			}
		}
		if len(names) != len(g) {
			return fmt.Errorf("codegen: no free name for %s.%s in the generated file", c.pkg.Name(), g[len(names)].Name())
		}
		for i, obj := range g {
			if err := claim(obj, names[i]); err != nil {
				return err
			}
		}
	}
	return nil
}

// reserved reports whether a name is a keyword or predeclared: a
// package-level declaration of it would hide the builtin.
func reserved(name string) bool {
	return token.IsKeyword(name) || types.Universe.Lookup(name) != nil
}

// scopeNames lists the names the units' source uses in some scope: every
// identifier but those that are never resolved in one (selected fields
// and methods, struct fields, method names, labels and the keys of struct
// literals) and the units' own package names, which the generated file
// drops with the package clauses and the selectors that name them.
func scopeNames(m *merged) map[string]bool {
	out := map[string]bool{}
	for _, c := range m.units {
		for _, f := range c.files {
			skip := map[*ast.Ident]bool{f.Name: true}
			ast.Inspect(f, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.SelectorExpr:
					skip[n.Sel] = true
				case *ast.StructType:
					for _, fl := range n.Fields.List {
						for _, id := range fl.Names {
							skip[id] = true
						}
					}
				case *ast.InterfaceType:
					for _, fl := range n.Methods.List {
						for _, id := range fl.Names {
							skip[id] = true
						}
					}
				case *ast.FuncDecl:
					if n.Recv != nil {
						skip[n.Name] = true
					}
				case *ast.LabeledStmt:
					skip[n.Label] = true
				case *ast.BranchStmt:
					if n.Label != nil {
						skip[n.Label] = true
					}
				case *ast.KeyValueExpr:
					if id, ok := n.Key.(*ast.Ident); ok {
						if v, ok := c.info.Uses[id].(*types.Var); ok && v.IsField() {
							skip[id] = true
						}
					}
				case *ast.Ident:
					// A merged unit's import name goes with its
					// selectors: the generated file does not use it.
					if pn, ok := c.info.Uses[n].(*types.PkgName); ok && m.unitOfPkg(pn.Imported()) != nil {
						break
					}
					if !skip[n] {
						out[n.Name] = true
					}
				}
				return true
			})
		}
	}
	return out
}

// nameMethods unexports the exported methods that the generated package
// does not export. A method name is renamed, on every type and interface
// of the source that declares it, only when that is sure to change
// nothing but the name:
//   - no exported type has it in its method set;
//   - it is not the name of a method the standard library looks for
//     (String, Error, MarshalJSON, ...), which a value may be asked for at
//     run time without the source saying so;
//   - every selector of that name in the source is resolved by the
//     checker, so that no call of the method is left behind: one on a
//     value whose type the checker could not see (it came from the
//     standard library) leaves the name as it is;
//   - the new name is no identifier of the source at all.
//
// A method the standard library calls through an interface that the
// source converts to (sort.Interface) must keep its name too; a rename
// there fails to compile, which the generator's tests would see.
func (m *merged) nameMethods() error {
	methods := map[string][]*types.Func{}
	blocked := map[string]bool{}
	all := map[string]bool{}
	isMethod := func(obj types.Object) bool {
		fn, ok := obj.(*types.Func)
		return ok && fn.Type().(*types.Signature).Recv() != nil && m.unitOf(fn) != nil
	}
	for _, c := range m.units {
		for id, obj := range c.info.Defs {
			if isMethod(obj) {
				methods[id.Name] = append(methods[id.Name], obj.(*types.Func))
			}
		}
	}
	for _, c := range m.units {
		for _, f := range c.files {
			ast.Inspect(f, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.Ident:
					all[n.Name] = true
				case *ast.SelectorExpr:
					if x, ok := n.X.(*ast.Ident); ok {
						if _, ok := c.info.Uses[x].(*types.PkgName); ok {
							return true // a qualified name
						}
					}
					if c.info.Uses[n.Sel] == nil {
						blocked[n.Sel.Name] = true
					}
				}
				return true
			})
		}
	}
	// Method sets of the exported types, pointers included.
	for _, c := range m.units {
		for _, name := range c.pkg.Scope().Names() {
			obj := c.pkg.Scope().Lookup(name)
			tn, ok := obj.(*types.TypeName)
			if !ok || !(m.exports[obj] || c == m.api && obj.Exported()) {
				continue
			}
			ms := types.NewMethodSet(types.NewPointer(tn.Type()))
			for i := range ms.Len() {
				blocked[ms.At(i).Obj().Name()] = true
			}
		}
	}
	names := make([]string, 0, len(methods))
	for name := range methods {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		to := unexported(name)
		if !ast.IsExported(name) || blocked[name] || runtimeMethods[name] || all[to] || reserved(to) {
			continue
		}
		for _, fn := range methods[name] {
			m.names[fn] = to
		}
	}
	return nil
}

// runtimeMethods are names of methods the standard library asks a value
// for at run time (fmt, encoding/json, errors, io and others): a type that
// has one must keep it under its name.
var runtimeMethods = map[string]bool{
	"String": true, "GoString": true, "Format": true, "Error": true,
	"MarshalJSON": true, "UnmarshalJSON": true, "MarshalText": true, "UnmarshalText": true,
	"MarshalBinary": true, "UnmarshalBinary": true, "GobEncode": true, "GobDecode": true,
	"Unwrap": true, "Is": true, "As": true, "Timeout": true, "Temporary": true,
	"Read": true, "Write": true, "Close": true, "ReadFrom": true, "WriteTo": true,
	"ReadByte": true, "ReadRune": true, "WriteString": true, "WriteByte": true, "WriteRune": true,
	"Len": true, "Less": true, "Swap": true, "Push": true, "Pop": true, "Scan": true,
	"Lock": true, "Unlock": true, "RLock": true, "RUnlock": true,
}
