package hint

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

// Unit says how a bare number is read.
type Unit uint8

const (
	Seconds Unit = iota // "20" is 20 s (Retry-After)
	Millis              // "1500" is 1.5 s (retry-after-ms)
	Epoch               // "1735689600" is that Unix time
)

// Value is a parsed hint: either a delay relative to when the failure was seen, or an absolute time.
type Value struct {
	Delay    time.Duration // valid when !Absolute
	At       time.Time     // valid when Absolute, in UTC
	Absolute bool
	// Wall, with Absolute, says At is a wall-clock reading (its fields, in
	// UTC) to be placed in Loc by Resolve; a nil Loc is the zone of the
	// clock Resolve is given.
	Wall Wall
	Loc  *time.Location
}

// maxInput bounds the work done on text that cannot be a hint anyway; the longest real
// form ("You will regain access on 2026-12-01 at 00:00 UTC") is a fraction of it.
const maxInput = 256

// errRange marks text that is well-formed but whose value no real hint could have, so
// Parse reports it as such instead of going on to try the date forms.
var errRange = errors.New("out of range")

// errSyntax marks text that is not a delay; the date forms are tried next.
var errSyntax = errors.New("not a delay")

// Parse reads s (surrounding space and quotes trimmed). It returns an error describing why s is not a hint.
//
// The unit only applies to a bare number: "20s" is a 20 s delay whatever the unit, and
// a retry-after-ms key in s ("retry-after-ms: 1500") forces Millis, because the header
// name is less likely to be wrong than the rule that captured it. A date needs a UTC
// zone (UTC, GMT, Z or a numeric offset) to be an instant; a bare date means 00:00 UTC.
// A time of day ("3pm", "9:35 AM", "14:00 UTC") and a date and time without an offset
// ("2026-07-12 04:30:37") are wall-clock readings, in the IANA zone written after them
// ("(Europe/Lisbon)") or else in the zone of the clock Resolve is given; a zone written
// as an abbreviation other than UTC and GMT ("PST", "IST") is not read, since each names
// several offsets.
func Parse(s string, unit Unit) (Value, error) {
	if unit > Epoch {
		return Value{}, fmt.Errorf("hint: unknown unit %d", unit)
	}
	if len(s) > maxInput {
		return Value{}, parseError(s, "too long to be a timing hint")
	}
	v := clean(s)
	v, unit = stripKey(v, unit)
	v = clean(stripLeadIn(clean(v)))
	if v == "" {
		return Value{}, parseError(s, "empty")
	}
	if v[0] == '-' || v[0] == '+' {
		// RFC 9110 delay-seconds is 1*DIGIT; a sign means a computed value went wrong.
		return Value{}, parseError(s, "signed value")
	}
	d, err := parseDelay(v, unit)
	if err == nil {
		return d, nil
	}
	if errors.Is(err, errRange) {
		return Value{}, tooFarError{parseError(s, "out of range (beyond 100 years, or after year 9999)")}
	}
	if t, ok := parseDate(v); ok {
		return Value{At: t, Absolute: true}, nil
	}
	if w, ok := parseWall(v); ok {
		return w, nil
	}
	return Value{}, parseError(s, "not a delay, duration or date")
}

// tooFarError is a hint that is well formed but further away than any
// real hint could be: Resolve would drop it as TooFar, not Unparseable.
type tooFarError struct{ error }

// IsTooFar reports whether err, from Parse, is a well-formed hint too far
// ahead to be real (a delay of centuries), which is dropped as TooFar.
func IsTooFar(err error) bool {
	var t tooFarError
	return errors.As(err, &t)
}

func parseError(s, why string) error {
	const show = 64
	if len(s) > show {
		s = s[:show] + "..."
	}
	return fmt.Errorf("hint %s: %s", strconv.Quote(s), why)
}

// clean drops what surrounds a value when it was cut out of a header line, a JSON
// document or a sentence: space, quotes, and sentence punctuation ("in 21.5s.").
// In front that is space and quotes, behind also punctuation, in any order. It
// looks at each end's runes once, where trimming with strings.Trim and its
// cutsets until nothing changes would cost more than parsing the value. An ASCII byte is
// its own rune, and is not decoded: a hint is parsed for every message
// classified with one, and values are ASCII.
func clean(s string) string {
	for s != "" {
		r, n := rune(s[0]), 1
		if r >= utf8.RuneSelf {
			r, n = utf8.DecodeRuneInString(s)
		}
		if !cleanFront(r) {
			break
		}
		s = s[n:]
	}
	for s != "" {
		r, n := rune(s[len(s)-1]), 1
		if r >= utf8.RuneSelf {
			r, n = utf8.DecodeLastRuneInString(s)
		}
		if !cleanFront(r) && r != '.' && r != ',' && r != ';' && r != '!' {
			break
		}
		s = s[:len(s)-n]
	}
	return s
}

// cleanFront reports whether clean drops r in front of a value.
func cleanFront(r rune) bool {
	return unicode.IsSpace(r) || r == '"' || r == '\'' || r == '`'
}

// stripKey drops a known header or JSON key in front of the value, for rules whose
// regex captured the whole "retry-after-ms: 1500" or `"retryDelay": "21s"`. Only known
// keys are dropped so that "error: 500" is not read as a 500 s delay.
func stripKey(s string, unit Unit) (string, Unit) {
	i := 0
	for i < len(s) && s[i] != ':' && s[i] != '=' {
		i++
	}
	if i == 0 || i == len(s) {
		return s, unit
	}
	key := strings.ToLower(strings.Trim(strings.TrimSpace(s[:i]), "\"'`"))
	switch {
	case strings.HasSuffix(key, "retry-after-ms"): // also Azure's x-ms-retry-after-ms
		unit = Millis
	case key == "retry-after", key == "retrydelay", key == "retry_delay",
		key == "ratelimit-reset", key == "x-ratelimit-reset",
		strings.HasPrefix(key, "x-ratelimit-reset-"),
		strings.HasPrefix(key, "anthropic-ratelimit-") && strings.HasSuffix(key, "-reset"):
	default:
		return s, unit
	}
	return clean(s[i+1:]), unit
}

func isLetterASCII(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

// leadIn holds the words that introduce a hint in prose ("Please try again in",
// "retry after", "You will regain access on"). Only these are skipped, and only in
// front, so that a capture like "attempt 2 of 5" still fails instead of yielding 2 s.
var leadIn = map[string]bool{
	"please": true, "retry": true, "retrying": true, "try": true, "again": true,
	"in": true, "after": true, "wait": true, "for": true, "you": true, "can": true,
	"may": true, "will": true, "regain": true, "access": true, "on": true, "at": true,
	"reset": true, "resets": true, "until": true,
}

func stripLeadIn(s string) string {
	for {
		word, rest, _ := strings.Cut(s, " ")
		// Most values begin with a digit: no lead-in word begins with
		// an ASCII byte that is not a letter, so the map need not say.
		if word == "" || word[0] < utf8.RuneSelf && !isLetterASCII(word[0]) || !leadIn[strings.ToLower(word)] {
			return s
		}
		s = strings.TrimSpace(rest)
	}
}
