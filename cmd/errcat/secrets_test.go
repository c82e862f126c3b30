package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/errcat/errcat/internal/exitcode"
	"github.com/errcat/errcat/internal/redact/redacttest"
)

// secretsCatalogue classifies every line that says "request failed", so
// that each fake secret sits in an excerpt.
var secretsCatalogue = map[string]string{
	"cat/catalogue.yaml": `name: secrets
version: 0.1.0
classes:
  transient: {description: Try again later., exit_code: 75}
  hard: {description: A person must act., exit_code: 78}
codes:
  auth_required: {class: hard, description: Bad credentials.}
  rate_limited: {class: transient, description: Too many requests.}
`,
	"cat/rules/r.yaml": `rules:
  - id: text.request_failed
    code: auth_required
    confidence: high
    match: {contains: [request failed]}
  - id: text.rate_limit
    code: rate_limited
    confidence: high
    match: {contains: [rate limit]}
    extract: {retry_after: {regex: 'retry in (?P<value>[0-9]+s)'}}
`,
	"p.yaml": `version: 1
transient:
  retry: {enabled: true, max_retries: 1, initial_interval: 1s}
  wait_for_reset: {enabled: false}
  on_exhausted: skip
hard:
  retry: {enabled: false}
  wait_for_reset: {enabled: false}
  on_exhausted: stop
`,
}

// secretOutput is one way errcat shows evidence: it runs errcat on the
// case's evidence in dir and returns everything errcat wrote.
type secretOutput struct {
	name string
	run  func(t *testing.T, dir string, c redacttest.Case, evidence string) string
}

// errcatIn runs one errcat command line in-process in dir and returns its
// standard output and error, and its exit status.
func errcatIn(dir, stdin string, args ...string) (string, exitcode.Code) {
	var out, errw bytes.Buffer
	env := map[string]string{"ERRCAT_CACHE": filepath.Join(dir, ".cache")}
	code := run(args, stdio{strings.NewReader(stdin), &out, &errw}, func(k string) string { return env[k] })
	return out.String() + errw.String(), code
}

func inDir(dir string, args ...string) []string {
	for i, a := range args {
		if strings.HasPrefix(a, "@") {
			args[i] = filepath.Join(dir, a[1:])
		}
	}
	return args
}

func classifyOutput(name string, args ...string) secretOutput {
	return secretOutput{name, func(t *testing.T, dir string, c redacttest.Case, ev string) string {
		out, code := errcatIn(dir, ev, inDir(dir, append([]string{"classify", "--catalogue", "@cat", "--now", "2026-01-01T00:00:00Z"}, args...)...)...)
		if code != 0 {
			t.Errorf("%s: exit %d: %s", name, code, out)
		}
		return out
	}}
}

