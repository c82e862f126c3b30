package hint

import "time"

// Reason says why a hint was dropped.
type Reason string

// The reasons a hint is dropped. A relative delay of zero is kept: "Retry-After: 0"
// is a real instruction to retry at once, and so is an absolute time in the second now
// falls in (an HTTP-date names whole seconds), kept as a delay of zero. An absolute time
// before that is dropped as Past: the reset has already happened, so it says nothing
// about how long to wait and usually means the clocks disagree or the value was read
// from the wrong place.
const (
	OK          Reason = ""
	Unparseable Reason = "unparseable" // an absolute Value with a zero At
	Past        Reason = "past"        // Delay < 0, or At <= now
	TooFar      Reason = "too_far"     // more than MaxAhead ahead
	// NotExhausted: a RateLimit field names no quota with nothing
	// remaining and a reset in seconds, so it says nothing about waiting.
	NotExhausted Reason = "not_exhausted"
)

// MaxAhead is the longest hint trusted: a reset further away is more likely a misread than a plan.
const MaxAhead = 7 * 24 * time.Hour

// Resolve checks v against now and returns the absolute reset time and the delay from
// now, or the Reason it was dropped, with a zero time and delay so that a dropped hint
// cannot be used by mistake.
//
// A wall-clock Value is placed first (Value.place): its date and time in its zone, or
// the next occurrence of its time of day after now, the zone being now's when the text
// named none. The checks use the exact values, so exactly MaxAhead is kept. The returned time is in
// UTC and truncated to whole milliseconds, the precision it is reported with; the delay
// is exact and may differ from at.Sub(now) by less than a millisecond.
func Resolve(v Value, now time.Time) (at time.Time, after time.Duration, why Reason) {
	if v.Absolute {
		if v.At.IsZero() && v.Wall != WallClock {
			return time.Time{}, 0, Unparseable
		}
		if v.Wall != Instant {
			v.At = v.place(now)
		}
		after = v.At.Sub(now) // saturates rather than wrapping for far-off times
		at = v.At
		if after < 0 {
			if v.At.Nanosecond() != 0 || !now.Truncate(time.Second).Equal(v.At) {
				return time.Time{}, 0, Past
			}
			at, after = now, 0 // the whole second now is in: retry at once
		}
	} else {
		if v.Delay < 0 {
			return time.Time{}, 0, Past
		}
		after = v.Delay
	}
	if after > MaxAhead {
		return time.Time{}, 0, TooFar
	}
	if !v.Absolute {
		at = now.Add(after) // safe: after <= MaxAhead
	}
	return at.UTC().Truncate(time.Millisecond), after, OK
}
