package source_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/errcat/errcat/internal/diag"
	"github.com/errcat/errcat/internal/source"
)

const doc = `rules:
  - id: a.b
    match:
      status: [429, 5xx]
  - id: c.d
    now: 2026-01-01T00:00:00Z
    n: 12
    f: 1.5
    ok: true
    none: null
`

func TestPointer(t *testing.T) {
	f, errs := source.Parse("r.yaml", []byte(doc))
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	tests := []struct {
		ptr        string
		line, col  int
		wantScalar string
	}{
		{"", 1, 1, ""},
		{"/rules/0/id", 2, 9, "a.b"},
		{"/rules/0/match/status/1", 4, 21, "5xx"},
		{"/rules/1/n", 7, 8, "12"},
		{"/rules/7/id", 2, 3, ""},            // no such item: the deepest node that exists
		{"/rules/0/match/nothing", 4, 7, ""}, // the mapping itself
	}
	for _, tt := range tests {
		n := f.Pointer(tt.ptr)
		if n.Line != tt.line || n.Column != tt.col || (tt.wantScalar != "" && n.Value != tt.wantScalar) {
			t.Errorf("Pointer(%q) = %d:%d %q, want %d:%d %q", tt.ptr, n.Line, n.Column, n.Value, tt.line, tt.col, tt.wantScalar)
		}
	}
}

func TestValue(t *testing.T) {
	f, _ := source.Parse("r.yaml", []byte(doc))
	v, err := source.Value(f.Root)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]any{"rules": []any{
		map[string]any{"id": "a.b", "match": map[string]any{"status": []any{int64(429), "5xx"}}},
		map[string]any{"id": "c.d", "now": "2026-01-01T00:00:00Z", "n": int64(12), "f": 1.5, "ok": true, "none": nil},
	}}
	if diff := cmp.Diff(want, v); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func TestDuplicateKeys(t *testing.T) {
	_, errs := source.Parse("c.yaml", []byte("codes:\n  a: 1\n  b: 2\n  a: 3\n"))
	if len(errs) != 1 || errs[0].Code != diag.DuplicateKey || errs[0].Error() != `c.yaml:4:3: "a" is already defined at line 2` {
		t.Errorf("errs = %v", errs)
	}
}

// An alias to a node that contains it is an error at the alias, not an
// endless walk.
func TestRecursiveAlias(t *testing.T) {
	f, errs := source.Load("r.yaml", []byte("rules:\n  &a\n  - *a\n"), "rules")
	if f != nil || len(errs) != 1 || errs[0].Code != diag.Aliasing || errs[0].Error() != "r.yaml:3:5: alias *a refers to a value that contains it" {
		t.Errorf("errs = %v", errs)
	}
}

func TestSyntaxErrorHasLine(t *testing.T) {
	_, errs := source.Parse("s.yaml", []byte("a: 1\nb: [\n"))
	if len(errs) != 1 || errs[0].Code != diag.Syntax || errs[0].Pos.Line == 0 {
		t.Errorf("errs = %v", errs)
	}
}

func TestValidateReportsAtValue(t *testing.T) {
	f, _ := source.Parse("r.yaml", []byte("rules:\n  - id: a.b\n    code: x\n    confidence: maybe\n    match: {status: 429}\n"))
	errs := f.Validate("rules")
	if len(errs) != 1 {
		t.Fatalf("errs = %v", errs)
	}
	if got := errs[0].Error(); got != `r.yaml:4:17: rules[0].confidence: value must be one of "high", "medium", "low"` {
		t.Errorf("got %s", got)
	}
}
