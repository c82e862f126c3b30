package main

import (
	"strings"

	"github.com/spf13/cobra"

	"github.com/errcat/errcat/schema"
)

func newSchemaCmd(io stdio) *cobra.Command {
	return &cobra.Command{
		Use:   "schema [catalogue|rules|fixtures|policy]",
		Short: "Print the JSON Schema of a catalogue, rule, fixture or policy file",
		Long: `Schema prints the JSON Schema (draft 2020-12) that errcat validates files
against: catalogue.yaml, rules/*.yaml (the default), fixture files or
recovery policies (errcat run --policy). Point an editor at it to get
completion and checks while writing rules and policies.`,
		Args:      usageArgs(cobra.MaximumNArgs(1)),
		ValidArgs: schema.Names(),
		RunE: func(cmd *cobra.Command, args []string) error {
			name := schema.Rules
			if len(args) == 1 {
				name = args[0]
			}
			src := schema.Source(name)
			if src == nil {
				return usagef("unknown schema %q (want %s)", name, strings.Join(schema.Names(), ", "))
			}
			_, err := io.out.Write(src)
			return err
		},
	}
}
