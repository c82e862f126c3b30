package match_test

import (
	"strings"
	"testing"

	"github.com/errcat/errcat/internal/match"
	"github.com/errcat/errcat/internal/match/records"
)

// TestBareCREndsARecord: a CR that no LF follows ends a record, as a
// terminal shows it, so a progress meter's updates and an old Mac file's
// lines are records of their own; a CRLF is one line end.
func TestBareCREndsARecord(t *testing.T) {
	e := testEngine(t)
	tests := []struct{ name, text, rule string }{
		// Merged, the guard's "quota" from the meter hid the match.
		{"a guard does not reach across", "checking quota 10%\rchecking quota 100%\rRate limit exceeded", "text.rate_limit"},
		// Merged, two phrases of different lines made up one rule.
		{"phrases do not add up", "alpha 10%\ralpha 100%\romega", ""},
		{"crlf is one line end", "alpha\r\nomega", ""},
		{"crlf record", "ok\r\nRate limit exceeded\r\n", "text.rate_limit"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if c := e.Classify(match.Evidence{Text: tt.text}, match.Options{Now: now}); c.Rule != tt.rule {
				t.Errorf("Classify(%q): rule %q, want %q", tt.text, c.Rule, tt.rule)
			}
			s := e.Begin(match.Evidence{}, match.Options{Now: now})
			if _, err := s.Feed(strings.NewReader(tt.text), 0); err != nil {
				t.Fatal(err)
			}
			if c := s.Finish(); c.Rule != tt.rule {
				t.Errorf("Feed(%q): rule %q, want %q", tt.text, c.Rule, tt.rule)
			}
		})
	}
	// Line numbers count every line end: LF, CRLF and bare CR.
	log := "Downloading 10%\rDownloading 100%\r\nRate limit exceeded\rinvalid request\r\r\ninvalid request\n"
	for _, w := range []int{1, 2} {
		got := bulk(t, e, log, w)
		var lines []int
		for _, r := range got {
			lines = append(lines, r.Line)
			if strings.ContainsAny(r.SafeExcerpt, "\r\n") || strings.Contains(r.SafeExcerpt, "Downloading") {
				t.Errorf("%d workers: excerpt %q", w, r.SafeExcerpt)
			}
		}
		if want := []int{3, 4, 6}; len(lines) != 3 || lines[0] != want[0] || lines[1] != want[1] || lines[2] != want[2] {
			t.Errorf("%d workers: matched lines %v, want %v", w, lines, want)
		}
	}
	st, err := e.Lines(strings.NewReader(log), match.Evidence{}, match.LinesOptions{}, func(match.LineResult) bool { return true })
	if err != nil || st.Lines != 6 || st.Records != 5 {
		t.Errorf("stats %+v, err %v; want 6 lines, 5 records", st, err)
	}
}

// TestOverlongLineEndsAtCR: a line longer than MaxRecord is classified
// on its first part, and a bare CR ends it like a LF.
func TestOverlongLineEndsAtCR(t *testing.T) {
	e := testEngine(t)
	log := "Rate limit exceeded " + strings.Repeat("x", records.MaxRecord+1000) + "\rinvalid request\rok"
	for _, w := range []int{1, 2} {
		got := bulk(t, e, log, w)
		if len(got) != 2 || got[0].Line != 1 || !got[0].Truncated || got[1].Line != 2 || got[1].Rule != "text.invalid" {
			t.Fatalf("%d workers: %d results: %+v", w, len(got), got)
		}
	}
	// Both lines match, for two codes of two classes: the safer one, the
	// request, decides the whole input (the verdict of several records).
	c := e.Classify(match.Evidence{Text: log}, match.Options{Now: now})
	if c.Rule != "text.invalid" || len(c.Candidates) != 2 || !c.Truncated {
		t.Errorf("Classify: %s %s by %s, %d candidates, truncated %v", c.State, c.Reason, c.Rule, len(c.Candidates), c.Truncated)
	}
}
