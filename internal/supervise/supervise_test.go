package supervise

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/errcat/errcat/internal/exitcode"
	"github.com/errcat/errcat/internal/match"
	"github.com/errcat/errcat/internal/policy"
	"github.com/errcat/errcat/internal/supervise/clocktest"
)

var t0 = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

// classifier stands in for an engine: "rate limit" is transient, with the
// hint "try again in 30s" read as a Retry-After; "quota" is hard;
// anything else is unclassified.
func classifier(ev match.Evidence, _ time.Time) match.Classification {
	switch {
	case strings.Contains(ev.Text, "rate limit"):
		c := match.Classification{State: match.Classified, Code: "rate_limited", Class: "transient", Rule: "t.rate"}
		if strings.Contains(ev.Text, "try again in 30s") {
			s := 30.0
			c.RetryAfterSeconds = &s
		}
		return c
	case strings.Contains(ev.Text, "quota"):
		return match.Classification{State: match.Classified, Code: "quota_limited", Class: "hard", Rule: "t.quota"}
	}
	return match.Classification{State: match.Unclassified, Reason: match.ReasonNoMatch}
}

var retryPolicy = policy.Policy{Version: policy.Version, Classes: map[string]policy.Section{
	"transient": {
		Retry:        policy.Retry{Enabled: true, MaxRetries: 3, InitialInterval: policy.Duration(5 * time.Second)},
		WaitForReset: policy.WaitForReset{Enabled: true, MaxWait: policy.Duration(5 * time.Minute)},
		OnExhausted:  policy.OnExhaustedSkip,
	},
	"hard": {OnExhausted: policy.OnExhaustedStop},
}}

// script writes a shell script that counts its runs in a file beside it
// and prints, on standard error, the line of the run's number (the last
// line for every later run); a line "ok" exits 0, any other exits 1.
func script(t *testing.T, lines ...string) (args []string, runs func() int) {
	t.Helper()
	dir := t.TempDir()
	var b strings.Builder
	b.WriteString("n=$(cat \"$0.count\" 2>/dev/null || echo 0); n=$((n+1)); echo $n > \"$0.count\"\ncase $n in\n")
	for i, l := range lines {
		pat := "*"
		if i < len(lines)-1 {
			pat = string(rune('1' + i))
		}
		if l == "ok" {
			b.WriteString(pat + ") echo ok; exit 0;;\n")
		} else {
			b.WriteString(pat + ") echo '" + l + "' >&2; exit 1;;\n")
		}
	}
	b.WriteString("esac\n")
	path := filepath.Join(dir, "cmd.sh")
	if err := os.WriteFile(path, []byte(b.String()), 0o755); err != nil {
		t.Fatal(err)
	}
	return []string{"sh", path}, func() int {
		data, _ := os.ReadFile(path + ".count")
		n := 0
		for _, c := range strings.TrimSpace(string(data)) {
			n = n*10 + int(c-'0')
		}
		return n
	}
}

// noSignals is a Notify that relays nothing, so a test run never sees the
// test process's own signals.
func noSignals(chan<- os.Signal) func() { return func() {} }

func supervisor(clock Clock) (*Supervisor, *bytes.Buffer) {
	var errb bytes.Buffer
	return &Supervisor{
		Stdout: &bytes.Buffer{}, Stderr: &errb,
		Clock: clock, Notify: noSignals,
		Classify: classifier, Policy: retryPolicy,
		TailBytes: 4096,
	}, &errb
}

func TestRunRetriesWithBackoffUntilItSucceeds(t *testing.T) {
	args, runs := script(t, "rate limit", "rate limit", "ok")
	clock := clocktest.New(t0)
	s, errb := supervisor(clock)
	var rep bytes.Buffer
	s.Report = &rep
	if err := s.Run(args); err != nil {
		t.Fatalf("Run: %v\n%s", err, errb)
	}
	if n := runs(); n != 3 {
		t.Errorf("ran %d times, want 3", n)
	}
	if d := cmp.Diff([]time.Duration{5 * time.Second, 10 * time.Second}, clock.Slept()); d != "" {
		t.Errorf("sleeps (-want +got)\n%s", d)
	}
	want := "rate limit\nerrcat: transient/rate_limited (rule t.rate), retry 1/3 in 5s\n" +
		"rate limit\nerrcat: transient/rate_limited (rule t.rate), retry 2/3 in 10s\n" +
		"errcat: succeeded on attempt 3\n"
	if errb.String() != want {
		t.Errorf("stderr (-want +got)\n%s", cmp.Diff(want, errb.String()))
	}
	var started []string
	for _, line := range strings.Split(strings.TrimSpace(rep.String()), "\n") {
		var a AttemptReport
		if err := json.Unmarshal([]byte(line), &a); err != nil {
			t.Fatalf("%v: %s", err, line)
		}
		started = append(started, a.StartedAt)
	}
	if d := cmp.Diff([]string{"2026-01-01T00:00:00.000Z", "2026-01-01T00:00:05.000Z", "2026-01-01T00:00:15.000Z"}, started); d != "" {
		t.Errorf("report's started_at (-want +got)\n%s", d)
	}
}

