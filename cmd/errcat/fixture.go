package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/errcat/errcat/internal/fixture"
	"github.com/errcat/errcat/internal/match"
	"github.com/errcat/errcat/internal/tables"
)

func newFixtureCmd(io stdio, getenv func(string) string) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "fixture",
		Short: "Work with fixture files",
		Args:  usageArgs(cobra.NoArgs),
	}
	cmd.AddCommand(newFixtureAddCmd(io, getenv))
	return cmd
}

type fixtureAddOptions struct {
	cat      catalogueFlag
	code     string
	name     string
	rule     string
	ev       evidenceFlags
	file     string
	fixtures string
}

func newFixtureAddCmd(io stdio, getenv func(string) string) *cobra.Command {
	o := &fixtureAddOptions{cat: catalogueFlag{getenv: getenv}}
	cmd := &cobra.Command{
		Use:   "add --code CODE [flags] < sample",
		Short: "Sanitize a sample from standard input and append it as a fixture",
		Long: `Add reads a failure sample on standard input, sanitizes it as
'errcat sanitize --ids' does, and appends a fixture expecting --code (a code
of the catalogue, or "unclassified" for a line that must stay unclassified)
to a fixture file, keeping the file's comments and schema line. The
fixtures directory is --fixtures, or by default the one errcat test reads:
DIR/fixtures, else DIR/../fixtures, for a catalogue directory DIR (--catalogue or
$ERRCAT_CATALOGUE), else ./fixtures. The file is --file, a path inside
the fixtures directory or relative to it, or by default
<rule prefix>.yaml with --rule (openai.yaml for openai.insufficient_quota),
negatives.yaml for unclassified, else <code>.yaml. The write is atomic, and
a name that is already taken is refused.

With --status or --header the sample is the HTTP response body; otherwise it
is the text. The name defaults to the code and the start of the sample.

Add then classifies the new fixture and says whether the catalogue already
agrees with it; errcat test fails until it does.`,
		Example: `  pbpaste | errcat fixture add --code rate_limited --rule openai.rate_limit_exceeded
  errcat fixture add --code quota_limited --status 429 --header 'retry-after: 20' < body.json
  echo 'retrying in 5s (attempt 2/5)' | errcat fixture add --code unclassified`,
		Args: usageArgs(cobra.NoArgs),
		RunE: func(cmd *cobra.Command, args []string) error { return o.run(io) },
	}
	f := cmd.Flags()
	o.cat.register(cmd)
	f.StringVar(&o.code, "code", "", `code the fixture expects, or "unclassified" (required)`)
	f.StringVar(&o.name, "name", "", "fixture name, unique across the fixtures (default: the code and the start of the sample)")
	f.StringVar(&o.rule, "rule", "", "rule that must win the fixture")
	o.ev.register(cmd, "HTTP status: the sample is the response body", "response header 'Name: value' (repeatable); the sample is the response body")
	f.StringVar(&o.file, "file", "", "fixture file to append to, inside --fixtures")
	f.StringVar(&o.fixtures, "fixtures", "", "fixtures directory (default: DIR/fixtures, else DIR/../fixtures, for --catalogue DIR; else ./fixtures)")
	return cmd
}

func (o *fixtureAddOptions) run(io stdio) error {
	if o.code == "" {
		return usagef(`--code is required: a code of the catalogue, or "unclassified"`)
	}
	ev, err := o.evidence(io.in)
	if err != nil {
		return err
	}
	eng, err := o.cat.load()
	if err != nil {
		return err
	}
	if err := o.checkNames(eng.Catalogue()); err != nil {
		return err
	}
	if o.name == "" {
		o.name = fixture.DefaultName(o.code, ev)
	}
	if o.fixtures == "" {
		if o.fixtures = o.cat.fixturesDir(); o.fixtures == "" {
			o.fixtures = "fixtures"
		}
	}
	if st, err := os.Stat(o.fixtures); err != nil || !st.IsDir() {
		return fmt.Errorf("fixtures directory %s not found (set --fixtures)", o.fixtures)
	}
	dir := filepath.ToSlash(filepath.Clean(o.fixtures))
	existing, err := fixture.Load(os.DirFS(o.fixtures), dir)
	if err != nil {
		return err
	}
	for _, fx := range existing {
		if fx.Name == o.name {
			return fmt.Errorf("fixture %q is already defined at %s (choose another --name)", o.name, fx.Pos)
		}
	}
	rel, err := o.target()
	if err != nil {
		return err
	}
	path := filepath.Join(o.fixtures, filepath.FromSlash(rel))
	shown := dir + "/" + rel
	pos, err := fixture.Append(path, shown, rel, fixture.Render(o.fixture(ev)))
	if err != nil {
		return err
	}
	got := eng.Classify(ev, match.Options{Now: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)})
	var b strings.Builder
	fmt.Fprintf(&b, "added fixture %q at %s\n", o.name, pos)
	want := o.code
	agrees := got.State == match.Unclassified && o.code == "unclassified" ||
		got.State == match.Classified && got.Code == o.code && (o.rule == "" || got.Rule == o.rule)
	if o.rule != "" {
		want += " by rule " + o.rule
	}
	if agrees {
		fmt.Fprintf(&b, "the catalogue agrees: %s\n", describeGot(got))
	} else {
		until := "until a rule does"
		if o.code == "unclassified" {
			until = "until no rule claims it"
		}
		fmt.Fprintf(&b, "the catalogue answers %s, not %s: errcat test fails %s\n", describeGot(got), want, until)
	}
	_, err = io.out.Write([]byte(b.String()))
	return err
}

