package main

import (
	"bufio"
	"cmp"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/errcat/errcat/internal/match"
	"github.com/errcat/errcat/internal/mine"
)

type mineOptions struct {
	cat          catalogueFlag
	output       string
	minCount     int
	top          int
	maxTemplates int
	exampleBytes int
}

func newMineCmd(io stdio, getenv func(string) string) *cobra.Command {
	o := &mineOptions{cat: catalogueFlag{getenv: getenv}}
	cmd := &cobra.Command{
		Use:   "mine [FILE...]",
		Short: "Find the failures a catalogue does not know, as templates to add",
		Long: `Mine reads FILEs (standard input without any), classifies every record as
'errcat classify --lines' does, and groups the records left unclassified
that read as failures (a failure word in one of several languages, a
traceback or panic, a non-zero exit status, an HTTP status of 400 to 599)
into templates: their variable parts (numbers, ids, hex, UUIDs, paths,
hosts, URLs, IP and e-mail addresses, durations, times) are masked, and
one message repeated with different values is one template, <*> where the
records differ.

Templates are listed by count, the most first, each with its first and
last line (and file, with several FILEs), one sanitized example, and the
command that starts a fixture from it: replace CODE with the code the
failure should have (errcat codes lists them) and run it, then write the
rule (docs/adding-a-rule.md). The records the catalogue classifies are
summarized by code, with their class.

Memory is bounded whatever the input: at most --max-templates templates
are kept, and the records that would start one more are counted as
dropped.`,
		Example: `  errcat mine ci.log
  kubectl logs deploy/agent | errcat mine --min-count 3 --top 10
  errcat mine -o json build/*.log`,
		Args: usageArgs(cobra.ArbitraryArgs),
		RunE: func(cmd *cobra.Command, args []string) error { return o.run(io, args) },
	}
	f := cmd.Flags()
	o.cat.register(cmd)
	f.StringVarP(&o.output, "output", "o", "text", "output format: text or json")
	f.IntVar(&o.minCount, "min-count", 1, "list only templates of at least N records")
	f.IntVar(&o.top, "top", 0, "list at most N templates, the most frequent (0: all)")
	f.IntVar(&o.maxTemplates, "max-templates", mine.DefaultMaxTemplates, "keep at most N templates; records beyond are counted as dropped")
	f.IntVar(&o.exampleBytes, "example-bytes", mine.DefaultMaxExample, "cut each example to at most N bytes")
	return cmd
}

// mineReport is what errcat mine found, as -o json prints it.
type mineReport struct {
	CatalogueVersion string `json:"catalogue_version"`
	Records          int    `json:"records"`
	Classified       int    `json:"classified"`
	Unclassified     int    `json:"unclassified"`
	// Failures counts the unclassified records that read as failures,
	// Dropped those of them not kept beyond --max-templates.
	Failures  int            `json:"failures"`
	Dropped   int            `json:"dropped"`
	Total     int            `json:"templates_total"` // before --min-count and --top
	Templates []minedOut     `json:"templates"`
	Known     []knownOut     `json:"known"`
	files     []string       // the inputs' names
	knownIdx  map[string]int // code -> index in Known
}

type minePos struct {
	File string `json:"file"`
	Line int    `json:"line"`
}

type minedOut struct {
	Template       string  `json:"template"`
	Count          int     `json:"count"`
	First          minePos `json:"first"`
	Last           minePos `json:"last"`
	Example        string  `json:"example"`
	FixtureCommand string  `json:"fixture_command"`
}

type knownOut struct {
	Code  string  `json:"code"`
	Class string  `json:"class"`
	Count int     `json:"count"`
	First minePos `json:"first"`
}

func (o *mineOptions) run(io stdio, args []string) error {
	switch o.output {
	case "text", "json":
	default:
		return usagef("unknown output format %q (want text or json)", o.output)
	}
	for _, fl := range []struct {
		name string
		v    int
		min  int
	}{{"--min-count", o.minCount, 1}, {"--top", o.top, 0}, {"--max-templates", o.maxTemplates, 1}, {"--example-bytes", o.exampleBytes, 16}} {
		if fl.v < fl.min {
			return usagef("%s %d: want %d or more", fl.name, fl.v, fl.min)
		}
	}
	eng, err := o.cat.load()
	if err != nil {
		return err
	}
	// The FILEs, or standard input, as classify opens them.
	inputs, err := (&classifyOptions{}).inputs(io, args, match.Evidence{})
	if err != nil {
		return err
	}
	defer closeAll(inputs)
	rep, err := o.mine(eng, inputs)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(io.out)
	if o.output == "json" {
		err = writeJSON(w, rep)
	} else {
		err = o.printText(w, rep)
	}
	if ferr := w.Flush(); err == nil {
		err = ferr
	}
	return err
}

