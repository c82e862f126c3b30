package main

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/errcat/errcat/internal/policy"
	"github.com/errcat/errcat/internal/policyfile"
	"github.com/errcat/errcat/internal/tables"
)

// policyFlag is --policy, shared by decide and run.
type policyFlag struct{ path string }

func (p *policyFlag) register(cmd *cobra.Command) {
	cmd.Flags().StringVar(&p.path, "policy", "", "recovery policy file, YAML or JSON (default: no retry, no wait, stop)")
}

// load reads the policy, checking its sections against the catalogue's
// classes. Without --policy it is the default: every failure stops.
func (p *policyFlag) load(cat *tables.Catalogue) (policy.Policy, error) {
	if p.path == "" {
		return policy.Default(), nil
	}
	return policyfile.LoadFile(p.path, classNames(cat))
}

func classNames(cat *tables.Catalogue) []string {
	names := make([]string, len(cat.Classes))
	for i, c := range cat.Classes {
		names[i] = c.Name
	}
	return names
}

func newPolicyCmd(io stdio, getenv func(string) string) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "policy",
		Short: "Inspect recovery policies",
		Args:  usageArgs(cobra.NoArgs),
		RunE: func(cmd *cobra.Command, args []string) error {
			return usageError{fmt.Errorf("policy needs a subcommand (show)")}
		},
	}
	cmd.AddCommand(newPolicyShowCmd(io, getenv))
	return cmd
}

func newPolicyShowCmd(io stdio, getenv func(string) string) *cobra.Command {
	cat := catalogueFlag{getenv: getenv}
	var output string
	cmd := &cobra.Command{
		Use:   "show POLICY",
		Short: "Validate a policy and print each class's schedule",
		Long: `Show validates a policy file against the catalogue's classes and prints, for
each class, the schedule it implies: the retry delays, what happens when
they run out, and whether a provider's reset is waited for.

With -o json it prints the policy as the JSON document that programs
embedding errcat's decision logic read (policy.ParseJSON).`,
		Example: `  errcat policy show ci.policy.yaml
  errcat policy show -o json ci.policy.yaml > policy.json`,
		Args: usageArgs(cobra.ExactArgs(1)),
		RunE: func(cmd *cobra.Command, args []string) error {
			if output != "text" && output != "json" {
				return usagef("unknown output format %q (want text or json)", output)
			}
			eng, err := cat.load()
			if err != nil {
				return err
			}
			p, err := policyfile.LoadFile(args[0], classNames(eng.Catalogue()))
			if err != nil {
				return err
			}
			if output == "json" {
				return writeJSON(io.out, p)
			}
			return printSchedule(io.out, eng.Catalogue(), p)
		},
	}
	cat.register(cmd)
	cmd.Flags().StringVarP(&output, "output", "o", "text", "output format: text or json")
	return cmd
}

// printSchedule writes one line per class of the catalogue, in its order,
// then unclassified.
func printSchedule(w io.Writer, cat *tables.Catalogue, p policy.Policy) error {
	var b strings.Builder
	for _, c := range cat.Classes {
		fmt.Fprintf(&b, "%s: %s\n", c.Name, schedule(p, c.Name))
	}
	b.WriteString("unclassified: stop, whatever the policy says\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// schedule describes one class's section: "5 s, 10 s, 20 s, then skip;
// waits for a reset up to 5 m once".
func schedule(p policy.Policy, class string) string {
	sec, ok := p.Classes[class]
	if !ok {
		return "stop at once (no section)"
	}
	var s string
	switch {
	case sec.Retry.Enabled:
		delays := make([]string, sec.Retry.MaxRetries)
		for n := 1; n <= sec.Retry.MaxRetries; n++ {
			delays[n-1] = spaced(sec.Retry.Delay(n))
		}
		s = strings.Join(delays, ", ") + ", then " + string(sec.OnExhausted)
	case sec.WaitForReset.Enabled:
		s = "no retries, then " + string(sec.OnExhausted)
	default:
		s = string(sec.OnExhausted) + " at once"
	}
	if sec.WaitForReset.Enabled {
		s += "; waits for a reset up to " + spaced(time.Duration(sec.WaitForReset.MaxWait)) + " once"
	}
	return s
}

// spaced writes a duration for reading: "5 s", "1 m 20 s", "1 d".
func spaced(d time.Duration) string {
	compact := policy.FormatDuration(d)
	var b strings.Builder
	for i, r := range compact {
		if r >= 'a' && r <= 'z' && i > 0 && compact[i-1] >= '0' && compact[i-1] <= '9' {
			b.WriteByte(' ')
			b.WriteRune(r)
			if i+1 < len(compact) {
				b.WriteByte(' ')
			}
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}
