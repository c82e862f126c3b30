package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"github.com/errcat/errcat/internal/match"
	"github.com/errcat/errcat/internal/policy"
)

type runOptions struct {
	cat            catalogueFlag
	pol            policyFlag
	classifyStdout bool
	dryRun         bool
	maxTotal       time.Duration
	idempotent     bool
	report         string
	exitByClass    bool
	tailBytes      int
}

// runEnv is what a run needs from the outside world, injected so that
// tests control time and signals.
type runEnv struct {
	io     stdio
	clock  clock
	notify func(chan<- os.Signal) (stop func())
}

// testClockEnv names the test-only switch to a fake clock: set to an RFC
// 3339 time, the run's clock starts there, and sleeps advance it at once
// instead of sleeping (they still end early on SIGINT or SIGTERM). It
// exists so that the CLI scenarios run in milliseconds with reproducible
// timestamps; it is not an interface for users.
const testClockEnv = "ERRCAT_TEST_CLOCK"

func newRunCmd(io stdio, getenv func(string) string) *cobra.Command {
	o := &runOptions{cat: catalogueFlag{getenv: getenv}}
	cmd := &cobra.Command{
		Use:   "run [flags] -- CMD [ARGS...]",
		Short: "Run a command, retrying it as a recovery policy says",
		Long: `Run runs CMD with its standard output and error passed through live, and
keeps the last --tail-bytes of its standard error in memory (and of its
standard output with --classify-stdout). When CMD exits non-zero, the tail
is classified together with the exit status or signal, one line on
standard error says what errcat decided:

  errcat: transient/rate_limited (rule openai.rate_limit_exceeded), retry 2/3 in 10s

and errcat sleeps as decided and runs CMD again, until it succeeds or the
policy says skip or stop. SIGINT and SIGTERM are passed on to CMD and end
the run at once, also during a sleep.

Effect safety: a failed attempt that wrote anything on standard output is
not run again unless --idempotent says CMD may safely run twice (its output
may already have been used); the decision says why.

Exit status: CMD's own on success. On stop or skip, the last attempt's
status (128+N when signal N ended it), or with --exit-by-class the class's
exit code from the catalogue (transient 75, hard 78, request 65; 70 when
unclassified). 128+N when errcat itself is ended by signal N; 127 when CMD
is not found, 126 when it cannot be run; 1 for errcat's own errors (a
broken policy or catalogue), 2 for usage errors.

Without --policy nothing is retried: the first failure stops.`,
		Example: `  errcat run --policy ci.policy.yaml -- npm ci
  errcat run --policy agent.policy.yaml --report attempts.jsonl --max-total 30m -- ./agent.sh
  errcat run --policy ci.policy.yaml --dry-run -- make deploy`,
		Args: usageArgs(cobra.MinimumNArgs(1)),
		RunE: func(cmd *cobra.Command, args []string) error {
			env := runEnv{io: io, clock: realClock{}, notify: notifySignals}
			if v := getenv(testClockEnv); v != "" {
				t, err := time.Parse(time.RFC3339, v)
				if err != nil {
					return fmt.Errorf("%s: %v", testClockEnv, err)
				}
				env.clock = &fakeClock{now: t}
			}
			return o.run(env, args)
		},
	}
	f := cmd.Flags()
	// Flags end at CMD: `errcat run --policy p sh -c 'x --dry-run'` leaves
	// CMD's own flags alone, with or without "--".
	f.SetInterspersed(false)
	o.cat.register(cmd)
	o.pol.register(cmd)
	f.BoolVar(&o.classifyStdout, "classify-stdout", false, "classify CMD's standard output too, not only its standard error")
	f.BoolVar(&o.dryRun, "dry-run", false, "run CMD once; on failure print what the policy would do, without sleeping or running it again")
	f.DurationVar(&o.maxTotal, "max-total", 0, "bound the whole run: no delay may end at or after it, and CMD is sent SIGTERM when it is reached")
	f.BoolVar(&o.idempotent, "idempotent", false, "CMD may safely run again even after it wrote to standard output")
	f.StringVar(&o.report, "report", "", "write one JSON line per attempt to this file")
	f.BoolVar(&o.exitByClass, "exit-by-class", false, "on stop or skip, exit with the class's exit code (70 when unclassified)")
	f.IntVar(&o.tailBytes, "tail-bytes", 64<<10, "how much of CMD's output to keep for classification")
	return cmd
}

