package main

import (
	"errors"
	"fmt"
	"os"
	"time"

	"github.com/spf13/cobra"

	"github.com/errcat/errcat/internal/exitcode"
	"github.com/errcat/errcat/internal/match"
	"github.com/errcat/errcat/internal/report"
	"github.com/errcat/errcat/internal/supervise"
)

type runOptions struct {
	cat            catalogueFlag
	pol            policyFlag
	classifyStdout bool
	dryRun         bool
	maxTotal       time.Duration
	idempotent     bool
	report         string
	exitByClass    bool
	tailBytes      int
	failOnOutput   bool
	getenv         func(string) string
}

// newRunCmd is errcat run, which sleeps on clock between attempts.
func newRunCmd(io stdio, getenv func(string) string, clock supervise.Clock) *cobra.Command {
	o := &runOptions{cat: catalogueFlag{getenv: getenv}, getenv: getenv}
	cmd := &cobra.Command{
		Use:   "run [flags] -- CMD [ARGS...]",
		Short: "Run a command, retrying it as a recovery policy says",
		Long: `Run runs CMD with its standard output and error passed through live, and
keeps the last --tail-bytes of its standard error in memory (and of its
standard output with --classify-stdout). When CMD exits non-zero, the tail
is classified together with the exit status or signal, one line on
standard error says what errcat decided:

  errcat: transient/rate_limited (rule openai.rate_limit_exceeded), retry 2/3 in 10s

and errcat sleeps as decided and runs CMD again, until it succeeds or the
policy says skip or stop. SIGINT and SIGTERM are passed on to CMD and end
the run at once, also during a sleep.

Effect safety: a failed attempt that wrote anything on standard output is
not run again unless --idempotent says CMD may safely run twice (its output
may already have been used); the decision says why.

Exit status: CMD's own on success. On stop or skip, the last attempt's
status (128+N when signal N ended it), or with --exit-by-class the class's
exit code from the catalogue (transient 75, hard 78, request 65; 70 when
unclassified). 128+N when errcat itself is ended by signal N; 127 when CMD
is not found, 126 when it cannot be run; 1 for errcat's own errors (a
broken policy or catalogue), 2 for usage errors.

Without --policy nothing is retried: the first failure stops.

--fail-on-output classifies the output of an attempt that exits 0 too, and
treats a classified failure as a failure (exit status 1, or the class's
with --exit-by-class): headless agent CLIs print a usage or rate limit and
exit 0. With --classify-stdout that includes standard output, where such a
CLI prints its JSON result envelope ({"type": "result", "is_error": true,
...}); standard output is passed through unchanged either way.

A run that succeeds only after failed attempts is flaky: its exit status
stays the command's, and its last --report line says "flaky": true.

In GitHub Actions (GITHUB_ACTIONS=true), a flaky run is also a ::warning
workflow command on standard error, and a Markdown summary of the run
(attempts, exit statuses, classes, decisions, sanitized excerpts) is
appended to the file $GITHUB_STEP_SUMMARY names; a summary that cannot be
written is a warning, never a failure. The class in errcat's own lines is
coloured on a terminal (--color).`,
		Example: `  errcat run --policy ci.policy.yaml -- npm ci
  errcat run --policy agent.policy.yaml --report attempts.jsonl --max-total 30m -- ./agent.sh
  errcat run --policy ci.policy.yaml --dry-run -- make deploy
  errcat run --policy agent.policy.yaml --fail-on-output --classify-stdout -- claude -p --output-format json "$PROMPT"`,
		Args: usageArgs(cobra.MinimumNArgs(1)),
		RunE: func(cmd *cobra.Command, args []string) error {
			return o.run(io, clock, args, painter(cmd, getenv, io.err))
		},
	}
	f := cmd.Flags()
	// Flags end at CMD: `errcat run --policy p sh -c 'x --dry-run'` leaves
	// CMD's own flags alone, with or without "--".
	f.SetInterspersed(false)
	o.cat.register(cmd)
	o.pol.register(cmd)
	f.BoolVar(&o.classifyStdout, "classify-stdout", false, "classify CMD's standard output too, not only its standard error")
	f.BoolVar(&o.dryRun, "dry-run", false, "run CMD once; on failure print what the policy would do, without sleeping or running it again")
	f.DurationVar(&o.maxTotal, "max-total", 0, "bound the whole run: no delay may end at or after it, and CMD is sent SIGTERM when it is reached")
	f.BoolVar(&o.idempotent, "idempotent", false, "CMD may safely run again even after it wrote to standard output")
	f.StringVar(&o.report, "report", "", "write one JSON line per attempt to this file")
	f.BoolVar(&o.exitByClass, "exit-by-class", false, "on stop or skip, exit with the class's exit code (70 when unclassified)")
	f.IntVar(&o.tailBytes, "tail-bytes", 64<<10, "how much of CMD's output to keep for classification")
	f.BoolVar(&o.failOnOutput, "fail-on-output", false, "classify the output of an attempt that exits 0 too, and treat a classified failure as a failure")
	return cmd
}

