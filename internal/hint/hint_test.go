package hint

import (
	"math"
	"strings"
	"testing"
	"time"
)

func utc(s string) time.Time {
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		panic(err)
	}
	return t.UTC()
}

func delay(d time.Duration) Value { return Value{Delay: d} }
func at(s string) Value           { return Value{At: utc(s), Absolute: true} }

func sameValue(a, b Value) bool {
	if a.Absolute != b.Absolute {
		return false
	}
	if a.Absolute {
		return a.At.Equal(b.At) && a.At.Location() == time.UTC
	}
	return a.Delay == b.Delay
}

func TestParse(t *testing.T) {
	tests := []struct {
		in   string
		unit Unit
		want Value
	}{
		// Retry-After delay-seconds and bare numbers.
		{"20", Seconds, delay(20 * time.Second)},
		{"  \"20\"  ", Seconds, delay(20 * time.Second)},
		{"'20'", Seconds, delay(20 * time.Second)},
		{"0", Seconds, delay(0)},
		{"1.5", Seconds, delay(1500 * time.Millisecond)},
		{"0020", Seconds, delay(20 * time.Second)},
		{"5.", Seconds, delay(5 * time.Second)}, // the full stop ends a sentence
		{"Retry-After: 20", Seconds, delay(20 * time.Second)},
		{"ratelimit-reset: 20", Seconds, delay(20 * time.Second)},

		// retry-after-ms.
		{"1500", Millis, delay(1500 * time.Millisecond)},
		{"1500.5", Millis, delay(1500500 * time.Microsecond)},
		{"retry-after-ms: 1500", Seconds, delay(1500 * time.Millisecond)},
		{"x-ms-retry-after-ms=250", Epoch, delay(250 * time.Millisecond)},

		// OpenAI x-ratelimit-reset-*: Go durations.
		{"6m0s", Seconds, delay(6 * time.Minute)},
		{"1s", Seconds, delay(time.Second)},
		{"20ms", Seconds, delay(20 * time.Millisecond)},
		{"1h2m3.5s", Seconds, delay(time.Hour + 2*time.Minute + 3500*time.Millisecond)},
		{".5s", Seconds, delay(500 * time.Millisecond)},
		{"250us", Seconds, delay(250 * time.Microsecond)},
		{"250µs", Seconds, delay(250 * time.Microsecond)},
		{"250μs", Seconds, delay(250 * time.Microsecond)},
		{"7ns", Seconds, delay(7)},
		{"x-ratelimit-reset-tokens: 1s", Seconds, delay(time.Second)},
		{"x-ratelimit-reset-requests: 6m0s", Millis, delay(6 * time.Minute)},

		// Gemini retryDelay and message.
		{"21s", Seconds, delay(21 * time.Second)},
		{`"21.5s"`, Seconds, delay(21500 * time.Millisecond)},
		{`"retryDelay": "21s"`, Seconds, delay(21 * time.Second)},
		{`"retryDelay": "21.548797579s",`, Seconds, delay(21548797579)},
		{"Please retry in 21.548797579s.", Seconds, delay(21548797579)},
		{"21.0000000009s", Seconds, delay(21 * time.Second)}, // beyond ns: dropped

		// Prose.
		{"Please retry in 21.5s", Seconds, delay(21500 * time.Millisecond)},
		{"try again in 20s", Seconds, delay(20 * time.Second)},
		{"Please try again in 6ms.", Seconds, delay(6 * time.Millisecond)},
		{"PLEASE TRY AGAIN IN 6MS", Seconds, delay(6 * time.Millisecond)},
		{"try again in 20 seconds", Seconds, delay(20 * time.Second)},
		{"retry after 2 minutes", Seconds, delay(2 * time.Minute)},
		{"in 1 hour", Seconds, delay(time.Hour)},
		{"1.5 sec", Seconds, delay(1500 * time.Millisecond)},
		{"30 secs", Seconds, delay(30 * time.Second)},
		{"500ms", Seconds, delay(500 * time.Millisecond)},
		{"500 ms", Epoch, delay(500 * time.Millisecond)},
		{"1 second", Seconds, delay(time.Second)},
		{"2 hrs", Seconds, delay(2 * time.Hour)},
		{"3 days", Seconds, delay(72 * time.Hour)},
		{"1h 30m", Seconds, delay(90 * time.Minute)},
		{"1 hour, 30 minutes and 5 seconds", Seconds, delay(90*time.Minute + 5*time.Second)},
		{"wait 10 mins", Seconds, delay(10 * time.Minute)},
		{"resets in 1m", Seconds, delay(time.Minute)},

		// Limits: exactly 100 years is the longest delay read.
		{"876600h", Seconds, delay(876600 * time.Hour)},
		{"999999999", Seconds, delay(999999999 * time.Second)}, // the longest bare delay: Resolve says too_far

		// A bare number of seconds from 10^9 on is a Unix time, from 10^12 on in milliseconds.
		{"1000000000", Seconds, at("2001-09-09T01:46:40Z")},
		{"1735689600", Seconds, at("2025-01-01T00:00:00Z")},
		{"x-ratelimit-reset: 1780315260", Seconds, at("2026-06-01T12:01:00Z")},
		{"3155760000", Seconds, at("2070-01-01T00:00:00Z")},
		{"1735689600250", Seconds, at("2025-01-01T00:00:00.25Z")},
		{"1735689600000", Epoch, at("2025-01-01T00:00:00Z")},
		{"1735689600000.5", Epoch, at("2025-01-01T00:00:00.0005Z")},

		// Epoch seconds.
		{"1735689600", Epoch, at("2025-01-01T00:00:00Z")},
		{"1735689600.25", Epoch, at("2025-01-01T00:00:00.25Z")},
		{"x-ratelimit-reset: 1735689600", Epoch, at("2025-01-01T00:00:00Z")},
		{"0", Epoch, at("1970-01-01T00:00:00Z")},
		{"253402300799", Epoch, at("9999-12-31T23:59:59Z")},
		{"20s", Epoch, delay(20 * time.Second)},

		// HTTP-date: IMF-fixdate, RFC 850, asctime.
		{"Wed, 21 Oct 2015 07:28:00 GMT", Seconds, at("2015-10-21T07:28:00Z")},
		{"Retry-After: Wed, 21 Oct 2015 07:28:00 GMT", Seconds, at("2015-10-21T07:28:00Z")},
		{"wed, 21 oct 2015 07:28:00 gmt", Seconds, at("2015-10-21T07:28:00Z")},
		{"Sunday, 06-Nov-94 08:49:37 GMT", Seconds, at("1994-11-06T08:49:37Z")},
		{"Sun Nov  6 08:49:37 1994", Seconds, at("1994-11-06T08:49:37Z")},
		{"Sun Nov 16 08:49:37 1994", Seconds, at("1994-11-16T08:49:37Z")},

		// RFC 3339 (Anthropic).
		{"2026-01-01T00:00:30Z", Seconds, at("2026-01-01T00:00:30Z")},
		{"2026-01-01T00:00:30.123Z", Seconds, at("2026-01-01T00:00:30.123Z")},
		{"2026-01-01T00:00:30.123456789Z", Seconds, at("2026-01-01T00:00:30.123456789Z")},
		{"0001-01-01T00:10:01+00:10", Seconds, at("0001-01-01T00:00:01Z")},
		{"9999-12-31T23:59:59-00:00", Seconds, at("9999-12-31T23:59:59Z")},
		{"2026-01-01T05:30:30+05:30", Seconds, at("2026-01-01T00:00:30Z")},
		{"2025-12-31T19:00:30-05:00", Seconds, at("2026-01-01T00:00:30Z")},
		{"2026-01-01t00:00:30z", Seconds, at("2026-01-01T00:00:30Z")},
		{"2026-01-01 00:00:30+00:00", Seconds, at("2026-01-01T00:00:30Z")},
		{"2026-01-01T00:00:30+0000", Seconds, at("2026-01-01T00:00:30Z")},
		{"anthropic-ratelimit-requests-reset: 2026-01-01T00:00:30Z", Seconds, at("2026-01-01T00:00:30Z")},
		{"anthropic-ratelimit-output-tokens-reset: \"2026-01-01T00:00:30Z\"", Epoch, at("2026-01-01T00:00:30Z")},

		// Calendar dates from usage-limit messages.
		{"2026-12-01", Seconds, at("2026-12-01T00:00:00Z")},
		{"2026-12-01 UTC", Seconds, at("2026-12-01T00:00:00Z")},
		{"2026-12-01 00:00 UTC", Seconds, at("2026-12-01T00:00:00Z")},
		{"2026-12-01 at 00:00 UTC", Seconds, at("2026-12-01T00:00:00Z")},
		{"2026-12-01 at 13:45 utc", Seconds, at("2026-12-01T13:45:00Z")},
		{"2026-12-01 00:00:00 UTC", Seconds, at("2026-12-01T00:00:00Z")},
		{"2026-12-01 00:00:00 GMT", Seconds, at("2026-12-01T00:00:00Z")},
		{"2026-12-01 00:00UTC", Seconds, at("2026-12-01T00:00:00Z")},
		{"2026-12-01T00:00:00Z", Seconds, at("2026-12-01T00:00:00Z")},
		{"2026-12-01T00:00Z", Seconds, at("2026-12-01T00:00:00Z")},
		{"You will regain access on 2026-12-01 at 00:00 UTC.", Seconds, at("2026-12-01T00:00:00Z")},
		{"Dec 1, 2026 at 12:00 AM UTC", Seconds, at("2026-12-01T00:00:00Z")},
		{"Dec 1, 2026 at 12:00 PM UTC", Seconds, at("2026-12-01T12:00:00Z")},
		{"December 1, 2026 at 3:30 pm UTC", Seconds, at("2026-12-01T15:30:00Z")},
		{"Dec 1, 2026 15:30 UTC", Seconds, at("2026-12-01T15:30:00Z")},
		{"Dec 1, 2026", Seconds, at("2026-12-01T00:00:00Z")},
		{"1 Dec 2026", Seconds, at("2026-12-01T00:00:00Z")},
		{"1 Dec 2026 08:00 UTC", Seconds, at("2026-12-01T08:00:00Z")},
	}
	for _, tt := range tests {
		got, err := Parse(tt.in, tt.unit)
		if err != nil {
			t.Errorf("Parse(%q, %d): %v", tt.in, tt.unit, err)
			continue
		}
		if !sameValue(got, tt.want) {
			t.Errorf("Parse(%q, %d) = %+v, want %+v", tt.in, tt.unit, got, tt.want)
		}
	}
}

