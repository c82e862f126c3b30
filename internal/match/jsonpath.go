package match

import (
	"encoding/json"
	"strconv"
	"strings"
)

// parseJSON decodes a JSON document with numbers kept as written, so that a
// rule comparing `error.code: 429` sees "429", not "429.0". It returns nil
// for anything that is not a JSON object or array.
func parseJSON(s string) any {
	s = strings.TrimSpace(s)
	if s == "" || (s[0] != '{' && s[0] != '[') || !canOpen(s) {
		return nil
	}
	d := json.NewDecoder(strings.NewReader(s))
	d.UseNumber()
	var v any
	if d.Decode(&v) != nil {
		return nil
	}
	return v
}

// canOpen reports whether the byte after s's opening bracket (spaces
// aside) can follow it in JSON. Log lines often end in something that
// only looks like JSON, a Python dict above all ("{'error': ...}"), and
// the decoder allocates a handful of objects before it says so.
func canOpen(s string) bool {
	i := 1
	for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r') {
		i++
	}
	if i == len(s) {
		return false
	}
	c := s[i]
	if s[0] == '{' {
		return c == '"' || c == '}'
	}
	return strings.IndexByte("{[]\"-0123456789tfn", c) >= 0
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

// lookupJSON calls fn on every value reached by path, a dotted path
// read segment by segment, and reports whether fn returned true for any.
// An array met by a name rather than an index is searched element by
// element, because error details come as arrays whose order providers do
// not promise (Gemini's error.details).
func lookupJSON(v any, path string, fn func(any) bool) bool {
	for rest, more := path, true; more; {
		at := rest // the path from this segment on
		var key string
		key, rest, more = strings.Cut(rest, ".")
		switch x := v.(type) {
		case map[string]any:
			next, ok := x[key]
			if !ok {
				return false
			}
			v = next
		case []any:
			if n, err := strconv.Atoi(key); err == nil {
				if n < 0 || n >= len(x) {
					return false
				}
				v = x[n]
				continue
			}
			for _, el := range x {
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

// jsonScalar renders a scalar as rules write it; objects and arrays have no
// scalar form.
func jsonScalar(v any) (string, bool) {
	switch x := v.(type) {
	case string:
		return x, true
	case json.Number:
		return x.String(), true
	case bool:
		return strconv.FormatBool(x), true
	case nil:
		return "null", true
	}
	return "", false
}
