package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"

	"github.com/errcat/errcat/internal/diag"
	"github.com/errcat/errcat/internal/eval"
	"github.com/errcat/errcat/internal/exitcode"
	"github.com/errcat/errcat/internal/match"
	"github.com/errcat/errcat/internal/redact"
	"github.com/errcat/errcat/internal/tables"
)

type evalOptions struct {
	cat    catalogueFlag
	corpus string
	output string
	th     eval.Thresholds
}

func newEvalCmd(io stdio, getenv func(string) string) *cobra.Command {
	o := &evalOptions{cat: catalogueFlag{getenv: getenv}}
	cmd := &cobra.Command{
		Use:   "eval --corpus FILE.jsonl",
		Short: "Measure the catalogue on a labelled corpus of real messages",
		Long: `Eval classifies every entry of a labelled corpus and reports per-code
precision and recall, overall precision, recall and coverage, the fraction
of ordinary (negative) lines classified, the confusion matrix and every
misclassified entry, with sanitized excerpts only. It exits 1 when a figure
misses its threshold.

The corpus is JSON Lines, one entry a line:

  {"text": "...", "http_status": 429, "exit_code": 1, "provider": "openai",
   "expect": "quota_limited", "also": ["subscription_required"],
   "kind": "error", "lang": "en", "source": "where it was found"}

text and expect are required; expect is a code of the catalogue or
"unclassified" (an ordinary line that must stay so); also lists other codes
that count as right. Beside "unclassified", also names a code a near miss
may honestly be given: leaving it unclassified and giving it that code are
both right, and the code does not count as an ordinary line classified. kind is error, whole_output, ordinary or near_miss;
lang is the text's language. Figures are broken down by both. Unknown
fields and bad lines are errors, each reported as FILE:LINE.

Precision is right codes over entries given a code (negatives included),
recall right codes over positive entries, coverage positive entries given
any code, and negative coverage negative entries given a code; class
precision and recall are the same for classes. An entry is unsafe when a
hard or request failure is given a transient code: a caller would retry
what retrying cannot mend.`,
		Example: `  errcat eval --corpus testdata/eval/corpus.jsonl --catalogue catalogue
  errcat eval --corpus c.jsonl -o json --min-recall 0.8`,
		Args: usageArgs(cobra.NoArgs),
		RunE: func(cmd *cobra.Command, args []string) error { return o.run(io) },
	}
	f := cmd.Flags()
	o.cat.register(cmd)
	f.StringVar(&o.corpus, "corpus", "", "labelled corpus, JSON Lines (required)")
	f.StringVarP(&o.output, "output", "o", "text", "output format: text or json")
	f.Float64Var(&o.th.MinPrecision, "min-precision", 0.98, "fail below this overall precision")
	f.Float64Var(&o.th.MinRecall, "min-recall", 0.90, "fail below this overall recall")
	f.Float64Var(&o.th.MaxNegativeCoverage, "max-coverage-negative", 0.01, "fail above this fraction of negative entries classified")
	f.Float64Var(&o.th.MinClassPrecision, "min-class-precision", 0, "fail below this class precision")
	f.Float64Var(&o.th.MinWholeRecall, "min-whole-output-recall", 0, "fail below this recall on entries of kind whole_output")
	f.IntVar(&o.th.MaxUnsafe, "max-unsafe", -1, "fail when more hard or request entries than this get a transient code (-1: no limit)")
	return cmd
}

// miss is a misclassified entry as reported: sanitized only.
type miss struct {
	Pos     string `json:"pos"`
	Expect  string `json:"expect"`
	Got     string `json:"got"`
	Rule    string `json:"rule,omitempty"`
	Reason  string `json:"reason,omitempty"`
	Source  string `json:"source,omitempty"`
	Excerpt string `json:"excerpt"`
	// Unsafe marks a hard or request entry given a transient code.
	Unsafe bool `json:"unsafe,omitempty"`
}

type evalReport struct {
	OK               bool            `json:"ok"`
	Corpus           string          `json:"corpus"`
	CatalogueVersion string          `json:"catalogue_version"`
	Thresholds       eval.Thresholds `json:"thresholds"`
	Failures         []string        `json:"failures"`
	eval.Scores
	Misclassified []miss `json:"misclassified"`
}

