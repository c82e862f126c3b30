package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/errcat/errcat/internal/codegen"
	"github.com/errcat/errcat/internal/exitcode"
	"github.com/errcat/errcat/internal/version"
)

type generateOptions struct {
	cat   catalogueFlag
	pkg   string
	out   string
	check bool
}

func newGenerateCmd(io stdio, getenv func(string) string) *cobra.Command {
	o := &generateOptions{cat: catalogueFlag{getenv: getenv}}
	cmd := &cobra.Command{
		Use:   "generate --package NAME --out FILE [--catalogue DIR]",
		Short: "Write a catalogue and its engine as one self-contained Go file",
		Long: `Generate compiles the catalogue and writes one gofmt-formatted Go file that
imports only the standard library: the compiled tables, the engine that runs
them (internal/match's own source), and Classify, ClassifyText,
ClassifyLines, Codes and Version. Programs embed it with go generate, once
errcat is a tool of their module (go get -tool github.com/errcat/errcat/cmd/errcat),
in a package of its own, since the file declares some 500 names:

	//go:generate go tool errcat generate --package NAME --out errcat_gen.go

Without --catalogue (or $ERRCAT_CATALOGUE) the built-in catalogue is
embedded.

The output is byte-identical across runs and machines. A catalogue that does
not compile writes nothing. With --check nothing is written: the exit status
is 1 when FILE is missing or differs, with a short diff, for CI.`,
		Args: usageArgs(cobra.NoArgs),
		RunE: func(cmd *cobra.Command, args []string) error { return o.run(io) },
	}
	o.cat.register(cmd)
	cmd.Flags().StringVar(&o.pkg, "package", "", "package name of the generated file (required)")
	cmd.Flags().StringVar(&o.out, "out", "", "file to write (required)")
	cmd.Flags().BoolVar(&o.check, "check", false, "do not write; exit 1 if FILE is missing or stale")
	return cmd
}

func (o *generateOptions) run(io stdio) error {
	if o.pkg == "" || o.out == "" {
		return usagef("--package and --out are required")
	}
	if err := codegen.CheckPackage(o.pkg); err != nil {
		return usageError{err}
	}
	eng, err := o.cat.load()
	if err != nil {
		return err
	}
	src, err := codegen.Generate(eng.Catalogue(), codegen.Options{Package: o.pkg, ErrcatVersion: version.Version})
	if err != nil {
		return err
	}
	if o.check {
		msg, err := codegen.Stale(o.out, src)
		if err != nil {
			return err
		}
		if msg != "" {
			return exitcode.Error{Code: exitcode.Failure, Err: fmt.Errorf("%s\nrun errcat generate without --check to update it", msg)}
		}
		return nil
	}
	return codegen.WriteFile(o.out, src)
}
