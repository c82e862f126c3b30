package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/errcat/errcat/internal/catcache"
	"github.com/errcat/errcat/internal/collide"
)

// TestTestKeepsTheAnalysis holds errcat test to the collision report the
// cache keeps for unchanged rules, and to a fresh analysis once a rule
// file changes: a report put in the cache by hand is what a second run
// reports, until the rules are edited.
func TestTestKeepsTheAnalysis(t *testing.T) {
	root := t.TempDir()
	cat := filepath.Join(root, "catalogue")
	writeFiles(t, root, map[string]string{
		"catalogue/catalogue.yaml": "name: kept\nversion: 1.0.0\nclasses:\n  transient: {description: d, exit_code: 75}\ncodes:\n  overloaded: {class: transient, description: d}\n",
		"catalogue/rules/r.yaml":   "rules:\n  - id: t.overloaded\n    code: overloaded\n    confidence: high\n    match: {regex: 'upstream overloaded'}\n",
		"fixtures/f.yaml":          "- name: overloaded\n  evidence: {text: 'error: upstream overloaded'}\n  expect: {code: overloaded}\n",
	})
	env := map[string]string{catcache.Env: filepath.Join(root, "cache")}
	getenv := func(k string) string { return env[k] }
	test := func() (int, string) {
		var out, errb bytes.Buffer
		code := run([]string{"test", "--catalogue", cat}, stdio{strings.NewReader(""), &out, &errb}, getenv)
		return int(code), out.String() + errb.String()
	}
	if code, out := test(); code != 0 {
		t.Fatalf("first run: exit %d\n%s", code, out)
	}
	planted := &collide.Report{Findings: []collide.Finding{{Kind: "collision", Severity: "error",
		Rule: collide.RuleRef{ID: "t.overloaded", File: "rules/r.yaml", Line: 2}, Message: "planted in the cache"}}}
	catcache.Default(getenv).KeepAnalysis(os.DirFS(cat), filepath.ToSlash(filepath.Clean(cat)), 0, planted)
	if code, out := test(); code != 1 || !strings.Contains(out, "planted in the cache") {
		t.Fatalf("second run did not report the kept analysis: exit %d\n%s", code, out)
	}
	writeFiles(t, root, map[string]string{
		"catalogue/rules/r.yaml": "rules:\n  - id: t.overloaded\n    code: overloaded\n    confidence: high\n    match: {regex: 'upstream (overloaded|busy)'}\n",
	})
	if code, out := test(); code != 0 || strings.Contains(out, "planted") {
		t.Fatalf("a run after a rule edit kept the old analysis: exit %d\n%s", code, out)
	}
}

func writeFiles(t *testing.T, root string, files map[string]string) {
	t.Helper()
	for name, data := range files {
		p := filepath.Join(root, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
