package hint

import (
	"math/bits"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

// maxDelay is 100 years of 365.25 days. It keeps every sum, and now.Add in Resolve, far
// from time.Duration's ±292-year limit, while leaving MaxAhead to Resolve so that a hint
// a few weeks ahead is reported as too_far rather than as unreadable.
const maxDelay = 36525 * 24 * time.Hour

// maxEpoch is 9999-12-31T23:59:59Z: beyond it a number is an epoch in milliseconds or
// garbage, and time.Time would no longer format as RFC 3339.
const maxEpoch = 253402300799

// unitOf returns the length of a unit, spelled (in lower case) as Go durations,
// protobuf JSON durations and English messages spell it. It is a switch rather than a
// map: a hint is parsed for every message classified with one, and hashing the word
// costs more than the few comparisons of the switch's search.
func unitOf(word string) (time.Duration, bool) {
	switch word {
	case "ns", "nsec", "nanosecond", "nanoseconds":
		return time.Nanosecond, true
	case "us", "µs", "μs", "usec", "microsecond", "microseconds":
		return time.Microsecond, true
	case "ms", "msec", "msecs", "millisecond", "milliseconds":
		return time.Millisecond, true
	case "s", "sec", "secs", "second", "seconds":
		return time.Second, true
	case "m", "min", "mins", "minute", "minutes":
		return time.Minute, true
	case "h", "hr", "hrs", "hour", "hours":
		return time.Hour, true
	case "d", "day", "days":
		return 24 * time.Hour, true
	}
	return 0, false
}

var pow10 = [...]uint64{1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9}

// number is a non-negative decimal split so that it can be scaled without floating
// point, which would round "0.1s" and accept "NaN" and "1e400".
type number struct {
	whole     uint64
	frac      uint64 // the first fracDigits digits after the point
	fracDigit int
	overflow  bool // whole did not fit; reported only once the text is known to be a delay
}

// scanNumber reads digits with an optional fraction from the front of s. Digits beyond
// nanosecond precision are read and dropped.
func scanNumber(s string) (n number, rest string, ok bool) {
	i, digits := 0, 0
	for ; i < len(s) && '0' <= s[i] && s[i] <= '9'; i++ {
		d := uint64(s[i] - '0')
		if n.whole > (1<<63)/10 {
			n.overflow = true
		} else {
			n.whole = n.whole*10 + d
		}
		digits++
	}
	if i < len(s) && s[i] == '.' {
		i++
		fracStart := i
		for ; i < len(s) && '0' <= s[i] && s[i] <= '9'; i++ {
			if n.fracDigit < 9 {
				n.frac = n.frac*10 + uint64(s[i]-'0')
				n.fracDigit++
			}
		}
		if i == fracStart {
			return number{}, s, false // "5." or "."
		}
		digits += i - fracStart
	}
	return n, s[i:], digits > 0
}

// scale returns n units, or false when that exceeds limit.
func (n number) scale(unit time.Duration, limit time.Duration) (time.Duration, bool) {
	u := uint64(unit)
	if n.overflow || n.whole > uint64(limit)/u {
		return 0, false
	}
	// frac/10^k < 1, so frac*u/10^k < u and the 128-bit quotient fits: Div64 cannot panic.
	hi, lo := bits.Mul64(n.frac, u)
	part, _ := bits.Div64(hi, lo, pow10[n.fracDigit])
	total := n.whole*u + part
	if total > uint64(limit) {
		return 0, false
	}
	return time.Duration(total), true
}

// parseDelay reads a bare number in the given unit, or one or more number-unit pairs
// ("1h2m3.5s", "20 seconds", "1 hour, 30 minutes and 5 seconds").
func parseDelay(s string, unit Unit) (Value, error) {
	var total time.Duration
	parts := 0
	for rest := skipSeparators(s); rest != ""; rest = skipSeparators(rest) {
		n, after, ok := scanNumber(rest)
		if !ok {
			return Value{}, errSyntax
		}
		word, after := scanWord(trimBlanks(after))
		if word == "" {
			// A bare number must stand alone: "1h 30" is a typo, not 1 h 30 s.
			if parts > 0 || strings.TrimSpace(after) != "" {
				return Value{}, errSyntax
			}
			return bare(n, unit)
		}
		u, known := unitOf(strings.ToLower(word))
		if !known {
			return Value{}, errSyntax
		}
		d, ok := n.scale(u, maxDelay-total)
		if !ok {
			return Value{}, errRange
		}
		total += d
		parts++
		rest = after
	}
	if parts == 0 {
		return Value{}, errSyntax
	}
	return Value{Delay: total}, nil
}

func bare(n number, unit Unit) (Value, error) {
	switch unit {
	case Millis:
		d, ok := n.scale(time.Millisecond, maxDelay)
		if !ok {
			return Value{}, errRange
		}
		return Value{Delay: d}, nil
	case Epoch:
		return epoch(n)
	default:
		if !n.overflow && n.whole >= minEpoch {
			return epoch(n)
		}
		d, ok := n.scale(time.Second, maxDelay)
		if !ok {
			return Value{}, errRange
		}
		return Value{Delay: d}, nil
	}
}

// minEpoch is 2001-09-09T01:46:40Z, 10^9 seconds after the Unix epoch. A bare number of
// seconds at least this large is read as a Unix time whatever the unit: as a delay it
// would be 31 years, which no server means, while every reset a server sends today is a
// Unix time above it (x-ratelimit-reset: 1780315260; "usage limit reached|1780315260").
// Between MaxAhead and minEpoch a number stays a delay and is dropped as too_far.
const minEpoch = 1_000_000_000

// minEpochMillis is the same instant in milliseconds: a Unix time at least this large
// is read as milliseconds (JavaScript's Date.now()), since in seconds it would lie
// beyond year 9999.
const minEpochMillis = 1_000_000_000_000

// epoch reads n as a Unix time in seconds, or in milliseconds when it is that large.
func epoch(n number) (Value, error) {
	if n.overflow {
		return Value{}, errRange
	}
	if n.whole >= minEpochMillis {
		if n.whole/1000 > maxEpoch {
			return Value{}, errRange
		}
		ns := n.whole % 1000 * uint64(time.Millisecond)
		frac, _ := number{frac: n.frac, fracDigit: n.fracDigit}.scale(time.Millisecond, time.Millisecond)
		return Value{At: time.Unix(int64(n.whole/1000), int64(ns)+int64(frac)).UTC(), Absolute: true}, nil
	}
	if n.whole > maxEpoch {
		return Value{}, errRange
	}
	nsec, _ := number{frac: n.frac, fracDigit: n.fracDigit}.scale(time.Second, time.Second)
	return Value{At: time.Unix(int64(n.whole), int64(nsec)).UTC(), Absolute: true}, nil
}

func skipSeparators(s string) string {
	for {
		for s != "" && (s[0] == ' ' || s[0] == '\t' || s[0] == ',') {
			s = s[1:]
		}
		if len(s) >= 4 && strings.EqualFold(s[:4], "and ") {
			s = s[4:]
			continue
		}
		return s
	}
}

// trimBlanks drops the spaces and tabs in front of s, as strings.TrimLeft
// does without a set built from its cutset on every call (skipSeparators
// likewise).
func trimBlanks(s string) string {
	for s != "" && (s[0] == ' ' || s[0] == '\t') {
		s = s[1:]
	}
	return s
}

// scanWord reads a run of letters, Unicode ones included for "µs" and "μs".
func scanWord(s string) (word, rest string) {
	i := 0
	for i < len(s) {
		if isLetterASCII(s[i]) {
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if !unicode.IsLetter(r) {
			break
		}
		i += size
	}
	return s[:i], s[i:]
}
