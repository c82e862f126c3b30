package codegen

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"path"
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
	for _, obj := range rest {
		c := m.unitOf(obj)
		var candidates []string
		if c.prefix != "" {
			candidates = []string{prefixed(c.prefix, obj.Name())}
		} else {
			candidates = []string{unexported(obj.Name()), path.Base(c.path) + obj.Name()}
		}
		name := ""
		for _, n := range candidates {
			if _, dup := taken[n]; !dup && !scopes[n] && !reserved(n) {
				name = n
				break
			}
		}
		if name == "" {
			return fmt.Errorf("codegen: no free name for %s.%s in the generated file (tried %v)", c.pkg.Name(), obj.Name(), candidates)
		}
		if err := claim(obj, name); err != nil {
			return err
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
// literals).
func scopeNames(m *merged) map[string]bool {
	out := map[string]bool{}
	for _, c := range m.units {
		for _, f := range c.files {
			skip := map[*ast.Ident]bool{}
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
