package main

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/errcat/errcat/internal/diag"
	"github.com/errcat/errcat/internal/exitcode"
	"github.com/errcat/errcat/internal/redact"
)

// usageError is a mistake in how errcat was called.
type usageError struct{ err error }

func (e usageError) Error() string { return e.err.Error() }
func (e usageError) Unwrap() error { return e.err }

func usagef(format string, args ...any) error { return usageError{fmt.Errorf(format, args...)} }

// reportError is the one place errors reach the user. Positioned errors are
// printed one per line as they are; anything else gets the program name.
// A classification that ran is a success whatever it found; an
// exitcode.Error carries any other status, with or without a message.
func reportError(w io.Writer, err error) exitcode.Code {
	var ee exitcode.Error
	if errors.As(err, &ee) {
		if ee.Err != nil {
			reportError(w, ee.Err)
		}
		return ee.Code
	}
	if l := diag.As(err); len(l) > 0 {
		l.Sort()
		for _, e := range l {
			fmt.Fprintln(w, e.Error())
		}
		return exitcode.Failure
	}
	// Other errors can quote what errcat was given (a flag's value, a
	// line of input), so they are redacted as evidence is.
	msg := redact.Text(err.Error())
	var ue usageError
	if errors.As(err, &ue) || isCobraUsage(err) {
		fmt.Fprintf(w, "errcat: %s\nRun 'errcat --help' for usage.\n", msg)
		return exitcode.Usage
	}
	fmt.Fprintf(w, "errcat: %s\n", msg)
	return exitcode.Failure
}

// isCobraUsage recognises the usage errors cobra builds itself (unknown
// commands and flags), which carry no type of their own.
func isCobraUsage(err error) bool {
	msg := err.Error()
	for _, p := range []string{"unknown command", "unknown flag", "unknown shorthand flag", "invalid argument", "flag needs an argument", "accepts ", "requires at least", "requires at most"} {
		if strings.HasPrefix(msg, p) {
			return true
		}
	}
	return false
}