func readFile(t *testing.T, path string) string {
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

var secretOutputs = []secretOutput{
	classifyOutput("classify"),
	classifyOutput("classify -o json", "-o", "json"),
	classifyOutput("classify --explain", "--explain"),
	classifyOutput("classify --explain -o json", "--explain", "-o", "json"),
	classifyOutput("classify --lines", "--lines"),
	classifyOutput("classify --lines -o jsonl", "--lines", "-o", "jsonl"),
	{"classify --header", func(t *testing.T, dir string, c redacttest.Case, ev string) string {
		// Evidence given as a header, and as a header without its colon
		// (a usage error, which must not echo the value).
		line, _, _ := strings.Cut(ev, "\n")
		out, _ := errcatIn(dir, "", inDir(dir, "classify", "--catalogue", "@cat", "--status", "401", "--header", "X-Debug: "+line, "--explain", "-o", "json")...)
		bad, code := errcatIn(dir, "", inDir(dir, "classify", "--catalogue", "@cat", "--header", "Authorization Bearer "+strings.ReplaceAll(line, ":", " "))...)
		if code != exitcode.Usage {
			t.Errorf("a header without a colon: exit %d, want %d", code, exitcode.Usage)
		}
		return out + bad
	}},
	{"sanitize", func(t *testing.T, dir string, c redacttest.Case, ev string) string {
		out, _ := errcatIn(dir, ev, "sanitize")
		return out
	}},
	{"sanitize --ids", func(t *testing.T, dir string, c redacttest.Case, ev string) string {
		out, _ := errcatIn(dir, ev, "sanitize", "--ids")
		return out
	}},
	{"fixture add", func(t *testing.T, dir string, c redacttest.Case, ev string) string {
		if err := os.MkdirAll(filepath.Join(dir, "added"), 0o755); err != nil {
			t.Fatal(err)
		}
		out, code := errcatIn(dir, ev, inDir(dir, "fixture", "add", "--catalogue", "@cat", "--fixtures", "@added", "--code", "auth_required", "--file", "added.yaml")...)
		if code != 0 {
			t.Errorf("fixture add: exit %d: %s", code, out)
			return out
		}
		// What was stored passes the fixture gate.
		test, _ := errcatIn(dir, "", inDir(dir, "test", "--catalogue", "@cat", "--fixtures", "@added")...)
		if strings.Contains(test, "secret-shaped") {
			t.Errorf("the fixture that fixture add stored holds a secret: %s", test)
		}
		return out + readFile(t, filepath.Join(dir, "added", "added.yaml")) + test
	}},
	{"test --junit", func(t *testing.T, dir string, c redacttest.Case, ev string) string {
		// A fixture written by hand with the secret: the gate refuses
		// it, and neither the report nor the JUnit file for CI shows it.
		q, _ := json.Marshal(ev)
		fx := fmt.Sprintf("- name: raw sample\n  evidence: {text: %s}\n  expect: {code: auth_required}\n", q)
		if err := os.MkdirAll(filepath.Join(dir, "raw"), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "raw", "raw.yaml"), []byte(fx), 0o644); err != nil {
			t.Fatal(err)
		}
		out, code := errcatIn(dir, "", inDir(dir, "test", "--catalogue", "@cat", "--fixtures", "@raw", "--junit", "@junit.xml")...)
		if code != exitcode.Failure || !strings.Contains(out, "secret: holds a secret-shaped value") {
			t.Errorf("the fixture gate lets the secret pass: exit %d:\n%s", code, out)
		}
		return out + readFile(t, filepath.Join(dir, "junit.xml"))
	}},
	{"run --report", func(t *testing.T, dir string, c redacttest.Case, ev string) string {
		if err := os.WriteFile(filepath.Join(dir, "ev.txt"), []byte(ev), 0o644); err != nil {
			t.Fatal(err)
		}
		out, _ := errcatIn(dir, "", inDir(dir, "run", "--catalogue", "@cat", "--policy", "@p.yaml", "--dry-run", "--report", "@report.jsonl", "--",
			"sh", "-c", `cat "$1" >&2; exit 1`, "sh", filepath.Join(dir, "ev.txt"))...)
		// The command's own stderr is passed through as it is; what
		// errcat adds is its lines and the report.
		var own []string
		for _, l := range strings.Split(out, "\n") {
			if strings.HasPrefix(l, "errcat:") {
				own = append(own, l)
			}
		}
		report := readFile(t, filepath.Join(dir, "report.jsonl"))
		if !strings.Contains(report, `"safe_excerpt"`) {
			t.Errorf("the report holds no excerpt: %s", report)
		}
		return strings.Join(own, "\n") + report
	}},
	{"eval", func(t *testing.T, dir string, c redacttest.Case, ev string) string {
		// A corpus entry the catalogue gets wrong is printed with its
		// excerpt and its source.
		q, _ := json.Marshal(ev)
		corpus := fmt.Sprintf("{\"text\": %s, \"expect\": \"rate_limited\", \"source\": %s}\n", q, q)
		if err := os.WriteFile(filepath.Join(dir, "corpus.jsonl"), []byte(corpus), 0o644); err != nil {
			t.Fatal(err)
		}
		text, _ := errcatIn(dir, "", inDir(dir, "eval", "--catalogue", "@cat", "--corpus", "@corpus.jsonl")...)
		js, _ := errcatIn(dir, "", inDir(dir, "eval", "--catalogue", "@cat", "--corpus", "@corpus.jsonl", "-o", "json")...)
		if !strings.Contains(text, "request failed") {
			t.Errorf("eval printed no excerpt:\n%s", text)
		}
		return text + js
	}},
}

// TestSecretsNeverShown runs every fake secret of the redaction table
// through every output that shows evidence, as the commands run it, and
// checks that none shows the secret or a piece of it; and that the
// fixture gate refuses each.
func TestSecretsNeverShown(t *testing.T) {
	cases := redacttest.Cases()
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			for name, data := range secretsCatalogue {
				p := filepath.Join(dir, name)
				if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			// A classified record is excerpted on its own, so the
			// phrase goes on the secret's line. A secret of many lines
			// (a PEM key) gets lines of its own around it: one line of
			// a key's body, away from its armour, is not recognisable,
			// and is shown only where a rule classifies that line.
			ev := "request failed: " + c.Text + "\n"
			if strings.Contains(c.Text, "\n") {
				ev = "request failed\n" + c.Text + "\nrequest failed\n"
			}
			for _, o := range secretOutputs {
				if got := o.run(t, dir, c, ev); redacttest.Shown(got, c) != "" {
					t.Errorf("%s shows %q:\n%s", o.name, redacttest.Shown(got, c), got)
				}
			}
		})
	}
	t.Logf("%d fake secrets × %d outputs", len(cases), len(secretOutputs))
}
