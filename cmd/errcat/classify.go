package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/errcat/errcat/internal/exitcode"
	"github.com/errcat/errcat/internal/match"
	"github.com/errcat/errcat/internal/progress"
	"github.com/errcat/errcat/internal/report"
	"github.com/errcat/errcat/internal/tables"
	"github.com/errcat/errcat/internal/termcolor"
)

type classifyOptions struct {
	cat         catalogueFlag
	lines       bool
	jobs        int
	output      string
	explain     bool
	exitByClass bool
	now         string
	ev          evidenceFlags
	noProgress  bool
	paint       func(class, text string) string // colours a class in text output; nil for none
	meter       *progress.Meter                 // the progress line on stderr; nil for none
	getenv      func(string) string
}

func newClassifyCmd(io stdio, getenv func(string) string) *cobra.Command {
	o := &classifyOptions{cat: catalogueFlag{getenv: getenv}, getenv: getenv}
	cmd := &cobra.Command{
		Use:   "classify [FILE...]",
		Short: "Classify a failure from stderr, a log or an HTTP response",
		Long: `Classify reads FILEs (standard input without any) and prints one verdict for
the whole input: the failure that ended the run, or unclassified. Records
the program reports as retried weigh less, the safest class of the rest
decides (hard, request, transient), and the rules that matched those are
ranked (docs/format.md). With --lines each record is classified on its own,
so the evidence that describes the whole response or run (--status,
--header, --exit-code, --signal, and their fields in --evidence) is refused
with it.

Structured evidence comes from flags (--status, --header, --exit-code,
--signal, --provider) or from --evidence FILE, a JSON object of the fixture
evidence shape: {"text": ..., "http": {"status": ..., "headers": {...},
"body": ...}, "exit_code": ..., "signal": ..., "provider": ...}.

The exit status is 0 whenever classification ran. With --exit-by-class it is
the class's exit code from the catalogue (shipped: transient 75, hard 78,
request 65) and 70 for unclassified. 1 means a broken catalogue or
unreadable input, 2 a usage error.

Text output colours the class on a terminal (--color). On a terminal,
standard error shows a line that tells how far an input of more than a
few megabytes is read (megabytes, MB/s, and with --lines the records read
and classified so far), redrawn in place and erased at the end; it is
never written to a pipe or a file nor in CI (CI or GITHUB_ACTIONS set),
and --no-progress turns it off. In GitHub Actions
(GITHUB_ACTIONS=true), --lines also appends a Markdown summary (the counts,
and per code its class, records, first line and sanitized excerpt) to the
file $GITHUB_STEP_SUMMARY names.`,
		Example: `  errcat classify < stderr.log
  errcat classify --status 429 --header 'Retry-After: 20' body.json
  errcat classify --lines -o jsonl ci.log
  errcat classify --exit-by-class --explain < err.txt`,
		Args: usageArgs(cobra.ArbitraryArgs),
		RunE: func(cmd *cobra.Command, args []string) error {
			if o.output == "text" {
				o.paint = painter(cmd, getenv, io.out)
			}
			if cmd.Flags().Changed("jobs") && !o.lines {
				// One response or run is one classification: there are no
				// chunks to share out, and a flag that did nothing would
				// hide a forgotten --lines.
				return usagef("--jobs applies to --lines only: without it the input is one response or run, classified once")
			}
			return o.run(io, args)
		},
	}
	f := cmd.Flags()
	o.cat.register(cmd)
	f.BoolVar(&o.lines, "lines", false, "classify each line (record) on its own and print a summary")
	f.IntVarP(&o.jobs, "jobs", "j", runtime.NumCPU(), "with --lines, chunks classified in parallel, 1 or more (output order is kept)")
	f.StringVarP(&o.output, "output", "o", "text", "output format: text, json or jsonl")
	f.BoolVar(&o.explain, "explain", false, "say which matcher of which rule matched where, and why other candidates lost")
	f.BoolVar(&o.exitByClass, "exit-by-class", false, "exit with the class's exit code (70 when unclassified)")
	f.BoolVar(&o.noProgress, "no-progress", false, "draw no progress line on a terminal's standard error while a large input is read")
	f.StringVar(&o.now, "now", "", "RFC 3339 clock for timing hints (default: now), for reproducible output")
	o.ev.registerAll(cmd, "HTTP status of the failed call", "response header 'Name: value' (repeatable)")
	return cmd
}

