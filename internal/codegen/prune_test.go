package codegen

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"slices"
	"testing"
)

// TestPrune checks what prune keeps of a small source: what a root
// reaches, a kept type's exported methods and the unexported ones that
// are called, a constant block whole, a var block spec by spec, and the
// blank identifier's declarations.
func TestPrune(t *testing.T) {
	const src = `package p

func API() { helper(); var t used; t.called() }
func helper() {}
func orphan() { helper2() }
func helper2() {}

type used struct{}
func (used) called()    {}
func (used) notCalled() {}
func (used) String() string { return "" }

type unused struct{}
func (unused) String() string { return "" }

const (
	a = iota
	b
)

var (
	x = b
	y = 1
)

var _ = y

func uses() int { return x }
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	m := &merged{units: []*checked{{files: []*ast.File{f}}}}
	nodes := m.nodes()
	prune(nodes, []string{"API", "uses"})
	var kept []string
	for _, n := range nodes {
		if !n.keep {
			continue
		}
		if n.recv != "" {
			kept = append(kept, n.recv+"."+n.method)
		} else {
			kept = append(kept, n.names...)
		}
	}
	want := []string{"API", "helper", "used", "used.called", "used.String", "a", "b", "x", "y", "_", "uses"}
	slices.Sort(kept)
	slices.Sort(want)
	if !slices.Equal(kept, want) {
		t.Errorf("kept %v, want %v", kept, want)
	}
}

// TestPruneByObject checks that a checked source is pruned by what its
// identifiers refer to, not by their names: a field or a local named like
// a declaration keeps nothing, a call of a concrete type's method keeps
// that method alone, and a call through an interface keeps the method of
// that name on every kept type.
func TestPruneByObject(t *testing.T) {
	const src = `package p

type T struct{ helper int }
func (T) m()    {}
func (T) n()    {}
type U struct{}
func (U) m()    {}
func (U) n()    {}
type I interface{ n() }
type s struct{}
func (T) s()    {}

func API() { var t T; t.m(); var u U; var i I = u; i.n(); x := t.helper; _ = x; orphan := 1; _ = orphan; var v s; _ = v }
func helper() {}
func orphan() {}
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{Defs: map[*ast.Ident]types.Object{}, Uses: map[*ast.Ident]types.Object{}}
	pkg, err := (&types.Config{}).Check("p", fset, []*ast.File{f}, info)
	if err != nil {
		t.Fatal(err)
	}
	m := &merged{units: []*checked{{files: []*ast.File{f}, pkg: pkg, info: info}}, names: map[types.Object]string{}}
	nodes := m.nodes()
	prune(nodes, []string{"API"})
	var kept []string
	for _, n := range nodes {
		if !n.keep {
			continue
		}
		if n.recv != "" {
			kept = append(kept, n.recv+"."+n.method)
		} else {
			kept = append(kept, n.names...)
		}
	}
	// T.s shares its name with the type s, which is all API uses of it.
	want := []string{"API", "I", "T", "T.m", "T.n", "U", "U.n", "s"}
	slices.Sort(kept)
	if !slices.Equal(kept, want) {
		t.Errorf("kept %v, want %v", kept, want)
	}
}
