package source_test

import (
	"testing"

	"github.com/errcat/errcat/internal/diag"
	"github.com/errcat/errcat/internal/source"
)

// A syntax error is placed on the line at fault, not at the start of the
// block or flow collection around it (where yaml.v3's message puts it).
func TestSyntaxErrorPlace(t *testing.T) {
	const head = "rules:\n  - id: a\n    code: b\n"
	tests := []struct{ doc, want string }{
		{head + "   bad: x\n", "r.yaml:4:4: did not find expected '-' indicator"},
		{head + "    match: {status: 429\n  - id: c\n", "r.yaml:4:13: did not find expected ',' or '}'"},
		{head + "    note: \"b\n    match: x\n", "r.yaml:4:11: found unexpected end of stream"},
		{head + "    match: x: y\n", "r.yaml:4:13: mapping values are not allowed in this context"},
		{head + "\tmatch: x\n", "r.yaml:4:1: found a tab character that violates indentation"},
		{head + "  - id: c\n    code: d\n    match: [1, 2\n    x: 1\n", "r.yaml:6:16: did not find expected ',' or ']'"},
		{head + "    match: *nope\n", "r.yaml:4:12: unknown anchor 'nope' referenced"},
		{head + "  x\n", "r.yaml:4:3: could not find expected ':'"},
		{head + "    note: @x\n", "r.yaml:4:11: found character that cannot start any token"},
		// Lines end where yaml.v3 ends them: at a lone CR too.
		{"a: 1\rb: 2\rc: x: y\r", "r.yaml:3:5: mapping values are not allowed in this context"},
		// A collection that an earlier prefix leaves open is not the error.
		{"a: [1,\n  2]\nb: x: y\n", "r.yaml:3:5: mapping values are not allowed in this context"},
		// Columns count characters.
		{"é: 1\né: x: y\n", "r.yaml:2:5: mapping values are not allowed in this context"},
	}
	for _, tt := range tests {
		_, errs := source.Parse("r.yaml", []byte(tt.doc))
		if len(errs) != 1 || errs[0].Code != diag.Syntax || errs[0].Error() != tt.want {
			t.Errorf("%q:\n got %v\nwant %s", tt.doc, errs, tt.want)
		}
	}
}
