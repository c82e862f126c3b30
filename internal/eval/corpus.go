// Package eval measures a catalogue on a labelled corpus of messages that
// are not its fixtures: per-code precision and recall, overall precision,
// recall and coverage, how many ordinary lines it classifies, and a
// confusion matrix.
//
// Fixtures prove that rules do what their authors meant; a corpus gathered
// from other sources shows how the catalogue generalises, which is what
// users meet. The scoring is plain arithmetic over (expected, got) pairs,
// kept apart from reading and classifying so that it can be tested on its
// own.
package eval

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/errcat/errcat/internal/diag"
	"github.com/errcat/errcat/internal/match"
)

// Unclassified is the label of an entry that must stay unclassified: an
// ordinary line, a negative.
const Unclassified = "unclassified"

// Entry is one labelled line of a corpus file (JSON Lines).
type Entry struct {
	Text       *string `json:"text"`
	HTTPStatus *int    `json:"http_status,omitempty"`
	ExitCode   *int    `json:"exit_code,omitempty"`
	Provider   string  `json:"provider,omitempty"`
	Expect     string  `json:"expect"`
	// Also lists other codes that count as right, where the taxonomy
	// honestly allows two; Expect holds the more cautious one. Beside
	// Expect Unclassified it names the code a line may honestly be given
	// although leaving it unclassified is right too: a near miss that
	// could be read either way.
	Also []string `json:"also,omitempty"`
	// Lang is the ISO 639-1 language of the text ("en", "de", "zh").
	Lang string `json:"lang,omitempty"`
	// Kind says what the entry is: one of Kinds, or empty.
	Kind   string   `json:"kind,omitempty"`
	Source string   `json:"source,omitempty"` // where the message was found
	Pos    diag.Pos `json:"-"`
}

// Kinds are the values an entry's kind may take: a single error message,
// a whole multi-line output of a failed run, an ordinary line, and an
// ordinary line with failure-ish words in it.
var Kinds = []string{"error", "whole_output", "ordinary", "near_miss"}

// Accepts reports whether got is a right answer for the entry.
func (e *Entry) Accepts(got string) bool { return accepts(e.Expect, e.Also, got) }

// Evidence is what the engine is given for the entry: the text, with the
// HTTP status, exit code and provider when the corpus names them.
func (e *Entry) Evidence() match.Evidence {
	ev := match.Evidence{Provider: e.Provider, ExitCode: e.ExitCode}
	if e.Text != nil {
		ev.Text = *e.Text
	}
	if e.HTTPStatus != nil {
		ev.HTTP = &match.HTTP{Status: *e.HTTPStatus}
	}
	return ev
}

// maxLine bounds one corpus line; an HTTP body fits many times over.
const maxLine = 4 << 20

// Read parses a corpus. Blank lines are skipped; every other line must be
// one JSON object with only the fields of Entry, a text (which may be empty
// only beside an http_status or exit_code) and an expect label. Every bad
// line is reported, as name:line.
func Read(r io.Reader, name string) ([]Entry, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), maxLine)
	var (
		out  []Entry
		errs diag.List
	)
	for n := 1; sc.Scan(); n++ {
		line := bytes.TrimSpace(sc.Bytes())
		if len(line) == 0 {
			continue
		}
		pos := diag.Pos{File: name, Line: n}
		e, err := parseLine(line)
		if err != nil {
			errs.Add(diag.Errorf(pos, diag.BadValue, "%v", err))
			continue
		}
		e.Pos = pos
		out = append(out, e)
	}
	if err := sc.Err(); err != nil {
		return nil, diag.Errorf(diag.Pos{File: name}, diag.Read, "%v", err)
	}
	if err := errs.Err(); err != nil {
		return nil, err
	}
	return out, nil
}

func parseLine(line []byte) (Entry, error) {
	var e Entry
	d := json.NewDecoder(bytes.NewReader(line))
	d.DisallowUnknownFields()
	if err := d.Decode(&e); err != nil {
		return e, fmt.Errorf("%s", strings.TrimPrefix(err.Error(), "json: "))
	}
	if d.More() {
		return e, fmt.Errorf("more than one JSON value on the line")
	}
	switch {
	case e.Expect == "":
		return e, fmt.Errorf(`missing "expect": a code or "unclassified"`)
	case e.Text == nil:
		return e, fmt.Errorf(`missing "text"`)
	case strings.TrimSpace(*e.Text) == "" && e.HTTPStatus == nil && e.ExitCode == nil:
		return e, fmt.Errorf(`empty "text" and no http_status or exit_code: nothing to classify`)
	case e.HTTPStatus != nil && (*e.HTTPStatus < 100 || *e.HTTPStatus > 599):
		return e, fmt.Errorf("http_status %d is not an HTTP status", *e.HTTPStatus)
	case e.Kind != "" && !slices.Contains(Kinds, e.Kind):
		return e, fmt.Errorf("kind %q is not one of %s", e.Kind, strings.Join(Kinds, ", "))
	case slices.Contains(e.Also, Unclassified) || slices.Contains(e.Also, e.Expect):
		return e, fmt.Errorf(`"also" lists %q or the expected code itself`, Unclassified)
	}
	return e, nil
}