func describeGot(c match.Classification) string {
	if c.State == match.Classified {
		return fmt.Sprintf("%s/%s by rule %s", c.Class, c.Code, c.Rule)
	}
	return "unclassified (" + c.Reason + ")"
}

// evidence reads the sample on standard input and the structured flags,
// sanitized: with --status or --header the sample is the response body,
// otherwise the text.
func (o *fixtureAddOptions) evidence(stdin io.Reader) (match.Evidence, error) {
	ev, err := o.ev.read()
	if err != nil {
		return ev, err
	}
	data, err := readInputs(stdin, nil)
	if err != nil {
		return ev, err
	}
	sample := strings.TrimRight(fixture.Sanitize(data), "\n")
	if strings.TrimSpace(sample) == "" && ev.HTTP == nil && ev.ExitCode == nil {
		return ev, usagef("no sample on standard input")
	}
	if ev.HTTP == nil {
		ev.Text = sample
		return ev, nil
	}
	ev.HTTP.Body = sample
	for name, value := range ev.HTTP.Headers {
		// The header name is context for the redaction rules
		// ("Authorization: ..."), so the line is sanitized whole.
		_, value, _ = strings.Cut(fixture.Sanitize(name+": "+value), ":")
		ev.HTTP.Headers[name] = strings.TrimSpace(value)
	}
	return ev, nil
}

// checkNames refuses a code the catalogue lacks; a rule may be written
// after its fixture, so an unknown one is only reported later.
func (o *fixtureAddOptions) checkNames(cat *tables.Catalogue) error {
	if o.code == "unclassified" {
		if o.rule != "" {
			return usagef("--rule makes no sense with --code unclassified")
		}
		return nil
	}
	var names []string
	for _, c := range cat.Codes {
		if c.Name == o.code {
			return nil
		}
		names = append(names, c.Name)
	}
	return usagef("unknown code %q (catalogue %s has: %s)", o.code, cat.Name, strings.Join(names, ", "))
}

// target returns the fixture file, relative to the fixtures directory.
func (o *fixtureAddOptions) target() (string, error) {
	rel := o.file
	switch {
	case rel == "" && o.code == "unclassified":
		rel = "negatives.yaml"
	case rel == "" && o.rule != "":
		prefix, _, _ := strings.Cut(o.rule, ".")
		rel = prefix + ".yaml"
	case rel == "":
		rel = o.code + ".yaml"
	default:
		// A path that already lies inside the fixtures directory is
		// taken as given; anything else is relative to it.
		if r, err := filepath.Rel(o.fixtures, rel); err == nil && !filepath.IsAbs(rel) && r != ".." && !strings.HasPrefix(r, ".."+string(filepath.Separator)) {
			rel = r
		}
	}
	rel = filepath.ToSlash(filepath.Clean(rel))
	if filepath.IsAbs(rel) || rel == ".." || strings.HasPrefix(rel, "../") {
		return "", usagef("--file %s is outside the fixtures directory %s", o.file, o.fixtures)
	}
	if !strings.HasSuffix(rel, ".yaml") && !strings.HasSuffix(rel, ".yml") {
		return "", usagef("--file %s: fixture files end in .yaml", o.file)
	}
	return rel, nil
}

// fixture is the new fixture: code "unclassified" expects no code.
func (o *fixtureAddOptions) fixture(ev match.Evidence) fixture.Fixture {
	fx := fixture.Fixture{Name: o.name, Evidence: ev}
	if o.code == "unclassified" {
		fx.Expect.Unclassified = true
	} else {
		fx.Expect.Code, fx.Expect.Rule = o.code, o.rule
	}
	return fx
}
