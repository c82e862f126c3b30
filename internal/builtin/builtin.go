// Package builtin holds the shipped catalogue compiled ahead of time, so
// that a command using the catalogue built into errcat does not compile
// its YAML at every start: decoding the tables takes a few milliseconds
// where compiling them (parsing, schema validation, pattern analysis)
// took forty.
//
// `make generate` writes catalogue.gob from ../../catalogue; a test fails
// when it is stale. A stale file is never used: it records a fingerprint
// of the YAML it was compiled from, and when the YAML embedded in the
// binary differs (a rule edited and errcat run before regenerating),
// Catalogue compiles the YAML instead.
package builtin

import (
	"bytes"
	_ "embed"
	"encoding/gob"

	"github.com/errcat/errcat/catalogue"
	"github.com/errcat/errcat/internal/compile"
	"github.com/errcat/errcat/internal/match"
)

//go:generate go run gen.go

//go:embed catalogue.gob
var compiled []byte

// Name is how positions name the built-in catalogue's files.
const Name = "catalogue"

// tables is what catalogue.gob holds.
type tables struct {
	Source    string // compile.Fingerprint of the YAML compiled
	Catalogue *match.Catalogue
}

// Catalogue returns the built-in catalogue, compiled.
func Catalogue() (*match.Catalogue, error) {
	if c, ok := decode(compiled); ok {
		return c, nil
	}
	return compile.Load(catalogue.FS, Name)
}

// decode returns the tables in data if they were compiled from the YAML
// embedded now.
func decode(data []byte) (*match.Catalogue, bool) {
	var t tables
	if err := gob.NewDecoder(bytes.NewReader(data)).Decode(&t); err != nil || t.Catalogue == nil {
		return nil, false
	}
	fp, err := compile.Fingerprint(catalogue.FS)
	if err != nil || fp != t.Source {
		return nil, false
	}
	return t.Catalogue, true
}

// Encode compiles the embedded catalogue into what catalogue.gob holds.
func Encode() ([]byte, error) {
	c, err := compile.Load(catalogue.FS, Name)
	if err != nil {
		return nil, err
	}
	fp, err := compile.Fingerprint(catalogue.FS)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if err := gob.NewEncoder(&buf).Encode(tables{fp, c}); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
