package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/errcat/errcat/internal/supervise"
)

// ruleRef finds what reads as a rule id: a lower-case dotted name, or a
// pattern of them ending in "*" ("http.status_*").
var ruleRef = regexp.MustCompile(`\b([a-z][a-z0-9_]*)\.([a-z0-9_-]*[a-z0-9_*])(?:[^a-zA-Z0-9_.*-]|\.(?:[^a-z0-9_]|$)|$)`)

// notRule are the endings that make a dotted name a file or a host
// ("docker.yaml", "go.mod", "docker.io") rather than a rule.
var notRule = map[string]bool{
	"yaml": true, "yml": true, "json": true, "jsonl": true, "md": true, "go": true, "txt": true,
	"xml": true, "sarif": true, "txtar": true, "sh": true, "log": true, "lock": true, "mod": true,
	"sum": true, "py": true, "js": true, "ts": true, "io": true, "com": true, "org": true,
	"net": true, "dev": true, "schema": true,
}

// definedHere are the rules a text defines itself, in a YAML sample
// ("- id: docker.no_matching_platform"), as a walkthrough does.
var definedHere = regexp.MustCompile(`(?m)\bid: ([a-z0-9_]+(?:\.[a-z0-9_-]+)+)\s*$`)

// TestDocsNameRealRules fails when the docs, the README or a command's
// help names a rule the shipped catalogue does not have: the names are
// copied into catalogues, policies and tests, and a stale one sends the
// reader to nothing. A dotted name counts as a rule reference when it
// begins with the prefix of a shipped rule ("openai.", "docker.").
func TestDocsNameRealRules(t *testing.T) {
	cf := catalogueFlag{dir: "../../catalogue", getenv: func(k string) string {
		if k == "ERRCAT_CACHE" {
			return "off"
		}
		return ""
	}}
	eng, err := cf.load()
	if err != nil {
		t.Fatal(err)
	}
	ids := map[string]bool{}
	prefixes := map[string]bool{}
	for _, r := range eng.Catalogue().Rules {
		ids[r.ID] = true
		prefixes[strings.SplitN(r.ID, ".", 2)[0]] = true
	}

	type text struct{ where, body string }
	var texts []text
	files, err := filepath.Glob("../../docs/*.md")
	if err != nil || len(files) == 0 {
		t.Fatalf("no docs found: %v", err)
	}
	files = append(files, "../../README.md", "doc.go")
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		texts = append(texts, text{strings.TrimPrefix(f, "../../"), string(data)})
	}
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		var b strings.Builder
		b.WriteString(c.Short + "\n" + c.Long + "\n" + c.Example + "\n")
		c.Flags().VisitAll(func(f *pflag.Flag) { b.WriteString(f.Usage + "\n") })
		texts = append(texts, text{c.CommandPath() + " --help", b.String()})
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(newRoot(stdio{}, func(string) string { return "" }, supervise.RealClock{}))

	checked := 0
	for _, tx := range texts {
		here := map[string]bool{}
		for _, m := range definedHere.FindAllStringSubmatch(tx.body, -1) {
			here[m[1]] = true
		}
		for i, line := range strings.Split(tx.body, "\n") {
			for _, m := range ruleRef.FindAllStringSubmatch(line, -1) {
				prefix, rest := m[1], m[2]
				if !prefixes[prefix] || notRule[rest] {
					continue
				}
				id := prefix + "." + rest
				checked++
				if ids[id] || here[id] {
					continue
				}
				if pat, ok := strings.CutSuffix(id, "*"); ok && anyPrefixed(ids, pat) {
					continue
				}
				t.Errorf("%s:%d names rule %s, which the shipped catalogue does not have", tx.where, i+1, id)
			}
		}
	}
	t.Logf("%d rule references checked", checked)
	if checked < 50 {
		t.Errorf("only %d rule references checked: the pattern no longer finds them", checked)
	}
}

func anyPrefixed(ids map[string]bool, prefix string) bool {
	for id := range ids {
		if strings.HasPrefix(id, prefix) {
			return true
		}
	}
	return false
}
