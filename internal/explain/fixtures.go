package explain

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/errcat/errcat/internal/fixture"
	"github.com/errcat/errcat/internal/redact"
)

// Fixture is a fixture a rule wins: its name, where it is written, and
// its evidence on one line.
type Fixture struct {
	Name     string `json:"name"`
	Pos      string `json:"pos"`
	Evidence string `json:"evidence"`
}

// evidenceWidth bounds the text of a fixture's evidence line, in runes.
const evidenceWidth = 100

// fixtures lists the fixtures rule i wins.
func (x *Explainer) fixtures(i int) []Fixture {
	out := []Fixture{}
	for _, f := range x.wins[i] {
		out = append(out, Fixture{Name: f.Name, Pos: f.Pos.String(), Evidence: summarize(f)})
	}
	return out
}

// summarize says a fixture's evidence on one line: its structured parts,
// then its text or body, redacted (fixtures hold no secrets, but a
// catalogue under work may) and cut to evidenceWidth runes.
func summarize(f *fixture.Fixture) string {
	ev := &f.Evidence
	var parts []string
	if ev.Provider != "" {
		parts = append(parts, "provider "+ev.Provider)
	}
	text := ev.Text
	if h := ev.HTTP; h != nil {
		if h.Status != 0 {
			parts = append(parts, fmt.Sprintf("HTTP %d", h.Status))
		}
		if len(h.Headers) > 0 {
			names := make([]string, 0, len(h.Headers))
			for k := range h.Headers {
				names = append(names, strings.ToLower(k))
			}
			sort.Strings(names)
			parts = append(parts, "headers "+strings.Join(names, ", "))
		}
		if h.Body != "" {
			text = h.Body
		}
	}
	if ev.ExitCode != nil {
		parts = append(parts, fmt.Sprintf("exit %d", *ev.ExitCode))
	}
	if ev.Signal != "" {
		parts = append(parts, "signal "+ev.Signal)
	}
	if text != "" {
		parts = append(parts, quote(clip(strings.Join(strings.Fields(redact.Text(text)), " "))))
	}
	return strings.Join(parts, "; ")
}

// quote puts s in double quotes, escaped as Go escapes a string only if
// it holds a rune that does not print: a JSON body then reads as written.
func quote(s string) string {
	for _, r := range s {
		if !unicode.IsPrint(r) {
			return strconv.Quote(s)
		}
	}
	return `"` + s + `"`
}

func clip(s string) string {
	if utf8.RuneCountInString(s) <= evidenceWidth {
		return s
	}
	n := 0
	for i := range s {
		if n == evidenceWidth-1 {
			return s[:i] + "…"
		}
		n++
	}
	return s
}
