package match_test

import (
	"os"
	"strings"
	"testing"
	"time"

	"github.com/errcat/errcat/internal/compile"
	"github.com/errcat/errcat/internal/match"
)

func timingEngine(t *testing.T) *match.Engine {
	t.Helper()
	cat, err := compile.Load(os.DirFS("testdata/timing"), "timing")
	if err != nil {
		t.Fatal(err)
	}
	e, err := match.New(cat)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// timing is the part of a classification the timing tests pin.
type timing struct {
	Code, ResetAt, ResetText string
	ShouldRetry              string // "", "true" or "false"
	Requested, Limit         int
}

func timingOf(c match.Classification) timing {
	g := timing{Code: c.Code, ResetAt: c.ResetAt, ResetText: c.ResetText, Requested: c.TokensRequested, Limit: c.TokensLimit}
	if c.ShouldRetry != nil {
		g.ShouldRetry = "false"
		if *c.ShouldRetry {
			g.ShouldRetry = "true"
		}
	}
	return g
}

func TestTimingFields(t *testing.T) {
	e := timingEngine(t)
	h := func(status int, kv ...string) *match.HTTP {
		m := map[string]string{}
		for i := 0; i+1 < len(kv); i += 2 {
			m[kv[i]] = kv[i+1]
		}
		return &match.HTTP{Status: status, Headers: m}
	}
	tests := []struct {
		name string
		ev   match.Evidence
		now  time.Time
		want timing
	}{
		{"x-should-retry false on the response", match.Evidence{HTTP: h(429, "X-Should-Retry", "false")}, now,
			timing{Code: "rate_limited", ShouldRetry: "false"}},
		{"x-should-retry true", match.Evidence{HTTP: h(429, "x-should-retry", " TRUE ")}, now,
			timing{Code: "rate_limited", ShouldRetry: "true"}},
		{"x-should-retry with another word says nothing", match.Evidence{HTTP: h(429, "x-should-retry", "maybe")}, now,
			timing{Code: "rate_limited"}},
		{"x-should-retry printed in the text, the last one counts",
			match.Evidence{Text: "< x-should-retry: true\nHTTP/1.1 429\n< X-Should-Retry: false\nError: you've hit your session limit · resets soon"}, now,
			timing{Code: "quota_limited", ShouldRetry: "false", ResetText: "resets soon"}},
		{"x-should-retry in a logged header map", match.Evidence{Text: `headers={'x-should-retry': 'false'} You've hit your session limit`}, now,
			timing{Code: "quota_limited", ShouldRetry: "false"}},
		{"x-should-retry-ish names are not it", match.Evidence{Text: `x-should-retryable: false; you've hit your session limit`}, now,
			timing{Code: "quota_limited"}},

		{"duplicate Retry-After joined by a proxy: the first wins", match.Evidence{HTTP: h(429, "Retry-After", "20, 120")}, now,
			timing{Code: "rate_limited", ResetAt: "2026-01-01T00:00:20Z"}},
		{"duplicate HTTP-dates", match.Evidence{HTTP: h(429, "Retry-After", "Thu, 01 Jan 2026 00:00:30 GMT, Thu, 01 Jan 2026 00:05:00 GMT")}, now,
			timing{Code: "rate_limited", ResetAt: "2026-01-01T00:00:30Z"}},

		{"epoch reset header read by magnitude", match.Evidence{HTTP: h(429, "x-ratelimit-remaining", "0", "x-ratelimit-reset", "1767225660")}, now,
			timing{Code: "rate_limited", ResetAt: "2026-01-01T00:01:00Z"}},

		{"IETF RateLimit, exhausted", match.Evidence{HTTP: h(429, "RateLimit", `"default";r=0;t=30`, "RateLimit-Policy", `"default";q=100;w=60`)}, now,
			timing{Code: "rate_limited", ResetAt: "2026-01-01T00:00:30Z"}},
		{"IETF RateLimit, quota left: no hint", match.Evidence{HTTP: h(429, "RateLimit", `"default";r=7;t=30`)}, now,
			timing{Code: "rate_limited"}},
		{"RateLimit-Remaining and RateLimit-Reset", match.Evidence{HTTP: h(429, "RateLimit-Remaining", "0", "RateLimit-Reset", "45")}, now,
			timing{Code: "rate_limited", ResetAt: "2026-01-01T00:00:45Z"}},
		{"Retry-After before RateLimit", match.Evidence{HTTP: h(429, "Retry-After", "5", "RateLimit", `"default";r=0;t=30`)}, now,
			timing{Code: "rate_limited", ResetAt: "2026-01-01T00:00:05Z"}},

		{"wall clock in a named zone", match.Evidence{Text: "You've hit your session limit · resets 3pm (Europe/Lisbon)"}, now,
			timing{Code: "quota_limited", ResetAt: "2026-01-01T15:00:00Z"}},
		{"wall clock in the clock's zone", match.Evidence{Text: "You've hit your session limit · resets 9:35 AM"},
			now.In(time.FixedZone("UTC+2", 7200)), timing{Code: "quota_limited", ResetAt: "2026-01-01T07:35:00Z"}},
		{"an abbreviated zone is not guessed", match.Evidence{Text: "You've hit your session limit · resets 6:30pm IST"}, now,
			timing{Code: "quota_limited", ResetText: "resets 6:30pm IST"}},
		{"no time given: the phrase, never a reset", match.Evidence{Text: "You've hit your session limit · resets when your plan renews"}, now,
			timing{Code: "quota_limited", ResetText: "resets when your plan renews"}},
		{"a parseable reset in the past is dropped, not a phrase", match.Evidence{Text: "You've hit your session limit · resets 2025-12-31 10:00"}, now,
			timing{Code: "quota_limited"}},

		{"tokens from a sum", match.Evidence{Text: "input length and `max_tokens` exceed context limit: 179413 + 32768 > 200000, decrease input length"}, now,
			timing{Code: "context_length_exceeded", Requested: 212181, Limit: 200000}},
		{"tokens from OpenAI's sentence", match.Evidence{HTTP: &match.HTTP{Status: 400, Body: `{"error":{"message":"This model's maximum context length is 8192 tokens. However, you requested 10000 tokens (5000 in the messages, 5000 in the completion).","code":"context_length_exceeded"}}`}}, now,
			timing{Code: "context_length_exceeded", Requested: 10000, Limit: 8192}},
		{"context failure without numbers", match.Evidence{Text: "maximum context length is exceeded"}, now,
			timing{Code: "context_length_exceeded"}},
	}
	for _, tt := range tests {
		for _, explain := range []bool{false, true} {
			c := e.Classify(tt.ev, match.Options{Now: tt.now, Explain: explain})
			if got := timingOf(c); got != tt.want {
				t.Errorf("%s (explain %v): got %+v, want %+v", tt.name, explain, got, tt.want)
			}
		}
	}
}

// TestTimingFieldsInLines reads the token counts and the reset phrase on
// the bulk path, whose records are read in place and must be copied out.
func TestTimingFieldsInLines(t *testing.T) {
	e := timingEngine(t)
	in := "ok\ninput length and `max_tokens` exceed context limit: 100 + 20 > 110\nYou've hit your session limit · resets after lunch\n"
	var got []timing
	_, err := e.Lines(strings.NewReader(in), match.Evidence{}, match.LinesOptions{Options: match.Options{Now: now}}, func(r match.LineResult) bool {
		got = append(got, timingOf(r.Classification))
		return true
	})
	if err != nil {
		t.Fatal(err)
	}
	want := []timing{
		{Code: "context_length_exceeded", Requested: 120, Limit: 110},
		{Code: "quota_limited", ResetText: "resets after lunch"},
	}
	if len(got) != len(want) {
		t.Fatalf("got %+v, want %+v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("line %d: got %+v, want %+v", i, got[i], want[i])
		}
	}
}
