package supervise

import (
	"fmt"
	"io"
	"maps"
	"strings"

	"github.com/errcat/errcat/internal/match"
	"github.com/errcat/errcat/internal/policy"
)

// Describe is the one-line account of a decision that a run prints after
// "errcat: " and errcat decide -o text prints alone:
// "transient/rate_limited (rule openai.rate_limit_exceeded), retry 2/3 in 10s".
func Describe(c policy.Classification, d policy.Decision) string {
	var b strings.Builder
	if c.State == policy.Classified {
		fmt.Fprintf(&b, "%s/%s (rule %s), ", c.Class, c.Code, c.Rule)
	} else {
		why := c.Reason
		if why == "" {
			why = "no class"
		}
		fmt.Fprintf(&b, "unclassified (%s), stop whatever the policy says", why)
		return b.String()
	}
	switch d.Action {
	case policy.ActionRetry:
		fmt.Fprintf(&b, "retry %d/%d in %s", d.RetryOrdinal, d.MaxRetries, policy.FormatDuration(d.Delay))
	case policy.ActionWait:
		fmt.Fprintf(&b, "wait %s for the reset, then run again (no retry used)", policy.FormatDuration(d.Delay))
	default:
		fmt.Fprintf(&b, "%s: %s", d.Action, strings.TrimSuffix(d.Reason, ": on_exhausted "+string(d.Action)))
	}
	return b.String()
}

// maxSimulated bounds the steps a dry run prints.
const maxSimulated = 64

// simulate prints, for a dry run, what the policy would go on to do if
// every later attempt failed the same way, advancing a copy of the state
// by each delay instead of sleeping.
func simulate(w io.Writer, c policy.Classification, pol policy.Policy, s policy.State, d policy.Decision) {
	var steps []string
	for i := 0; i < maxSimulated && (d.Action == policy.ActionRetry || d.Action == policy.ActionWait); i++ {
		s.Retries, s.Waited = cloneMap(s.Retries), cloneMap(s.Waited)
		s.Record(d)
		s.Now = s.Now.Add(d.Delay)
		d = policy.Decide(c, pol, s)
		switch d.Action {
		case policy.ActionRetry:
			steps = append(steps, fmt.Sprintf("retry %d/%d in %s", d.RetryOrdinal, d.MaxRetries, policy.FormatDuration(d.Delay)))
		case policy.ActionWait:
			steps = append(steps, fmt.Sprintf("wait %s for the reset", policy.FormatDuration(d.Delay)))
		default:
			steps = append(steps, "then "+string(d.Action))
		}
	}
	fmt.Fprintf(w, "errcat: dry run: not sleeping or running it again; if it kept failing this way: %s\n", strings.Join(steps, ", "))
}

// cloneMap copies m, never returning nil, so that recording into the copy
// leaves the run's own state alone.
func cloneMap[V any](m map[string]V) map[string]V {
	out := make(map[string]V, len(m))
	maps.Copy(out, m)
	return out
}

// toPolicy keeps the fields of a classification that a decision reads.
func toPolicy(c match.Classification) policy.Classification {
	return policy.Classification{
		State: c.State, Code: c.Code, Class: c.Class, Rule: c.Rule, Reason: c.Reason,
		RetryAfterSeconds: c.RetryAfterSeconds, ResetAt: c.ResetAt, ShouldRetry: c.ShouldRetry,
	}
}
