package main

import (
	"io"

	"github.com/errcat/errcat/internal/diag"
	"github.com/errcat/errcat/internal/redact"
	"github.com/errcat/errcat/internal/report"
)

// inActions reports whether errcat runs as a GitHub Actions step, where
// the runner sets GITHUB_ACTIONS=true.
func inActions(getenv func(string) string) bool { return getenv("GITHUB_ACTIONS") == "true" }

// annotate writes workflow commands for as on standard error when errcat
// runs in GitHub Actions. Standard error, because the runner reads
// commands there too, and standard output may be a JSON or SARIF
// document that must stay whole.
func annotate(getenv func(string) string, w io.Writer, as []report.Annotation) {
	if inActions(getenv) && len(as) > 0 {
		report.WorkflowCommands(w, "error", as)
	}
}

// annotateErr annotates the positioned errors inside err (a broken
// catalogue or fixture file) and returns err, for the one place that
// prints errors.
func annotateErr(getenv func(string) string, w io.Writer, err error) error {
	if l := diag.As(err); len(l) > 0 {
		l.Sort()
		annotate(getenv, w, report.DiagAnnotations(l))
	}
	return err
}

// stepSummary appends md to the job summary in GitHub Actions. A summary
// that cannot be written is a warning on w: the step's own outcome
// matters more.
func stepSummary(getenv func(string) string, w io.Writer, md func() string) {
	path := getenv("GITHUB_STEP_SUMMARY")
	if !inActions(getenv) || path == "" {
		return
	}
	if err := report.AppendSummary(path, md()); err != nil {
		report.WorkflowCommands(w, "warning", []report.Annotation{{
			Title:   "errcat: job summary",
			Message: "not written: " + redact.Text(err.Error()),
		}})
	}
}
