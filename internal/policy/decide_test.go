package policy_test

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/errcat/errcat/internal/policy"
)

// t0 is the fake clock every decision test runs at; nothing here reads the
// system clock or sleeps.
var t0 = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

func sec(n int) policy.Duration { return policy.Duration(time.Duration(n) * time.Second) }

// testPolicy: transient retries 3 times from 5 s and waits for a reset up
// to 5 min once, then skips; hard stops at once; request retries once
// without waiting, then stops.
func testPolicy() policy.Policy {
	return policy.Policy{Version: 1, Classes: map[string]policy.Section{
		"transient": {
			Retry:        policy.Retry{Enabled: true, MaxRetries: 3, InitialInterval: sec(5)},
			WaitForReset: policy.WaitForReset{Enabled: true, MaxWait: sec(300)},
			OnExhausted:  policy.OnExhaustedSkip,
		},
		"hard": {OnExhausted: policy.OnExhaustedStop},
		"request": {
			Retry:       policy.Retry{Enabled: true, MaxRetries: 1, InitialInterval: sec(2)},
			OnExhausted: policy.OnExhaustedStop,
		},
	}}
}

func classified(class string) policy.Classification {
	return policy.Classification{State: "classified", Class: class, Code: "some_code", Rule: "r.x"}
}

func withReset(c policy.Classification, at time.Time) policy.Classification {
	c.ResetAt = at.Format(time.RFC3339)
	s := at.Sub(t0).Seconds()
	c.RetryAfterSeconds = &s
	return c
}

func retries(class string, n int) map[string]int { return map[string]int{class: n} }
func waited(class string) map[string]bool        { return map[string]bool{class: true} }

// got is the part of a decision a case pins; Reason is checked for a
// fragment, because its wording is for people.
type got struct {
	Action       policy.Action
	Delay        time.Duration
	Deadline     time.Time
	RetryOrdinal int
	MaxRetries   int
}

