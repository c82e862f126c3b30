package report

import (
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/errcat/errcat/internal/policy"
	"github.com/errcat/errcat/internal/supervise"
)

// Job summaries: the Markdown a GitHub Actions step appends to the file
// $GITHUB_STEP_SUMMARY names, shown on the run's page. They hold what
// errcat decided and the sanitized excerpts the engine already made, never
// the command line or raw output, and they stay short: a table is cut at
// maxSummaryRows rows with a line saying how many were left out.

const maxSummaryRows = 50

// RunSummary is errcat run's summary: one row per attempt, then the
// outcome; flaky says the run succeeded only after failed attempts.
func RunSummary(attempts []supervise.AttemptReport, outcome string) string {
	var b strings.Builder
	b.WriteString("### errcat run\n\n")
	b.WriteString("| attempt | exit | class | code | rule | decision | excerpt |\n")
	b.WriteString("|---:|---|---|---|---|---|---|\n")
	for i, a := range attempts {
		if i == maxSummaryRows {
			fmt.Fprintf(&b, "\n%d more attempts are not shown.\n", len(attempts)-i)
			break
		}
		exit := a.Signal
		if a.ExitCode != nil {
			exit = strconv.Itoa(*a.ExitCode)
		}
		var class, code, rule, decision, excerpt string
		if c := a.Classification; c != nil {
			class, code, rule, excerpt = c.Class, c.Code, c.Rule, c.SafeExcerpt
			if c.Class == "" {
				class = "unclassified"
			}
		}
		if d := a.Decision; d != nil {
			decision = decisionText(*d)
		}
		switch {
		case a.Interrupted != "":
			decision = "interrupted by " + a.Interrupted
		case a.MaxTotalReached:
			decision = "--max-total reached"
		case a.Decision == nil:
			decision = "succeeded"
		}
		if a.FailedOnOutput {
			exit += " (output reads as a failure)"
		}
		fmt.Fprintf(&b, "| %d | %s | %s | %s | %s | %s | %s |\n", a.Attempt, cell(exit), cell(class), cell(code), cell(rule), cell(decision), codeCell(excerpt))
	}
	fmt.Fprintf(&b, "\n%s\n\n", cell(outcome))
	return b.String()
}

// decisionText is a decision as a table cell says it.
func decisionText(d policy.Decision) string {
	switch d.Action {
	case policy.ActionRetry:
		return fmt.Sprintf("retry %d/%d in %s", d.RetryOrdinal, d.MaxRetries, policy.FormatDuration(d.Delay))
	case policy.ActionWait:
		return "wait " + policy.FormatDuration(d.Delay) + " for the reset"
	}
	return string(d.Action)
}

// LinesCode is one code's row in a classify --lines summary.
type LinesCode struct {
	Code, Class string
	Count       int
	FirstLine   int
	Excerpt     string // the first classified line's sanitized excerpt
}

// LinesSummary is errcat classify --lines's summary: the counts, then one
// row per code in the order given.
func LinesSummary(records, classified, unclassified int, codes []LinesCode) string {
	var b strings.Builder
	b.WriteString("### errcat classify\n\n")
	fmt.Fprintf(&b, "%d records, %d classified, %d unclassified.\n\n", records, classified, unclassified)
	if len(codes) > 0 {
		b.WriteString("| class | code | records | first line | excerpt |\n")
		b.WriteString("|---|---|---:|---:|---|\n")
	}
	for i, c := range codes {
		if i == maxSummaryRows {
			fmt.Fprintf(&b, "\n%d more codes are not shown.\n", len(codes)-i)
			break
		}
		fmt.Fprintf(&b, "| %s | %s | %d | %d | %s |\n", cell(c.Class), cell(c.Code), c.Count, c.FirstLine, codeCell(c.Excerpt))
	}
	b.WriteString("\n")
	return b.String()
}

// cellEscaper keeps a value inside its table cell and out of Markdown and
// HTML: the cell separator and line breaks, emphasis, links and tags.
var cellEscaper = strings.NewReplacer(
	"\r\n", " ", "\r", " ", "\n", " ",
	`\`, `\\`, "|", `\|`, "*", `\*`, "_", `\_`, "`", "\\`", "[", `\[`, "]", `\]`,
	"<", "&lt;", ">", "&gt;", "&", "&amp;", "#", `\#`, "~", `\~`,
)

func cell(s string) string { return cellEscaper.Replace(s) }

// codeCell is an excerpt, quoted as Go quotes it so control characters
// show, then escaped as any cell.
func codeCell(s string) string {
	if s == "" {
		return ""
	}
	return cell(strconv.Quote(s))
}

// AppendSummary appends md to the job summary file at path in one write,
// so a run that dies leaves the file with the whole summary or none of
// it. The file is not created: the runner creates it, and a missing one
// means the summary has nowhere to go.
func AppendSummary(path, md string) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		return err
	}
	if _, err := f.Write([]byte(md)); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
