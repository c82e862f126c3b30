package builtin

import (
	"bytes"
	"os"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/errcat/errcat/catalogue"
	builtintables "github.com/errcat/errcat/internal/builtin/tables"
	"github.com/errcat/errcat/internal/compile"
)

// TestFresh fails when tables_gen.go was not regenerated after the
// catalogue changed (or after the compiler did).
func TestFresh(t *testing.T) {
	want, err := builtintables.Source()
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("tables_gen.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(want, got) {
		t.Fatal("internal/builtin/tables_gen.go is stale: run make generate")
	}
	if !current(fingerprint) {
		t.Fatal("the generated tables' fingerprint is not the embedded YAML's")
	}
}

// TestTablesAreCompiled holds the generated tables to a compile of the
// YAML, derived fields (triggers, where patterns begin) included: the
// digest leaves those out, so equal IDs would not show a difference.
func TestTablesAreCompiled(t *testing.T) {
	want, err := compile.Load(catalogue.FS, Name)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, compiled); diff != "" {
		t.Fatalf("generated tables differ from compiled ones (-compiled +generated):\n%s", diff)
	}
}

// TestCatalogueIsShared checks that every call gets the generated
// tables themselves: one read-only copy per process.
func TestCatalogueIsShared(t *testing.T) {
	for i := range 2 {
		got, err := Catalogue()
		if err != nil {
			t.Fatal(err)
		}
		if got != compiled {
			t.Fatalf("call %d did not get the generated tables", i+1)
		}
	}
}

// TestStaleIsNotUsed checks that tables compiled from other YAML are
// passed over for the embedded YAML.
func TestStaleIsNotUsed(t *testing.T) {
	if current("fingerprint of another catalogue") {
		t.Fatal("tables of another catalogue's fingerprint would be used")
	}
}

// layerPriority is the priority docs/format.md and errcat init's starter
// rules give a layer's rules, so that they rank above every built-in rule
// of their tier and errcat check finds no tie between the two.
const layerPriority = 100

// TestBuiltinRanksBelowLayers holds the built-in rules below
// layerPriority: a built-in rule there would tie with every layer rule
// that meets it.
func TestBuiltinRanksBelowLayers(t *testing.T) {
	for _, r := range compiled.Rules {
		if r.Priority >= layerPriority {
			t.Errorf("built-in rule %s has priority %d; built-in rules stay below %d, the priority of a layer's rules", r.ID, r.Priority, layerPriority)
		}
	}
}
