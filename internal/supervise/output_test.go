package supervise

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/errcat/errcat/internal/exitcode"
	"github.com/errcat/errcat/internal/supervise/clocktest"
)

// zeroExit writes a script that prints line on standard error and exits 0
// on its first run, and prints "ok" on every later one.
func zeroExit(t *testing.T, line string) []string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "cmd.sh")
	body := "n=$(cat \"$0.count\" 2>/dev/null || echo 0); n=$((n+1)); echo $n > \"$0.count\"\n" +
		"if [ $n = 1 ]; then echo '" + line + "' >&2; fi\nexit 0\n"
	if err := os.WriteFile(path, []byte(body), 0o755); err != nil {
		t.Fatal(err)
	}
	return []string{"sh", path}
}

func TestFailOnOutput(t *testing.T) {
	t.Run("a classified failure after exit 0 is retried", func(t *testing.T) {
		s, errb := supervisor(clocktest.New(t0))
		s.FailOnOutput = true
		var got []AttemptReport
		s.Observe = func(a AttemptReport) { got = append(got, a) }
		if err := s.Run(zeroExit(t, "rate limit")); err != nil {
			t.Fatalf("Run: %v\n%s", err, errb)
		}
		want := "rate limit\nerrcat: exit status 0, but the output reads as a failure: transient/rate_limited (rule t.rate), retry 1/3 in 5s\n" +
			"errcat: succeeded on attempt 2\n"
		if d := cmp.Diff(want, errb.String()); d != "" {
			t.Errorf("stderr (-want +got)\n%s", d)
		}
		if len(got) != 2 || !got[0].FailedOnOutput || got[0].Decision == nil || got[1].FailedOnOutput || !got[1].Flaky {
			t.Errorf("reports: %+v", got)
		}
	})
	t.Run("a hard failure after exit 0 stops with status 1", func(t *testing.T) {
		s, errb := supervisor(clocktest.New(t0))
		s.FailOnOutput = true
		err := s.Run(zeroExit(t, "quota"))
		var ee exitcode.Error
		if !errors.As(err, &ee) || ee.Code != exitcode.Failure {
			t.Fatalf("Run = %v, want exit status 1\n%s", err, errb)
		}
	})
	t.Run("unclassified output after exit 0 is a success", func(t *testing.T) {
		s, errb := supervisor(clocktest.New(t0))
		s.FailOnOutput = true
		if err := s.Run(zeroExit(t, "all done")); err != nil || strings.Contains(errb.String(), "errcat:") {
			t.Fatalf("Run = %v\n%s", err, errb)
		}
	})
	t.Run("without the option exit 0 is a success", func(t *testing.T) {
		s, errb := supervisor(clocktest.New(t0))
		var got []AttemptReport
		s.Observe = func(a AttemptReport) { got = append(got, a) }
		if err := s.Run(zeroExit(t, "rate limit")); err != nil || len(got) != 1 || got[0].Flaky {
			t.Fatalf("Run = %v, reports %+v\n%s", err, got, errb)
		}
	})
}

func TestPaint(t *testing.T) {
	args, _ := script(t, "quota")
	s, errb := supervisor(clocktest.New(t0))
	s.Paint = func(class, text string) string { return "<" + class + ">" + text + "</>" }
	s.Run(args)
	if want := "errcat: <hard>hard</>/quota_limited (rule t.quota), stop"; !strings.Contains(errb.String(), want) {
		t.Errorf("stderr %q does not hold %q", errb.String(), want)
	}
	args, _ = script(t, "something else")
	s, errb = supervisor(clocktest.New(t0))
	s.Paint = func(class, text string) string { return "<" + class + ">" + text + "</>" }
	s.Run(args)
	if want := "errcat: <unclassified>unclassified</> (no_match)"; !strings.Contains(errb.String(), want) {
		t.Errorf("stderr %q does not hold %q", errb.String(), want)
	}
}
