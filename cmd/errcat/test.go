package main

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/errcat/errcat/fixtures"
	"github.com/errcat/errcat/internal/atomicfile"
	"github.com/errcat/errcat/internal/exitcode"
	"github.com/errcat/errcat/internal/fixture"
	"github.com/errcat/errcat/internal/report"
	"github.com/errcat/errcat/internal/tables"
)

type testOptions struct {
	cat      catalogueFlag
	fixtures string
	output   string
	junit    string
	now      string
}

func newTestCmd(io stdio, getenv func(string) string) *cobra.Command {
	o := &testOptions{cat: catalogueFlag{getenv: getenv}}
	cmd := &cobra.Command{
		Use:   "test",
		Short: "Compile a catalogue and replay its fixtures",
		Long: `Test compiles and validates the catalogue, replays every fixture, and fails
(exit 1) on any fixture that classifies differently than it expects, any
conflict or shadowing a fixture shows, any code without a rule, and any rule
that wins no passing positive fixture. Failures show a (-want +got) diff.
It also runs the analysis of errcat check and fails on its errors
(collisions, shadowed rules, undecided pairs), which fixtures only catch
when someone thought to write one. The analysis' report is kept in the
cache (see errcat help) for the catalogue files it was made of, so a run
after an edit of fixtures alone does not analyse the rules again.

Without --fixtures, the built-in catalogue is tested with its built-in
fixtures, and a catalogue directory DIR with the fixtures in DIR/fixtures
(as errcat init lays a layer out) or else DIR/../fixtures,
where errcat fixture add writes them.

A layered catalogue (catalogue.yaml says extends) is tested with the
fixtures of every layer, replayed on the combination: the built-in ones for
extends: builtin, and for a directory the fixtures it would be tested with.
A fixture of a rule a layer disables is listed as SKIP with the reason; an
inherited fixture that fails names the rule, and its layer, that now wins.

--junit writes one test case per fixture (failed, or skipped for a known
issue) and two more that errcat test also fails on: "every code has a rule"
and "every rule wins a positive fixture". The suite's tests count is the
number of fixtures plus these two.

In GitHub Actions (GITHUB_ACTIONS=true), every failure and every broken
catalogue or fixture file is also written to standard error as a workflow
command, ::error file=F,line=L,col=C,title=T::message, which the runner
shows on that line of a pull request.`,
		Args: usageArgs(cobra.NoArgs),
		RunE: func(cmd *cobra.Command, args []string) error {
			return annotateErr(getenv, io.err, o.run(io))
		},
	}
	o.cat.register(cmd)
	cmd.Flags().StringVar(&o.fixtures, "fixtures", "", "fixtures directory (default: DIR/fixtures, else DIR/../fixtures, for --catalogue DIR; else the built-in fixtures)")
	cmd.Flags().StringVarP(&o.output, "output", "o", "text", "output format: text or json")
	cmd.Flags().StringVar(&o.junit, "junit", "", "also write a JUnit XML report to this file, for CI")
	cmd.Flags().StringVar(&o.now, "now", "2026-01-01T00:00:00Z", "RFC 3339 clock for fixtures that set none")
	return cmd
}

func (o *testOptions) run(io stdio) error {
	if o.output != "text" && o.output != "json" {
		return usagef("unknown output format %q (want text or json)", o.output)
	}
	now, err := time.Parse(time.RFC3339, o.now)
	if err != nil {
		return usagef("--now: %v", err)
	}
	eng, err := o.cat.load()
	if err != nil {
		return err
	}
	cat := eng.Catalogue()
	var fx []fixture.Fixture
	if o.hasOwnFixtures(cat) {
		fsys, display, err := o.fixtureFS()
		if err != nil {
			return err
		}
		if fx, err = fixture.Load(fsys, display); err != nil {
			return err
		}
	}
	layered := len(cat.Layers) > 0
	var sets []fixture.Set
	if layered {
		if sets, err = inheritedFixtures(cat, o.cat.display()); err != nil {
			return err
		}
	}
	// The analysis runs while the fixtures replay: the two share only the
	// engine, which is safe for concurrent use. It starts once every
	// fixture has loaded, so that a broken fixture file is reported at
	// once rather than after an analysis whose result would be dropped.
	analysis := o.cat.analyzeAsync(eng, 0)
	var rep *fixture.Report
	if layered {
		rep = fixture.ReplayLayers(eng, append(sets, fixture.Set{Layer: cat.Name, Fixtures: fx}), now)
	} else {
		rep = fixture.Replay(eng, fx, now)
	}
	if err := addCheck(analysis, rep); err != nil {
		return err
	}
	if o.junit != "" {
		data, err := report.JUnit("errcat "+catalogueLabel(cat), rep)
		if err != nil {
			return err
		}
		// Written atomically: a CI step never reads half a file.
		if err := atomicfile.Write(o.junit, data, 0o644); err != nil {
			return err
		}
	}
	if o.output == "json" {
		err = writeJSON(io.out, struct {
			OK               bool   `json:"ok"`
			CatalogueVersion string `json:"catalogue_version"`
			*fixture.Report
		}{rep.OK(), cat.ID, rep})
	} else {
		err = printReport(io.out, cat, rep)
	}
	if err != nil {
		return err
	}
	annotate(o.cat.getenv, io.err, report.TestAnnotations(rep))
	if !rep.OK() {
		return exitcode.Error{Code: exitcode.Failure}
	}
	return nil
}

