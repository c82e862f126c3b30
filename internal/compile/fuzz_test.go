package compile_test

import (
	"fmt"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/errcat/errcat/internal/compile"
	"github.com/errcat/errcat/internal/diag"
)

const fuzzCatalogue = `name: fuzz
version: 0.1.0
classes:
  transient: {description: d, exit_code: 75}
codes:
  rate_limited: {class: transient, description: d}
`

// FuzzLoad feeds arbitrary rule files to the loader: it must never panic,
// and every error it reports must carry a position inside the file.
func FuzzLoad(f *testing.F) {
	f.Add("rules:\n  - id: a.b\n    code: rate_limited\n    confidence: high\n    match: {status: 429}\n")
	f.Add("rules:\n  - id: a.b\n    code: rate_limited\n    confidence: high\n    match: {regex: '(?i)rate'}\n    extract: {retry_after: {regex: 'in (\\d+)s'}}\n")
	f.Add("rules: [{id: x, code: 1, match: {json: {a.b: {regex: '('}}}}]")
	f.Add("rules:\n  - &a {id: a.b}\n  - *a\n")
	f.Add("\t- : :\n{[")
	// Anchors: shared as the shipped catalogue shares them, looping, and
	// a "billion laughs" bomb, which the loader refuses at once.
	f.Add("rules:\n  - id: a.b\n    code: rate_limited\n    confidence: high\n    match: {status: 429}\n    not: &n {contains: [PASS]}\n  - id: a.c\n    code: rate_limited\n    confidence: high\n    match: {status: 503}\n    not: *n\n")
	f.Add("rules: &r\n  - *r\n")
	bomb := "x-bomb:\n  a0: &a0 lol\n"
	for i := 1; i < 10; i++ {
		bomb += fmt.Sprintf("  a%d: &a%d [%s]\n", i, i, strings.TrimSuffix(strings.Repeat(fmt.Sprintf("*a%d,", i-1), 10), ","))
	}
	f.Add("rules: []\n" + bomb)
	f.Fuzz(func(t *testing.T, rules string) {
		fsys := fstest.MapFS{
			"catalogue.yaml": {Data: []byte(fuzzCatalogue)},
			"rules/r.yaml":   {Data: []byte(rules)},
		}
		cat, err := compile.Load(fsys, "")
		if err == nil {
			if cat == nil || cat.ID == "" {
				t.Fatal("nil catalogue without an error")
			}
			return
		}
		// YAML, like editors, also breaks lines at a lone \r.
		lines := strings.Count(strings.NewReplacer("\r\n", "\n", "\r", "\n").Replace(rules), "\n") + 2
		for _, e := range diag.As(err) {
			if e.Pos.File == "rules/r.yaml" && e.Pos.Line > lines {
				t.Errorf("error past the end of the file (%d lines): %v", lines, e)
			}
			if e.Msg == "" {
				t.Errorf("empty message at %v", e.Pos)
			}
		}
	})
}
