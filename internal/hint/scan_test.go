package hint

import (
	"math/rand/v2"
	"strings"
	"testing"
	"time"
	"unicode"
)

// TestScannersAgainstUnicode holds clean, scanWord and trimBlanks, which
// settle ASCII bytes without decoding them, to their definitions in
// terms of runes, on random strings of the bytes and runes they meet.
func TestScannersAgainstUnicode(t *testing.T) {
	front := func(r rune) bool { return unicode.IsSpace(r) || strings.ContainsRune("\"'`", r) }
	back := func(r rune) bool { return unicode.IsSpace(r) || strings.ContainsRune("\"'`.,;!", r) }
	notLetter := func(r rune) bool { return !unicode.IsLetter(r) }
	pieces := []string{
		" ", "\t", "\n", "\v", "\u00a0", "\u0085", "\u2003", "\u3000", "\"", "'", "`", ".", ",", ";", "!",
		"a", "Z", "s", "ms", "µ", "μ", "é", "ǅ", "0", "7", "-", "_", ":", "=", "\xff", "\xc2", "\xe2\x80",
	}
	rng := rand.New(rand.NewPCG(4, 9))
	for i := 0; i < 50000; i++ {
		var b strings.Builder
		for n := rng.IntN(8); n > 0; n-- {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		s := b.String()
		if got, want := clean(s), strings.TrimRightFunc(strings.TrimLeftFunc(s, front), back); got != want {
			t.Fatalf("clean(%q) = %q, want %q", s, got, want)
		}
		end := strings.IndexFunc(s, notLetter)
		if end < 0 {
			end = len(s)
		}
		if word, rest := scanWord(s); word != s[:end] || rest != s[end:] {
			t.Fatalf("scanWord(%q) = %q, %q; want %q, %q", s, word, rest, s[:end], s[end:])
		}
		if got, want := trimBlanks(s), strings.TrimLeft(s, " \t"); got != want {
			t.Fatalf("trimBlanks(%q) = %q, want %q", s, got, want)
		}
	}
}

// TestUnitSpellings reads "2" with every unit spelling Parse knows, in
// lower and upper case, and one it does not.
func TestUnitSpellings(t *testing.T) {
	units := map[time.Duration][]string{
		time.Nanosecond:  {"ns", "nsec", "nanosecond", "nanoseconds"},
		time.Microsecond: {"us", "µs", "μs", "usec", "microsecond", "microseconds"},
		time.Millisecond: {"ms", "msec", "msecs", "millisecond", "milliseconds"},
		time.Second:      {"s", "sec", "secs", "second", "seconds"},
		time.Minute:      {"m", "min", "mins", "minute", "minutes"},
		time.Hour:        {"h", "hr", "hrs", "hour", "hours"},
		24 * time.Hour:   {"d", "day", "days"},
	}
	for d, words := range units {
		for _, w := range words {
			for _, s := range []string{"2" + w, "2 " + strings.ToUpper(w)} {
				if v, err := Parse(s, Seconds); err != nil || v != (Value{Delay: 2 * d}) {
					t.Errorf("Parse(%q) = %+v, %v; want a delay of %v", s, v, err, 2*d)
				}
			}
		}
	}
	if _, err := Parse("2 fortnights", Seconds); err == nil {
		t.Error(`Parse("2 fortnights") succeeded`)
	}
}