// addCheck adds the errors of errcat check's analysis to the report's
// failures, positioned on the rule's YAML line. The analysis replays its
// witnesses through the engine the fixtures ran on.
func addCheck(analysis *pendingAnalysis, rep *fixture.Report) error {
	res, err := analysis.wait()
	if err != nil {
		return err
	}
	for _, f := range res.Findings {
		if !f.IsError() {
			continue
		}
		var rules []string
		rules = append(rules, f.Rule.ID)
		if f.Other != nil {
			rules = append(rules, f.Other.ID)
		}
		rep.Failures = append(rep.Failures, fixture.Failure{
			Fixture: "rule " + f.Rule.ID,
			Pos:     fmt.Sprintf("%s:%d", f.Rule.File, f.Rule.Line),
			Kind:    "check " + f.Kind,
			Message: f.Message + layersOf(f) + " (run errcat check for the witness)",
			Rules:   rules,
		})
	}
	return nil
}

// hasOwnFixtures reports whether to read the catalogue's own fixtures: a
// layer may have none of its own yet, and is tested with those it
// inherits; any other catalogue is tested with its fixtures or fails.
func (o *testOptions) hasOwnFixtures(cat *tables.Catalogue) bool {
	if o.fixtures != "" || len(cat.Layers) == 0 {
		return true
	}
	st, err := os.Stat(o.cat.fixturesDir())
	return err == nil && st.IsDir()
}

func (o *testOptions) fixtureFS() (fs.FS, string, error) {
	dir := o.fixtures
	if dir == "" {
		if dir = o.cat.fixturesDir(); dir == "" {
			return fixtures.FS, "fixtures", nil
		}
	}
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		return nil, "", fmt.Errorf("fixtures directory %s not found (set --fixtures)", dir)
	}
	return os.DirFS(dir), filepath.ToSlash(filepath.Clean(dir)), nil
}

func printReport(w io.Writer, cat *tables.Catalogue, rep *fixture.Report) error {
	var b strings.Builder
	for _, f := range rep.Failures {
		fmt.Fprintf(&b, "FAIL %s: %s: %s: %s\n", f.Pos, f.Fixture, f.Kind, f.Message)
		if f.Diff != "" {
			for _, l := range strings.Split(strings.TrimRight(f.Diff, "\n"), "\n") {
				fmt.Fprintf(&b, "    %s\n", l)
			}
		}
	}
	if len(rep.CodesWithoutRule) > 0 {
		fmt.Fprintf(&b, "FAIL codes without a rule: %s\n", strings.Join(rep.CodesWithoutRule, ", "))
	}
	if len(rep.RulesWithoutFixture) > 0 {
		fmt.Fprintf(&b, "FAIL rules that win no passing positive fixture: %s\n", strings.Join(rep.RulesWithoutFixture, ", "))
	}
	// The known-issues ledger comes apart from the failures: these cases
	// are wrong on record, and listing them keeps them in sight.
	for _, k := range rep.Known {
		fmt.Fprintf(&b, "KNOWN %s %s: %s: got %s\n    reason: %s\n", strings.ReplaceAll(k.Kind, "_", " "), k.Pos, k.Fixture, k.Got, k.Reason)
	}
	for _, s := range rep.Skipped {
		fmt.Fprintf(&b, "SKIP %s: %s: rule %s is disabled by layer %s: %s\n", s.Pos, s.Fixture, s.Rule, s.By, s.Reason)
	}
	verdict := "ok"
	if !rep.OK() {
		verdict = "FAIL"
	}
	known := ""
	if n := len(rep.Known); n == 1 {
		known = ", 1 known issue"
	} else if n > 1 {
		known = fmt.Sprintf(", %d known issues", n)
	}
	if n := len(rep.Skipped); n > 0 {
		known += fmt.Sprintf(", %d skipped", n)
	}
	fmt.Fprintf(&b, "%s: %d/%d fixtures passed (%d positive, %d negative)%s; %d rules, %d codes; catalogue %s\n",
		verdict, rep.Passed, rep.Fixtures-len(rep.Known), rep.Positive, rep.Negative, known, len(cat.Rules), len(cat.Codes), catalogueLabel(cat))
	_, err := io.WriteString(w, b.String())
	return err
}
