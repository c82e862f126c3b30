package compile_test

import (
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
