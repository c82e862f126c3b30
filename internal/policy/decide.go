package policy

import (
	"encoding/json"
	"fmt"
	"math"
	"time"
)

// Classification is the part of a classifier's answer that a decision
// reads. Its JSON tags are those of `errcat classify -o json`, so that
// output decodes straight into it.
type Classification struct {
	State             string   `json:"state"` // "classified" or "unclassified"
	Code              string   `json:"code,omitempty"`
	Class             string   `json:"class,omitempty"`
	Rule              string   `json:"rule,omitempty"`
	Reason            string   `json:"reason,omitempty"`              // why unclassified
	RetryAfterSeconds *float64 `json:"retry_after_seconds,omitempty"` // relative to when it was classified
	ResetAt           string   `json:"reset_at,omitempty"`            // RFC 3339; preferred over RetryAfterSeconds
	// ShouldRetry is the server's x-should-retry. False vetoes every
	// retry and wait; true changes nothing, since a class that stops
	// stays stopped (docs/semantics.md).
	ShouldRetry *bool `json:"should_retry,omitempty"`
}

// Classified is the State of a classification that names a class.
const Classified = "classified"

// State is what a run has done so far, and the guards it imposes.
type State struct {
	// Now is the clock the decision is made at. It is never read from the
	// system: tests and callers pass it in.
	Now time.Time
	// Retries counts the retries already taken, per class.
	Retries map[string]int
	// Waited marks the classes whose one reset wait is used.
	Waited map[string]bool
	// OutputSeen says the failed attempt produced output (on stdout) that
	// may already have been used; unless Idempotent, it is not run again.
	OutputSeen bool
	Idempotent bool
	// Deadline bounds the whole run: a delay that would end at or after
	// it is not taken, since the next attempt would have no time left.
	// Zero means none.
	Deadline time.Time
}

// Action is what to do next.
type Action string

const (
	ActionRetry Action = "retry" // run again after Delay
	ActionWait  Action = "wait"  // wait for the reset, Delay, then run again
	ActionSkip  Action = "skip"  // give up on this target; the caller moves on
	ActionStop  Action = "stop"  // stop for a person
)

// Decision is Decide's answer.
type Decision struct {
	Action Action
	Class  string
	// Delay is how long to wait before the next attempt (retry and wait
	// only; a wait is rounded up to the whole second so that it never ends
	// before the reset); Deadline is Now + Delay, the earliest time the
	// next attempt may start.
	Delay    time.Duration
	Deadline time.Time
	// RetryOrdinal is the ordinal of this retry (1-based) for a retry, and
	// the number of retries already taken for the class otherwise.
	RetryOrdinal int
	MaxRetries   int
	// Reason says, for a person, which step decided and why.
	Reason string
}

// Decide applies the policy to one failure. It is a pure function of its
// arguments: see the package documentation for the steps.
func Decide(c Classification, p Policy, s State) Decision {
	if c.State != Classified || c.Class == "" {
		why := c.Reason
		if why == "" {
			why = "no class"
		}
		return Decision{Action: ActionStop, Reason: fmt.Sprintf("unclassified (%s): automatic recovery stops whatever the policy says", why)}
	}
	sec, ok := p.Classes[c.Class]
	if !ok {
		return Decision{Action: ActionStop, Class: c.Class, Reason: fmt.Sprintf("the policy has no section for class %s", c.Class)}
	}
	used := s.Retries[c.Class]
	d := Decision{Class: c.Class, RetryOrdinal: used, MaxRetries: sec.Retry.MaxRetries}
	if !sec.Retry.Enabled {
		d.MaxRetries = 0
	}

	// Step 2: the server's own "do not retry" outranks every step that would.
	if c.ShouldRetry != nil && !*c.ShouldRetry {
		return exhausted(d, sec, "the server said x-should-retry: false, so the request is not sent again")
	}

	// Step 3: wait for the reset, once per class.
	var why string
	if sec.WaitForReset.Enabled {
		maxWait := time.Duration(sec.WaitForReset.MaxWait)
		switch until, ok := resetIn(c, s.Now); {
		case s.Waited[c.Class]:
			why = "the reset wait is already used for this class; "
		case !ok:
			// No usable hint: nothing to say, the ladder applies.
		case until > maxWait:
			why = fmt.Sprintf("the reset is %s away, beyond max_wait %s, and is not shortened; ", FormatDuration(until.Round(time.Second)), sec.WaitForReset.MaxWait)
		default:
			d.Action, d.Delay = ActionWait, until
			d.Reason = fmt.Sprintf("waiting %s for the reset (max_wait %s, once per class); the next attempt does not consume a retry", FormatDuration(until), sec.WaitForReset.MaxWait)
			return guard(d, sec, s)
		}
	}

	// Step 4: the doubling ladder.
	if sec.Retry.Enabled && used < sec.Retry.MaxRetries {
		n := used + 1
		d.Action, d.Delay, d.RetryOrdinal = ActionRetry, sec.Retry.Delay(n), n
		d.Reason = fmt.Sprintf("%sretry %d of %d after %s", why, n, sec.Retry.MaxRetries, FormatDuration(d.Delay))
		if d.Delay == MaxDelay {
			d.Reason += " (the doubling is capped at 24h)"
		}
		return guard(d, sec, s)
	}

	// Step 5.
	if sec.Retry.Enabled {
		why += fmt.Sprintf("retries exhausted (%d of %d)", used, sec.Retry.MaxRetries)
	} else {
		why += "retry is disabled"
	}
	return exhausted(d, sec, why)
}