func TestParseRejects(t *testing.T) {
	tests := []struct {
		in   string
		unit Unit
		want string // a fragment of the error
	}{
		{"", Seconds, "empty"},
		{"   ", Seconds, "empty"},
		{`""`, Seconds, "empty"},
		{"please try again", Seconds, "empty"},
		{"soon", Seconds, "not a delay"},
		{"try again later", Seconds, "not a delay"},
		{"-5", Seconds, "signed"},
		{"-5s", Seconds, "signed"},
		{"+5", Seconds, "signed"},
		{"in -5 seconds", Seconds, "signed"},
		{"-1735689600", Epoch, "signed"},
		{"1e400", Seconds, "not a delay"},
		{"1e3", Seconds, "not a delay"},
		{"5 parsecs", Seconds, "not a delay"},
		{"NaN", Seconds, "not a delay"},
		{"nan", Millis, "not a delay"},
		{"Inf", Seconds, "not a delay"},
		{"+Inf", Seconds, "signed"},
		{"Infinity", Seconds, "not a delay"},
		{"0x10", Seconds, "not a delay"},
		{"1,500", Millis, "not a delay"},
		{"1_000", Seconds, "not a delay"},
		{".", Seconds, "empty"},
		{"..5", Seconds, "not a delay"},
		{"1.5.5s", Seconds, "not a delay"},
		{"s", Seconds, "not a delay"},
		{"1h 30", Seconds, "not a delay"},
		{"30 1h", Seconds, "not a delay"},
		{"20 s s", Seconds, "not a delay"},
		{"20s from now", Seconds, "not a delay"},
		{"attempt 2 of 5", Seconds, "not a delay"},
		{"error: 500", Seconds, "not a delay"},
		{"99999999999999999999", Seconds, "out of range"},
		{"99999999999999999999", Millis, "out of range"},
		{"99999999999999999999", Epoch, "out of range"},
		{"99999999999999999999s", Seconds, "out of range"},
		{"876601h", Seconds, "out of range"},
		{"253402300800", Seconds, "out of range"},
		{"253402300800000", Epoch, "out of range"},
		{"876600h1ns", Seconds, "out of range"},
		{"1000000h", Seconds, "out of range"},
		{"40000 days", Seconds, "out of range"},
		{"253402300800", Epoch, "out of range"},
		{"2026-12-01 00:00 PST", Seconds, "not a delay"},
		{"Wed, 21 Oct 2015 07:28:00 PST", Seconds, "not a delay"},
		{"Wed, 21 Oct 2015 07:28:00", Seconds, "not a delay"},
		{"2026-13-01", Seconds, "not a delay"},
		{"2026-02-30", Seconds, "not a delay"},
		{"2026-01-01T25:00:00Z", Seconds, "not a delay"},
		{"0000-01-01T00:00:00+00:10", Seconds, "not a delay"}, // year -1 in UTC
		{"0000-06-01", Seconds, "not a delay"},
		{"0001-01-01", Seconds, "not a delay"}, // the zero time, which means none
		{"0001-01-01T00:10:00+00:10", Seconds, "not a delay"},
		{"9999-12-31T23:00:00-05:00", Seconds, "not a delay"}, // year 10000 in UTC
		{"12:00 PST", Seconds, "not a delay"},                 // an abbreviation of several offsets
		{"3pm (Mars/Olympus)", Seconds, "not a delay"},
		{"3pm (Local)", Seconds, "not a delay"},
		{"3pm (../../etc/passwd)", Seconds, "not a delay"},
		{"13pm", Seconds, "not a delay"},
		{"0am", Seconds, "not a delay"},
		{"24:00", Seconds, "not a delay"},
		{"9:5 AM", Seconds, "not a delay"},
		{"9:60", Seconds, "not a delay"},
		{"resets soon", Seconds, "not a delay"},
		{"2026-12-01 00:00 EST", Seconds, "not a delay"},
		{strings.Repeat("1", 300), Seconds, "too long"},
	}
	for _, tt := range tests {
		got, err := Parse(tt.in, tt.unit)
		if err == nil {
			t.Errorf("Parse(%q, %d) = %+v, want error", tt.in, tt.unit, got)
			continue
		}
		if !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Parse(%q, %d) error %q, want it to mention %q", tt.in, tt.unit, err, tt.want)
		}
		if got != (Value{}) {
			t.Errorf("Parse(%q, %d) returned %+v with its error", tt.in, tt.unit, got)
		}
	}
}

