package match_test

import (
	"testing"
	"time"

	"github.com/errcat/errcat/internal/match"
)

// TestHintReadLate reads the winner's hint after a later record was
// scanned: with the shipped catalogue, the rate-limit phrase wins in the
// first, shorter record, and the second holds the literals of the hint's
// pattern. The hint is read from the winner's own record, never through
// the literal hits or remembered answers of the record scanned last
// (which index past the shorter record's end).
func TestHintReadLate(t *testing.T) {
	e, err := match.New(shippedCatalogue(t))
	if err != nil {
		t.Fatal(err)
	}
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	text := "upstream said 429: {\"error\":{\"message\":\"Rate limit reached for model\n" +
		"`m-1` of project `p-1` on requests per day (RPD): Limit 10, Used 10, Requested 1. " +
		"Please try again in 2m5s. See https://example.com/limits\",\"type"
	for _, explain := range []bool{false, true} {
		c := e.Classify(match.Evidence{Text: text}, match.Options{Now: now, Explain: explain})
		if c.State != match.Classified || c.Code != "rate_limited" {
			t.Errorf("explain %v: %s %s (%s), want rate_limited", explain, c.State, c.Code, c.Reason)
		}
	}
}
