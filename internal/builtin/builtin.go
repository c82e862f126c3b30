// Package builtin holds the shipped catalogue compiled ahead of time, so
// that a command using the catalogue built into errcat does not compile
// its YAML at every start: compiling it (parsing, schema validation,
// pattern analysis) takes forty milliseconds.
//
// `make generate` writes the compiled tables into tables_gen.go as Go
// literals (package tables), which the linker lays out in the binary:
// taking them costs neither decoding nor allocation. A test fails when
// the file is stale, and a stale file is never used: it records a
// fingerprint of the YAML it was compiled from, and when the YAML
// embedded in the binary differs (a rule edited and errcat run before
// regenerating), Catalogue compiles the YAML instead.
package builtin

import (
	"sync/atomic"

	"github.com/errcat/errcat/catalogue"
	"github.com/errcat/errcat/internal/builtin/tables"
	"github.com/errcat/errcat/internal/compile"
	"github.com/errcat/errcat/internal/match"
)

//go:generate go run gen.go

// Name is how positions name the built-in catalogue's files.
const Name = tables.Name

// taken says the generated tables were handed out. There is one copy of
// them, and match.New prepares the tables it is given in place: a
// second caller, who might build an engine at the same time as the
// first, gets tables of its own.
var taken atomic.Bool

// Catalogue returns the built-in catalogue, compiled. The first call in a
// process (errcat's one) takes the generated tables; later ones, and any
// call when they are stale, compile the YAML.
func Catalogue() (*match.Catalogue, error) {
	if current(fingerprint) && taken.CompareAndSwap(false, true) {
		return compiled, nil
	}
	return compile.Load(catalogue.FS, Name)
}

// current reports whether fp, the fingerprint of the YAML some tables
// were compiled from, is that of the YAML embedded now.
func current(fp string) bool {
	now, err := compile.Fingerprint(catalogue.FS)
	return err == nil && now == fp
}
