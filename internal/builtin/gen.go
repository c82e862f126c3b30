//go:build ignore

// gen writes catalogue.gob from the shipped catalogue's YAML.
package main

import (
	"fmt"
	"os"

	"github.com/errcat/errcat/internal/atomicfile"
	"github.com/errcat/errcat/internal/builtin"
)

func main() {
	data, err := builtin.Encode()
	if err == nil {
		err = atomicfile.Write("catalogue.gob", data, 0o644)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "builtin:", err)
		os.Exit(1)
	}
}
