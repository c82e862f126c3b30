package builtin

import (
	"bytes"
	"os"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/errcat/errcat/catalogue"
	"github.com/errcat/errcat/internal/builtin/tables"
	"github.com/errcat/errcat/internal/compile"
	"github.com/errcat/errcat/internal/match"
)

// TestFresh fails when tables_gen.go was not regenerated after the
// catalogue changed (or after the compiler did).
func TestFresh(t *testing.T) {
	want, err := tables.Source()
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

// ignoreUnexported leaves out what match.New fills in.
var ignoreUnexported = cmpopts.IgnoreUnexported(match.Regex{}, match.FieldTest{}, match.HintSource{})

// TestTablesAreCompiled holds the generated tables to a compile of the
// YAML, derived fields (triggers, where patterns begin) included: the
// digest leaves those out, so equal IDs would not show a difference.
func TestTablesAreCompiled(t *testing.T) {
	want, err := compile.Load(catalogue.FS, Name)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, compiled, ignoreUnexported); diff != "" {
		t.Fatalf("generated tables differ from compiled ones (-compiled +generated):\n%s", diff)
	}
}

// TestCatalogueHandsTablesOutOnce checks that the generated tables go to
// the first caller only, since match.New prepares tables in place, and
// that later callers get the same catalogue, compiled.
func TestCatalogueHandsTablesOutOnce(t *testing.T) {
	first, err := Catalogue()
	if err != nil {
		t.Fatal(err)
	}
	second, err := Catalogue()
	if err != nil {
		t.Fatal(err)
	}
	if first != compiled {
		t.Error("the first call did not take the generated tables")
	}
	if second == compiled {
		t.Error("the generated tables were handed out twice")
	}
	if diff := cmp.Diff(first, second, ignoreUnexported); diff != "" {
		t.Fatalf("the second call's tables differ (-first +second):\n%s", diff)
	}
}

// TestStaleIsNotUsed checks that tables compiled from other YAML are
// passed over for the embedded YAML.
func TestStaleIsNotUsed(t *testing.T) {
	if current("fingerprint of another catalogue") {
		t.Fatal("tables of another catalogue's fingerprint would be used")
	}
}