func (o *classifyOptions) run(io stdio, args []string) error {
	switch o.output {
	case "text", "json", "jsonl":
	default:
		return usagef("unknown output format %q (want text, json or jsonl)", o.output)
	}
	opts := match.Options{Explain: o.explain}
	if o.now != "" {
		t, err := time.Parse(time.RFC3339, o.now)
		if err != nil {
			return usagef("--now: %v", err)
		}
		opts.Now = t
	}
	if o.jobs < 1 {
		return usagef("--jobs %d: want 1 or more chunks classified at once", o.jobs)
	}
	ev, err := o.ev.read()
	if err != nil {
		return err
	}
	if o.lines {
		if err := o.wholeEvidence(ev); err != nil {
			return err
		}
	}
	eng, err := o.cat.load()
	if err != nil {
		return err
	}
	inputs, err := o.inputs(io, args, ev)
	if err != nil {
		return err
	}
	defer closeAll(inputs)
	o.meter = meterFor(o.noProgress, o.getenv, io.err, inputs, o.lines)
	defer o.meter.Done()
	for i := range inputs {
		inputs[i].r = o.meter.Reader(inputs[i].r)
	}
	ev.Text = ""
	var c match.Classification
	if o.lines {
		c, err = o.classifyLines(io, eng, ev, opts, inputs)
	} else {
		c, err = classifyWhole(eng, ev, opts, inputs)
		o.meter.Done()
		if err == nil {
			err = o.print(io.out, c)
		}
	}
	if err != nil {
		return err
	}
	if o.exitByClass {
		return exitcode.Error{Code: classExit(eng.Catalogue(), c)}
	}
	return nil
}

// wholeEvidence refuses, with --lines, the evidence that describes the
// whole response or run rather than one line: each line would be
// classified with it, so a status 429 would make every line of a log
// rate_limited. Flags win over the evidence file, so what is set and was
// not given as a flag came from the file.
func (o *classifyOptions) wholeEvidence(ev match.Evidence) error {
	fl := o.ev.flags
	var given []string
	for _, name := range []string{"status", "header", "exit-code", "signal"} {
		if fl.Changed(name) {
			given = append(given, "--"+name)
		}
	}
	if ev.HTTP != nil && !fl.Changed("status") && !fl.Changed("header") {
		given = append(given, fmt.Sprintf(`"http" in %s`, o.ev.file))
	}
	if ev.ExitCode != nil && !fl.Changed("exit-code") {
		given = append(given, fmt.Sprintf(`"exit_code" in %s`, o.ev.file))
	}
	if ev.Signal != "" && !fl.Changed("signal") {
		given = append(given, fmt.Sprintf(`"signal" in %s`, o.ev.file))
	}
	switch len(given) {
	case 0:
		return nil
	case 1:
		return usagef("--lines cannot be combined with %s: it describes the whole response or run, not one line, and every line would be classified with it; classify without --lines", given[0])
	}
	return usagef("--lines cannot be combined with %s: they describe the whole response or run, not one line, and every line would be classified with them; classify without --lines",
		strings.Join(given[:len(given)-1], ", ")+" and "+given[len(given)-1])
}

type namedReader struct {
	name string
	r    io.Reader
	c    io.Closer
}

// inputs opens the text sources in order: the evidence file's text, then
// the FILEs, or standard input when there is neither.
func (o *classifyOptions) inputs(io stdio, args []string, ev match.Evidence) ([]namedReader, error) {
	var in []namedReader
	if ev.Text != "" {
		in = append(in, namedReader{name: o.ev.file, r: strings.NewReader(ev.Text)})
	}
	for _, a := range args {
		if a == "-" {
			in = append(in, namedReader{name: "stdin", r: io.in})
			continue
		}
		f, err := os.Open(a)
		if err != nil {
			closeAll(in)
			return nil, err
		}
		in = append(in, namedReader{name: a, r: f, c: f})
	}
	if len(args) == 0 && o.ev.file == "" {
		in = append(in, namedReader{name: "stdin", r: io.in})
	}
	return in, nil
}

func closeAll(in []namedReader) {
	for _, r := range in {
		if r.c != nil {
			r.c.Close()
		}
	}
}

// classifyWhole streams every record of every input into one scan.
func classifyWhole(eng *match.Engine, ev match.Evidence, opts match.Options, inputs []namedReader) (match.Classification, error) {
	s := eng.Begin(ev, opts)
	line := 0
	for _, in := range inputs {
		n, err := s.Feed(in.r, line)
		if err != nil {
			return match.Classification{}, fmt.Errorf("%s: %v", in.name, err)
		}
		line += n
	}
	if ev.HTTP != nil && ev.HTTP.Body != "" {
		s.Body(ev.HTTP.Body)
	}
	return s.Finish(), nil
}

// lineResult is one classified record of --lines output.
type lineResult struct {
	Line int `json:"line"`
	match.Classification
}

// summary closes --lines output.
type summary struct {
	Records      int            `json:"records"`
	Classified   int            `json:"classified"`
	Unclassified int            `json:"unclassified"`
	Codes        map[string]int `json:"codes"`
}