func TestDecide(t *testing.T) {
	p := testPolicy()
	tests := []struct {
		name   string
		c      policy.Classification
		p      policy.Policy
		s      policy.State
		after  time.Duration // the clock: t0 + after
		want   got
		reason string
	}{
		// The 5/10/20 s ladder, then skip.
		{"ladder retry 1", classified("transient"), p, policy.State{}, 0, got{policy.ActionRetry, 5 * time.Second, t0.Add(5 * time.Second), 1, 3}, "retry 1 of 3 after 5s"},
		{"ladder retry 2", classified("transient"), p, policy.State{Retries: retries("transient", 1)}, 0, got{policy.ActionRetry, 10 * time.Second, t0.Add(10 * time.Second), 2, 3}, "retry 2 of 3 after 10s"},
		{"ladder retry 3", classified("transient"), p, policy.State{Retries: retries("transient", 2)}, 0, got{policy.ActionRetry, 20 * time.Second, t0.Add(20 * time.Second), 3, 3}, "retry 3 of 3 after 20s"},
		{"exhausted skip", classified("transient"), p, policy.State{Retries: retries("transient", 3)}, 0, got{policy.ActionSkip, 0, time.Time{}, 3, 3}, "retries exhausted (3 of 3): on_exhausted skip"},
		{"exhausted stop", classified("request"), p, policy.State{Retries: retries("request", 1)}, 0, got{policy.ActionStop, 0, time.Time{}, 1, 1}, "retries exhausted (1 of 1): on_exhausted stop"},
		{"retries are counted per class", classified("request"), p, policy.State{Retries: retries("transient", 3)}, 0, got{policy.ActionRetry, 2 * time.Second, t0.Add(2 * time.Second), 1, 1}, "retry 1 of 1"},
		{"retry disabled stops", classified("hard"), p, policy.State{}, 0, got{policy.ActionStop, 0, time.Time{}, 0, 0}, "retry is disabled: on_exhausted stop"},

		// Reset hints.
		{"trusted reset 1 min ahead waits", withReset(classified("transient"), t0.Add(time.Minute)), p, policy.State{}, 0, got{policy.ActionWait, time.Minute, t0.Add(time.Minute), 0, 3}, "waiting 1m for the reset"},
		{"after the wait the first retry is retry 1", withReset(classified("transient"), t0.Add(time.Minute)), p, policy.State{Waited: waited("transient")}, time.Minute, got{policy.ActionRetry, 5 * time.Second, t0.Add(time.Minute + 5*time.Second), 1, 3}, "retry 1 of 3"},
		{"wait only once per class", withReset(classified("transient"), t0.Add(2*time.Minute)), p, policy.State{Waited: waited("transient"), Retries: retries("transient", 1)}, 0, got{policy.ActionRetry, 10 * time.Second, t0.Add(10 * time.Second), 2, 3}, "already used for this class"},
		{"a wait of another class does not count", withReset(classified("transient"), t0.Add(time.Minute)), p, policy.State{Waited: waited("request")}, 0, got{policy.ActionWait, time.Minute, t0.Add(time.Minute), 0, 3}, "waiting 1m"},
		{"reset 6 h ahead is not shortened", withReset(classified("transient"), t0.Add(6*time.Hour)), p, policy.State{}, 0, got{policy.ActionRetry, 5 * time.Second, t0.Add(5 * time.Second), 1, 3}, "the reset is 6h away, beyond max_wait 5m, and is not shortened; retry 1 of 3"},
		{"reset 6 h ahead with retries exhausted skips", withReset(classified("transient"), t0.Add(6*time.Hour)), p, policy.State{Retries: retries("transient", 3)}, 0, got{policy.ActionSkip, 0, time.Time{}, 3, 3}, "beyond max_wait 5m"},
		{"a wait is rounded up to the second", withReset(classified("transient"), t0.Add(time.Minute)), p, policy.State{}, -250 * time.Millisecond, got{policy.ActionWait, 61 * time.Second, t0.Add(61*time.Second - 250*time.Millisecond), 0, 3}, "waiting 1m1s"},
		{"reset exactly at max_wait waits", withReset(classified("transient"), t0.Add(5*time.Minute)), p, policy.State{}, 0, got{policy.ActionWait, 5 * time.Minute, t0.Add(5 * time.Minute), 0, 3}, "waiting 5m"},
		{"reset in the past is ignored", withReset(classified("transient"), t0.Add(-time.Minute)), p, policy.State{}, 0, got{policy.ActionRetry, 5 * time.Second, t0.Add(5 * time.Second), 1, 3}, "retry 1 of 3"},
		{"reset now is ignored", withReset(classified("transient"), t0), p, policy.State{}, 0, got{policy.ActionRetry, 5 * time.Second, t0.Add(5 * time.Second), 1, 3}, "retry 1 of 3"},
		{"unreadable reset is ignored", policy.Classification{State: "classified", Class: "transient", ResetAt: "soon"}, p, policy.State{}, 0, got{policy.ActionRetry, 5 * time.Second, t0.Add(5 * time.Second), 1, 3}, "retry 1 of 3"},
		{"retry_after without reset_at counts from now", policy.Classification{State: "classified", Class: "transient", RetryAfterSeconds: fp(20.5)}, p, policy.State{}, 0, got{policy.ActionWait, 21 * time.Second, t0.Add(21 * time.Second), 0, 3}, "waiting 21s"},
		{"no wait section ignores the hint", withReset(classified("request"), t0.Add(time.Minute)), p, policy.State{}, 0, got{policy.ActionRetry, 2 * time.Second, t0.Add(2 * time.Second), 1, 1}, "retry 1 of 1"},
		{"wait without retry, then exhausted", withReset(classified("transient"), t0.Add(time.Minute)), waitOnly(), policy.State{Waited: waited("transient")}, 0, got{policy.ActionStop, 0, time.Time{}, 0, 0}, "retry is disabled"},
		{"wait without retry waits", withReset(classified("transient"), t0.Add(time.Minute)), waitOnly(), policy.State{}, 0, got{policy.ActionWait, time.Minute, t0.Add(time.Minute), 0, 0}, "waiting 1m"},

		// The server's x-should-retry.
		{"should_retry false skips a transient failure", shouldRetry(classified("transient"), false), p, policy.State{}, 0, got{policy.ActionSkip, 0, time.Time{}, 0, 3}, "x-should-retry: false"},
		{"should_retry false does not wait for a reset", shouldRetry(withReset(classified("transient"), t0.Add(time.Minute)), false), p, policy.State{}, 0, got{policy.ActionSkip, 0, time.Time{}, 0, 3}, "x-should-retry: false"},
		{"should_retry false stops a retried request failure", shouldRetry(classified("request"), false), p, policy.State{}, 0, got{policy.ActionStop, 0, time.Time{}, 0, 1}, "not sent again: on_exhausted stop"},
		{"should_retry true retries a transient failure as usual", shouldRetry(classified("transient"), true), p, policy.State{}, 0, got{policy.ActionRetry, 5 * time.Second, t0.Add(5 * time.Second), 1, 3}, "retry 1 of 3"},
		{"should_retry true does not retry a hard failure", shouldRetry(classified("hard"), true), p, policy.State{}, 0, got{policy.ActionStop, 0, time.Time{}, 0, 0}, "retry is disabled"},
		{"should_retry true does not lift exhausted retries", shouldRetry(classified("transient"), true), p, policy.State{Retries: retries("transient", 3)}, 0, got{policy.ActionSkip, 0, time.Time{}, 3, 3}, "retries exhausted"},
		{"should_retry true does not classify", shouldRetry(policy.Classification{State: "unclassified", Reason: "no_match"}, true), p, policy.State{}, 0, got{Action: policy.ActionStop}, "unclassified (no_match)"},

		// Unclassified always stops.
		{"no match stops", policy.Classification{State: "unclassified", Reason: "no_match"}, p, policy.State{}, 0, got{Action: policy.ActionStop}, "unclassified (no_match)"},
		{"low confidence stops", policy.Classification{State: "unclassified", Reason: "low_confidence"}, p, policy.State{}, 0, got{Action: policy.ActionStop}, "unclassified (low_confidence)"},
		{"conflict stops even with a hint", withReset(policy.Classification{State: "unclassified", Reason: "conflict"}, t0.Add(time.Minute)), p, policy.State{}, 0, got{Action: policy.ActionStop}, "unclassified (conflict)"},
		{"a class without state stops", policy.Classification{State: "unclassified", Class: "transient"}, p, policy.State{}, 0, got{Action: policy.ActionStop}, "whatever the policy says"},
		{"a class without a section stops", classified("quota"), p, policy.State{}, 0, got{Action: policy.ActionStop}, "no section for class quota"},
		{"the default policy stops", classified("transient"), policy.Default(), policy.State{}, 0, got{Action: policy.ActionStop}, "no section for class transient"},

		// Guards of the run.
		{"output seen is not retried", classified("transient"), p, policy.State{OutputSeen: true}, 0, got{policy.ActionSkip, 0, time.Time{}, 0, 3}, "not marked idempotent"},
		{"output seen is not waited for", withReset(classified("transient"), t0.Add(time.Minute)), p, policy.State{OutputSeen: true}, 0, got{policy.ActionSkip, 0, time.Time{}, 0, 3}, "would wait, but the failed attempt produced output"},
		{"idempotent output is retried", classified("transient"), p, policy.State{OutputSeen: true, Idempotent: true}, 0, got{policy.ActionRetry, 5 * time.Second, t0.Add(5 * time.Second), 1, 3}, "retry 1 of 3"},
		{"a delay past the deadline is not taken", classified("transient"), p, policy.State{Retries: retries("transient", 2), Deadline: t0.Add(19 * time.Second)}, 0, got{policy.ActionSkip, 0, time.Time{}, 2, 3}, "at or after the run's deadline 2026-01-01T00:00:19Z"},
		{"a delay ending at the deadline is not taken", classified("transient"), p, policy.State{Retries: retries("transient", 2), Deadline: t0.Add(20 * time.Second)}, 0, got{policy.ActionSkip, 0, time.Time{}, 2, 3}, "on_exhausted skip"},
		{"a delay ending before the deadline is taken", classified("transient"), p, policy.State{Retries: retries("transient", 2), Deadline: t0.Add(21 * time.Second)}, 0, got{policy.ActionRetry, 20 * time.Second, t0.Add(20 * time.Second), 3, 3}, "retry 3 of 3"},

		// The cap.
		{"delays are capped at 24 h", classified("transient"), longLadder(), policy.State{Retries: retries("transient", 5)}, 0, got{policy.ActionRetry, 24 * time.Hour, t0.Add(24 * time.Hour), 6, 10}, "retry 6 of 10 after 1d (the doubling is capped at 24h)"},
		{"below the cap delays double", classified("transient"), longLadder(), policy.State{Retries: retries("transient", 4)}, 0, got{policy.ActionRetry, 16 * time.Hour, t0.Add(16 * time.Hour), 5, 10}, "after 16h"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := tt.s
			s.Now = t0.Add(tt.after)
			d := policy.Decide(tt.c, tt.p, s)
			g := got{d.Action, d.Delay, d.Deadline, d.RetryOrdinal, d.MaxRetries}
			if diff := cmp.Diff(tt.want, g); diff != "" {
				t.Errorf("Decide (-want +got):\n%s\nreason: %s", diff, d.Reason)
			}
			if !strings.Contains(d.Reason, tt.reason) {
				t.Errorf("reason %q does not say %q", d.Reason, tt.reason)
			}
		})
	}
}

