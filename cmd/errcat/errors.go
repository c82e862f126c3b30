package main

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/errcat/errcat/internal/diag"
	"github.com/errcat/errcat/internal/redact"
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

// headerUsage refuses a --header value without a colon. It shows at most
// the value's first word, and only when that reads as a header's name:
// the rest is as likely a credential as anything ("Authorization Bearer
// sk-...").
func headerUsage(h string) error {
	name, rest, _ := strings.Cut(strings.TrimSpace(h), " ")
	if !headerName(name) {
		return usagef("--header: want 'Name: value' (the value given has no ':')")
	}
	if rest != "" {
		name += " …"
	}
	return usagef("--header %q: want 'Name: value'", name)
}

// headerName reports whether s reads as an HTTP header's name: letters
// and dashes, as a person types one.
func headerName(s string) bool {
	if s == "" || len(s) > 40 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '-' && i > 0) {
			return false
		}
	}
	return true
}

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
	// Other errors can quote what errcat was given (a flag's value, a
	// line of input), so they are redacted as evidence is.
	msg := redact.Text(err.Error())
	var ue usageError
	if errors.As(err, &ue) || isCobraUsage(err) {
		fmt.Fprintf(w, "errcat: %s\nRun 'errcat --help' for usage.\n", msg)
		return exitUsage
	}
	fmt.Fprintf(w, "errcat: %s\n", msg)
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
