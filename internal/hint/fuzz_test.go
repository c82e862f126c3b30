package hint

import (
	"testing"
	"time"
)

func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"20", "1500", "1735689600", "6m0s", "1h2m3.5s", "21.548797579s", `"retryDelay": "21s"`,
		"Please retry in 21.5s.", "try again in 20 seconds", "1 hour, 30 minutes and 5 seconds",
		"Wed, 21 Oct 2015 07:28:00 GMT", "Sunday, 06-Nov-94 08:49:37 GMT", "Sun Nov  6 08:49:37 1994",
		"2026-01-01T00:00:30.123+05:30", "You will regain access on 2026-12-01 at 00:00 UTC",
		"Dec 1, 2026 at 12:00 AM UTC", "99999999999999999999", "1e400", "-5", "NaN", "250µs",
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
		if v.Absolute {
			if v.At.Location() != time.UTC || v.At.Year() < 0 || v.At.Year() > 9999 || v.Delay != 0 {
				t.Fatalf("Parse(%q) = %+v: bad absolute value", s, v)
			}
		} else {
			if v.Delay < 0 || v.Delay > maxDelay || !v.At.IsZero() {
				t.Fatalf("Parse(%q) = %+v: bad delay", s, v)
			}
			// What FormatSeconds writes, Parse reads back to the millisecond.
			txt := FormatSeconds(v.Delay)
			back, err := Parse(txt, Seconds)
			if err != nil || back.Absolute || back.Delay != v.Delay.Round(time.Millisecond) {
				t.Fatalf("FormatSeconds(%v) = %q, read back as %+v, %v", v.Delay, txt, back, err)
			}
		}
		at, after, why := Resolve(v, now)
		switch why {
		case OK:
			if after < 0 || after > MaxAhead || at.Location() != time.UTC || at.Nanosecond()%1e6 != 0 {
				t.Fatalf("Resolve(%+v) = %v, %v: out of bounds", v, at, after)
			}
		case Past, TooFar:
			if !at.IsZero() || after != 0 {
				t.Fatalf("Resolve(%+v) = %v, %v, %q: values with a drop", v, at, after, why)
			}
		default:
			t.Fatalf("Resolve(%+v): reason %q", v, why)
		}
		_ = FormatSeconds(after)
	})
}
