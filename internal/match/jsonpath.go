package match

import (
	"encoding/json"
	"strconv"
	"strings"

	"github.com/errcat/errcat/internal/tables"
)

// parseJSON decodes a JSON document with numbers kept as written, so that a
// rule comparing `error.code: 429` sees "429", not "429.0". It returns nil
// for anything that is not a JSON object or array.
func parseJSON(s string) any {
	v, _ := decodeJSON(s)
	return v
}

// decodeJSON is parseJSON that also reports whether the value is all of s,
// spaces aside, rather than the first of several. An array of objects cut
// off before its end (a stream of them that a failure ended) is read as
// the objects that arrived whole, and counts as all of s.
func decodeJSON(s string) (any, bool) {
	s = strings.TrimSpace(s)
	if s == "" || (s[0] != '{' && s[0] != '[') || !canOpen(s) {
		return nil, false
	}
	d := json.NewDecoder(strings.NewReader(s))
	d.UseNumber()
	var v any
	if d.Decode(&v) != nil {
		if s[0] == '[' && s[1+spaces(s[1:])] == '{' {
			return arrayPrefix(s), true
		}
		return nil, false
	}
	return v, d.InputOffset() == int64(len(s))
}

// arrayPrefix returns the elements that open the array s whole, or nil.
// Google's streamed generateContent is one JSON array of response objects,
// the last of which may be the error that ended it.
func arrayPrefix(s string) any {
	d := json.NewDecoder(strings.NewReader(s))
	d.UseNumber()
	if _, err := d.Token(); err != nil {
		return nil
	}
	var els []any
	for d.More() {
		var el any
		if d.Decode(&el) != nil {
			break
		}
		els = append(els, el)
	}
	if len(els) == 0 {
		return nil
	}
	return els
}

// spaces returns how many of s's first bytes are JSON white space.
func spaces(s string) int {
	i := 0
	for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r') {
		i++
	}
	return i
}

// canOpen reports whether what follows s's opening bracket (spaces aside)
// can follow it in JSON. Log lines often end in something that only looks
// like JSON, a Python dict above all ("{'error': ...}"), or start with a
// bracketed stamp ("[2026-01-01 12:00:00]", "[INFO]"), and the decoder
// allocates a handful of objects before it says so. An array's first
// element is checked whole when it is a number or a literal.
func canOpen(s string) bool {
	i := 1 + spaces(s[1:])
	if i == len(s) {
		return false
	}
	c := s[i]
	if s[0] == '{' {
		return c == '"' || c == '}'
	}
	switch {
	case c == '-' || '0' <= c && c <= '9':
		i += numberLen(s[i:])
	case strings.HasPrefix(s[i:], "true"), strings.HasPrefix(s[i:], "null"):
		i += 4
	case strings.HasPrefix(s[i:], "false"):
		i += 5
	default:
		return strings.IndexByte("{[]\"", c) >= 0
	}
	i += spaces(s[i:])
	return i == len(s) || s[i] == ',' || s[i] == ']'
}

// numberLen returns the length of the JSON number that starts s, or of
// the part of one that does, to the first byte that cannot continue it.
func numberLen(s string) int {
	i := 0
	if i < len(s) && s[i] == '-' {
		i++
	}
	digits := func() {
		for i < len(s) && '0' <= s[i] && s[i] <= '9' {
			i++
		}
	}
	digits()
	if i < len(s) && s[i] == '.' {
		i++
		digits()
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		digits()
	}
	return i
}

// recordJSON finds the JSON inside a text record: the record itself, an SSE
// "data: {...}" line, or a log line that ends in a JSON object
// ("Error: 429 {"error":...}"). Anything else has none.
func recordJSON(rec string) any {
	if s, ok := jsonPart(rec); ok {
		return parseJSON(s)
	}
	return nil
}

// jsonPart returns the part of rec that recordJSON decodes, and false when
// there is none or it cannot decode: it reads a few bytes and decodes
// nothing, so a scan can pass over the rules that need a record's JSON
// when the record has none.
func jsonPart(rec string) (string, bool) {
	s := strings.TrimSpace(rec)
	if rest, ok := strings.CutPrefix(s, "data:"); ok {
		s = strings.TrimSpace(rest)
	}
	if s == "" {
		return "", false
	}
	if s[0] != '{' && s[0] != '[' {
		if s[len(s)-1] != '}' {
			return "", false
		}
		i := strings.IndexByte(s, '{')
		if i <= 0 {
			return "", false
		}
		s = s[i:]
	}
	return s, canOpen(s)
}

// lookupJSON calls fn on every value reached by path, a dotted path read
// segment by segment, and reports whether fn returned true for any. An
// array met by a name rather than an index is searched element by
// element, because error details come as arrays whose order providers do
// not promise (Gemini's error.details). A string met before the path ends
// is read as the JSON it holds (see nestedJSON), so that
// error.metadata.raw.error.type names a field of the body a gateway relays
// as text. The frames of a stream (frames.go) are searched one by one.
func lookupJSON(v any, path string, fn func(any) bool) bool {
	if fr, ok := v.(frames); ok {
		for i := range fr {
			if lookupJSON(fr[i].v, path, fn) {
				return true
			}
		}
		return false
	}
	for rest, more := path, true; more; {
		at := rest // the path from this segment on
		var key string
		key, rest, more = strings.Cut(rest, ".")
		if n, ok := v.(*nested); ok {
			v = n.v
		}
		switch x := v.(type) {
		case map[string]any:
			next, ok := x[key]
			if !ok {
				return false
			}
			if str, ok := next.(string); ok && more {
				n := nestedJSON(str)
				x[key], next = n, n
			}
			v = next
		case []any:
			if n, ok := tables.Index(key); ok {
				if n < 0 || n >= len(x) {
					return false
				}
				if str, ok := x[n].(string); ok && more {
					x[n] = nestedJSON(str)
				}
				v = x[n]
				continue
			}
			for j, el := range x {
				if str, ok := el.(string); ok {
					n := nestedJSON(str)
					x[j], el = n, n
				}
				if lookupJSON(el, at, fn) {
					return true
				}
			}
			return false
		default:
			return false
		}
	}
	return fn(v)
}

// nested is a JSON string value together with the JSON it holds, nil when
// it holds none. A lookup that passes through a string decodes it once and
// leaves a nested in its place, so the next rule's lookup does not decode
// it again; the string itself stays what rules that end at it compare.
// Documents are a scan's own, never shared, so the change is seen by no
// one else.
type nested struct {
	s string
	v any
}

// nestedJSON reads a string value as a record is read (recordJSON): a JSON
// object or array, or text that ends in one, as LiteLLM writes an upstream
// body after its own words ("AnthropicException - {...}") and Claude Code
// a failed call ("API Error: 529 {...}"). A string is decoded only where a
// rule's path goes on past it, one level for each step it goes on, and an
// inner string is shorter than the one that holds it: a lookup decodes at
// most as many strings as its path has steps, none longer than the record.
func nestedJSON(s string) *nested {
	return &nested{s: s, v: recordJSON(s)}
}

// jsonScalar renders a scalar as rules write it; objects and arrays have no
// scalar form.
func jsonScalar(v any) (string, bool) {
	switch x := v.(type) {
	case string:
		return x, true
	case *nested:
		return x.s, true
	case json.Number:
		return x.String(), true
	case bool:
		return strconv.FormatBool(x), true
	case nil:
		return "null", true
	}
	return "", false
}
