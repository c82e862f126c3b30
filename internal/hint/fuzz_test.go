package hint

import (
	"math"
	"strconv"
	"testing"
	"time"
)

// imfFixdate is the preferred HTTP-date of RFC 9110, as net/http.TimeFormat
// writes it.
const imfFixdate = "Mon, 02 Jan 2006 15:04:05 GMT"

// FuzzParse feeds Parse arbitrary text in every unit: it must not panic,
// must return a zero Value with every error, and what it accepts must be
// in range and read back from the forms services write it in.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"20", "1500", "1735689600", "6m0s", "1h2m3.5s", "21.548797579s", `"retryDelay": "21s"`,
		"Please retry in 21.5s.", "try again in 20 seconds", "1 hour, 30 minutes and 5 seconds",
		"Wed, 21 Oct 2015 07:28:00 GMT", "Sunday, 06-Nov-94 08:49:37 GMT", "Sun Nov  6 08:49:37 1994",
		"2026-01-01T00:00:30.123+05:30", "You will regain access on 2026-12-01 at 00:00 UTC",
		"Dec 1, 2026 at 12:00 AM UTC", "resets 3pm (Europe/Lisbon)", "9:35 AM", "14:00 UTC", "2026-07-12 04:30:37",
		"Jul 12th, 2026 4:30 AM", "12am", "1780315260", "1780315260123", "99999999999999999999", "1e400", "-5", "NaN", "250µs",
	} {
		for u := range Epoch + 1 {
			f.Add(s, uint8(u))
		}
	}
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	f.Fuzz(func(t *testing.T, s string, u uint8) {
		unit := Unit(u % 4) // 3 is an unknown unit: it must fail cleanly too
		v, err := Parse(s, unit)
		if err != nil {
			if v != (Value{}) {
				t.Fatalf("Parse(%q) returned %+v with error %v", s, v, err)
			}
			return
		}
		if unit > Epoch {
			t.Fatalf("Parse(%q) accepted unknown unit %d", s, unit)
		}
		if v.Wall != Instant {
			if !v.Absolute || v.At.Location() != time.UTC || v.Delay != 0 || v.Wall > WallWeekday {
				t.Fatalf("Parse(%q) = %+v: bad wall-clock value", s, v)
			}
		} else if v.Absolute {
			if v.At.Location() != time.UTC || !v.At.After(time.Time{}) || v.At.Year() > 9999 || v.Delay != 0 {
				t.Fatalf("Parse(%q) = %+v: bad absolute value", s, v)
			}
			checkTimeRoundTrip(t, v.At)
		} else {
			if v.Delay < 0 || v.Delay > maxDelay || !v.At.IsZero() {
				t.Fatalf("Parse(%q) = %+v: bad delay", s, v)
			}
			checkDelayRoundTrip(t, v.Delay)
		}
		checkResolve(t, v, now)
	})
}

// FuzzRoundTrip builds the values Parse can return, delays up to 100 years
// and times from the epoch to the end of year 9999, which text fuzzing
// seldom reaches whole, and writes each in every form a service sends it
// in: Parse must read each back.
func FuzzRoundTrip(f *testing.F) {
	for _, seed := range []struct{ d, sec, nsec int64 }{
		{0, 0, 0},
		{int64(20 * time.Second), 1735689600, 0},
		{int64(1500 * time.Millisecond), 1735689600, 250_000_000},
		{int64(time.Hour + 2*time.Minute + 3500*time.Millisecond), 784111777, 0},
		{7, 1, 1},
		{int64(maxDelay), maxEpoch, 999_999_999},
		{int64(maxDelay) + 1, maxEpoch + 1, -1},
		{-1, -1, 1e9},
		{math.MaxInt64, math.MinInt64, math.MaxInt64},
	} {
		f.Add(seed.d, seed.sec, seed.nsec)
	}
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	f.Fuzz(func(t *testing.T, d, sec, nsec int64) {
		// Fold the inputs into range rather than skip them, so that every
		// execution checks something.
		delay := time.Duration(uint64(d) % uint64(maxDelay+1))
		checkDelayRoundTrip(t, delay)
		checkResolve(t, Value{Delay: delay}, now)
		at := time.Unix(int64(uint64(sec)%uint64(maxEpoch+1)), int64(uint64(nsec)%1e9)).UTC()
		checkTimeRoundTrip(t, at)
		checkResolve(t, Value{At: at, Absolute: true}, now)
	})
}

