package main

import (
	"io"

	"github.com/spf13/cobra"

	"github.com/errcat/errcat/internal/termcolor"
)

// painter returns how cmd's text output to w colours a class, following
// the root's --color: nil when it is not coloured.
func painter(cmd *cobra.Command, getenv func(string) string, w io.Writer) func(class, text string) string {
	mode := termcolor.Auto
	if f := cmd.Flag("color"); f != nil {
		mode = f.Value.String()
	}
	if !termcolor.Enabled(mode, getenv, w) {
		return nil
	}
	return termcolor.Class
}
