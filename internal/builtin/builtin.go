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
	_ "embed"

	"github.com/errcat/errcat/catalogue"
	"github.com/errcat/errcat/internal/catcache"
	"github.com/errcat/errcat/internal/compile"
	"github.com/errcat/errcat/internal/match"
)

//go:generate go run gen.go

//go:embed catalogue.gob
var compiled []byte

// Name is how positions name the built-in catalogue's files.
const Name = "catalogue"

// Catalogue returns the built-in catalogue, compiled.
func Catalogue() (*match.Catalogue, error) {
	if c, ok := decode(compiled); ok {
		return c, nil
	}
	return compile.Load(catalogue.FS, Name)
}

// decode returns the tables in data, kept as the catalogue cache keeps a
// directory's (catcache), if they were compiled from the YAML embedded
// now: their key is its fingerprint.
func decode(data []byte) (*match.Catalogue, bool) {
	fp, err := compile.Fingerprint(catalogue.FS)
	if err != nil {
		return nil, false
	}
	return catcache.Decode(data, fp)
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
	return catcache.Encode(fp, c)
}