// attemptReport is one line of --report.
type attemptReport struct {
	Attempt         int                   `json:"attempt"`
	StartedAt       string                `json:"started_at"`
	EndedAt         string                `json:"ended_at"`
	ExitCode        *int                  `json:"exit_code,omitempty"`
	Signal          string                `json:"signal,omitempty"`
	StdoutBytes     int64                 `json:"stdout_bytes"`
	Interrupted     string                `json:"interrupted,omitempty"`
	MaxTotalReached bool                  `json:"max_total_reached,omitempty"`
	Classification  *match.Classification `json:"classification,omitempty"`
	Decision        *policy.Decision      `json:"decision,omitempty"`
	DryRun          bool                  `json:"dry_run,omitempty"`
}

func (o *runOptions) run(env runEnv, args []string) error {
	if o.maxTotal < 0 {
		return usagef("--max-total %s: must not be negative", o.maxTotal)
	}
	if o.tailBytes < 1024 {
		return usagef("--tail-bytes %d: want at least 1024", o.tailBytes)
	}
	eng, err := o.cat.load()
	if err != nil {
		return err
	}
	pol, err := o.pol.load(eng.Catalogue())
	if err != nil {
		return err
	}
	rep := &reporter{w: io.Discard, errw: env.io.err}
	if o.report != "" {
		f, err := os.Create(o.report)
		if err != nil {
			return err
		}
		defer f.Close()
		rep.w = f
	}

	// Signals end the run: the goroutine passes them on to the running
	// attempt and cancels everything else.
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var (
		mu     sync.Mutex
		child  *os.Process
		caught os.Signal
	)
	sigs := make(chan os.Signal, 4)
	stop := env.notify(sigs)
	defer stop()
	go func() {
		for sig := range sigs {
			mu.Lock()
			if caught == nil {
				caught = sig
			}
			if child != nil {
				child.Signal(sig) // an exited child is no error of ours
			}
			mu.Unlock()
			cancel()
		}
	}()
	interrupted := func() os.Signal {
		mu.Lock()
		defer mu.Unlock()
		return caught
	}

	clk := env.clock
	var deadline time.Time
	if o.maxTotal > 0 {
		deadline = clk.Now().Add(o.maxTotal)
	}
	state := policy.State{Idempotent: o.idempotent, Deadline: deadline}
	for attempt := 1; ; attempt++ {
		r := attemptReport{Attempt: attempt, StartedAt: stamp(clk.Now())}
		res, err := o.attempt(env, args, deadline, func(p *os.Process) {
			mu.Lock()
			child = p
			if caught != nil && p != nil {
				p.Signal(caught)
			}
			mu.Unlock()
		})
		if err != nil {
			return err
		}
		r.EndedAt = stamp(clk.Now())
		r.ExitCode, r.Signal, r.StdoutBytes = res.exitCode, res.signal, res.stdoutBytes
		status := res.status()

		if sig := interrupted(); sig != nil {
			r.Interrupted = signalName(sig)
			rep.write(r)
			if status == 0 {
				return nil
			}
			fmt.Fprintf(env.io.err, "errcat: interrupted by %s; not running it again\n", signalName(sig))
			return exitError{code: 128 + signalNumber(sig)}
		}
		if status == 0 {
			rep.write(r)
			if attempt > 1 {
				fmt.Fprintf(env.io.err, "errcat: succeeded on attempt %d\n", attempt)
			}
			return nil
		}
		if res.maxTotal {
			r.MaxTotalReached = true
			rep.write(r)
			fmt.Fprintf(env.io.err, "errcat: --max-total %s reached while the command ran; it was sent SIGTERM\n", policy.FormatDuration(o.maxTotal))
			return exitError{code: status}
		}

		ev := match.Evidence{Text: res.tail, ExitCode: res.exitCode, Signal: res.signal}
		c := eng.Classify(ev, match.Options{Now: clk.Now()})
		pc := toPolicy(c)
		state.Now = clk.Now()
		state.OutputSeen = res.stdoutBytes > 0
		d := policy.Decide(pc, pol, state)
		r.Classification, r.Decision, r.DryRun = &c, &d, o.dryRun
		rep.write(r)
		fmt.Fprintf(env.io.err, "errcat: %s\n", describe(pc, d))

		final := exitError{code: status}
		if o.exitByClass {
			final.code = classExit(eng.Catalogue(), c)
		}
		if d.Action == policy.ActionSkip || d.Action == policy.ActionStop {
			return final
		}
		if o.dryRun {
			o.simulate(env.io.err, pc, pol, state, d)
			return final
		}
		state.Record(d)
		if err := clk.Sleep(ctx, d.Delay); err != nil {
			sig := interrupted()
			fmt.Fprintf(env.io.err, "errcat: interrupted by %s while waiting; not running it again\n", signalName(sig))
			return exitError{code: 128 + signalNumber(sig)}
		}
	}
}

