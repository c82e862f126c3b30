package codegen

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/printer"
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

// TestSettleGuards checks what becomes of the if statements a feature
// begins the condition of, in any statement list: with the feature off
// (F), the statement is replaced by its else branch or removed; with it on
// (G), it loses the feature from its condition, or is replaced by its
// body, whose statements stand on their own where no name changes scope.
// A condition that merely contains a feature is left alone. The lines of
// what is taken out leave no gap.
func TestSettleGuards(t *testing.T) {
	const src = `package p

const (
	F = true
	G = true
)

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
	if G && x && !x {
		k()
	}
	if G {
		if G {
			l()
		}
		if F {
			m()
		}
	}
	if G {
		y := x
		_ = y
	}
	if x {
	} else if G {
		n()
	}
	switch {
	case x:
		o()
		if G {
			z := x
			_ = z
		}
	case !x:
		y := x
		if G {
			y := x
			_ = y
		}
	}
	if x {
		p()
	} else if F {
		q()
	}
}
`
	const want = `package p

const (
	F = true
	G = true
)

func f(x bool) {
	a()
	d()
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
	if x && !x {
		k()
	}
	l()
	{
		y := x
		_ = y
	}
	if x {
	} else {
		n()
	}
	switch {
	case x:
		o()
		z := x
		_ = z
	case !x:
		y := x
		{
			y := x
			_ = y
		}
	}
	if x {
		p()
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
	m := &merged{fset: fset, text: map[*token.File][]byte{fset.File(f.Pos()): []byte(src)}}
	F, G := pkg.Scope().Lookup("F"), pkg.Scope().Lookup("G")
	settleGuards(f, func(cond ast.Expr) (feature, on bool) {
		switch guardOf(info, cond) {
		case F:
			return true, false
		case G:
			return true, true
		}
		return false, false
	}, m.takeOut)
	m.dropCommentLines(f, nil)
	var b bytes.Buffer
	cfg := printer.Config{Mode: printer.UseSpaces | printer.TabIndent, Tabwidth: 8}
	if err := cfg.Fprint(&b, fset, f); err != nil {
		t.Fatal(err)
	}
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
}

// TestFeatureCodeLeftOut checks that a generated package carries a
// feature's code when its catalogue uses the feature, and leaves it out
// when it does not; the feature constants are never in it.
func TestFeatureCodeLeftOut(t *testing.T) {
	for dir, want := range map[string]bool{
		"../compile/testdata/good":       true,
		"../../examples/embed/catalogue": false,
	} {
		cat, err := compile.Load(os.DirFS(dir), dir)
		if err != nil {
			t.Fatal(err)
		}
		src, err := Generate(cat, Options{Package: "x"})
		if err != nil {
			t.Fatal(err)
		}
		for _, code := range []string{"func lookupJSON(", "func bodyJSON(", ") tokens(", "func (b *jsonBlock) add(", "func indexOpener("} {
			if got := bytes.Contains(src, []byte(code)); got != want {
				t.Errorf("%s: output holds %q: %v, want %v", dir, code, got, want)
			}
		}
		for _, name := range []string{"usesJSON", "usesTokens"} {
			if bytes.Contains(src, []byte(name)) {
				t.Errorf("%s: output holds %q", dir, name)
			}
		}
	}
}
