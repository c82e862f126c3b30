package main

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/errcat/errcat/internal/diag"
	"github.com/errcat/errcat/internal/match"
	"github.com/errcat/errcat/internal/match/records"
	"github.com/errcat/errcat/internal/signame"
)

// evidenceFlags are the flags that give structured evidence, and the one
// place they are read: classify has all of them, fixture add --status,
// --header, --exit-code and --provider.
type evidenceFlags struct {
	file     string // --evidence, a JSON file of the fixture evidence shape
	status   int
	headers  []string
	exitCode int
	signal   string
	provider string
	model    string
	flags    *pflag.FlagSet
}

// register adds --status, --header, --exit-code and --provider, with the
// help of the command's own reading of --status and --header.
func (e *evidenceFlags) register(cmd *cobra.Command, statusHelp, headerHelp string) {
	f := cmd.Flags()
	e.flags = f
	f.IntVar(&e.status, "status", 0, statusHelp)
	f.StringArrayVar(&e.headers, "header", nil, headerHelp)
	f.IntVar(&e.exitCode, "exit-code", 0, "exit code of the failed command")
	f.StringVar(&e.provider, "provider", "", "provider that answered (openai, anthropic, ...)")
}

// registerAll adds, beside register's flags, --evidence, --signal and
// --model.
func (e *evidenceFlags) registerAll(cmd *cobra.Command, statusHelp, headerHelp string) {
	e.register(cmd, statusHelp, headerHelp)
	f := cmd.Flags()
	f.StringVar(&e.file, "evidence", "", "JSON file of structured evidence")
	f.StringVar(&e.signal, "signal", "", "signal that ended the failed command: a name (SIGKILL, KILL) or a number from 1 to 64 (9)")
	f.StringVar(&e.model, "model", "", "model that was called")
}

// changed reports whether the flag name was given.
func (e *evidenceFlags) changed(name string) bool { return e.flags.Changed(name) }

// read gathers the evidence of --evidence and the flags; flags given
// explicitly win over the file.
func (e *evidenceFlags) read() (match.Evidence, error) {
	var ev match.Evidence
	if e.file != "" {
		var err error
		if ev, err = readEvidenceFile(e.file); err != nil {
			return ev, err
		}
	}
	if e.changed("status") {
		if e.status < 100 || e.status > 599 {
			return ev, usagef("--status %d is not an HTTP status", e.status)
		}
		httpOf(&ev).Status = e.status
	}
	for _, h := range e.headers {
		name, value, ok := strings.Cut(h, ":")
		if !ok || strings.TrimSpace(name) == "" {
			return ev, headerUsage(h)
		}
		hp := httpOf(&ev)
		if hp.Headers == nil {
			hp.Headers = map[string]string{}
		}
		// A header given twice keeps its first value, as HTTP clients
		// read a repeated Retry-After.
		if _, ok := hp.Header(strings.TrimSpace(name)); !ok {
			hp.Headers[strings.TrimSpace(name)] = strings.TrimSpace(value)
		}
	}
	if e.changed("exit-code") {
		x := e.exitCode
		ev.ExitCode = &x
	}
	if e.signal != "" {
		if err := signame.Check(e.signal); err != nil {
			return ev, usagef("--signal %v", err)
		}
		ev.Signal = e.signal
	}
	if e.provider != "" {
		ev.Provider = e.provider
	}
	if e.model != "" {
		ev.Model = e.model
	}
	return ev, nil
}

// readEvidenceFile reads a JSON object of the fixture evidence shape.
func readEvidenceFile(file string) (match.Evidence, error) {
	var ev match.Evidence
	data, err := os.ReadFile(file)
	if err != nil {
		return ev, err
	}
	// A file PowerShell wrote is UTF-16, or UTF-8 after a byte order
	// mark, neither of which the JSON decoder reads.
	d := json.NewDecoder(strings.NewReader(records.DecodeText(string(data))))
	d.DisallowUnknownFields()
	if err := d.Decode(&ev); err != nil {
		return ev, fmt.Errorf("%s: %v", file, err)
	}
	if ev.Signal != "" {
		if err := signame.Check(ev.Signal); err != nil {
			return ev, evidenceError(data, file, "signal", err)
		}
	}
	return ev, nil
}

// evidenceError positions a problem with a field of the evidence file at
// the field's value.
func evidenceError(data []byte, file, key string, err error) error {
	fields, ferr := readJSONObject(data, file)
	if ferr == nil {
		for _, f := range fields {
			if f.key == key {
				return diag.Errorf(f.pos, diag.BadValue, "%s: %v", key, err)
			}
		}
	}
	return fmt.Errorf("%s: %s: %v", file, key, err)
}

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

func httpOf(ev *match.Evidence) *match.HTTP {
	if ev.HTTP == nil {
		ev.HTTP = &match.HTTP{}
	}
	return ev.HTTP
}
