// Package builtin holds the shipped catalogue compiled ahead of time, so
// that a command using the catalogue built into errcat does not compile
// its YAML at every start: compiling it (parsing, schema validation,
// pattern analysis) is most of what a short command would otherwise do.
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
	"sync"

	"github.com/errcat/errcat/catalogue"
	builtintables "github.com/errcat/errcat/internal/builtin/tables"
	"github.com/errcat/errcat/internal/compile"
	"github.com/errcat/errcat/internal/tables"
)

//go:generate go run gen.go

// Name is how positions name the built-in catalogue's files.
const Name = builtintables.Name

// Catalogue returns the built-in catalogue, compiled: the generated
// tables, or, when they are stale, the embedded YAML compiled on the first
// call. Every call in a process returns the same tables. They are
// read-only, like all compiled tables: match.New only reads them, so any
// number of engines, built and run at once, share them. An engine is left
// to the caller: errcat builds one per process, and callers that build
// several (tests, the collision analysis) want their own.
func Catalogue() (*tables.Catalogue, error) { return shared() }

var shared = sync.OnceValues(func() (*tables.Catalogue, error) {
	if current(fingerprint) {
		return compiled, nil
	}
	return compile.Load(catalogue.FS, Name)
})

// current reports whether fp, the fingerprint of the YAML some tables
// were compiled from, is that of the YAML embedded now.
func current(fp string) bool {
	now, err := compile.Fingerprint(catalogue.FS)
	return err == nil && now == fp
}