func (o *evalOptions) run(io stdio) error {
	if o.corpus == "" {
		return usagef("--corpus is required")
	}
	if o.output != "text" && o.output != "json" {
		return usagef("unknown output format %q (want text or json)", o.output)
	}
	for _, t := range []struct {
		name string
		v    float64
	}{{"--min-precision", o.th.MinPrecision}, {"--min-recall", o.th.MinRecall}, {"--max-coverage-negative", o.th.MaxNegativeCoverage},
		{"--min-class-precision", o.th.MinClassPrecision}, {"--min-whole-output-recall", o.th.MinWholeRecall}} {
		if t.v < 0 || t.v > 1 {
			return usagef("%s %v is not a fraction between 0 and 1", t.name, t.v)
		}
	}
	eng, err := o.cat.load()
	if err != nil {
		return err
	}
	f, err := os.Open(o.corpus)
	if err != nil {
		return err
	}
	defer f.Close()
	shown := filepath.ToSlash(o.corpus)
	entries, err := eval.Read(f, shown)
	if err != nil {
		return err
	}
	if err := checkLabels(eng.Catalogue(), entries); err != nil {
		return err
	}
	rep := evalReport{Corpus: shown, CatalogueVersion: eng.Catalogue().ID, Thresholds: o.th, Misclassified: []miss{}}
	outs := make([]eval.Outcome, len(entries))
	// A fixed clock: timing hints do not change codes, and output must not
	// depend on when eval ran.
	opts := match.Options{Now: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}
	classOf := codeClasses(eng.Catalogue())
	for i := range entries {
		e := &entries[i]
		c := eng.Classify(e.Evidence(), opts)
		got := eval.Unclassified
		if c.State == match.Classified {
			got = c.Code
		}
		outs[i] = eval.Outcome{Expect: e.Expect, Got: got, Also: e.Also,
			ExpectClass: classOf[e.Expect], GotClass: classOf[got], Kind: e.Kind, Lang: e.Lang}
		if !e.Accepts(got) {
			m := miss{Pos: e.Pos.String(), Expect: e.Expect, Got: got, Rule: c.Rule, Source: redact.Text(e.Source), Excerpt: c.SafeExcerpt,
				Unsafe: outs[i].Unsafe()}
			if c.State != match.Classified {
				m.Reason = c.Reason
			}
			if m.Excerpt == "" {
				m.Excerpt = redact.Excerpt(e.Evidence().Text, 0, 0, match.ExcerptBytes)
			}
			rep.Misclassified = append(rep.Misclassified, m)
		}
	}
	rep.Scores = eval.Score(outs)
	rep.Failures = rep.Scores.Check(o.th)
	rep.OK = len(rep.Failures) == 0
	if rep.Failures == nil {
		rep.Failures = []string{}
	}
	if o.output == "json" {
		err = writeJSON(io.out, rep)
	} else {
		err = printEval(io.out, eng.Catalogue(), &rep)
	}
	if err != nil {
		return err
	}
	if !rep.OK {
		return exitcode.Error{Code: exitcode.Failure}
	}
	return nil
}

// codeClasses maps every code of the catalogue, and Unclassified, to the
// name of its class.
func codeClasses(cat *tables.Catalogue) map[string]string {
	m := map[string]string{eval.Unclassified: eval.Unclassified}
	for _, c := range cat.Codes {
		m[c.Name] = cat.Classes[c.Class].Name
	}
	return m
}

// checkLabels refuses labels the catalogue does not declare: a typo would
// otherwise count as a miss of a code no rule can give.
func checkLabels(cat *tables.Catalogue, entries []eval.Entry) error {
	codes := map[string]bool{eval.Unclassified: true}
	for _, c := range cat.Codes {
		codes[c.Name] = true
	}
	var errs diag.List
	for _, e := range entries {
		if !codes[e.Expect] {
			errs.Add(diag.Errorf(e.Pos, diag.UnknownCode, "expect %q is not a code of catalogue %s (nor %q)", e.Expect, cat.Name, eval.Unclassified))
		}
		for _, a := range e.Also {
			if !codes[a] {
				errs.Add(diag.Errorf(e.Pos, diag.UnknownCode, "also %q is not a code of catalogue %s", a, cat.Name))
			}
		}
	}
	return errs.Err()
}

