package report

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/errcat/errcat/internal/match"
	"github.com/errcat/errcat/internal/policy"
	"github.com/errcat/errcat/internal/supervise"
)

func TestRunSummary(t *testing.T) {
	one, zero := 1, 0
	attempts := []supervise.AttemptReport{
		{Attempt: 1, ExitCode: &one,
			Classification: &match.Classification{State: match.Classified, Class: "transient", Code: "rate_limited", Rule: "a.rate_limit", SafeExcerpt: "429 | *too* many <b>"},
			Decision:       &policy.Decision{Action: policy.ActionRetry, RetryOrdinal: 1, MaxRetries: 3, Delay: 5 * time.Second}},
		{Attempt: 2, ExitCode: &zero, Flaky: true},
	}
	want := "### errcat run\n\n" +
		"| attempt | exit | class | code | rule | decision | excerpt |\n" +
		"|---:|---|---|---|---|---|---|\n" +
		"| 1 | 1 | transient | rate\\_limited | a.rate\\_limit | retry 1/3 in 5s | \"429 \\| \\*too\\* many &lt;b&gt;\" |\n" +
		"| 2 | 0 |  |  |  | succeeded |  |\n" +
		"\nFlaky: done.\n\n"
	if d := cmp.Diff(want, RunSummary(attempts, "Flaky: done.")); d != "" {
		t.Errorf("(-want +got)\n%s", d)
	}
}

func TestLinesSummaryIsCut(t *testing.T) {
	var codes []LinesCode
	for i := 0; i < maxSummaryRows+3; i++ {
		codes = append(codes, LinesCode{Code: "c", Class: "hard", Count: 1, FirstLine: i + 1})
	}
	md := LinesSummary(60, 53, 7, codes)
	if n := strings.Count(md, "| hard |"); n != maxSummaryRows {
		t.Errorf("%d rows, want %d", n, maxSummaryRows)
	}
	if !strings.Contains(md, "3 more codes are not shown.") || !strings.Contains(md, "60 records, 53 classified, 7 unclassified.") {
		t.Errorf("summary:\n%s", md)
	}
}

func TestAppendSummary(t *testing.T) {
	path := filepath.Join(t.TempDir(), "summary.md")
	if err := AppendSummary(path, "x"); err == nil {
		t.Error("a missing file is created")
	}
	if err := os.WriteFile(path, []byte("before\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := AppendSummary(path, "one\n"); err != nil {
		t.Fatal(err)
	}
	if err := AppendSummary(path, "two\n"); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(path)
	if got := string(data); got != "before\none\ntwo\n" {
		t.Errorf("file = %q", got)
	}
}
