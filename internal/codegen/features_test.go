package codegen

import (
	"bytes"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"go/types"
	"maps"
	"os"
	"slices"
	"testing"

	"github.com/errcat/errcat/internal/compile"
)

// TestFeatureUseCoversFeatures checks that every feature internal/tables
// declares is decided for a catalogue, and nothing else is.
func TestFeatureUseCoversFeatures(t *testing.T) {
	m, err := loadSource()
	if err != nil {
		t.Fatal(err)
	}
	declared, err := m.featureConsts(m.unit(tablesPath))
	if err != nil {
		t.Fatal(err)
	}
	got, want := slices.Sorted(maps.Keys(declared)), slices.Sorted(maps.Keys(featureUse))
	if len(got) == 0 || !slices.Equal(got, want) {
		t.Errorf("internal/tables declares features %v; featureUse decides %v", got, want)
	}
}

// TestFeaturesOff checks the decision on a catalogue that uses every
// feature and on one that uses none.
func TestFeaturesOff(t *testing.T) {
	for dir, want := range map[string][]string{
		"../compile/testdata/good":       nil,
		"../../examples/embed/catalogue": {"UsesJSON", "UsesTokens"},
	} {
		cat, err := compile.Load(os.DirFS(dir), dir)
		if err != nil {
			t.Fatal(err)
		}
		if got := featuresOff(cat); !slices.Equal(got, want) {
			t.Errorf("%s: features off %v, want %v", dir, got, want)
		}
	}
}

// TestDropGuarded checks which statements a feature that is off takes
// with it: an if statement it begins the condition of, in any statement
// list, replaced by its else branch when it has one; not one whose
// condition merely contains it.
func TestDropGuarded(t *testing.T) {
	const src = `package p

const F = true

func f(x bool) {
	a()
	if F {
		b()
	}
	if F && x {
		c()
	} else {
		d()
	}
	if x {
		e()
	} else if (F) {
		g()
	} else {
		h()
	}
	if x && F {
		i()
	}
	switch {
	case x:
		if F {
			j()
		}
	}
}
`
	const want = `package p

const F = true

func f(x bool) {
	a()

	{
		d()
	}
	if x {
		e()
	} else {
		h()
	}
	if x && F {
		i()
	}
	switch {
	case x:

	}
}
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{Defs: map[*ast.Ident]types.Object{}, Uses: map[*ast.Ident]types.Object{}}
	pkg, err := (&types.Config{Error: func(error) {}}).Check("p", fset, []*ast.File{f}, info)
	if pkg == nil {
		t.Fatal(err)
	}
	feature := pkg.Scope().Lookup("F")
	dropGuarded(f, func(cond ast.Expr) bool { return guardOf(info, cond) == feature })
	var b bytes.Buffer
	if err := format.Node(&b, fset, f); err != nil {
		t.Fatal(err)
	}
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
}
