package main

import (
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"

	"github.com/errcat/errcat/internal/explain"
	"github.com/errcat/errcat/internal/fixture"
)

type explainOptions struct {
	cat      catalogueFlag
	fixtures string
	output   string
}

func newExplainCmd(io stdio, getenv func(string) string) *cobra.Command {
	o := &explainOptions{cat: catalogueFlag{getenv: getenv}}
	cmd := &cobra.Command{
		Use:   "explain CODE|RULE-ID",
		Short: "Show what a code or a rule is, where it is written and how it ranks",
		Long: `Explain shows one code or one rule of the catalogue (a code when a code and
a rule share the name).

For a code: its class and what the class means, its description, unblock
and scope, and its rules (id, tier, priority, file:line) with two of the
fixtures each rule wins.

For a rule: its matchers, where it reads timing hints, whether it is
indexed (its triggers; an unindexed rule runs on every record), the rules
of other codes it meets that it outranks, that outrank it and that it ties
with (10 each, with a count of the rest), and the fixtures it wins. Rules
meet when one piece of evidence can satisfy both rules' structured
matchers and they test one kind of evidence: both the HTTP status, both an
exit code or a signal, one header or JSON path, or a trigger of one
contains a trigger of the other. Who wins is the engine's own ranking.

A fixture is a rule's when it passes and the rule wins it. Fixtures are
found as errcat test finds them: the built-in ones for the built-in
catalogue, DIR/fixtures or else DIR/../fixtures for --catalogue DIR (none
if neither exists; a layered catalogue adds its layers' fixtures),
or --fixtures.

An unknown name exits 2 with the closest codes and rule ids.
-o json writes the view as one JSON object (docs/explain.md).`,
		Args: usageArgs(cobra.ExactArgs(1)),
		RunE: func(cmd *cobra.Command, args []string) error { return o.run(io, args[0]) },
	}
	o.cat.register(cmd)
	cmd.Flags().StringVar(&o.fixtures, "fixtures", "", "fixtures directory (default: DIR/fixtures, else DIR/../fixtures, for --catalogue DIR; else the built-in fixtures)")
	cmd.Flags().StringVarP(&o.output, "output", "o", "text", "output format: text or json")
	return cmd
}

// explainClock is the clock of fixtures that set none, as errcat test's
// default --now.
var explainClock = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

func (o *explainOptions) run(io stdio, name string) error {
	if o.output != "text" && o.output != "json" {
		return usagef("unknown output format %q (want text or json)", o.output)
	}
	eng, err := o.cat.load()
	if err != nil {
		return err
	}
	var fx []fixture.Fixture
	if o.hasFixtures() {
		fsys, display, err := (&testOptions{cat: o.cat, fixtures: o.fixtures}).fixtureFS()
		if err != nil {
			return err
		}
		if fx, err = fixture.Load(fsys, display); err != nil {
			return err
		}
	}
	if cat := eng.Catalogue(); len(cat.Layers) > 0 {
		// A layered catalogue's rules are won by its layers' fixtures.
		sets, err := inheritedFixtures(cat, o.cat.display())
		if err != nil {
			return err
		}
		var all []fixture.Fixture
		for _, s := range sets {
			all = append(all, s.Fixtures...)
		}
		fx = append(all, fx...)
	}
	x := explain.New(eng, fx, o.cat.display(), explainClock)
	code, rule, ok := x.Lookup(name)
	switch {
	case !ok && disabledRule(eng.Catalogue(), o.cat.display(), name) != "":
		return usagef("rule %s is %s", name, disabledRule(eng.Catalogue(), o.cat.display(), name))
	case !ok:
		return o.unknown(io, name, x.Suggest(name))
	case code >= 0:
		v := x.Code(code)
		if o.output == "json" {
			return writeJSON(io.out, v)
		}
		return printExplainCode(io.out, v)
	}
	v := x.Rule(rule)
	if o.output == "json" {
		return writeJSON(io.out, v)
	}
	return printExplainRule(io.out, v)
}

// hasFixtures reports whether there are fixtures to read: always for the
// built-in catalogue or a --fixtures directory, and for a catalogue
// directory when its fixtures directory (fixturesOf) exists.
func (o *explainOptions) hasFixtures() bool {
	dir := o.cat.fixturesDir()
	if o.fixtures != "" || dir == "" {
		return true
	}
	st, err := os.Stat(dir)
	return err == nil && st.IsDir()
}

// unknown is a usage error naming the closest known names; with -o json
// it also writes them, so a program can offer them.
func (o *explainOptions) unknown(io stdio, name string, near []string) error {
	if o.output == "json" {
		if err := writeJSON(io.out, struct {
			Kind        string   `json:"kind"`
			Name        string   `json:"name"`
			Suggestions []string `json:"suggestions"`
		}{"unknown", name, near}); err != nil {
			return err
		}
	}
	if len(near) == 0 {
		return usagef("no code or rule %q in the catalogue", name)
	}
	return usagef("no code or rule %q in the catalogue; did you mean %s?", name, strings.Join(near, ", "))
}