func TestParseUnknownUnit(t *testing.T) {
	if _, err := Parse("20", Epoch+1); err == nil {
		t.Error("Parse with an unknown unit succeeded")
	}
}

func TestParseErrorIsShort(t *testing.T) {
	_, err := Parse(strings.Repeat("x", 250), Seconds)
	if err == nil || len(err.Error()) > 120 {
		t.Errorf("error %v: want a short one", err)
	}
}

func TestResolve(t *testing.T) {
	now := utc("2026-01-01T00:00:00Z")
	tests := []struct {
		name      string
		v         Value
		now       time.Time
		wantAt    time.Time
		wantAfter time.Duration
		wantWhy   Reason
	}{
		{"zero delay is retry now", delay(0), now, now, 0, OK},
		{"delay", delay(20 * time.Second), now, now.Add(20 * time.Second), 20 * time.Second, OK},
		{"negative delay", delay(-time.Second), now, time.Time{}, 0, Past},
		{"delay of exactly MaxAhead", delay(MaxAhead), now, now.Add(MaxAhead), MaxAhead, OK},
		{"delay past MaxAhead", delay(MaxAhead + time.Second), now, time.Time{}, 0, TooFar},
		{"misread epoch as delay", delay(1735689600 * time.Second), now, time.Time{}, 0, TooFar},
		{"huge delay", delay(math.MaxInt64), now, time.Time{}, 0, TooFar},
		{"at now is a retry at once", Value{At: now, Absolute: true}, now, now, 0, OK},
		{"an HTTP-date in the second now is in", Value{At: now, Absolute: true}, now.Add(400 * time.Millisecond), now.Add(400 * time.Millisecond), 0, OK},
		{"a time with milliseconds just past", Value{At: now.Add(time.Millisecond), Absolute: true}, now.Add(2 * time.Millisecond), time.Time{}, 0, Past},
		{"at now minus 1s", Value{At: now.Add(-time.Second), Absolute: true}, now, time.Time{}, 0, Past},
		{"at now plus 1ns", Value{At: now.Add(1), Absolute: true}, now, now, 1, OK},
		{"at now plus 30s", at("2026-01-01T00:00:30Z"), now, now.Add(30 * time.Second), 30 * time.Second, OK},
		{"at exactly 7 days", at("2026-01-08T00:00:00Z"), now, now.Add(MaxAhead), MaxAhead, OK},
		{"at 7 days and 1s", at("2026-01-08T00:00:01Z"), now, time.Time{}, 0, TooFar},
		{"at year 9999", at("9999-12-31T23:59:59Z"), now, time.Time{}, 0, TooFar},
		{"at year 1", at("0001-01-01T00:00:01Z"), now, time.Time{}, 0, Past},
		{"zero At", Value{Absolute: true}, now, time.Time{}, 0, Unparseable},
		{"Delay ignored when absolute", Value{At: now.Add(time.Minute), Delay: time.Hour, Absolute: true}, now, now.Add(time.Minute), time.Minute, OK},
		{"At ignored when relative", Value{At: now.Add(time.Hour), Delay: time.Minute}, now, now.Add(time.Minute), time.Minute, OK},
		{"at truncated to ms, delay exact", delay(1234567891), now.Add(123456789), utc("2026-01-01T00:00:01.358Z"), 1234567891, OK},
		{"absolute in another zone", Value{At: time.Date(2026, 1, 1, 5, 30, 10, 999999999, time.FixedZone("IST", 19800)), Absolute: true}, now,
			utc("2026-01-01T00:00:10.999Z"), 10999999999, OK},
		{"now in another zone", delay(time.Second), now.In(time.FixedZone("X", -3600)), now.Add(time.Second), time.Second, OK},
		{"now with a monotonic reading", delay(time.Second), time.Now(), time.Time{}, time.Second, OK},
	}
	for _, tt := range tests {
		gotAt, gotAfter, gotWhy := Resolve(tt.v, tt.now)
		if gotWhy != tt.wantWhy || gotAfter != tt.wantAfter {
			t.Errorf("%s: Resolve = %v, %v, %q; want %v, %v, %q", tt.name, gotAt, gotAfter, gotWhy, tt.wantAt, tt.wantAfter, tt.wantWhy)
			continue
		}
		if gotWhy == OK && gotAt.Location() != time.UTC {
			t.Errorf("%s: at %v is not in UTC", tt.name, gotAt)
		}
		if gotAt.Nanosecond()%int(time.Millisecond) != 0 {
			t.Errorf("%s: at %v is not whole milliseconds", tt.name, gotAt)
		}
		if tt.wantAt.IsZero() && gotWhy == OK {
			continue // the monotonic case: only the shape is checked
		}
		if !gotAt.Equal(tt.wantAt) {
			t.Errorf("%s: at = %v, want %v", tt.name, gotAt, tt.wantAt)
		}
	}
}

