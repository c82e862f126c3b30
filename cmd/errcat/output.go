package main

import (
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/errcat/errcat/internal/match"
)

func (o *classifyOptions) print(w io.Writer, c match.Classification) error {
	switch o.output {
	case "json":
		return writeJSON(w, c)
	case "jsonl":
		return writeJSONLine(w, c)
	}
	return printText(w, c, o.paint)
}

// printText renders one verdict for a person: the answer first, then what
// backs it. Every value shown from the evidence is already sanitised.
// paint, when not nil, colours the class of the first line, after the
// columns are aligned so the colour takes no width.
func printText(w io.Writer, c match.Classification, paint func(class, text string) string) error {
	var buf strings.Builder
	tw := tabwriter.NewWriter(&buf, 0, 4, 2, ' ', 0)
	row := func(k, v string) {
		if v != "" {
			fmt.Fprintf(tw, "%s:\t%s\n", k, v)
		}
	}
	if c.State == match.Classified {
		row("classified", c.Class+"/"+c.Code)
		row("rule", fmt.Sprintf("%s (confidence %s)", c.Rule, c.Confidence))
		row("scope", c.Scope)
		if c.RetryAfterSeconds != nil {
			row("retry after", fmt.Sprintf("%ss (at %s)", strconv.FormatFloat(*c.RetryAfterSeconds, 'f', -1, 64), c.ResetAt))
		}
		if c.ResetText != "" {
			row("reset", strconv.Quote(c.ResetText)+" (no time errcat can read)")
		}
		if c.ShouldRetry != nil {
			row("should retry", strconv.FormatBool(*c.ShouldRetry)+" (the server's x-should-retry)")
		}
		if c.TokensRequested != 0 || c.TokensLimit != 0 {
			row("tokens", tokensText(c.TokensRequested, c.TokensLimit))
		}
		row("unblock", c.Unblock)
	} else {
		row("unclassified", c.Reason)
		for _, cd := range c.Candidates {
			row("candidate", fmt.Sprintf("%s -> %s/%s (%s, priority %d, confidence %s)", cd.Rule, cd.Class, cd.Code, cd.Tier, cd.Priority, cd.Confidence))
		}
	}
	if c.SafeExcerpt != "" {
		row("excerpt", strconv.Quote(c.SafeExcerpt))
	}
	if c.Truncated {
		row("truncated", "yes: an over-long record was classified on its first part")
	}
	row("catalogue", c.CatalogueVersion)
	if err := tw.Flush(); err != nil {
		return err
	}
	text := buf.String()
	if paint != nil {
		text = paintFirst(text, c, paint)
	}
	if _, err := io.WriteString(w, text); err != nil {
		return err
	}
	if c.Explain != nil {
		return printExplain(w, c.Explain)
	}
	return nil
}

func printExplain(w io.Writer, ex *match.Explain) error {
	var b strings.Builder
	b.WriteString("\nexplain:\n")
	for _, m := range ex.Matches {
		where := "structured evidence"
		switch {
		case m.In == "body":
			where = fmt.Sprintf("body, offset %d", m.Offset)
		case m.Record > 0:
			where = fmt.Sprintf("line %d, offset %d", m.Record, m.Offset)
		}
		fmt.Fprintf(&b, "  %s (%s): %s at %s: %s\n", m.Rule, m.Source, m.Matcher, where, m.Outcome)
	}
	for _, h := range ex.Hints {
		verdict := "kept"
		if !h.Kept {
			verdict = "dropped: " + h.Why
		}
		fmt.Fprintf(&b, "  hint %s from %s %q: %s\n", h.Rule, h.Source, h.Value, verdict)
	}
	if len(ex.Records) > 0 {
		b.WriteString("records:\n")
	}
	for _, r := range ex.Records {
		where := fmt.Sprintf("line %d", r.Record)
		if r.In == "body" {
			where = "body"
		}
		retried := ""
		if r.Retried != "" {
			retried = fmt.Sprintf(", retried (%s)", r.Retried)
		}
		fmt.Fprintf(&b, "  %s reads %s (%s)%s: %s\n", where, r.Class, r.Rule, retried, r.Outcome)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// paintFirst colours the class of a verdict's first line: the class
// before "/code", or the word "unclassified".
func paintFirst(text string, c match.Classification, paint func(class, text string) string) string {
	if c.State != match.Classified {
		if rest, ok := strings.CutPrefix(text, "unclassified:"); ok {
			return paint("unclassified", "unclassified") + ":" + rest
		}
		return text
	}
	head := "classified:"
	if !strings.HasPrefix(text, head) {
		return text
	}
	i := strings.Index(text, c.Class+"/")
	if i < 0 {
		return text
	}
	return text[:i] + paint(c.Class, c.Class) + text[i+len(c.Class):]
}

func printLine(w io.Writer, r lineResult, paint func(class, text string) string) error {
	class := r.Class
	if paint != nil {
		class = paint(class, class)
	}
	_, err := fmt.Fprintf(w, "%d: %s/%s %s %q\n", r.Line, class, r.Code, r.Rule, r.SafeExcerpt)
	return err
}

func printSummary(w io.Writer, s summary) error {
	var b strings.Builder
	fmt.Fprintf(&b, "summary: %d records, %d classified, %d unclassified\n", s.Records, s.Classified, s.Unclassified)
	codes := make([]string, 0, len(s.Codes))
	for c := range s.Codes {
		codes = append(codes, c)
	}
	sort.Strings(codes)
	for _, c := range codes {
		fmt.Fprintf(&b, "  %-28s %d\n", c, s.Codes[c])
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// tokensText says a context window's numbers, either of which may be
// missing (0).
func tokensText(requested, limit int) string {
	switch {
	case limit == 0:
		return fmt.Sprintf("%d requested", requested)
	case requested == 0:
		return fmt.Sprintf("limit %d", limit)
	}
	return fmt.Sprintf("%d requested, limit %d", requested, limit)
}
