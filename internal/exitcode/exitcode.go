// Package exitcode holds the exit statuses errcat ends with, and the
// error that carries one from where it is decided to the one place that
// prints errors and exits.
package exitcode

import "fmt"

// Code is a process exit status.
type Code int

// The statuses errcat gives itself. A catalogue's classes bring their own
// (transient 75, hard 78, request 65 in the shipped one), and errcat run
// passes on the status of the command it ran.
const (
	OK           Code = 0
	Failure      Code = 1   // a broken catalogue or policy, unreadable input, failing fixtures
	Usage        Code = 2   // a mistake in how errcat was called
	Unclassified Code = 70  // EX_SOFTWARE: no recovery class applies
	CannotRun    Code = 126 // the command exists but cannot be run, as a shell reports it
	NotFound     Code = 127 // the command is not found, as a shell reports it
)

// Signaled is the status a shell reports for a process that signal n
// ended: 128+n.
func Signaled(n int) Code { return Code(128 + n) }

// Error ends errcat with Code and, unless Err is nil, a message.
type Error struct {
	Code Code
	Err  error // nil: nothing to print
}

func (e Error) Error() string {
	if e.Err == nil {
		return fmt.Sprintf("exit status %d", e.Code)
	}
	return e.Err.Error()
}