func fp(f float64) *float64 { return &f }

func shouldRetry(c policy.Classification, b bool) policy.Classification {
	c.ShouldRetry = &b
	return c
}

func waitOnly() policy.Policy {
	return policy.Policy{Version: 1, Classes: map[string]policy.Section{"transient": {
		WaitForReset: policy.WaitForReset{Enabled: true, MaxWait: sec(300)},
		OnExhausted:  policy.OnExhaustedStop,
	}}}
}

func longLadder() policy.Policy {
	return policy.Policy{Version: 1, Classes: map[string]policy.Section{"transient": {
		Retry:       policy.Retry{Enabled: true, MaxRetries: 10, InitialInterval: policy.Duration(time.Hour)},
		OnExhausted: policy.OnExhaustedSkip,
	}}}
}

// TestRunSequence drives Decide the way a run does, acting on each
// decision with State.Record and advancing the fake clock by its delay:
// one wait for the reset, then the full ladder, then skip.
func TestRunSequence(t *testing.T) {
	p := testPolicy()
	c := withReset(classified("transient"), t0.Add(time.Minute))
	s := policy.State{Now: t0}
	var steps []string
	for i := 0; i < 10; i++ {
		d := policy.Decide(c, p, s)
		steps = append(steps, string(d.Action)+" "+policy.FormatDuration(d.Delay))
		if d.Action == policy.ActionSkip || d.Action == policy.ActionStop {
			break
		}
		s.Record(d)
		s.Now = s.Now.Add(d.Delay)
	}
	want := []string{"wait 1m", "retry 5s", "retry 10s", "retry 20s", "skip 0s"}
	if diff := cmp.Diff(want, steps); diff != "" {
		t.Errorf("steps (-want +got):\n%s", diff)
	}
}

