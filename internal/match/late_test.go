package match_test

import (
	"testing"
	"time"

	"github.com/errcat/errcat/internal/match"
)

// TestResponseHint reads a response's own Retry-After for a winner that
// lists no hint source: retry-after-ms before Retry-After, and a rule's own
// sources before either.
func TestResponseHint(t *testing.T) {
	e := rulesEngine(t, []string{"rate_limited"}, `rules:
  - id: text.rate
    code: rate_limited
    confidence: high
    match: {contains: [slow down]}
  - id: text.own
    code: rate_limited
    confidence: high
    match: {contains: [own hint]}
    extract:
      retry_after:
        - {regex: 'wait (?P<value>\d+s)'}
`)
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	for _, tt := range []struct {
		name    string
		text    string
		headers map[string]string
		after   float64
	}{
		{"Retry-After in seconds", "slow down", map[string]string{"Retry-After": "30"}, 30},
		{"retry-after-ms first", "slow down", map[string]string{"Retry-After": "30", "retry-after-ms": "1500"}, 1.5},
		{"an HTTP-date", "slow down", map[string]string{"Retry-After": "Thu, 01 Jan 2026 00:01:00 GMT"}, 60},
		{"none", "slow down", nil, -1},
		{"centuries away", "slow down", map[string]string{"Retry-After": "99999999999999999999"}, -1},
		{"the rule's own source first", "own hint: wait 7s", map[string]string{"Retry-After": "30"}, 7},
		{"the response's when the rule's own finds nothing", "own hint", map[string]string{"Retry-After": "30"}, 30},
	} {
		c := e.Classify(match.Evidence{Text: tt.text, HTTP: &match.HTTP{Status: 429, Headers: tt.headers}}, match.Options{Now: now})
		got := -1.0
		if c.RetryAfterSeconds != nil {
			got = *c.RetryAfterSeconds
		}
		if c.Code != "rate_limited" || got != tt.after {
			t.Errorf("%s: %s after %v s, want rate_limited after %v s", tt.name, c.Code, got, tt.after)
		}
	}
}

// TestHintTooFar says too_far, not unparseable, of a well-formed delay
// that no real server would send.
func TestHintTooFar(t *testing.T) {
	e := rulesEngine(t, []string{"rate_limited"}, `rules:
  - id: text.rate
    code: rate_limited
    confidence: high
    match: {contains: [slow down]}
`)
	c := e.Classify(match.Evidence{Text: "slow down", HTTP: &match.HTTP{Status: 429, Headers: map[string]string{"Retry-After": "99999999999999999999"}}},
		match.Options{Now: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC), Explain: true})
	if c.Explain == nil || len(c.Explain.Hints) != 1 || c.Explain.Hints[0].Why != "too_far" {
		t.Errorf("hints = %+v, want one dropped as too_far", c.Explain)
	}
}

// TestHeaderSpellings reads one header that a map holds under two
// spellings the same way every time: the smallest spelling.
func TestHeaderSpellings(t *testing.T) {
	e := rulesEngine(t, []string{"rate_limited"}, `rules:
  - id: text.rate
    code: rate_limited
    confidence: high
    match: {contains: [slow down]}
`)
	ev := match.Evidence{Text: "slow down", HTTP: &match.HTTP{Status: 429, Headers: map[string]string{"retry-after": "5", "Retry-After": "9", "RETRY-AFTER": "7"}}}
	for range 20 {
		c := e.Classify(ev, match.Options{Now: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)})
		if c.RetryAfterSeconds == nil || *c.RetryAfterSeconds != 7 {
			t.Fatalf("retry after %v, want 7 (RETRY-AFTER, the smallest spelling)", c.RetryAfterSeconds)
		}
	}
}