func printEval(w io.Writer, cat *tables.Catalogue, r *evalReport) error {
	var b strings.Builder
	s := &r.Scores
	fmt.Fprintf(&b, "corpus %s: %d entries (%d positive, %d negative); catalogue %s\n\n",
		r.Corpus, s.Entries, s.Positive, s.Negative, catalogueLabel(cat))
	tw := tabwriter.NewWriter(&b, 0, 4, 2, ' ', 0)
	fmt.Fprintf(tw, "precision\t%s\tright codes / entries given a code\n", s.Precision)
	fmt.Fprintf(tw, "recall\t%s\tright codes / positive entries\n", s.Recall)
	fmt.Fprintf(tw, "coverage\t%s\tpositive entries given a code\n", s.Coverage)
	fmt.Fprintf(tw, "negative coverage\t%s\tnegative (ordinary) entries given a code\n", s.NegativeCoverage)
	fmt.Fprintf(tw, "class precision\t%s\tright classes / entries given a code\n", s.ClassPrecision)
	fmt.Fprintf(tw, "class recall\t%s\tright classes / positive entries\n", s.ClassRecall)
	fmt.Fprintf(tw, "unsafe\t%s\thard or request entries given a transient code\n", s.Unsafe)
	tw.Flush()

	b.WriteString("\n")
	tw = tabwriter.NewWriter(&b, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "CODE\tPRECISION\tRECALL\tSUPPORT")
	for _, c := range s.Codes {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%d\n", c.Code, c.Precision, c.Recall, c.Support)
	}
	tw.Flush()

	b.WriteString("\n")
	tw = tabwriter.NewWriter(&b, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "CLASS\tPRECISION\tRECALL\tSUPPORT")
	for _, c := range s.Classes {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%d\n", c.Class, c.Precision, c.Recall, c.Support)
	}
	tw.Flush()

	for _, by := range []struct {
		title  string
		groups []eval.Group
	}{{"KIND", s.Kinds}, {"LANG", s.Langs}} {
		if len(by.groups) == 1 && by.groups[0].Name == "-" {
			continue
		}
		b.WriteString("\n")
		tw = tabwriter.NewWriter(&b, 0, 4, 2, ' ', 0)
		fmt.Fprintf(tw, "%s\tENTRIES\tPRECISION\tRECALL\tCLASS PRECISION\tNEGATIVE COVERAGE\n", by.title)
		for _, g := range by.groups {
			fmt.Fprintf(tw, "%s\t%d\t%s\t%s\t%s\t%s\n", g.Name, g.Entries, g.Precision, g.Recall, g.ClassPrecision, g.NegativeCoverage)
		}
		tw.Flush()
	}

	if len(s.Labels) > 0 {
		b.WriteString("\nconfusion matrix (rows: expected, columns: got, numbered as the rows):\n")
		tw = tabwriter.NewWriter(&b, 0, 4, 1, ' ', tabwriter.AlignRight)
		fmt.Fprint(tw, "\t\t")
		for i := range s.Labels {
			fmt.Fprintf(tw, "%d\t", i+1)
		}
		fmt.Fprintln(tw)
		for i, l := range s.Labels {
			fmt.Fprintf(tw, "%d\t%s\t", i+1, l)
			for _, n := range s.Matrix[i] {
				if n == 0 {
					fmt.Fprint(tw, ".\t")
				} else {
					fmt.Fprintf(tw, "%d\t", n)
				}
			}
			fmt.Fprintln(tw)
		}
		tw.Flush()
	}

	fmt.Fprintf(&b, "\nmisclassified (%d):\n", len(r.Misclassified))
	for _, m := range r.Misclassified {
		got := m.Got
		if m.Rule != "" {
			got += " by rule " + m.Rule
		}
		if m.Reason != "" {
			got += " (" + m.Reason + ")"
		}
		if m.Unsafe {
			got += " UNSAFE"
		}
		fmt.Fprintf(&b, "  %s: expected %s, got %s", m.Pos, m.Expect, got)
		if m.Source != "" {
			fmt.Fprintf(&b, " [%s]", m.Source)
		}
		fmt.Fprintf(&b, "\n    %s\n", strconv.Quote(m.Excerpt))
	}
	b.WriteString("\n")
	if r.OK {
		fmt.Fprintf(&b, "ok: precision >= %.2f, recall >= %.2f, negative coverage <= %.2f\n", r.Thresholds.MinPrecision, r.Thresholds.MinRecall, r.Thresholds.MaxNegativeCoverage)
	}
	for _, f := range r.Failures {
		fmt.Fprintf(&b, "FAIL: %s\n", f)
	}
	_, err := io.WriteString(w, b.String())
	return err
}
