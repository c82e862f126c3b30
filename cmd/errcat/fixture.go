package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/spf13/cobra"
	"gopkg.in/yaml.v3"

	"github.com/errcat/errcat/internal/atomicfile"
	"github.com/errcat/errcat/internal/fixture"
	"github.com/errcat/errcat/internal/match"
	"github.com/errcat/errcat/internal/source"
	"github.com/errcat/errcat/internal/tables"
	"github.com/errcat/errcat/schema"
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
	status   int
	headers  []string
	exitCode int
	provider string
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
DIR/../fixtures for a catalogue directory DIR (--catalogue or
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
		RunE: func(cmd *cobra.Command, args []string) error { return o.run(cmd, io) },
	}
	f := cmd.Flags()
	o.cat.register(cmd)
	f.StringVar(&o.code, "code", "", `code the fixture expects, or "unclassified" (required)`)
	f.StringVar(&o.name, "name", "", "fixture name, unique across the fixtures (default: the code and the start of the sample)")
	f.StringVar(&o.rule, "rule", "", "rule that must win the fixture")
	f.IntVar(&o.status, "status", 0, "HTTP status: the sample is the response body")
	f.StringArrayVar(&o.headers, "header", nil, "response header 'Name: value' (repeatable); the sample is the response body")
	f.IntVar(&o.exitCode, "exit-code", 0, "exit code of the failed command")
	f.StringVar(&o.provider, "provider", "", "provider that answered (openai, anthropic, ...)")
	f.StringVar(&o.file, "file", "", "fixture file to append to, inside --fixtures")
	f.StringVar(&o.fixtures, "fixtures", "", "fixtures directory (default: DIR/../fixtures for --catalogue DIR, else ./fixtures)")
	return cmd
}

