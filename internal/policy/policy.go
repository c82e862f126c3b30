package policy

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Version is the only policy document version this package reads.
const Version = 1

// Limits of a policy's values.
const (
	MaxRetriesLimit    = 10
	MinInitialInterval = time.Second
	MaxInitialInterval = time.Hour
	MinMaxWait         = time.Second
	MaxMaxWait         = 7 * 24 * time.Hour
	// MaxDelay caps every retry delay of the doubling ladder.
	MaxDelay = 24 * time.Hour
)

// Policy maps each class of the catalogue to what to do about it. A class
// without a section stops.
type Policy struct {
	Version int
	Classes map[string]Section
}

// Default is the policy used when none is given: no section, so every
// failure stops, without delay.
func Default() Policy { return Policy{Version: Version} }

// Section is the recovery policy of one class.
type Section struct {
	Retry        Retry        `json:"retry"`
	WaitForReset WaitForReset `json:"wait_for_reset"`
	OnExhausted  Exhausted    `json:"on_exhausted"`
}

// Retry is the doubling retry ladder. Disabled, it holds zero values.
type Retry struct {
	Enabled         bool     `json:"enabled"`
	MaxRetries      int      `json:"max_retries,omitempty"`
	InitialInterval Duration `json:"initial_interval,omitempty"`
}

// WaitForReset honours a provider's retry-after or reset time once per
// class per run. Disabled, it holds zero values.
type WaitForReset struct {
	Enabled bool     `json:"enabled"`
	MaxWait Duration `json:"max_wait,omitempty"`
}

// Exhausted is what happens when nothing more is to be tried.
type Exhausted string

const (
	// OnExhaustedSkip gives up on this target and reports it, for the
	// caller to move on to the next.
	OnExhaustedSkip Exhausted = "skip"
	// OnExhaustedStop stops for a person.
	OnExhaustedStop Exhausted = "stop"
)

// Delay returns the delay before retry n (1-based): initial_interval ×
// 2^(n-1), capped at MaxDelay.
func (r Retry) Delay(n int) time.Duration {
	d := time.Duration(r.InitialInterval)
	for i := 1; i < n; i++ {
		if d >= MaxDelay {
			break
		}
		d *= 2
	}
	return min(d, MaxDelay)
}

// Duration is a time.Duration written as whole units in descending order:
// "5s", "1m30s", "2h", "7d". Its JSON form is that string.
type Duration time.Duration

// ParseDuration reads days (d), hours (h), minutes (m) and seconds (s),
// each at most once and in that order, as whole numbers: "90s", "1h30m",
// "7d". Go's own form for whole seconds ("1h0m0s") is accepted too.
func ParseDuration(s string) (Duration, error) {
	if s == "" {
		return 0, fmt.Errorf("empty duration")
	}
	units := []struct {
		c byte
		d time.Duration
	}{{'d', 24 * time.Hour}, {'h', time.Hour}, {'m', time.Minute}, {'s', time.Second}}
	var total time.Duration
	rest, next := s, 0
	for rest != "" {
		i := 0
		for i < len(rest) && rest[i] >= '0' && rest[i] <= '9' {
			i++
		}
		if i == 0 || i == len(rest) {
			return 0, fmt.Errorf("bad duration %q: want whole numbers with units d, h, m, s, such as 30s, 5m or 1h30m", s)
		}
		k := next
		for k < len(units) && units[k].c != rest[i] {
			k++
		}
		if k == len(units) {
			return 0, fmt.Errorf("bad duration %q: want whole numbers with units d, h, m, s in that order, such as 30s, 5m or 1h30m", s)
		}
		n, err := strconv.ParseInt(rest[:i], 10, 64)
		if err != nil || n > int64(MaxMaxWait*4/units[k].d) {
			return 0, fmt.Errorf("duration %q is out of range", s)
		}
		total += time.Duration(n) * units[k].d
		if total > MaxMaxWait*4 {
			return 0, fmt.Errorf("duration %q is out of range", s)
		}
		rest, next = rest[i+1:], k+1
	}
	return Duration(total), nil
}

// String writes the duration in the form ParseDuration reads, with the
// largest units first ("1d2h", "1m30s", "0s"). A duration with a fraction
// of a second falls back to Go's notation.
func (d Duration) String() string { return FormatDuration(time.Duration(d)) }

// FormatDuration writes d compactly: "10s", "1m30s", "2h", "1d".
func FormatDuration(d time.Duration) string {
	if d%time.Second != 0 || d < 0 {
		return d.String()
	}
	if d == 0 {
		return "0s"
	}
	var b strings.Builder
	for _, u := range []struct {
		name string
		d    time.Duration
	}{{"d", 24 * time.Hour}, {"h", time.Hour}, {"m", time.Minute}, {"s", time.Second}} {
		if n := d / u.d; n > 0 {
			fmt.Fprintf(&b, "%d%s", n, u.name)
			d -= n * u.d
		}
	}
	return b.String()
}

// MarshalText writes the duration as ParseDuration reads it.
func (d Duration) MarshalText() ([]byte, error) { return []byte(d.String()), nil }

// UnmarshalText reads a duration with ParseDuration.
func (d *Duration) UnmarshalText(b []byte) error {
	v, err := ParseDuration(string(b))
	if err != nil {
		return err
	}
	*d = v
	return nil
}