func printExplainCode(w io.Writer, v explain.CodeView) error {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	row := func(k, v string) {
		if v != "" {
			fmt.Fprintf(tw, "%s:\t%s\n", k, v)
		}
	}
	row("code", v.Code)
	row("class", fmt.Sprintf("%s (exit %d): %s", v.Class, v.ClassExitCode, v.ClassMeaning))
	row("description", v.Description)
	row("unblock", v.Unblock)
	row("scope", v.Scope)
	row("catalogue", v.CatalogueVersion)
	if err := tw.Flush(); err != nil {
		return err
	}
	var b strings.Builder
	fmt.Fprintf(&b, "rules (%d):\n", len(v.Rules))
	for _, r := range v.Rules {
		fmt.Fprintf(&b, "  %s  %s, priority %d, confidence %s  %s:%d%s\n", r.ID, r.Tier, r.Priority, r.Confidence, r.File, r.Line, layerNote(r.Layer))
		for _, f := range r.Fixtures {
			fmt.Fprintf(&b, "    fixture %s (%s): %s\n", f.Name, f.Pos, f.Evidence)
		}
		if n := r.FixturesTotal - len(r.Fixtures); n > 0 {
			fmt.Fprintf(&b, "    and %d more %s\n", n, plural(n, "fixture", "fixtures"))
		} else if r.FixturesTotal == 0 {
			b.WriteString("    no fixture wins it\n")
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func printExplainRule(w io.Writer, v explain.RuleView) error {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	row := func(k, v string) { fmt.Fprintf(tw, "%s:\t%s\n", k, v) }
	row("rule", fmt.Sprintf("%s (%s:%d)%s", v.ID, v.File, v.Line, layerNote(v.Layer)))
	row("code", fmt.Sprintf("%s (%s)", v.Code, v.Class))
	row("rank", fmt.Sprintf("%s, priority %d", v.Tier, v.Priority))
	row("confidence", v.Confidence)
	if v.Scope != "" {
		row("scope", v.Scope)
	}
	for _, m := range v.Match {
		row("match", matcherText(m))
	}
	for _, m := range v.Not {
		row("not", matcherText(m))
	}
	if len(v.Hints) == 0 {
		row("hints", "none")
	}
	for _, h := range v.Hints {
		row("hint", hintText(h))
	}
	switch {
	case !v.Indexed:
		row("indexed", "no: no required literal, so it runs on every record")
	case len(v.Triggers) == 0:
		row("indexed", "yes: no text matchers, it runs on structured evidence")
	default:
		row("indexed", "yes, on "+quoteAll(v.Triggers, ", "))
	}
	if len(v.Overrides) > 0 {
		row("overrides", strings.Join(v.Overrides, ", "))
	}
	row("catalogue", v.CatalogueVersion)
	if err := tw.Flush(); err != nil {
		return err
	}
	var b strings.Builder
	ranked := func(title string, r explain.Ranked) {
		fmt.Fprintf(&b, "%s (%d):\n", title, len(r.Rules)+r.More)
		for _, o := range r.Rules {
			fmt.Fprintf(&b, "  %s  %s, %s, priority %d  %s:%d\n", o.ID, o.Code, o.Tier, o.Priority, o.File, o.Line)
		}
		if r.More > 0 {
			fmt.Fprintf(&b, "  and %d more\n", r.More)
		}
	}
	ranked("outranks", v.Outranks)
	ranked("outranked by", v.OutrankedBy)
	ranked("ties with", v.Ties)
	fmt.Fprintf(&b, "fixtures (%d):\n", len(v.Fixtures))
	for _, f := range v.Fixtures {
		fmt.Fprintf(&b, "  %s (%s): %s\n", f.Name, f.Pos, f.Evidence)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func matcherText(m explain.Matcher) string {
	var s string
	switch m.Kind {
	case "header", "json":
		s = m.Kind + " " + m.Field + " " + m.Test
		if len(m.Values) > 0 {
			s += " " + quoteAll(m.Values, " or ")
		}
		return s
	case "status", "exit_code", "signal", "provider":
		return m.Kind + " " + strings.Join(m.Values, " or ")
	}
	s = m.Kind + " " + quoteAll(m.Values, " or ")
	if m.CaseSensitive {
		s += " (case-sensitive)"
	}
	return s
}

func hintText(h explain.Hint) string {
	s := h.Want + " from " + h.From
	if h.Key != "" {
		s += " " + h.Key
	}
	if h.Regex != "" {
		s += " " + strconv.Quote(h.Regex)
	}
	if h.Unit != "" {
		s += " (bare numbers in " + h.Unit + ")"
	}
	return s
}

func quoteAll(vs []string, sep string) string {
	q := make([]string, len(vs))
	for i, v := range vs {
		q[i] = strconv.Quote(v)
	}
	return strings.Join(q, sep)
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
