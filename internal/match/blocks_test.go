package match

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestJSONBlockGathers feeds lines one at a time and checks the documents
// that come out, with the line each starts on.
func TestJSONBlockGathers(t *testing.T) {
	type doc struct {
		Text string
		Line int
	}
	for _, tc := range []struct {
		name  string
		lines []string
		want  []doc
	}{
		{"opener ends a text line", []string{"Error code: 429 - {", `  "error": {"code": "x"}`, "}"},
			[]doc{{"{\n  \"error\": {\"code\": \"x\"}\n}", 1}}},
		{"a key follows the opener", []string{`[API Error: [{"error": {`, `  "code": 400`, `}}]]`},
			[]doc{{"[{\"error\": {\n  \"code\": 400\n}}]", 1}}},
		{"closed on its line is a record of its own", []string{`Error: {"a": 1} and {`, `"b": 2`, `}`},
			[]doc{{"{\n\"b\": 2\n}", 1}}},
		{"braces inside strings do not count", []string{"x {", `  "m": "a } b { c",`, `  "n": 1`, "}"},
			[]doc{{"{\n  \"m\": \"a } b { c\",\n  \"n\": 1\n}", 1}}},
		{"prose brace does not open", []string{"if (x) { return y; } else {z", "}"}, nil},
		{"two documents in a row", []string{"a: {", `"x": 1`, "} b: {", `"y": 2`, "}"},
			[]doc{{"{\n\"x\": 1\n}", 1}, {"{\n\"y\": 2\n}", 3}}},
		{"a stray closer ends what was gathered", []string{"start [", "  1,", "]", "]"},
			[]doc{{"[\n  1,\n]", 1}}},
		{"a line that cannot be JSON drops a stray opener", []string{"request payload: {", "<body elided>", "Error code: 400 - {", `  "error": {"code": "x"}`, "}"},
			[]doc{{"{\n  \"error\": {\"code\": \"x\"}\n}", 3}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var b jsonBlock
			var got []doc
			for i, l := range tc.lines {
				if d, at, ok := b.add(l, i+1); ok {
					got = append(got, doc{d, at})
				}
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("documents (-want +got):\n%s", diff)
			}
		})
	}
}

// TestJSONBlockBounded checks that an opener never closed stops gathering
// at maxBlock and that the next document is still found.
func TestJSONBlockBounded(t *testing.T) {
	var b jsonBlock
	b.add("Error: {", 1)
	line := `"k": "` + strings.Repeat("v", 1000) + `",`
	for i := 0; i < 2*maxBlock/len(line); i++ {
		if _, _, ok := b.add(line, i+2); ok {
			t.Fatal("a document came out of an unclosed one")
		}
		if len(b.buf) > maxBlock {
			t.Fatalf("gathered %d bytes, more than maxBlock", len(b.buf))
		}
	}
	b.add("next {", 1000)
	if d, at, ok := b.add("}", 1001); !ok || d != "{\n}" || at != 1000 {
		t.Errorf("after the cut: %q at %d, %v; want the next document", d, at, ok)
	}
	// The line that crosses the bound may open the next document itself.
	b.add("Error: {", 2000)
	for i := 0; len(b.buf) < maxBlock-len(line); i++ {
		b.add(line, 2001+i)
	}
	b.add(`"k": "`+strings.Repeat("v", 2000)+`", "more": {`, 3000)
	if d, at, ok := b.add("}}", 3001); !ok || at != 3000 || d != "{\n}" {
		t.Errorf("the crossing line's document: %.20q at %d, %v; want it from line 3000", d, at, ok)
	}
}