// A Retry-After within max_wait is waited for once, without using a
// retry; the next failure is retry 1.
func TestRunWaitsForARetryAfterOnce(t *testing.T) {
	args, runs := script(t, "rate limit, try again in 30s", "rate limit, try again in 30s", "ok")
	clock := clocktest.New(t0)
	s, errb := supervisor(clock)
	if err := s.Run(args); err != nil {
		t.Fatalf("Run: %v\n%s", err, errb)
	}
	if n := runs(); n != 3 {
		t.Errorf("ran %d times, want 3", n)
	}
	if d := cmp.Diff([]time.Duration{30 * time.Second, 5 * time.Second}, clock.Slept()); d != "" {
		t.Errorf("sleeps (-want +got)\n%s", d)
	}
	if !strings.Contains(errb.String(), "wait 30s for the reset, then run again (no retry used)") {
		t.Errorf("stderr:\n%s", errb)
	}
}

func TestRunStopsWhenRetriesAreExhausted(t *testing.T) {
	args, runs := script(t, "rate limit")
	clock := clocktest.New(t0)
	s, errb := supervisor(clock)
	err := s.Run(args)
	if e := (exitcode.Error{}); !errors.As(err, &e) || e.Code != 1 || e.Err != nil {
		t.Fatalf("Run: %v, want a quiet exit status 1", err)
	}
	if n := runs(); n != 4 {
		t.Errorf("ran %d times, want 1 and 3 retries", n)
	}
	if d := cmp.Diff([]time.Duration{5 * time.Second, 10 * time.Second, 20 * time.Second}, clock.Slept()); d != "" {
		t.Errorf("sleeps (-want +got)\n%s", d)
	}
	if !strings.Contains(errb.String(), "transient/rate_limited (rule t.rate), skip: ") {
		t.Errorf("stderr:\n%s", errb)
	}
}

// A hard failure stops at once; ClassExit replaces the command's status.
func TestRunStopsOnAHardFailureWithTheClassStatus(t *testing.T) {
	args, runs := script(t, "quota")
	clock := clocktest.New(t0)
	s, _ := supervisor(clock)
	s.ClassExit = func(c match.Classification) exitcode.Code {
		if c.Class == "hard" {
			return 78
		}
		return exitcode.Unclassified
	}
	var e exitcode.Error
	if err := s.Run(args); !errors.As(err, &e) || e.Code != 78 {
		t.Fatalf("Run: %v, want exit status 78", err)
	}
	if n := runs(); n != 1 || len(clock.Slept()) != 0 {
		t.Errorf("ran %d times and slept %v, want one run and no sleep", n, clock.Slept())
	}
}

// A dry run runs once, sleeps never, and says what would follow.
func TestRunDryRunSaysWhatWouldFollow(t *testing.T) {
	args, runs := script(t, "rate limit")
	clock := clocktest.New(t0)
	s, errb := supervisor(clock)
	s.DryRun = true
	var e exitcode.Error
	if err := s.Run(args); !errors.As(err, &e) || e.Code != 1 {
		t.Fatalf("Run: %v, want exit status 1", err)
	}
	if n := runs(); n != 1 || len(clock.Slept()) != 0 {
		t.Errorf("ran %d times and slept %v", n, clock.Slept())
	}
	want := "errcat: dry run: not sleeping or running it again; if it kept failing this way: retry 2/3 in 10s, retry 3/3 in 20s, then skip\n"
	if !strings.HasSuffix(errb.String(), want) {
		t.Errorf("stderr:\n%s\nwant it to end in\n%s", errb, want)
	}
}

