package main

import (
	"fmt"
	"time"

	"github.com/spf13/cobra"

	"github.com/errcat/errcat/internal/policy"
	"github.com/errcat/errcat/internal/supervise"
)

type decideOptions struct {
	cat     catalogueFlag
	pol     policyFlag
	attempt int
	waited  bool
	now     string
	output  string
}

func newDecideCmd(io stdio, getenv func(string) string) *cobra.Command {
	o := &decideOptions{cat: catalogueFlag{getenv: getenv}}
	cmd := &cobra.Command{
		Use:   "decide --policy POLICY [--attempt N] [--waited]",
		Short: "Decide what to do about a classified failure",
		Long: `Decide reads a classification (the JSON of errcat classify -o json) on
standard input and prints what the policy says to do next: action (retry,
wait, skip or stop), delay_seconds, deadline (absolute UTC, the earliest
time the next attempt may start), retry_ordinal, max_retries and reason.

The classification must be one the catalogue (--catalogue) can give: state
classified or unclassified; a classified one names a code of the catalogue,
that code's class and a rule that gives the code; an unclassified one names
none, and its reason is no_match, low_confidence, conflict or empty. Anything
else is refused (exit 1) with every problem positioned as stdin:line:col.

--attempt N is the number of the attempt that just failed (1 for the
first), and --waited says the one wait for a reset of this class has been
used; the retries already taken are N-1, less one when --waited, since the
attempt after a wait does not consume a retry. Both assume that every
earlier failure had this class; a program that mixes classes keeps its
own state (see docs/policy.md).

The steps, in order: unclassified stops; wait for a reset once per class
when it lies within max_wait; retry while retries remain, doubling from
initial_interval, capped at 24h; otherwise on_exhausted (skip or stop).`,
		Example: `  errcat classify -o json < err.txt | errcat decide --policy ci.policy.yaml
  errcat decide --policy ci.policy.yaml --attempt 3 --waited < classification.json`,
		Args: usageArgs(cobra.NoArgs),
		RunE: func(cmd *cobra.Command, args []string) error { return o.run(io) },
	}
	f := cmd.Flags()
	o.cat.register(cmd)
	o.pol.register(cmd)
	f.IntVar(&o.attempt, "attempt", 1, "number of the attempt that just failed, from 1")
	f.BoolVar(&o.waited, "waited", false, "the wait for a reset of this class has been used")
	f.StringVar(&o.now, "now", "", "RFC 3339 clock to decide at (default: now), for reproducible output")
	f.StringVarP(&o.output, "output", "o", "json", "output format: json or text")
	return cmd
}

func (o *decideOptions) run(io stdio) error {
	if o.output != "json" && o.output != "text" {
		return usagef("unknown output format %q (want json or text)", o.output)
	}
	if o.attempt < 1 {
		return usagef("--attempt %d: attempts count from 1", o.attempt)
	}
	if o.waited && o.attempt < 2 {
		return usagef("--waited needs --attempt 2 or more: a wait comes before an attempt")
	}
	now := time.Now()
	if o.now != "" {
		t, err := time.Parse(time.RFC3339, o.now)
		if err != nil {
			return usagef("--now: %v", err)
		}
		now = t
	}
	eng, err := o.cat.load()
	if err != nil {
		return err
	}
	p, err := o.pol.load(eng.Catalogue())
	if err != nil {
		return err
	}
	c, err := readClassification(io.in, eng.Catalogue())
	if err != nil {
		return err
	}
	s := policy.State{Now: now}
	if c.Class != "" {
		used := o.attempt - 1
		if o.waited {
			used--
			s.Waited = map[string]bool{c.Class: true}
		}
		s.Retries = map[string]int{c.Class: used}
	}
	d := policy.Decide(c, p, s)
	if o.output == "text" {
		_, err := fmt.Fprintf(io.out, "%s\nreason: %s\n", supervise.Describe(c, d), d.Reason)
		return err
	}
	return writeJSON(io.out, d)
}