// classifyLines writes a result per matching record. Output is buffered:
// a log of a thousand errors would otherwise cost a thousand writes. It
// is flushed whenever the engine may be about to wait for input, so a
// stream still being written (tail -f) gets its answers as they come.
// When standard output is a terminal too, the progress line is erased
// before each write, so that results start on a line of their own.
func (o *classifyOptions) classifyLines(io stdio, eng *match.Engine, ev match.Evidence, opts match.Options, inputs []namedReader) (match.Classification, error) {
	out := io.out
	if termcolor.IsTerminal(out) {
		out = o.meter.Writer(out)
	}
	w := bufio.NewWriterSize(out, 64<<10)
	var codes *codeSummary
	if inActions(o.getenv) && o.getenv("GITHUB_STEP_SUMMARY") != "" {
		codes = &codeSummary{index: map[string]int{}}
	}
	best, sum, err := o.writeLines(w, w.Flush, eng, ev, opts, inputs, codes)
	if ferr := w.Flush(); err == nil {
		err = ferr
	}
	o.meter.Done()
	if err == nil && codes != nil {
		stepSummary(o.getenv, io.err, func() string {
			return report.LinesSummary(sum.Records, sum.Classified, sum.Unclassified, codes.rows)
		})
	}
	return best, err
}

// codeSummary collects, for the job summary, each code's class, count and
// first record, in the order the codes first appear.
type codeSummary struct {
	index map[string]int
	rows  []report.LinesCode
}

func (s *codeSummary) add(r lineResult) {
	i, ok := s.index[r.Code]
	if !ok {
		i = len(s.rows)
		s.index[r.Code] = i
		s.rows = append(s.rows, report.LinesCode{Code: r.Code, Class: r.Class, FirstLine: r.Line, Excerpt: r.SafeExcerpt})
	}
	s.rows[i].Count++
}

func (o *classifyOptions) writeLines(w io.Writer, flush func() error, eng *match.Engine, ev match.Evidence, opts match.Options, inputs []namedReader, codes *codeSummary) (match.Classification, summary, error) {
	sum := summary{Codes: map[string]int{}}
	var results []lineResult  // only for -o json, which prints one document
	var total match.LineStats // every input's, one after the other
	best := func() match.Classification {
		if total.Best.State == match.Classified {
			return total.Best.Classification
		}
		return match.Classification{State: match.Unclassified, Reason: match.ReasonNoMatch, CatalogueVersion: eng.Catalogue().ID}
	}
	// One encoder, and one result encoded through a pointer: a result
	// passed by value, to an encoder made per line, is copied to the heap
	// twice per line.
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	var lr lineResult
	for _, in := range inputs {
		offset := total.Lines
		var werr error
		lopts := match.LinesOptions{Options: opts, Workers: o.jobs}
		if o.meter != nil {
			lopts.Counted = func(st match.LineStats) { o.meter.Count(st.Records, st.Classified) }
		}
		if o.output != "json" { // one document, written at the end
			lopts.Delivered = func() {
				if werr == nil {
					werr = flush()
				}
			}
		}
		st, err := eng.Lines(in.r, ev, lopts, func(r match.LineResult) bool {
			if werr != nil {
				return false
			}
			if r.State != match.Classified {
				return true
			}
			sum.Codes[r.Code]++
			lr = lineResult{Line: offset + r.Line, Classification: r.Classification}
			if codes != nil {
				codes.add(lr)
			}
			switch o.output {
			case "json":
				results = append(results, lr)
			case "jsonl":
				werr = enc.Encode(&lr)
			default:
				werr = printLine(w, lr, o.paint)
			}
			return werr == nil
		})
		total.Add(st)
		if werr != nil {
			return best(), sum, werr
		}
		if err != nil {
			return best(), sum, fmt.Errorf("%s: %v", in.name, err)
		}
	}
	sum.Records, sum.Classified, sum.Unclassified = total.Records, total.Classified, total.Unclassified
	switch o.output {
	case "json":
		doc := struct {
			CatalogueVersion string       `json:"catalogue_version"`
			Results          []lineResult `json:"results"`
			Summary          summary      `json:"summary"`
		}{eng.Catalogue().ID, results, sum}
		if doc.Results == nil {
			doc.Results = []lineResult{}
		}
		return best(), sum, writeJSON(w, doc)
	case "jsonl":
		return best(), sum, writeJSONLine(w, struct {
			Summary summary `json:"summary"`
		}{sum})
	}
	return best(), sum, printSummary(w, sum)
}

// classExit is the exit status --exit-by-class gives c: its class's, from
// the catalogue.
func classExit(cat *tables.Catalogue, c match.Classification) exitcode.Code {
	if c.State != match.Classified {
		return exitcode.Unclassified
	}
	for _, cl := range cat.Classes {
		if cl.Name == c.Class {
			return exitcode.Code(cl.ExitCode)
		}
	}
	return exitcode.Unclassified
}

func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}

func writeJSONLine(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}
