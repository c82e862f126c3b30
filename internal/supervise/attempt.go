package supervise

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"syscall"
	"time"

	"github.com/errcat/errcat/internal/exitcode"
	"github.com/errcat/errcat/internal/match"
)

// attemptResult is how one run of the command ended.
type attemptResult struct {
	exitCode    *int
	signal      string
	signo       int
	stdoutBytes int64
	tail        string
	maxTotal    bool // ended because the run's deadline was reached
}

// status is the exit status a shell would report.
func (r attemptResult) status() exitcode.Code {
	if r.exitCode != nil {
		return exitcode.Code(*r.exitCode)
	}
	return exitcode.Signaled(r.signo)
}

// waitDelay is how long an attempt waits, after SIGTERM or after the
// command exits while something it started still holds its output open,
// before giving up on it.
const waitDelay = 5 * time.Second

// attempt runs the command once, sending it SIGTERM at deadline unless
// that is zero. running is called with the process once it runs and with
// nil once it has been waited for.
func (s *Supervisor) attempt(args []string, deadline time.Time, running func(*os.Process)) (attemptResult, error) {
	var res attemptResult
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	if !deadline.IsZero() {
		ctx, cancel = context.WithTimeout(ctx, deadline.Sub(s.Clock.Now()))
		defer cancel()
	}
	t := &Tail{Max: s.TailBytes}
	out := &tee{w: s.Stdout}
	if s.ClassifyStdout {
		out.tail = t
	}
	errOut := &tee{w: s.Stderr, tail: t}
	cmd := exec.CommandContext(ctx, args[0], args[1:]...)
	cmd.Stdin = s.Stdin
	cmd.Stdout = out
	cmd.Stderr = errOut
	cmd.Cancel = func() error { return cmd.Process.Signal(syscall.SIGTERM) }
	cmd.WaitDelay = waitDelay
	if err := cmd.Start(); err != nil {
		code := exitcode.CannotRun
		if errors.Is(err, exec.ErrNotFound) || errors.Is(err, os.ErrNotExist) {
			code = exitcode.NotFound
		}
		return res, exitcode.Error{Code: code, Err: fmt.Errorf("run %s: %v", args[0], unwrapExec(err))}
	}
	running(cmd.Process)
	err := cmd.Wait()
	running(nil)
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
