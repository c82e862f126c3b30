package compile_test

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/google/go-cmp/cmp"
	"github.com/rogpeppe/go-internal/txtar"

	"github.com/errcat/errcat/internal/compile"
	"github.com/errcat/errcat/internal/diag"
	"github.com/errcat/errcat/internal/tables"
)

var update = flag.Bool("update", false, "rewrite the want sections of testdata/errors/*.txtar")

// TestErrors loads each broken catalogue in testdata/errors and compares
// the positioned errors with the archive's "want" file. Run with -update
// after an intended change of wording, and read the diff.
func TestErrors(t *testing.T) {
	files, _ := filepath.Glob("testdata/errors/*.txtar")
	if len(files) == 0 {
		t.Fatal("no test archives")
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txtar"), func(t *testing.T) {
			ar, err := txtar.ParseFile(file)
			if err != nil {
				t.Fatal(err)
			}
			fsys := fstest.MapFS{}
			var want string
			wantIdx := -1
			for i, f := range ar.Files {
				if f.Name == "want" {
					want, wantIdx = string(f.Data), i
					continue
				}
				fsys[f.Name] = &fstest.MapFile{Data: f.Data}
			}
			_, err = compile.Load(fsys, "cat")
			if err == nil {
				t.Fatal("catalogue loaded; want errors")
			}
			got := err.Error() + "\n"
			for _, e := range diag.As(err) {
				if e.Pos.Line == 0 && e.Code != diag.Read {
					t.Errorf("error without a line: %v", e)
				}
			}
			if *update {
				if wantIdx < 0 {
					ar.Files = append(ar.Files, txtar.File{Name: "want"})
					wantIdx = len(ar.Files) - 1
				}
				ar.Files[wantIdx].Data = []byte(got)
				if err := os.WriteFile(file, txtar.Format(ar), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("errors differ (-want +got):\n%s", diff)
			}
		})
	}
}

// TestGood compiles a catalogue that uses every matcher kind and checks the
// tables that matter to the engine.
func TestGood(t *testing.T) {
	cat, err := compile.Load(os.DirFS("testdata/good"), "good")
	if err != nil {
		t.Fatal(err)
	}
	if len(cat.Rules) == 0 {
		t.Fatal("no rules")
	}
	for i := 1; i < len(cat.Rules); i++ {
		if cat.Rules[i-1].ID >= cat.Rules[i].ID {
			t.Errorf("rules not sorted by id: %s before %s", cat.Rules[i-1].ID, cat.Rules[i].ID)
		}
	}
	tiers := map[string]tables.Tier{}
	for _, r := range cat.Rules {
		tiers[r.ID] = r.Tier
	}
	want := map[string]tables.Tier{
		"t.status":    tables.TierBare,
		"t.header":    tables.TierStructured,
		"t.json":      tables.TierStructured,
		"t.exit":      tables.TierBare,
		"t.signal":    tables.TierBare,
		"t.exact":     tables.TierExact,
		"t.contains":  tables.TierText,
		"t.regex":     tables.TierText,
		"t.provider":  tables.TierText,
		"t.overrider": tables.TierText,
	}
	if diff := cmp.Diff(want, tiers); diff != "" {
		t.Errorf("tiers (-want +got):\n%s", diff)
	}
	if !strings.HasPrefix(cat.ID, cat.Version+"+") || len(cat.ID) != len(cat.Version)+13 {
		t.Errorf("ID = %q, want version+12 hex digits", cat.ID)
	}
}

// TestDigest checks that the version hash follows meaning, not layout.
func TestDigest(t *testing.T) {
	a, err := compile.Load(os.DirFS("testdata/good"), "good")
	if err != nil {
		t.Fatal(err)
	}
	b, err := compile.Load(os.DirFS("testdata/good"), "elsewhere")
	if err != nil {
		t.Fatal(err)
	}
	if a.ID != b.ID {
		t.Errorf("same catalogue, different ids: %s %s", a.ID, b.ID)
	}
	b.Rules[0].Priority++
	if compile.Digest(a) == compile.Digest(b) {
		t.Error("changing a priority did not change the digest")
	}
	b.Rules[0].Priority--
	b.Rules[0].Line += 10
	if compile.Digest(a) != compile.Digest(b) {
		t.Error("moving a rule changed the digest")
	}
}
