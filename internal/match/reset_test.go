package match_test

import (
	"testing"
	"time"

	"github.com/errcat/errcat/internal/match"
)

// TestResetAtFollowsTheClock classifies one message at clocks a second,
// a millisecond and a day apart, and back, on one engine, whose scans
// keep the last reset time's text (resetText): each answer must give
// its own reset, 2.5 s after its clock rounded up to the second.
func TestResetAtFollowsTheClock(t *testing.T) {
	e, err := match.New(shippedCatalogue(t))
	if err != nil {
		t.Fatal(err)
	}
	const msg = "openai.RateLimitError: Rate limit reached for gpt-4o. Please try again in 2.5s."
	base := time.Date(2026, 3, 1, 12, 0, 0, 400e6, time.UTC)
	for _, d := range []time.Duration{0, 0, time.Second, time.Second + time.Millisecond, 24 * time.Hour, 0, 100 * time.Millisecond} {
		at := base.Add(d)
		c := e.Classify(match.Evidence{Text: msg}, match.Options{Now: at})
		want := at.Add(2500 * time.Millisecond).Add(time.Second - 1).Truncate(time.Second).Format(time.RFC3339)
		if c.ResetAt != want {
			t.Errorf("now %v: reset_at %q, want %q", at, c.ResetAt, want)
		}
	}
}