func TestDecisionJSON(t *testing.T) {
	d := policy.Decide(classified("transient"), testPolicy(), policy.State{Now: t0.Add(1500 * time.Millisecond), Retries: retries("transient", 1)})
	b, err := json.Marshal(d)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"action":"retry","class":"transient","delay_seconds":10,"deadline":"2026-01-01T00:00:12Z","retry_ordinal":2,"max_retries":3,"reason":"retry 2 of 3 after 10s"}`
	if string(b) != want {
		t.Errorf("got  %s\nwant %s", b, want)
	}
	var back policy.Decision
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if back.Action != d.Action || back.Delay != d.Delay || back.RetryOrdinal != 2 || back.Deadline.Format(time.RFC3339) != "2026-01-01T00:00:12Z" {
		t.Errorf("round trip: %+v", back)
	}
	stop, _ := json.Marshal(policy.Decide(policy.Classification{State: "unclassified", Reason: "conflict"}, testPolicy(), policy.State{Now: t0}))
	if want := `{"action":"stop","delay_seconds":0,"retry_ordinal":0,"max_retries":0,"reason":"unclassified (conflict): automatic recovery stops whatever the policy says"}`; string(stop) != want {
		t.Errorf("got  %s\nwant %s", stop, want)
	}
}

// TestClassifyOutputDecodes pins the contract with `errcat classify -o
// json`: its output decodes into Classification, extra fields ignored.
func TestClassifyOutputDecodes(t *testing.T) {
	in := `{"state":"classified","code":"provider_overloaded","class":"transient","rule":"anthropic.overloaded_error","confidence":"high","scope":"provider","catalogue_version":"0.1.0+d67ef27d9fb0","retry_after_seconds":30,"reset_at":"2026-01-01T00:00:30Z","candidates":[{"rule":"x"}]}`
	var c policy.Classification
	if err := json.Unmarshal([]byte(in), &c); err != nil {
		t.Fatal(err)
	}
	d := policy.Decide(c, testPolicy(), policy.State{Now: t0})
	if d.Action != policy.ActionWait || d.Delay != 30*time.Second {
		t.Errorf("got %+v", d)
	}
}
