package builtin

import (
	"bytes"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/errcat/errcat/catalogue"
	"github.com/errcat/errcat/internal/catcache"
	"github.com/errcat/errcat/internal/compile"
	"github.com/errcat/errcat/internal/match"
)

// TestFresh fails when catalogue.gob was not regenerated after the
// catalogue changed (or after the compiler did).
func TestFresh(t *testing.T) {
	want, err := Encode()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(want, compiled) {
		t.Fatal("internal/builtin/catalogue.gob is stale: run make generate")
	}
}

// TestDecodedIsCompiled holds the decoded tables to a compile of the
// YAML, derived fields (triggers, where patterns begin) included: the
// digest leaves those out, so equal IDs would not show a difference.
func TestDecodedIsCompiled(t *testing.T) {
	got, ok := decode(compiled)
	if !ok {
		t.Fatal("catalogue.gob not used")
	}
	want, err := compile.Load(catalogue.FS, Name)
	if err != nil {
		t.Fatal(err)
	}
	opt := cmpopts.IgnoreUnexported(match.Regex{}, match.FieldTest{}, match.HintSource{})
	if diff := cmp.Diff(want, got, opt); diff != "" {
		t.Fatalf("decoded tables differ from compiled ones (-compiled +decoded):\n%s", diff)
	}
}

// TestStaleIsNotUsed checks that tables compiled from other YAML are
// passed over for the embedded YAML.
func TestStaleIsNotUsed(t *testing.T) {
	c, err := compile.Load(catalogue.FS, Name)
	if err != nil {
		t.Fatal(err)
	}
	other, err := catcache.Encode("another catalogue", c)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := decode(other); ok {
		t.Fatal("tables of another catalogue's fingerprint were used")
	}
	if _, ok := decode([]byte("not gob")); ok {
		t.Fatal("garbage decoded")
	}
}
