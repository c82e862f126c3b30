package supervise

import (
	"encoding/json"
	"fmt"
	"io"
	"time"

	"github.com/errcat/errcat/internal/match"
	"github.com/errcat/errcat/internal/policy"
)

// AttemptReport is one JSON line of a run's report, one per attempt. The
// command's arguments are not recorded: they may hold secrets.
type AttemptReport struct {
	Attempt         int                   `json:"attempt"`
	StartedAt       string                `json:"started_at"`
	EndedAt         string                `json:"ended_at"`
	ExitCode        *int                  `json:"exit_code,omitempty"`
	Signal          string                `json:"signal,omitempty"`
	StdoutBytes     int64                 `json:"stdout_bytes"`
	Interrupted     string                `json:"interrupted,omitempty"`
	MaxTotalReached bool                  `json:"max_total_reached,omitempty"`
	FailedOnOutput  bool                  `json:"failed_on_output,omitempty"` // exit status 0, but FailOnOutput read a failure in the output
	Flaky           bool                  `json:"flaky,omitempty"`            // the run succeeded on this attempt, after failed ones
	Classification  *match.Classification `json:"classification,omitempty"`
	Decision        *policy.Decision      `json:"decision,omitempty"`
	DryRun          bool                  `json:"dry_run,omitempty"`
}

// reporter writes the report. A report that cannot be written is said
// once and does not end the run: the command's outcome matters more.
type reporter struct {
	w, errw io.Writer
	observe func(AttemptReport)
	failed  bool
}

func (r *reporter) write(a AttemptReport) {
	if r.observe != nil {
		r.observe(a)
	}
	if r.failed || r.w == nil {
		return
	}
	enc := json.NewEncoder(r.w)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(a); err != nil {
		r.failed = true
		fmt.Fprintf(r.errw, "errcat: --report: %v; later attempts are not recorded\n", err)
	}
}

// stamp writes report times in UTC with milliseconds.
func stamp(t time.Time) string { return t.UTC().Format("2006-01-02T15:04:05.000Z07:00") }
