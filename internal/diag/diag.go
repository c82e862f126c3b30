// Package diag holds the positioned errors that the loader, the schema
// validator and the compiler report.
//
// Every problem in a catalogue or fixture file is reported as
// "file:line:col: reason" so that editors and CI annotate the exact YAML
// line. Errors are collected rather than returned at the first one, because
// a person fixing a catalogue wants every problem in one run, and they are
// sorted so that the report is the same from run to run.
package diag

import (
	"errors"
	"fmt"
	"sort"
	"strings"
)

// Pos is a position in a source file. Line and Col are 1-based; zero means
// unknown, and the position prints only what it knows.
type Pos struct {
	File string
	Line int
	Col  int
}

func (p Pos) String() string {
	switch {
	case p.File == "":
		return ""
	case p.Line == 0:
		return p.File
	case p.Col == 0:
		return fmt.Sprintf("%s:%d", p.File, p.Line)
	}
	return fmt.Sprintf("%s:%d:%d", p.File, p.Line, p.Col)
}

// Code names the kind of a problem. Codes are stable so that tools and tests
// can match them with errors.As instead of parsing messages.
type Code string

const (
	Read          Code = "read"           // a file could not be read
	Syntax        Code = "syntax"         // malformed YAML
	Aliasing      Code = "aliasing"       // YAML aliases expand past their budget, or into themselves
	Schema        Code = "schema"         // the file does not follow its JSON Schema
	DuplicateKey  Code = "duplicate_key"  // a mapping names the same key twice
	UnknownClass  Code = "unknown_class"  // a code names a class that is not declared
	DuplicateRule Code = "duplicate_rule" // two rules share an id
	UnknownCode   Code = "unknown_code"   // a rule or fixture names an undeclared code
	UnknownRule   Code = "unknown_rule"   // overrides or a fixture names an undeclared rule
	BadRegex      Code = "bad_regex"      // a pattern is not valid RE2
	BadValue      Code = "bad_value"      // a value is of the right type but unusable
	DuplicateName Code = "duplicate_name" // two fixtures share a name
)

// Error is one positioned problem.
type Error struct {
	Pos  Pos
	Code Code
	Msg  string
}

func (e *Error) Error() string {
	if s := e.Pos.String(); s != "" {
		return s + ": " + e.Msg
	}
	return e.Msg
}

// Errorf builds an Error.
func Errorf(pos Pos, code Code, format string, args ...any) *Error {
	return &Error{Pos: pos, Code: code, Msg: fmt.Sprintf(format, args...)}
}

// List is a collection of problems. Its Error method prints one per line.
type List []*Error

// Add appends an error.
func (l *List) Add(e *Error) { *l = append(*l, e) }

// Sort orders the list by file, line, column and message, and drops exact
// duplicates (one bad value can be reached by two schema branches).
func (l *List) Sort() {
	s := *l
	sort.SliceStable(s, func(i, j int) bool {
		a, b := s[i], s[j]
		if a.Pos.File != b.Pos.File {
			return a.Pos.File < b.Pos.File
		}
		if a.Pos.Line != b.Pos.Line {
			return a.Pos.Line < b.Pos.Line
		}
		if a.Pos.Col != b.Pos.Col {
			return a.Pos.Col < b.Pos.Col
		}
		return a.Msg < b.Msg
	})
	out := s[:0]
	for i, e := range s {
		if i > 0 && e.Pos == s[i-1].Pos && e.Msg == s[i-1].Msg {
			continue
		}
		out = append(out, e)
	}
	*l = out
}

func (l List) Error() string {
	var b strings.Builder
	for i, e := range l {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(e.Error())
	}
	return b.String()
}

// Err returns nil for an empty list and the sorted list otherwise, so callers
// can write `return errs.Err()` without the nil-interface trap.
func (l List) Err() error {
	if len(l) == 0 {
		return nil
	}
	l.Sort()
	return l
}

// As returns the positioned errors inside err: the list itself, a single
// Error, or nil when err carries none.
func As(err error) List {
	var l List
	if errors.As(err, &l) {
		return l
	}
	var e *Error
	if errors.As(err, &e) {
		return List{e}
	}
	return nil
}
