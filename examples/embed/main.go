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
	stats, err := ClassifyLines(os.Stdin, func(r LineResult) bool {
		if r.State == "classified" {
			fmt.Printf("%d: %s/%s (%s)\n", r.Line, r.Class, r.Code, r.Rule)
		} else {
			fmt.Printf("%d: unclassified (%s)\n", r.Line, r.Reason)
		}
		return true
	})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	fmt.Printf("%d records, %d classified\n", stats.Records, stats.Classified)
}
