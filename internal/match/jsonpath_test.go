package match

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// reached lists the scalars a lookup of path reaches in v, in order.
func reached(v any, path []string) []string {
	var out []string
	lookupJSON(v, strings.Join(path, "."), func(x any) bool {
		if s, ok := jsonScalar(x); ok {
			out = append(out, s)
		} else {
			out = append(out, "<composite>")
		}
		return false
	})
	return out
}

func TestLookupThroughStrings(t *testing.T) {
	const doc0 = `{"error":{"code":502,"metadata":{"raw":"{\"type\":\"error\",\"error\":{\"type\":\"overloaded_error\"}}","list":["x","API Error: 529 {\"error\":{\"code\":7}}"]},"message":"litellm.APIError: XException - {\"error\":{\"code\":\"1302\"}}"}}`
	v := parseJSON(doc0)
	raw := `{"type":"error","error":{"type":"overloaded_error"}}`
	tests := []struct {
		path string
		want []string
	}{
		{"error.metadata.raw.error.type", []string{"overloaded_error"}},
		{"error.metadata.raw", []string{raw}},
		{"error.metadata.raw.type", []string{"error"}},
		{"error.metadata.raw.error.type.deeper", nil},
		{"error.message.error.code", []string{"1302"}},
		{"error.metadata.list.1.error.code", []string{"7"}},
		{"error.metadata.list.error.code", []string{"7"}},
		{"error.metadata.list.0.anything", nil},
		{"error.code.anything", nil},
	}
	// On a fresh document, then twice over on one: the first pass leaves
	// decoded strings in place, and the second must read the same through
	// them.
	for pass := 0; pass < 3; pass++ {
		for _, tt := range tests {
			doc := v
			if pass == 0 {
				doc = parseJSON(doc0)
			}
			if diff := cmp.Diff(tt.want, reached(doc, strings.Split(tt.path, "."))); diff != "" {
				t.Errorf("pass %d, %s (-want +got):\n%s", pass, tt.path, diff)
			}
		}
	}
}

func TestBodyJSON(t *testing.T) {
	tests := []struct {
		name, body string
		frames     int // -1: one document; 0: none
	}{
		{"a document", `{"error":{"type":"x"}}`, -1},
		{"a pretty document", "{\n  \"error\": {\"type\": \"x\"}\n}\n", -1},
		{"a JSON array", `[{"a":1},{"error":{"code":429}}]`, -1},
		{"an array cut off", "[{\"a\":1},\n{\"error\":{\"code\":429}}", -1},
		{"an SSE stream", "event: a\ndata: {\"type\":\"a\"}\n\nevent: error\ndata: {\"type\":\"error\"}\n\n", 2},
		{"JSON Lines", "{\"a\":1}\n{\"b\":2}\n{\"c\":3}", 3},
		{"a document and a trailer", "{\"a\":1}\nconnection closed\n", 1},
		{"a log line ending in JSON", `Error: 429 {"error":{"code":429}}`, 1},
		{"plain text", "upstream connect error\nreset reason: overflow", 0},
		{"stamps and a python dict", "[2026-01-01 00:00:00] start\n[INFO] x {'error': 1}\n", 0},
	}
	for _, tt := range tests {
		v := bodyJSON(tt.body)
		fr, isFrames := v.(frames)
		n := len(fr)
		if !isFrames {
			n = -1
			if v == nil {
				n = 0
			}
		}
		if n != tt.frames {
			t.Errorf("%s: %d frames (-1 a document), want %d", tt.name, n, tt.frames)
		}
		for _, f := range fr {
			if rec := tt.body[f.start:f.end]; parseJSON(rec) == nil && recordJSON(rec) == nil {
				t.Errorf("%s: frame span %q holds no JSON", tt.name, rec)
			}
		}
	}
}

func TestCanOpen(t *testing.T) {
	for s, want := range map[string]bool{
		`{"a":1}`: true, `{}`: true, `{'a': 1}`: false, `{ }`: true,
		`[1, 2]`: true, `[1]`: true, `[-1.5e3 ,`: true, `[true]`: true, `[null, 1]`: true, `["a"]`: true, `[{`: true, `[[`: true, `[]`: true,
		`[2026-01-01 00:00:00]`: false, `[INFO] x`: false, `[1m`: false, `[truely]`: false, `[0x1F]`: false, `['a']`: false, `[`: false,
	} {
		if got := canOpen(s); got != want {
			t.Errorf("canOpen(%q) = %v, want %v", s, got, want)
		}
	}
}

// FuzzLookupJSON looks paths up in arbitrary JSON: a lookup must not
// depend on what earlier lookups, of its own path or another, decoded in
// place, and must end.
func FuzzLookupJSON(f *testing.F) {
	f.Add(`{"error":{"metadata":{"raw":"{\"error\":{\"type\":\"overloaded_error\"}}"}}}`, "error.metadata.raw.error.type", "error.metadata.raw")
	f.Add(`{"a":"{\"a\":\"{\\\"a\\\":\\\"{}\\\"}\"}"}`, "a.a.a.a.a", "a.a")
	f.Add(`[{"r":"x {\"e\":[1,\"[2]\"]}"},"{\"r\":1}"]`, "r.e.1.0", "1.r")
	f.Add(`{"l":["x","API Error: 529 {\"e\":{\"c\":7}}"]}`, "l.e.c", "l.1.e")
	f.Add("event: error\ndata: {\"type\":\"error\",\"m\":\"data: {\\\"c\\\":1}\"}\n", "m.c", "type")
	f.Fuzz(func(t *testing.T, doc, path, other string) {
		split := func(p string) []string {
			steps := strings.Split(p, ".")
			return steps[:min(len(steps), 8)]
		}
		steps := split(path)
		used := bodyJSON(doc)
		reached(used, split(other)) // decodes in place along the way
		for i := len(steps); i > 0; i-- {
			reached(used, steps[:i])
		}
		for i := 1; i <= len(steps); i++ {
			fresh := bodyJSON(doc)
			if diff := cmp.Diff(reached(fresh, steps[:i]), reached(used, steps[:i])); diff != "" {
				t.Fatalf("lookup of %q changed after lookups (-fresh +used):\n%s", strings.Join(steps[:i], "."), diff)
			}
		}
	})
}