// simulate prints, for --dry-run, what the policy would go on to do if
// every later attempt failed the same way, advancing a copy of the state
// by each delay instead of sleeping.
func (o *runOptions) simulate(w io.Writer, c policy.Classification, pol policy.Policy, s policy.State, d policy.Decision) {
	var steps []string
	for i := 0; i < 64 && (d.Action == policy.ActionRetry || d.Action == policy.ActionWait); i++ {
		s.Retries, s.Waited = cloneInts(s.Retries), cloneBools(s.Waited)
		s.Record(d)
		s.Now = s.Now.Add(d.Delay)
		d = policy.Decide(c, pol, s)
		switch d.Action {
		case policy.ActionRetry:
			steps = append(steps, fmt.Sprintf("retry %d/%d in %s", d.RetryOrdinal, d.MaxRetries, policy.FormatDuration(d.Delay)))
		case policy.ActionWait:
			steps = append(steps, fmt.Sprintf("wait %s for the reset", policy.FormatDuration(d.Delay)))
		default:
			steps = append(steps, "then "+string(d.Action))
		}
	}
	fmt.Fprintf(w, "errcat: dry run: not sleeping or running it again; if it kept failing this way: %s\n", strings.Join(steps, ", "))
}

// reporter writes --report. A report that cannot be written is said once
// and does not end the run: the command's outcome matters more.
type reporter struct {
	w, errw io.Writer
	failed  bool
}

func (r *reporter) write(a attemptReport) {
	if r.failed {
		return
	}
	if err := writeJSONLine(r.w, a); err != nil {
		r.failed = true
		fmt.Fprintf(r.errw, "errcat: --report: %v; later attempts are not recorded\n", err)
	}
}