// guard vetoes a wait or retry that the run cannot take.
func guard(d Decision, sec Section, s State) Decision {
	if s.OutputSeen && !s.Idempotent {
		d.Delay, d.RetryOrdinal = 0, s.Retries[d.Class]
		return exhausted(d, sec, fmt.Sprintf("would %s, but the failed attempt produced output that may already have been used and the command is not marked idempotent, so it is not run again", d.Action))
	}
	d.Deadline = s.Now.Add(d.Delay)
	if !s.Deadline.IsZero() && !d.Deadline.Before(s.Deadline) {
		d.Delay, d.Deadline, d.RetryOrdinal = 0, time.Time{}, s.Retries[d.Class]
		return exhausted(d, sec, fmt.Sprintf("would %s, but the next attempt would start at or after the run's deadline %s", d.Action, s.Deadline.UTC().Format(time.RFC3339)))
	}
	return d
}

func exhausted(d Decision, sec Section, why string) Decision {
	d.Action = ActionStop
	if sec.OnExhausted == OnExhaustedSkip {
		d.Action = ActionSkip
	}
	d.Reason = fmt.Sprintf("%s: on_exhausted %s", why, d.Action)
	return d
}

// resetIn returns how long until the classification's reset, when it is a
// valid hint in the future and at most 7 days ahead. reset_at is used when
// present; otherwise retry_after_seconds is taken as counted from now.
func resetIn(c Classification, now time.Time) (time.Duration, bool) {
	var until time.Duration
	switch {
	case c.ResetAt != "":
		at, err := time.Parse(time.RFC3339, c.ResetAt)
		if err != nil {
			return 0, false
		}
		until = at.Sub(now)
	case c.RetryAfterSeconds != nil:
		secs := *c.RetryAfterSeconds
		if math.IsNaN(secs) || secs <= 0 || secs > MaxMaxWait.Seconds() {
			return 0, false
		}
		until = time.Duration(secs * float64(time.Second))
	default:
		return 0, false
	}
	if until <= 0 || until > MaxMaxWait {
		return 0, false
	}
	// Never come back early: whole seconds, rounded up.
	if r := until % time.Second; r != 0 {
		until += time.Second - r
	}
	return until, true
}

// Record updates the state after the caller acted on d: a retry counts
// against its class, a wait uses the class's one wait.
func (s *State) Record(d Decision) {
	switch d.Action {
	case ActionRetry:
		if s.Retries == nil {
			s.Retries = map[string]int{}
		}
		s.Retries[d.Class] = d.RetryOrdinal
	case ActionWait:
		if s.Waited == nil {
			s.Waited = map[string]bool{}
		}
		s.Waited[d.Class] = true
	}
}

// decisionJSON is the JSON form of a Decision, as `errcat decide` prints
// it and `errcat run --report` records it.
type decisionJSON struct {
	Action       Action  `json:"action"`
	Class        string  `json:"class,omitempty"`
	DelaySeconds float64 `json:"delay_seconds"`
	Deadline     string  `json:"deadline,omitempty"`
	RetryOrdinal int     `json:"retry_ordinal"`
	MaxRetries   int     `json:"max_retries"`
	Reason       string  `json:"reason"`
}

// MarshalJSON writes delay_seconds as a number and deadline as RFC 3339
// UTC, rounded up to the second so that it is never early.
func (d Decision) MarshalJSON() ([]byte, error) {
	j := decisionJSON{
		Action:       d.Action,
		Class:        d.Class,
		DelaySeconds: d.Delay.Seconds(),
		RetryOrdinal: d.RetryOrdinal,
		MaxRetries:   d.MaxRetries,
		Reason:       d.Reason,
	}
	if !d.Deadline.IsZero() {
		t := d.Deadline.UTC()
		if tr := t.Truncate(time.Second); tr.Before(t) {
			t = tr.Add(time.Second)
		}
		j.Deadline = t.Format(time.RFC3339)
	}
	return json.Marshal(j)
}

// UnmarshalJSON reads what MarshalJSON writes.
func (d *Decision) UnmarshalJSON(data []byte) error {
	var j decisionJSON
	if err := json.Unmarshal(data, &j); err != nil {
		return err
	}
	*d = Decision{
		Action:       j.Action,
		Class:        j.Class,
		Delay:        time.Duration(j.DelaySeconds * float64(time.Second)),
		RetryOrdinal: j.RetryOrdinal,
		MaxRetries:   j.MaxRetries,
		Reason:       j.Reason,
	}
	if j.Deadline != "" {
		t, err := time.Parse(time.RFC3339, j.Deadline)
		if err != nil {
			return err
		}
		d.Deadline = t
	}
	return nil
}