func (o *runOptions) run(io stdio, clock supervise.Clock, args []string, paint func(class, text string) string) error {
	if o.maxTotal < 0 {
		return usagef("--max-total %s: must not be negative", o.maxTotal)
	}
	if o.tailBytes < 1024 {
		return usagef("--tail-bytes %d: want at least 1024", o.tailBytes)
	}
	eng, err := o.cat.load()
	if err != nil {
		return err
	}
	pol, err := o.pol.load(eng.Catalogue())
	if err != nil {
		return err
	}
	s := &supervise.Supervisor{
		Stdin: io.in, Stdout: io.out, Stderr: io.err,
		Clock: clock,
		Classify: func(ev match.Evidence, now time.Time) match.Classification {
			return eng.Classify(ev, match.Options{Now: now})
		},
		Policy:         pol,
		TailBytes:      o.tailBytes,
		ClassifyStdout: o.classifyStdout,
		DryRun:         o.dryRun,
		MaxTotal:       o.maxTotal,
		Idempotent:     o.idempotent,
		FailOnOutput:   o.failOnOutput,
		Paint:          paint,
	}
	var attempts []supervise.AttemptReport
	s.Observe = func(a supervise.AttemptReport) { attempts = append(attempts, a) }
	if o.exitByClass {
		s.ClassExit = func(c match.Classification) exitcode.Code { return classExit(eng.Catalogue(), c) }
	}
	if o.report != "" {
		f, err := os.Create(o.report)
		if err != nil {
			return err
		}
		defer f.Close()
		s.Report = f
	}
	err = s.Run(args)
	flaky := len(attempts) > 0 && attempts[len(attempts)-1].Flaky
	if flaky && inActions(o.getenv) {
		report.WorkflowCommands(io.err, "warning", []report.Annotation{{
			Title:   "errcat run: flaky",
			Message: fmt.Sprintf("succeeded on attempt %d, after %d failed", len(attempts), len(attempts)-1),
		}})
	}
	if len(attempts) > 0 {
		stepSummary(o.getenv, io.err, func() string { return report.RunSummary(attempts, runOutcome(attempts, err)) })
	}
	return err
}

// runOutcome is the summary's last line: how the run ended.
func runOutcome(attempts []supervise.AttemptReport, err error) string {
	n := len(attempts)
	switch {
	case err == nil && n > 1:
		return fmt.Sprintf("Flaky: succeeded on attempt %d, after %d failed.", n, n-1)
	case err == nil:
		return "Succeeded on the first attempt."
	}
	var ee exitcode.Error
	if errors.As(err, &ee) {
		return fmt.Sprintf("Failed after %d attempts, exit status %d.", n, ee.Code)
	}
	return fmt.Sprintf("Failed after %d attempts.", n)
}