// checkDelayRoundTrip writes d as Go's time.Duration.String does (OpenAI's
// x-ratelimit-reset-*), as seconds with FormatSeconds (errcat's own JSON),
// as protobuf JSON seconds (Gemini's retryDelay) and as milliseconds
// (retry-after-ms), and reads each back.
func checkDelayRoundTrip(t *testing.T, d time.Duration) {
	t.Helper()
	read := func(s string, unit Unit, want time.Duration) {
		t.Helper()
		v, err := Parse(s, unit)
		if err != nil || v.Absolute || v.Delay != want {
			t.Fatalf("delay %v written as %q (unit %d) reads back as %+v, %v; want %v", d, s, unit, v, err, want)
		}
	}
	read(d.String(), Seconds, d)
	// From minEpoch seconds on a bare number is a Unix time; FormatSeconds
	// rounds to the millisecond, so the rounded delay is what must stay below.
	if r := d.Round(time.Millisecond); r < minEpoch*time.Second {
		read(FormatSeconds(d), Seconds, r)
	}
	secs := strconv.FormatInt(int64(d/time.Second), 10) + "." + pad9(int64(d%time.Second))
	read(secs+"s", Epoch, d)
	read(`"retryDelay": "`+secs+`s"`, Seconds, d)
	ms := strconv.FormatInt(int64(d/time.Millisecond), 10) + "." + pad9(int64(d%time.Millisecond)*1e3)
	read(ms, Millis, d)
	read("retry-after-ms: "+ms, Seconds, d)
	read("Please try again in "+secs+" seconds.", Seconds, d)
}

// checkTimeRoundTrip writes at as RFC 3339 with nanoseconds (Anthropic's
// reset headers), as Unix seconds (x-ratelimit-reset) and, to the second,
// as an IMF-fixdate (Retry-After), and reads each back.
func checkTimeRoundTrip(t *testing.T, at time.Time) {
	t.Helper()
	read := func(s string, unit Unit, want time.Time) {
		t.Helper()
		v, err := Parse(s, unit)
		if err != nil || !v.Absolute || !v.At.Equal(want) || v.At.Location() != time.UTC {
			t.Fatalf("time %v written as %q (unit %d) reads back as %+v, %v; want %v", at, s, unit, v, err, want)
		}
	}
	read(at.Format(time.RFC3339Nano), Seconds, at)
	read("anthropic-ratelimit-tokens-reset: "+at.Format(time.RFC3339Nano), Millis, at)
	read(at.Format(imfFixdate), Seconds, at.Truncate(time.Second))
	read("Retry-After: "+at.Format(imfFixdate), Seconds, at.Truncate(time.Second))
	if u := at.Unix(); u >= 0 && u <= maxEpoch {
		read(strconv.FormatInt(u, 10)+"."+pad9(int64(at.Nanosecond())), Epoch, at)
		read("x-ratelimit-reset: "+strconv.FormatInt(u, 10), Epoch, at.Truncate(time.Second))
	}
}

// checkResolve holds Resolve to its bounds: a kept hint lies from now to
// MaxAhead ahead, in UTC and whole milliseconds; a dropped one carries no
// time or delay that could be used by mistake. What is kept formats as
// seconds and reads back.
func checkResolve(t *testing.T, v Value, now time.Time) {
	t.Helper()
	at, after, why := Resolve(v, now)
	switch why {
	case OK:
		if after < 0 || after > MaxAhead || at.Location() != time.UTC || at.Nanosecond()%1e6 != 0 || at.Before(now.Truncate(time.Millisecond)) {
			t.Fatalf("Resolve(%+v) = %v, %v: out of bounds", v, at, after)
		}
		back, err := Parse(FormatSeconds(after), Seconds)
		if err != nil || back.Delay != after.Round(time.Millisecond) {
			t.Fatalf("Resolve(%+v): delay %v formats as %q, reads back as %+v, %v", v, after, FormatSeconds(after), back, err)
		}
	case Past, TooFar:
		if !at.IsZero() || after != 0 {
			t.Fatalf("Resolve(%+v) = %v, %v, %q: values with a drop", v, at, after, why)
		}
	default:
		t.Fatalf("Resolve(%+v): reason %q", v, why)
	}
}

// pad9 writes n (0 <= n < 1e9) as nine digits, the fraction of a second.
func pad9(n int64) string {
	s := strconv.FormatInt(n, 10)
	for len(s) < 9 {
		s = "0" + s
	}
	return s
}
