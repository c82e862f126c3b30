package main

import (
	"io"

	"github.com/spf13/cobra"

	"github.com/errcat/errcat/internal/exitcode"
	"github.com/errcat/errcat/internal/supervise"
	"github.com/errcat/errcat/internal/termcolor"
	"github.com/errcat/errcat/internal/version"
)

// stdio is the process's standard streams, injected so tests run commands
// in-process.
type stdio struct {
	in       io.Reader
	out, err io.Writer
}

// run executes one errcat command line and returns the exit status.
func run(args []string, io stdio, getenv func(string) string) exitcode.Code {
	return runWith(args, io, getenv, supervise.RealClock{})
}

// runWith is run with the clock errcat run reads and sleeps on, which the
// CLI scenarios replace with a fake one.
func runWith(args []string, io stdio, getenv func(string) string, clock supervise.Clock) exitcode.Code {
	root := newRoot(io, getenv, clock)
	root.SetArgs(args)
	if err := root.Execute(); err != nil {
		return reportError(io.err, err)
	}
	return exitcode.OK
}

func newRoot(io stdio, getenv func(string) string, clock supervise.Clock) *cobra.Command {
	root := &cobra.Command{
		Use:   "errcat",
		Short: "Classify failures of LLM providers, agents, tools and CI jobs",
		Long: `errcat decides, deterministically, whether a failure is transient (retry the
same target), hard (stop, ask a person or switch), a request problem (change
the request) or unclassified (never guessed: stop automatic recovery).

It reads stderr, logs, HTTP responses and exit codes, and answers with a
semantic code from a catalogue of tested rules.

A catalogue directory (--catalogue, $ERRCAT_CATALOGUE) is compiled on first
use and kept compiled in the user's cache directory until its files or
errcat change: $ERRCAT_CACHE names another directory, ERRCAT_CACHE=off keeps
nothing.`,
		Version:       version.Version,
		SilenceErrors: true,
		SilenceUsage:  true,
	}
	root.SetIn(io.in)
	root.SetOut(io.out)
	root.SetErr(io.err)
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return usageError{err} })
	root.SetVersionTemplate("{{errcatVersion}}")
	root.PersistentFlags().String("color", termcolor.Auto, "colour text output: auto (on a terminal, unless $NO_COLOR is set), always or never")
	root.PersistentPreRunE = func(cmd *cobra.Command, _ []string) error {
		if err := termcolor.Check(cmd.Flag("color").Value.String()); err != nil {
			return usageError{err}
		}
		return nil
	}
	root.AddCommand(
		newClassifyCmd(io, getenv),
		newTestCmd(io, getenv),
		newCheckCmd(io, getenv),
		newCodesCmd(io, getenv),
		newSchemaCmd(io),
		newGenerateCmd(io, getenv),
	)
	root.AddCommand(newDecideCmd(io, getenv))
	root.AddCommand(newPolicyCmd(io, getenv))
	root.AddCommand(newRunCmd(io, getenv, clock))
	root.AddCommand(newSanitizeCmd(io))
	root.AddCommand(newFixtureCmd(io, getenv))
	root.AddCommand(newEvalCmd(io, getenv))
	root.AddCommand(newExplainCmd(io, getenv))
	root.AddCommand(newMineCmd(io, getenv))
	root.AddCommand(newInitCmd(io))
	return root
}

// usageArgs wraps a cobra argument check so its errors count as usage
// errors (exit 2).
func usageArgs(check cobra.PositionalArgs) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		if err := check(cmd, args); err != nil {
			return usageError{err}
		}
		return nil
	}
}