// mine classifies every record of the inputs, mines the unclassified
// ones that read as failures, and counts the classified ones by code.
func (o *mineOptions) mine(eng *match.Engine, inputs []namedReader) (*mineReport, error) {
	m := mine.New(mine.Options{MaxTemplates: o.maxTemplates, MaxExample: o.exampleBytes})
	rep := &mineReport{CatalogueVersion: eng.Catalogue().ID, knownIdx: map[string]int{}, Known: []knownOut{}}
	for i, in := range inputs {
		rep.files = append(rep.files, in.name)
		st, err := mine.Lines(eng, in.r, i, m, func(r match.LineResult) bool {
			if r.State == match.Classified {
				rep.known(r, in.name)
			}
			return true
		})
		if err != nil {
			return nil, fmt.Errorf("%s: %v", in.name, err)
		}
		rep.Records += st.Records
		rep.Classified += st.Classified
		rep.Unclassified += st.Unclassified
	}
	rep.Failures, rep.Dropped = m.Added(), m.Dropped()
	all := m.Templates()
	rep.Total = len(all)
	rep.Templates = []minedOut{}
	for _, t := range all {
		if t.Count < o.minCount || o.top > 0 && len(rep.Templates) == o.top {
			continue
		}
		rep.Templates = append(rep.Templates, minedOut{
			Template:       t.Text,
			Count:          t.Count,
			First:          minePos{rep.files[t.First.File], t.First.Line},
			Last:           minePos{rep.files[t.Last.File], t.Last.Line},
			Example:        t.Example,
			FixtureCommand: o.fixtureCommand(t.Example),
		})
	}
	slices.SortStableFunc(rep.Known, func(a, b knownOut) int {
		return cmp.Or(cmp.Compare(b.Count, a.Count), cmp.Compare(a.Code, b.Code))
	})
	return rep, nil
}

func (r *mineReport) known(lr match.LineResult, file string) {
	i, ok := r.knownIdx[lr.Code]
	if !ok {
		i = len(r.Known)
		r.knownIdx[lr.Code] = i
		r.Known = append(r.Known, knownOut{Code: lr.Code, Class: lr.Class, First: minePos{file, lr.Line}})
	}
	r.Known[i].Count++
}

// fixtureCommand is the shell command that appends example as a fixture,
// once CODE is replaced: the example piped into errcat fixture add, with
// the catalogue mine read when it was named by --catalogue.
func (o *mineOptions) fixtureCommand(example string) string {
	cmd := "printf '%s\\n' " + shellQuote(example) + " | errcat fixture add --code CODE"
	if o.cat.dir != "" {
		cmd += " --catalogue " + shellQuote(o.cat.dir)
	}
	return cmd
}

// shellQuote quotes s for a POSIX shell, if it needs quotes: in single
// quotes, with each single quote of s closing the quotes, escaped, and
// opening them again.
func shellQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./:=@%+-,") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

func (o *mineOptions) printText(w io.Writer, r *mineReport) error {
	var b strings.Builder
	fmt.Fprintf(&b, "records: %d, %d classified, %d unclassified, %d of them read as failures\n", r.Records, r.Classified, r.Unclassified, r.Failures)
	fmt.Fprintf(&b, "\nunknown failures: %d %s", r.Total, plural(r.Total, "template", "templates"))
	if hidden := r.Total - len(r.Templates); hidden > 0 {
		fmt.Fprintf(&b, ", %d shown (--min-count %d, --top %d)", len(r.Templates), o.minCount, o.top)
	}
	b.WriteString("\n")
	if r.Dropped > 0 {
		fmt.Fprintf(&b, "dropped: %d %s beyond --max-templates %d\n", r.Dropped, plural(r.Dropped, "record", "records"), o.maxTemplates)
	}
	several := len(r.files) > 1
	for _, t := range r.Templates {
		fmt.Fprintf(&b, "\n%6d  %s  %s\n", t.Count, span(t.First, t.Last, several), t.Template)
		fmt.Fprintf(&b, "        example: %q\n", t.Example)
		fmt.Fprintf(&b, "        fixture: %s\n", t.FixtureCommand)
	}
	classified := 0
	for _, k := range r.Known {
		classified += k.Count
	}
	fmt.Fprintf(&b, "\nknown failures: %d %s, %d %s\n", classified, plural(classified, "record", "records"), len(r.Known), plural(len(r.Known), "code", "codes"))
	for _, k := range r.Known {
		first := fmt.Sprintf("first line %d", k.First.Line)
		if several {
			first = "first " + k.First.File + ":" + fmt.Sprint(k.First.Line)
		}
		fmt.Fprintf(&b, "%6d  %-9s  %-28s  %s\n", k.Count, k.Class, k.Code, first)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// span says where a template's records lie: "line 4", "lines 4-118",
// and with several inputs each position's file.
func span(first, last minePos, files bool) string {
	if !files {
		if first.Line == last.Line {
			return fmt.Sprintf("line %d", first.Line)
		}
		return fmt.Sprintf("lines %d-%d", first.Line, last.Line)
	}
	if first == last {
		return fmt.Sprintf("%s:%d", first.File, first.Line)
	}
	if first.File == last.File {
		return fmt.Sprintf("%s:%d-%d", first.File, first.Line, last.Line)
	}
	return fmt.Sprintf("%s:%d-%s:%d", first.File, first.Line, last.File, last.Line)
}