// A failed attempt that wrote to standard output is not run again unless
// the command is idempotent.
func TestRunDoesNotRepeatACommandThatWroteOutput(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "cmd.sh")
	os.WriteFile(path, []byte("echo partial; echo 'rate limit' >&2; exit 1\n"), 0o755)
	for _, idempotent := range []bool{false, true} {
		s, _ := supervisor(clocktest.New(t0))
		s.Idempotent = idempotent
		s.Policy = policy.Policy{Version: policy.Version, Classes: map[string]policy.Section{"transient": {
			Retry: policy.Retry{Enabled: true, MaxRetries: 1, InitialInterval: policy.Duration(time.Second)}, OnExhausted: policy.OnExhaustedSkip,
		}}}
		var rep bytes.Buffer
		s.Report = &rep
		s.Run([]string{"sh", path})
		attempts := strings.Count(rep.String(), "\n")
		if want := map[bool]int{false: 1, true: 2}[idempotent]; attempts != want {
			t.Errorf("idempotent %v: %d attempts, want %d", idempotent, attempts, want)
		}
	}
}

func TestRunReportsACommandThatCannotRun(t *testing.T) {
	s, _ := supervisor(clocktest.New(t0))
	var e exitcode.Error
	if err := s.Run([]string{filepath.Join(t.TempDir(), "missing")}); !errors.As(err, &e) || e.Code != exitcode.NotFound || e.Err == nil {
		t.Errorf("a missing command: %v, want exit status 127 with a message", err)
	}
	notExec := filepath.Join(t.TempDir(), "plain")
	os.WriteFile(notExec, []byte("echo hi\n"), 0o644)
	if err := s.Run([]string{notExec}); !errors.As(err, &e) || e.Code != exitcode.CannotRun {
		t.Errorf("a file that is not executable: %v, want exit status 126", err)
	}
}

// signals is a Notify whose signals the test sends.
type signals struct {
	mu sync.Mutex
	ch chan<- os.Signal
}

func (s *signals) notify(ch chan<- os.Signal) func() {
	s.mu.Lock()
	s.ch = ch
	s.mu.Unlock()
	return func() {}
}

func (s *signals) send(sig os.Signal) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.ch <- sig
}

// firstWrite closes seen on the first write.
type firstWrite struct {
	bytes.Buffer
	once sync.Once
	seen chan struct{}
}

func (w *firstWrite) Write(p []byte) (int, error) {
	defer w.once.Do(func() { close(w.seen) })
	return w.Buffer.Write(p)
}

// A signal the run receives reaches the running command, and the run
// ends with 128+N without running it again.
func TestRunForwardsASignalToTheCommand(t *testing.T) {
	var sig signals
	s, _ := supervisor(clocktest.New(t0))
	s.Notify = sig.notify
	errw := &firstWrite{seen: make(chan struct{})}
	s.Stderr = errw
	done := make(chan error, 1)
	go func() { done <- s.Run([]string{"sh", "-c", "echo up >&2; exec sleep 30"}) }()
	select {
	case <-errw.seen:
	case <-time.After(10 * time.Second):
		t.Fatal("the command did not start")
	}
	sig.send(syscall.SIGTERM)
	select {
	case err := <-done:
		var e exitcode.Error
		if !errors.As(err, &e) || e.Code != exitcode.Signaled(int(syscall.SIGTERM)) {
			t.Errorf("Run: %v, want exit status 143", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the signal did not reach the command")
	}
	if !strings.HasSuffix(errw.String(), "errcat: interrupted by SIGTERM; not running it again\n") {
		t.Errorf("stderr:\n%s", errw.String())
	}
}

// blockingClock sleeps until its context ends, and says when it starts to.
type blockingClock struct {
	*clocktest.FakeClock
	sleeping chan struct{}
}

func (c blockingClock) Sleep(ctx context.Context, d time.Duration) error {
	close(c.sleeping)
	<-ctx.Done()
	return ctx.Err()
}

// A signal during the sleep between attempts ends the run at once.
func TestRunEndsASleepOnASignal(t *testing.T) {
	var sig signals
	args, runs := script(t, "rate limit")
	clock := blockingClock{clocktest.New(t0), make(chan struct{})}
	s, errb := supervisor(clock)
	s.Notify = sig.notify
	done := make(chan error, 1)
	go func() { done <- s.Run(args) }()
	select {
	case <-clock.sleeping:
	case <-time.After(10 * time.Second):
		t.Fatal("the run did not sleep")
	}
	sig.send(os.Interrupt)
	var err error
	select {
	case err = <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("the signal did not end the sleep")
	}
	var e exitcode.Error
	if !errors.As(err, &e) || e.Code != exitcode.Signaled(int(syscall.SIGINT)) {
		t.Errorf("Run: %v, want exit status 130", err)
	}
	if n := runs(); n != 1 {
		t.Errorf("ran %d times, want 1", n)
	}
	if !strings.HasSuffix(errb.String(), "errcat: interrupted by SIGINT while waiting; not running it again\n") {
		t.Errorf("stderr:\n%s", errb)
	}
}
