package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/errcat/errcat/internal/collide"
	"github.com/errcat/errcat/internal/exitcode"
	"github.com/errcat/errcat/internal/report"
	"github.com/errcat/errcat/internal/tables"
)

type checkOptions struct {
	cat    catalogueFlag
	output string
	budget int
}

func newCheckCmd(io stdio, getenv func(string) string) *cobra.Command {
	o := &checkOptions{cat: catalogueFlag{getenv: getenv}}
	cmd := &cobra.Command{
		Use:   "check",
		Short: "Prove that equally ranked rules of different codes never claim the same evidence",
		Long: `Check validates and compiles a catalogue, then analyses every pair of rules
without fixtures, and fails (exit 1) on

  - a collision: two rules of equal rank (same tier, same priority, no
    overrides between them) and different codes that can claim the same
    evidence, shown with the shortest witness, ready to paste as a fixture;
  - a shadowed rule: a higher-ranked rule of another code claims every
    match, so it never wins;
  - an undecided pair: the per-pair budget of automaton states ran out
    (raise it with --budget) or a witness could not be confirmed.

It warns about unindexed rules (no required literal of 3 or more bytes)
and stale overrides (naming a rule the engine never ranks with the
overriding one).

In GitHub Actions (GITHUB_ACTIONS=true), every error and every broken
catalogue file is also written to standard error as a workflow command,
::error file=F,line=L,title=T::message, which the runner shows on the
rule's line in a pull request.`,
		Args: usageArgs(cobra.NoArgs),
		RunE: func(cmd *cobra.Command, args []string) error {
			return annotateErr(getenv, io.err, o.run(io))
		},
	}
	o.cat.register(cmd)
	cmd.Flags().StringVarP(&o.output, "output", "o", "text", "output format: text, json or sarif")
	cmd.Flags().IntVar(&o.budget, "budget", collide.DefaultBudget, "automaton states one pair may explore before it is reported undecided")
	return cmd
}

func (o *checkOptions) run(io stdio) error {
	switch o.output {
	case "text", "json", "sarif":
	default:
		return usagef("unknown output format %q (want text, json or sarif)", o.output)
	}
	if o.budget <= 0 {
		return usagef("--budget must be positive")
	}
	eng, err := o.cat.load()
	if err != nil {
		return err
	}
	cat := eng.Catalogue()
	rep, err := o.cat.analyze(eng, o.budget)
	if err != nil {
		return err
	}
	switch o.output {
	case "json":
		err = writeJSON(io.out, struct {
			OK               bool   `json:"ok"`
			CatalogueVersion string `json:"catalogue_version"`
			*collide.Report
		}{rep.Errors() == 0, cat.ID, rep})
	case "sarif":
		err = report.SARIF(io.out, rep)
	default:
		err = printCheck(io.out, cat, rep)
	}
	if err != nil {
		return err
	}
	annotate(o.cat.getenv, io.err, report.CheckAnnotations(rep))
	if rep.Errors() > 0 {
		return exitcode.Error{Code: exitcode.Failure}
	}
	return nil
}

// printCheck renders findings for a person: where, what, the whole pair,
// the witness as a fixture, the fix; then one summary line.
func printCheck(w io.Writer, cat *tables.Catalogue, rep *collide.Report) error {
	var b strings.Builder
	warnings := 0
	for _, f := range rep.Findings {
		if !f.IsError() {
			warnings++
		}
		fmt.Fprintf(&b, "%s:%d: %s: %s: %s\n", f.Rule.File, f.Rule.Line, f.Severity, f.Kind, f.Message)
		fmt.Fprintf(&b, "    rule:  %s\n", f.Rule)
		if f.Other != nil {
			fmt.Fprintf(&b, "    other: %s\n", *f.Other)
		}
		if f.Overlap != "" {
			fmt.Fprintf(&b, "    overlap: %s\n", f.Overlap)
		}
		for _, n := range f.Notes {
			fmt.Fprintf(&b, "    note: %s\n", n)
		}
		if f.Witness != nil {
			b.WriteString("    witness (a fixture; pin the answer you choose):\n")
			for _, l := range strings.Split(strings.TrimRight(f.Witness.Fixture, "\n"), "\n") {
				fmt.Fprintf(&b, "      %s\n", l)
			}
		}
	}
	s := rep.Stats
	verdict := "ok"
	if rep.Errors() > 0 {
		verdict = "FAIL"
	}
	fmt.Fprintf(&b, "%s: %d errors, %d warnings; %d rules, %d pairs considered (pruned %d by rank, %d by code or overrides, %d by structure, %d by literals), %d decided by automata (%d collide, %d disjoint, %d undecided); catalogue %s\n",
		verdict, rep.Errors(), warnings, s.Rules, s.Pairs, s.PrunedRank, s.PrunedCode, s.PrunedStructure, s.PrunedLiterals,
		s.Decided, s.Collisions, s.Disjoint, s.Undecided, catalogueLabel(cat))
	_, err := io.WriteString(w, b.String())
	return err
}
