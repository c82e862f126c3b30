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

// TestSharedDefinitions checks that a rule naming a catalogue.yaml guard
// or extract source compiles exactly as the rule with the definition
// written in its place.
func TestSharedDefinitions(t *testing.T) {
	const head = "name: x\nversion: 1.0.0\nclasses:\n  request: {description: d, exit_code: 65}\n" +
		"codes:\n  context_length_exceeded: {class: request, description: d}\n"
	const guard = "{regex: '^\\s*> |\\bdef test_'}"
	const tokens = "{regex: 'prompt is too long: (?P<requested>\\d+) tokens > (?P<limit>\\d+)'}"
	rule := func(id, not, tok string) string {
		return "  - id: " + id + "\n    code: context_length_exceeded\n    confidence: high\n" +
			"    match: {contains: [prompt is too long]}\n    not: " + not + "\n    extract: {tokens: " + tok + "}\n"
	}
	named := fstest.MapFS{
		"catalogue.yaml": {Data: []byte(head + "guards:\n  quoted: " + guard + "\nextract:\n  window: " + tokens + "\n")},
		"rules/a.yaml":   {Data: []byte("rules:\n" + rule("a.one", "quoted", "window"))},
		"rules/b.yaml":   {Data: []byte("rules:\n" + rule("b.two", "quoted", "[window]"))},
	}
	inline := fstest.MapFS{
		"catalogue.yaml": {Data: []byte(head)},
		"rules/a.yaml":   {Data: []byte("rules:\n" + rule("a.one", guard, tokens))},
		"rules/b.yaml":   {Data: []byte("rules:\n" + rule("b.two", guard, "["+tokens+"]"))},
	}
	a, err := compile.Load(named, "named")
	if err != nil {
		t.Fatal(err)
	}
	b, err := compile.Load(inline, "inline")
	if err != nil {
		t.Fatal(err)
	}
	if a.ID != b.ID {
		t.Errorf("named definitions compile to %s, written in place to %s", a.ID, b.ID)
	}
	for _, r := range a.Rules {
		if r.Not == nil || len(r.Not.Regex) != 1 || len(r.Hints) != 1 || r.Hints[0].Want != tables.WantTokens {
			t.Errorf("rule %s: not %+v, hints %+v; want the named guard and tokens source", r.ID, r.Not, r.Hints)
		}
	}
}

// TestGuardList checks that a not listing a named guard and a block of the
// rule's own compiles to one condition holding the patterns of both.
func TestGuardList(t *testing.T) {
	fsys := fstest.MapFS{
		"catalogue.yaml": {Data: []byte("name: x\nversion: 1.0.0\nclasses:\n  hard: {description: d, exit_code: 78}\n" +
			"codes:\n  disk_full: {class: hard, description: d}\nguards:\n  quoted: {regex: '^\\s*> '}\n")},
		"rules/a.yaml": {Data: []byte("rules:\n  - id: a.one\n    code: disk_full\n    confidence: high\n" +
			"    match: {contains: [ENOSPC]}\n    not: [quoted, {regex: ['\\bdef test_', 'PASSED']}]\n")},
	}
	cat, err := compile.Load(fsys, "list")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, re := range cat.Rules[0].Not.Regex {
		got = append(got, re.Src)
	}
	if diff := cmp.Diff([]string{`^\s*> `, `\bdef test_`, `PASSED`}, got); diff != "" {
		t.Errorf("guard patterns (-want +got):\n%s", diff)
	}
}
