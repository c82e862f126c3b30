// Package supervise runs a command until it succeeds or a recovery policy
// says to stop: each failure is classified from the tail of the
// command's output and its exit status or signal, the policy decides, and
// the run sleeps as decided and runs the command again. Signals the run
// receives are passed on to the command and end the run, also during a
// sleep. The caller gives the clock, the classifier and the policy, so a
// run can be tested without waiting.
package supervise

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/errcat/errcat/internal/exitcode"
	"github.com/errcat/errcat/internal/match"
	"github.com/errcat/errcat/internal/policy"
)

// Supervisor is one run's configuration.
type Supervisor struct {
	Stdin          io.Reader
	Stdout, Stderr io.Writer // the command's output passes through; the run's own lines go to Stderr

	Clock Clock
	// Notify relays the signals that end the run to ch until stop is
	// called; nil means NotifySignals.
	Notify func(ch chan<- os.Signal) (stop func())

	// Classify classifies a failed attempt at the time now.
	Classify func(ev match.Evidence, now time.Time) match.Classification
	Policy   policy.Policy
	// ClassExit, when set, is the exit status on stop or skip instead of
	// the last attempt's.
	ClassExit func(match.Classification) exitcode.Code

	Report  io.Writer           // one AttemptReport per line; nil for none
	Observe func(AttemptReport) // called with each attempt's report as it is written; nil for none
	// Paint colours a class's name in the run's own lines; nil for none.
	Paint          func(class, text string) string
	FailOnOutput   bool          // classify the output of an attempt that exits 0, and treat a classified failure as a failure
	TailBytes      int           // how much output to keep for classification
	ClassifyStdout bool          // classify standard output too, not only standard error
	DryRun         bool          // on failure say what the policy would do, and stop
	MaxTotal       time.Duration // bounds the whole run; 0 for no bound
	Idempotent     bool          // the command may run again after it wrote to standard output
}

// Run runs args until it succeeds or the policy says skip or stop. It
// returns nil when the last attempt succeeded, and otherwise an
// exitcode.Error with the run's exit status: the last attempt's (or the
// class's, with ClassExit), 128+N when signal N ended the run, 126 or 127
// when the command cannot be run or is not found.
func (s *Supervisor) Run(args []string) error {
	rep := &reporter{w: s.Report, errw: s.Stderr, observe: s.Observe}

	// Signals end the run: the forwarder passes them on to the running
	// attempt and cancels everything else.
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	fw := &forwarder{cancel: cancel}
	notify := s.Notify
	if notify == nil {
		notify = NotifySignals
	}
	sigs := make(chan os.Signal, 4)
	stop := notify(sigs)
	defer stop()
	go fw.watch(sigs)

	clk := s.Clock
	var deadline time.Time
	if s.MaxTotal > 0 {
		deadline = clk.Now().Add(s.MaxTotal)
	}
	state := policy.State{Idempotent: s.Idempotent, Deadline: deadline}
	for attempt := 1; ; attempt++ {
		r := AttemptReport{Attempt: attempt, StartedAt: stamp(clk.Now())}
		res, err := s.attempt(args, deadline, fw.running)
		if err != nil {
			return err
		}
		r.EndedAt = stamp(clk.Now())
		r.ExitCode, r.Signal, r.StdoutBytes = res.exitCode, res.signal, res.stdoutBytes
		status := res.status()

		if sig := fw.interrupted(); sig != nil {
			r.Interrupted = signalName(sig)
			rep.write(r)
			if status == exitcode.OK {
				return nil
			}
			fmt.Fprintf(s.Stderr, "errcat: interrupted by %s; not running it again\n", signalName(sig))
			return exitcode.Error{Code: exitcode.Signaled(signalNumber(sig))}
		}
		ev := match.Evidence{Text: res.tail, ExitCode: res.exitCode, Signal: res.signal}
		var c match.Classification
		if status == exitcode.OK && s.FailOnOutput {
			c = s.Classify(ev, clk.Now())
			if c.State == match.Classified {
				// The command said it succeeded, but its output reports
				// a failure (an agent CLI's usage limit, printed with
				// exit status 0): it fails with errcat's own status.
				r.FailedOnOutput = true
				status = exitcode.Failure
			}
		}
		if status == exitcode.OK {
			r.Flaky = attempt > 1
			rep.write(r)
			if attempt > 1 {
				fmt.Fprintf(s.Stderr, "errcat: succeeded on attempt %d\n", attempt)
			}
			return nil
		}
		if res.maxTotal {
			r.MaxTotalReached = true
			rep.write(r)
			fmt.Fprintf(s.Stderr, "errcat: --max-total %s reached while the command ran; it was sent SIGTERM\n", policy.FormatDuration(s.MaxTotal))
			return exitcode.Error{Code: status}
		}

		if !r.FailedOnOutput {
			c = s.Classify(ev, clk.Now())
		}
		pc := toPolicy(c)
		state.Now = clk.Now()
		state.OutputSeen = res.stdoutBytes > 0
		d := policy.Decide(pc, s.Policy, state)
		r.Classification, r.Decision, r.DryRun = &c, &d, s.DryRun
		rep.write(r)
		line := s.paint(pc, Describe(pc, d))
		if r.FailedOnOutput {
			line = "exit status 0, but the output reads as a failure: " + line
		}
		fmt.Fprintf(s.Stderr, "errcat: %s\n", line)

		final := exitcode.Error{Code: status}
		if s.ClassExit != nil {
			final.Code = s.ClassExit(c)
		}
		if d.Action == policy.ActionSkip || d.Action == policy.ActionStop {
			return final
		}
		if s.DryRun {
			simulate(s.Stderr, pc, s.Policy, state, d)
			return final
		}
		state.Record(d)
		if err := clk.Sleep(ctx, d.Delay); err != nil {
			sig := fw.interrupted()
			fmt.Fprintf(s.Stderr, "errcat: interrupted by %s while waiting; not running it again\n", signalName(sig))
			return exitcode.Error{Code: exitcode.Signaled(signalNumber(sig))}
		}
	}
}

// paint colours the class that opens a decision's account, when the run
// has a Paint.
func (s *Supervisor) paint(c policy.Classification, line string) string {
	if s.Paint == nil {
		return line
	}
	class := c.Class
	if c.State != policy.Classified {
		class = "unclassified"
	}
	if rest, ok := strings.CutPrefix(line, class); ok {
		return s.Paint(class, class) + rest
	}
	return line
}