func TestParseThenResolve(t *testing.T) {
	now := utc("2026-01-01T00:00:00Z")
	tests := []struct {
		in      string
		unit    Unit
		wantAt  string
		wantWhy Reason
	}{
		{"20", Seconds, "2026-01-01T00:00:20Z", OK},
		{"1500", Millis, "2026-01-01T00:00:01.5Z", OK},
		{"1767225630", Epoch, "2026-01-01T00:00:30Z", OK},
		{"1735689600", Epoch, "", Past},
		{"1735689600", Seconds, "", Past},
		{"1767225630", Seconds, "2026-01-01T00:00:30Z", OK},
		{"999999999", Seconds, "", TooFar},
		{"2026-01-01T00:00:30Z", Seconds, "2026-01-01T00:00:30Z", OK},
		{"You will regain access on 2026-01-08 at 00:00 UTC", Seconds, "2026-01-08T00:00:00Z", OK},
		{"2026-12-01", Seconds, "", TooFar},
		{"Wed, 21 Oct 2015 07:28:00 GMT", Seconds, "", Past},
	}
	for _, tt := range tests {
		v, err := Parse(tt.in, tt.unit)
		if err != nil {
			t.Errorf("Parse(%q): %v", tt.in, err)
			continue
		}
		gotAt, _, why := Resolve(v, now)
		if why != tt.wantWhy {
			t.Errorf("%q: reason %q, want %q", tt.in, why, tt.wantWhy)
			continue
		}
		if why == OK && !gotAt.Equal(utc(tt.wantAt)) {
			t.Errorf("%q: at %v, want %s", tt.in, gotAt, tt.wantAt)
		}
	}
}

func TestFormatSeconds(t *testing.T) {
	tests := []struct {
		in   time.Duration
		want string
	}{
		{0, "0"},
		{20 * time.Second, "20"},
		{21500 * time.Millisecond, "21.5"},
		{20 * time.Millisecond, "0.02"},
		{time.Millisecond, "0.001"},
		{100 * time.Millisecond, "0.1"},
		{1001 * time.Millisecond, "1.001"},
		{21548797579, "21.549"},
		{499 * time.Microsecond, "0"},
		{500 * time.Microsecond, "0.001"}, // halves round away from zero
		{1499 * time.Microsecond, "0.001"},
		{time.Hour, "3600"},
		{MaxAhead, "604800"},
		{1735689600 * time.Second, "1735689600"},
		{-1500 * time.Millisecond, "-1.5"},
		{-400 * time.Microsecond, "0"},
		{math.MaxInt64, "9223372036.854"},
		{math.MinInt64, "-9223372036.854"},
	}
	for _, tt := range tests {
		if got := FormatSeconds(tt.in); got != tt.want {
			t.Errorf("FormatSeconds(%d) = %q, want %q", int64(tt.in), got, tt.want)
		}
	}
}
