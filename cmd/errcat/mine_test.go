package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func noEnv(string) string { return "" }

// TestMineGolden pins the templates errcat mine finds in a sample CI log,
// against the built-in catalogue: known failures, an imaginary internal
// tool's failures with varying ids, hosts and paths, failures in German
// and Chinese, a non-zero exit, and ordinary lines. -update rewrites the
// golden file.
func TestMineGolden(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run([]string{"mine", "testdata/mine/sample.log"}, stdio{strings.NewReader(""), &out, &errb}, noEnv); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	golden := filepath.Join("testdata", "mine", "sample.golden")
	if *update {
		if err := os.WriteFile(golden, out.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(string(want), out.String()); diff != "" {
		t.Errorf("errcat mine testdata/mine/sample.log (-golden +got), rerun with -update if intended:\n%s", diff)
	}
}

// TestMineFixtureCommandWorks runs what errcat mine prints for each
// template: the shell prints the example back byte for byte, and errcat
// fixture add takes it on standard input.
func TestMineFixtureCommandWorks(t *testing.T) {
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh")
	}
	var out, errb bytes.Buffer
	if code := run([]string{"mine", "-o", "json", "testdata/mine/sample.log"}, stdio{strings.NewReader(""), &out, &errb}, noEnv); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	var rep mineReport
	if err := json.Unmarshal(out.Bytes(), &rep); err != nil {
		t.Fatal(err)
	}
	if len(rep.Templates) < 3 {
		t.Fatalf("%d templates, want several", len(rep.Templates))
	}
	dir := t.TempDir()
	for _, tp := range rep.Templates {
		printf, add, ok := strings.Cut(tp.FixtureCommand, " | ")
		if !ok || add != "errcat fixture add --code CODE" {
			t.Fatalf("fixture command %q: want printf ... | errcat fixture add --code CODE", tp.FixtureCommand)
		}
		got, err := exec.Command(sh, "-c", printf).Output()
		if err != nil {
			t.Fatalf("%s: %v", printf, err)
		}
		if string(got) != tp.Example+"\n" {
			t.Errorf("%s printed %q, want the example %q", printf, got, tp.Example)
		}
		var aout, aerr bytes.Buffer
		if code := run([]string{"fixture", "add", "--code", "unclassified", "--fixtures", dir}, stdio{bytes.NewReader(got), &aout, &aerr}, noEnv); code != 0 {
			t.Errorf("fixture add of %q: exit %d: %s", tp.Example, code, aerr.String())
		}
	}
}

func TestShellQuote(t *testing.T) {
	for in, want := range map[string]string{
		"plain":        "plain",
		"":             "''",
		"two words":    "'two words'",
		"it's":         `'it'\''s'`,
		"$HOME `x` \\": "'$HOME `x` \\'",
	} {
		if got := shellQuote(in); got != want {
			t.Errorf("shellQuote(%q) = %s, want %s", in, got, want)
		}
	}
}
