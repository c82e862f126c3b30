package codegen

import (
	"go/ast"
	"go/parser"
	"go/token"
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
