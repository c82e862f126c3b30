//go:build ignore

// gen writes tables_gen.go from the shipped catalogue's YAML.
package main

import (
	"fmt"
	"os"

	"github.com/errcat/errcat/internal/atomicfile"
	"github.com/errcat/errcat/internal/builtin/tables"
)

func main() {
	data, err := tables.Source()
	if err == nil {
		err = atomicfile.Write("tables_gen.go", data, 0o644)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "builtin:", err)
		os.Exit(1)
	}
}
