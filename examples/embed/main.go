// Command errcat-embed classifies its standard input line by line with a
// catalogue compiled into it by errcat generate: no YAML and no errcat
// module at run time, only the generated file.
package main

//go:generate go run github.com/errcat/errcat/cmd/errcat generate --catalogue catalogue --package main --out errcat_gen.go

import (
	"fmt"
	"os"
)

func main() {
	fmt.Printf("catalogue %s\n", Version)
	err := ClassifyLines(os.Stdin, func(line int, c Classification) bool {
		if c.State == "classified" {
			fmt.Printf("%d: %s/%s (%s)\n", line, c.Class, c.Code, c.Rule)
		} else {
			fmt.Printf("%d: unclassified (%s)\n", line, c.Reason)
		}
		return true
	})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
