// Package tables writes internal/builtin's tables_gen.go: the shipped
// catalogue compiled, as Go literals. It is a package of its own so that
// the generator never needs the file it writes to compile: once
// internal/match's tables change shape, the old file does not, and it is
// regenerated rather than mended by hand.
package tables

import (
	"github.com/errcat/errcat/catalogue"
	"github.com/errcat/errcat/internal/codegen"
	"github.com/errcat/errcat/internal/compile"
)

// Name is how positions name the built-in catalogue's files.
const Name = compile.BuiltinDir

// Source compiles the embedded catalogue into tables_gen.go's source: the
// tables in a variable named compiled, and the fingerprint of the YAML they
// were compiled from in a constant named fingerprint.
func Source() ([]byte, error) {
	c, err := compile.Load(catalogue.FS, Name)
	if err != nil {
		return nil, err
	}
	fp, err := compile.Fingerprint(catalogue.FS)
	if err != nil {
		return nil, err
	}
	return codegen.Tables(c, codegen.TablesOptions{
		Package:   "builtin",
		Var:       "compiled",
		Generator: "internal/builtin/gen.go",
		Consts:    map[string]string{"fingerprint": fp},
	})
}
