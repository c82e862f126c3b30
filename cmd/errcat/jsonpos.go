package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"unicode/utf8"

	"github.com/errcat/errcat/internal/diag"
)

// jsonField is one top-level field of a JSON object, with the position its
// value starts at, so that a problem with the value is reported there.
type jsonField struct {
	key string
	raw json.RawMessage
	pos diag.Pos
}

// readJSONObject reads data as exactly one JSON object and returns its
// top-level fields in document order. A syntax error, a value that is not
// an object, a key given twice and anything after the object are
// positioned errors in file.
func readJSONObject(data []byte, file string) ([]jsonField, error) {
	posAt := func(off int) diag.Pos {
		line, col := lineCol(data, off)
		return diag.Pos{File: file, Line: line, Col: col}
	}
	// Unmarshal checks the syntax first: its offsets are exact, where a
	// Decoder's offsets in an error depend on how much it had buffered.
	if err := json.Unmarshal(data, new(json.RawMessage)); err != nil {
		var se *json.SyntaxError
		if !errors.As(err, &se) {
			return nil, err
		}
		// Offset counts the bytes read, the offending one included; at
		// the end of the input there is none.
		off := int(se.Offset)
		if off > 0 && !strings.HasPrefix(se.Error(), "unexpected end") {
			off--
		}
		return nil, diag.Errorf(posAt(off), diag.Syntax, "%v", se)
	}
	start := skipJSONSpace(data, 0)
	if data[start] != '{' {
		return nil, diag.Errorf(posAt(start), diag.Schema, "found %s, not a JSON object", jsonKind(data[start:]))
	}
	d := json.NewDecoder(bytes.NewReader(data))
	if _, err := d.Token(); err != nil { // the '{' checked above
		return nil, err
	}
	var (
		fields []jsonField
		errs   diag.List
		seen   = map[string]diag.Pos{}
	)
	for d.More() {
		tok, err := d.Token()
		if err != nil {
			return nil, err
		}
		key, _ := tok.(string) // an object's tokens alternate key, value
		// After a key, the decoder stands just past its closing quote.
		off := int(d.InputOffset())
		off = skipJSONSpace(data, off)
		if off < len(data) && data[off] == ':' {
			off = skipJSONSpace(data, off+1)
		}
		var raw json.RawMessage
		if err := d.Decode(&raw); err != nil {
			return nil, err
		}
		pos := posAt(off)
		if first, dup := seen[key]; dup {
			errs.Add(diag.Errorf(pos, diag.DuplicateKey, "%s: given twice (first at %d:%d)", key, first.Line, first.Col))
			continue
		}
		seen[key] = pos
		fields = append(fields, jsonField{key: key, raw: raw, pos: pos})
	}
	if err := errs.Err(); err != nil {
		return nil, err
	}
	return fields, nil
}

// lineCol turns a byte offset into a 1-based line and column, the column
// counted in characters.
func lineCol(data []byte, off int) (line, col int) {
	off = min(max(off, 0), len(data))
	before := data[:off]
	line = bytes.Count(before, []byte{'\n'}) + 1
	if i := bytes.LastIndexByte(before, '\n'); i >= 0 {
		before = before[i+1:]
	}
	return line, utf8.RuneCount(before) + 1
}

func skipJSONSpace(data []byte, off int) int {
	for off < len(data) && (data[off] == ' ' || data[off] == '\t' || data[off] == '\n' || data[off] == '\r') {
		off++
	}
	return off
}

// jsonKind names the kind of the JSON value raw begins with.
func jsonKind(raw []byte) string {
	if len(raw) == 0 {
		return "nothing"
	}
	switch raw[0] {
	case '{':
		return "an object"
	case '[':
		return "an array"
	case '"':
		return "a string"
	case 't', 'f':
		return "a boolean"
	case 'n':
		return "null"
	}
	return "a number"
}
