package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// uncomment returns the commented example in text that begins with the
// line "# "+first, down to the last comment line after it, uncommented.
func uncomment(t *testing.T, text, first string) string {
	t.Helper()
	lines := strings.Split(text, "\n")
	var out []string
	for i, l := range lines {
		if l != "# "+first {
			continue
		}
		for _, l := range lines[i:] {
			if !strings.HasPrefix(l, "#") {
				break
			}
			out = append(out, strings.TrimPrefix(strings.TrimPrefix(l, "#"), " "))
		}
		return strings.Join(out, "\n") + "\n"
	}
	t.Fatalf("no example beginning %q in:\n%s", first, text)
	return ""
}

// TestInitExample holds the examples errcat init writes in comments to
// what they say: uncommented, the code, the rule and its two fixtures
// pass errcat test together.
func TestInitExample(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "ci")
	env := func(k string) string { return map[string]string{"ERRCAT_CACHE": "off"}[k] }
	var out, errb bytes.Buffer
	if code := run([]string{"init", dir}, stdio{strings.NewReader(""), &out, &errb}, env); code != 0 {
		t.Fatalf("errcat init: exit %d: %s", code, errb.String())
	}
	// edit puts the example that begins with the line "# "+example in
	// place of old, or after it with keep.
	edit := func(name, old, example string, keep bool) {
		p := filepath.Join(dir, name)
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		text := string(data)
		if !strings.Contains(text, "\n"+old) {
			t.Fatalf("%s has no %q", name, old)
		}
		repl := uncomment(t, text, example)
		if keep {
			repl = old + repl
		}
		// old is a whole line: the last one that is.
		i := strings.LastIndex(text, "\n"+old)
		text = text[:i+1] + repl + text[i+1+len(old):]
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	edit("catalogue.yaml", "extends: builtin\n", "codes:", true)
	edit("catalogue.yaml", "extends: builtin\n", "priorities:", true)
	edit("rules/ci.yaml", "rules: []\n", "rules:", false)
	edit("fixtures/ci.yaml", "[]\n", "- name: deploy lock held by another run", false)
	out.Reset()
	errb.Reset()
	code := run([]string{"test", "--catalogue", dir}, stdio{strings.NewReader(""), &out, &errb}, env)
	if code != 0 || !strings.Contains(out.String(), "\nok: ") {
		t.Fatalf("errcat test on the uncommented examples: exit %d\n%s%s", code, out.String(), errb.String())
	}
	if !strings.Contains(out.String(), "SKIP ") {
		t.Errorf("the example disable lists no skipped fixture:\n%s", out.String())
	}
}