func cloneInts(m map[string]int) map[string]int {
	out := make(map[string]int, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

func cloneBools(m map[string]bool) map[string]bool {
	out := make(map[string]bool, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

// toPolicy keeps the fields of a classification that a decision reads.
func toPolicy(c match.Classification) policy.Classification {
	return policy.Classification{
		State: c.State, Code: c.Code, Class: c.Class, Rule: c.Rule, Reason: c.Reason,
		RetryAfterSeconds: c.RetryAfterSeconds, ResetAt: c.ResetAt, ShouldRetry: c.ShouldRetry,
	}
}

// attemptResult is how one run of CMD ended.
type attemptResult struct {
	exitCode    *int
	signal      string
	signo       int
	stdoutBytes int64
	tail        string
	maxTotal    bool // ended because --max-total was reached
}

// status is the exit status a shell would report.
func (r attemptResult) status() int {
	if r.exitCode != nil {
		return *r.exitCode
	}
	return 128 + r.signo
}

// attempt runs CMD once. started is called with the process once it runs
// and with nil once it has been waited for.
func (o *runOptions) attempt(env runEnv, args []string, deadline time.Time, started func(*os.Process)) (attemptResult, error) {
	var res attemptResult
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	if !deadline.IsZero() {
		ctx, cancel = context.WithTimeout(ctx, deadline.Sub(env.clock.Now()))
		defer cancel()
	}
	t := &tail{max: o.tailBytes}
	out := &tee{w: env.io.out}
	if o.classifyStdout {
		out.tail = t
	}
	errOut := &tee{w: env.io.err, tail: t}
	cmd := exec.CommandContext(ctx, args[0], args[1:]...)
	cmd.Stdin = env.io.in
	cmd.Stdout = out
	cmd.Stderr = errOut
	cmd.Cancel = func() error { return cmd.Process.Signal(syscall.SIGTERM) }
	// After SIGTERM, or after CMD exits while something it started still
	// holds its output open, wait this long before giving up on it.
	cmd.WaitDelay = 5 * time.Second
	if err := cmd.Start(); err != nil {
		code := 126
		if errors.Is(err, exec.ErrNotFound) || errors.Is(err, os.ErrNotExist) {
			code = 127
		}
		return res, exitError{code: code, err: fmt.Errorf("run %s: %v", args[0], unwrapExec(err))}
	}
	started(cmd.Process)
	err := cmd.Wait()
	started(nil)
	out.end()
	errOut.end()
	ps := cmd.ProcessState
	if ps == nil {
		return res, fmt.Errorf("run %s: %v", args[0], err)
	}
	if ws, ok := ps.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		res.signo = int(ws.Signal())
		res.signal = match.CanonicalSignal(strconv.Itoa(res.signo))
	} else {
		code := ps.ExitCode()
		res.exitCode = &code
	}
	res.stdoutBytes = out.n
	res.tail = t.String()
	res.maxTotal = errors.Is(ctx.Err(), context.DeadlineExceeded)
	return res, nil
}

func unwrapExec(err error) error {
	var ee *exec.Error
	if errors.As(err, &ee) {
		return ee.Err
	}
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// tee passes output through and keeps what the tail wants, as text: a
// stream that starts with a UTF-16 byte order mark (Windows PowerShell 5
// writes one) is kept decoded, since the tail soon loses the mark.
type tee struct {
	w    io.Writer
	tail *tail
	dec  match.TextDecoder
	n    int64
}

func (t *tee) Write(p []byte) (int, error) {
	n, err := t.w.Write(p)
	t.n += int64(n)
	if t.tail != nil {
		t.tail.Write(t.dec.Decode(p[:n]))
	}
	return n, err
}

// end gives the tail what the end of the stream completes.
func (t *tee) end() {
	if t.tail != nil {
		t.tail.Write(t.dec.Flush())
	}
}

// tail keeps the last max bytes written to it; both streams may write.
type tail struct {
	mu  sync.Mutex
	buf []byte
	max int
	cut bool
}

func (t *tail) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if len(p) >= t.max {
		t.buf = append(t.buf[:0], p[len(p)-t.max:]...)
		t.cut = true
		return len(p), nil
	}
	t.buf = append(t.buf, p...)
	if len(t.buf) > 2*t.max {
		t.buf = append(t.buf[:0], t.buf[len(t.buf)-t.max:]...)
		t.cut = true
	}
	return len(p), nil
}

// String returns the kept text; when the start was cut off, from the first
// whole line on (after a LF or a CR), so that no half line is classified.
func (t *tail) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	b := t.buf
	if len(b) > t.max {
		b, t.cut = b[len(b)-t.max:], true
	}
	if t.cut {
		if i := strings.IndexAny(string(b), "\r\n"); i >= 0 {
			b = b[i+1:]
		}
	}
	return string(b)
}

// clock is the run's time: real, or fake for tests (see testClockEnv).
type clock interface {
	Now() time.Time
	// Sleep waits for d or until ctx is done, and then returns ctx.Err().
	Sleep(ctx context.Context, d time.Duration) error
}

type realClock struct{}

func (realClock) Now() time.Time { return time.Now() }

func (realClock) Sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// fakeClock moves only when slept on.
type fakeClock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *fakeClock) Sleep(ctx context.Context, d time.Duration) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.mu.Unlock()
	return nil
}

func notifySignals(ch chan<- os.Signal) func() {
	signal.Notify(ch, os.Interrupt, syscall.SIGTERM)
	return func() { signal.Stop(ch) }
}

func signalName(sig os.Signal) string {
	if s, ok := sig.(syscall.Signal); ok {
		return match.CanonicalSignal(strconv.Itoa(int(s)))
	}
	return sig.String()
}

func signalNumber(sig os.Signal) int {
	if s, ok := sig.(syscall.Signal); ok {
		return int(s)
	}
	return 2
}

// stamp writes report times in UTC with milliseconds.
func stamp(t time.Time) string { return t.UTC().Format("2006-01-02T15:04:05.000Z07:00") }
