package main

import (
	"fmt"
	"io"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/errcat/errcat/internal/match"
)

func newCodesCmd(io stdio, getenv func(string) string) *cobra.Command {
	cat := catalogueFlag{getenv: getenv}
	var output string
	cmd := &cobra.Command{
		Use:   "codes",
		Short: "List the catalogue's codes with their class and rule count",
		Args:  usageArgs(cobra.NoArgs),
		RunE: func(cmd *cobra.Command, args []string) error {
			if output != "text" && output != "json" {
				return usagef("unknown output format %q (want text or json)", output)
			}
			eng, err := cat.load()
			if err != nil {
				return err
			}
			return printCodes(io.out, eng.Catalogue(), output)
		},
	}
	cat.register(cmd)
	cmd.Flags().StringVarP(&output, "output", "o", "text", "output format: text or json")
	return cmd
}

type codeInfo struct {
	Code        string `json:"code"`
	Class       string `json:"class"`
	Rules       int    `json:"rules"`
	Scope       string `json:"scope,omitempty"`
	Description string `json:"description"`
	Unblock     string `json:"unblock,omitempty"`
}

func printCodes(w io.Writer, cat *match.Catalogue, output string) error {
	counts := make([]int, len(cat.Codes))
	for _, r := range cat.Rules {
		counts[r.Code]++
	}
	infos := make([]codeInfo, len(cat.Codes))
	for i, c := range cat.Codes {
		infos[i] = codeInfo{c.Name, cat.Classes[c.Class].Name, counts[i], c.Scope, c.Description, c.Unblock}
	}
	if output == "json" {
		return writeJSON(w, infos)
	}
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "CODE\tCLASS\tRULES\tDESCRIPTION")
	for _, c := range infos {
		fmt.Fprintf(tw, "%s\t%s\t%d\t%s\n", c.Code, c.Class, c.Rules, c.Description)
	}
	return tw.Flush()
}