func (o *fixtureAddOptions) run(cmd *cobra.Command, io stdio) error {
	if o.code == "" {
		return usagef(`--code is required: a code of the catalogue, or "unclassified"`)
	}
	ev, err := o.evidence(cmd, io.in)
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
		o.name = defaultName(o.code, ev)
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
	pos, err := appendFixture(path, shown, rel, o.item(ev))
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

// evidence reads and sanitizes the sample and the structured flags.
func (o *fixtureAddOptions) evidence(cmd *cobra.Command, stdin io.Reader) (match.Evidence, error) {
	var ev match.Evidence
	fl := cmd.Flags()
	data, err := io.ReadAll(stdin)
	if err != nil {
		return ev, fmt.Errorf("stdin: %v", err)
	}
	sample := strings.TrimRight(sanitizeForFixture(match.DecodeText(string(data))), "\n")
	isHTTP := fl.Changed("status") || len(o.headers) > 0
	if fl.Changed("status") {
		if o.status < 100 || o.status > 599 {
			return ev, usagef("--status %d is not an HTTP status", o.status)
		}
	}
	if strings.TrimSpace(sample) == "" && !isHTTP && !fl.Changed("exit-code") {
		return ev, usagef("no sample on standard input")
	}
	if isHTTP {
		ev.HTTP = &match.HTTP{Status: o.status, Body: sample}
		for _, h := range o.headers {
			name, value, ok := strings.Cut(h, ":")
			if !ok || strings.TrimSpace(name) == "" {
				return ev, headerUsage(h)
			}
			// The header name is context for the redaction rules
			// ("Authorization: ..."), so the line is sanitized whole.
			name = strings.TrimSpace(name)
			clean := sanitizeForFixture(name + ": " + strings.TrimSpace(value))
			_, value, _ = strings.Cut(clean, ":")
			if ev.HTTP.Headers == nil {
				ev.HTTP.Headers = map[string]string{}
			}
			ev.HTTP.Headers[name] = strings.TrimSpace(value)
		}
	} else {
		ev.Text = sample
	}
	if fl.Changed("exit-code") {
		x := o.exitCode
		ev.ExitCode = &x
	}
	ev.Provider = o.provider
	return ev, nil
}

func sanitizeForFixture(s string) string {
	return (&sanitizeOptions{ids: true}).sanitize(s)
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

// item renders the new fixture as a one-item YAML list in the style of
// the shipped files.
func (o *fixtureAddOptions) item(ev match.Evidence) []byte {
	str := func(v string) *yaml.Node {
		n := &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: v}
		if strings.Contains(v, "\n") {
			n.Style = yaml.LiteralStyle
		}
		return n
	}
	num := func(v int) *yaml.Node { return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!int", Value: strconv.Itoa(v)} }
	mapping := func(flow bool, kv ...*yaml.Node) *yaml.Node {
		n := &yaml.Node{Kind: yaml.MappingNode, Content: kv}
		if flow {
			n.Style = yaml.FlowStyle
		}
		return n
	}
	multiline := strings.Contains(ev.Text, "\n") || ev.HTTP != nil && strings.Contains(ev.HTTP.Body, "\n")
	var e []*yaml.Node
	if ev.Provider != "" {
		e = append(e, str("provider"), str(ev.Provider))
	}
	if ev.Text != "" {
		e = append(e, str("text"), str(ev.Text))
	}
	if h := ev.HTTP; h != nil {
		var hn []*yaml.Node
		if h.Status != 0 {
			hn = append(hn, str("status"), num(h.Status))
		}
		if len(h.Headers) > 0 {
			var kv []*yaml.Node
			for _, k := range sortedKeys(h.Headers) {
				kv = append(kv, str(k), &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: h.Headers[k], Style: yaml.DoubleQuotedStyle})
			}
			hn = append(hn, str("headers"), mapping(true, kv...))
		}
		if h.Body != "" {
			hn = append(hn, str("body"), str(h.Body))
		}
		e = append(e, str("http"), mapping(false, hn...))
	}
	if ev.ExitCode != nil {
		e = append(e, str("exit_code"), num(*ev.ExitCode))
	}
	evidence := mapping(ev.HTTP == nil && !multiline, e...)
	var expect *yaml.Node
	if o.code == "unclassified" {
		expect = str("unclassified")
	} else {
		kv := []*yaml.Node{str("code"), str(o.code)}
		if o.rule != "" {
			kv = append(kv, str("rule"), str(o.rule))
		}
		expect = mapping(true, kv...)
	}
	item := mapping(false, str("name"), str(o.name), str("evidence"), evidence, str("expect"), expect)
	var b bytes.Buffer
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	// Encoding a node tree built above cannot fail.
	_ = enc.Encode(&yaml.Node{Kind: yaml.SequenceNode, Content: []*yaml.Node{item}})
	_ = enc.Close()
	return b.Bytes()
}

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// defaultName is the code and the start of the sample's first line.
func defaultName(code string, ev match.Evidence) string {
	text := ev.Text
	if ev.HTTP != nil {
		text = ev.HTTP.Body
		if ev.HTTP.Status != 0 {
			code += " " + strconv.Itoa(ev.HTTP.Status)
		}
	}
	line, _, _ := strings.Cut(strings.TrimSpace(text), "\n")
	line = strings.Join(strings.Fields(line), " ")
	const max = 60
	if utf8.RuneCountInString(line) > max {
		r := []rune(line)[:max]
		line = strings.TrimSpace(string(r)) + "…"
	}
	if line == "" {
		return code
	}
	return code + ": " + line
}

// appendFixture appends a rendered fixture to path, creating the file with
// a schema line if it does not exist, and returns the new fixture's
// position. The result is parsed and schema-checked before it replaces
// the file, and replaces it atomically, so a failed add leaves the file as
// it was.
func appendFixture(path, shown, rel string, item []byte) (string, error) {
	old, err := os.ReadFile(path)
	mode := fs.FileMode(0o644)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		old = []byte(schemaLine(filepath.Dir(path), rel))
	case err != nil:
		return "", err
	default:
		if st, err := os.Stat(path); err == nil {
			mode = st.Mode().Perm()
		}
	}
	if len(old) > 0 && old[len(old)-1] != '\n' {
		old = append(old, '\n')
	}
	data := append(append([]byte{}, old...), item...)
	if found := fixture.SecretShaped(string(item)); len(found) > 0 {
		return "", fmt.Errorf("the new fixture would hold a secret-shaped value (%s), most likely in --name or --rule; sanitized samples never do", found[0].Kind)
	}
	f, errs := source.Load(shown, data, schema.Fixtures)
	if len(errs) > 0 {
		return "", fmt.Errorf("cannot append to %s, it would no longer be a valid fixture list:\n%v", shown, errs.Err())
	}
	items := source.Items(f.Root)
	if f.Root.Kind != yaml.SequenceNode || len(items) == 0 || source.Get(items[len(items)-1], "name") == nil {
		return "", fmt.Errorf("cannot append to %s: it is not a block list of fixtures", shown)
	}
	last := items[len(items)-1]
	if err := atomicfile.Write(path, data, mode); err != nil {
		return "", err
	}
	return f.Pos(last).String(), nil
}

// schemaLine is the editor's schema hint for a new file: the one its
// neighbours use, else the path from the shipped layout.
func schemaLine(dir, rel string) string {
	const prefix = "# yaml-language-server: $schema="
	if entries, err := os.ReadDir(dir); err == nil {
		for _, e := range entries {
			if e.IsDir() || !strings.HasSuffix(e.Name(), ".yaml") {
				continue
			}
			data, err := os.ReadFile(filepath.Join(dir, e.Name()))
			if err != nil {
				continue
			}
			if line, _, _ := strings.Cut(string(data), "\n"); strings.HasPrefix(line, prefix) {
				return line + "\n"
			}
		}
	}
	up := strings.Repeat("../", strings.Count(rel, "/")+1)
	return prefix + up + "schema/fixtures.schema.json\n"
}
