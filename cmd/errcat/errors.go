package main

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/errcat/errcat/internal/diag"
)

// Exit statuses. A classification that ran is a success whatever it found;
// --exit-by-class replaces 0 with the class's own status.
const (
	exitOK           = 0
	exitFailure      = 1 // a broken catalogue, unreadable input, failing fixtures
	exitUsage        = 2
	exitUnclassified = 70 // EX_SOFTWARE: no recovery class applies
)

// usageError is a mistake in how errcat was called.
type usageError struct{ err error }

func (e usageError) Error() string { return e.err.Error() }
func (e usageError) Unwrap() error { return e.err }

func usagef(format string, args ...any) error { return usageError{fmt.Errorf(format, args...)} }

// exitError ends errcat with a status and, unless quiet, a message.
type exitError struct {
	code int
	err  error // nil: nothing to print
}

func (e exitError) Error() string {
	if e.err == nil {
		return fmt.Sprintf("exit status %d", e.code)
	}
	return e.err.Error()
}

// report is the one place errors reach the user. Positioned errors are
// printed one per line as they are; anything else gets the program name.
func report(w io.Writer, err error) int {
	var ee exitError
	if errors.As(err, &ee) {
		if ee.err != nil {
			report(w, ee.err)
		}
		return ee.code
	}
	if l := diag.As(err); len(l) > 0 {
		l.Sort()
		for _, e := range l {
			fmt.Fprintln(w, e.Error())
		}
		return exitFailure
	}
	var ue usageError
	if errors.As(err, &ue) || isCobraUsage(err) {
		fmt.Fprintf(w, "errcat: %v\nRun 'errcat --help' for usage.\n", err)
		return exitUsage
	}
	fmt.Fprintf(w, "errcat: %v\n", err)
	return exitFailure
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
