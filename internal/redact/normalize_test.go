package redact

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
	"unsafe"
)

func TestNormalize(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"plain", "rate limit exceeded", "rate limit exceeded"},
		{"plain unicode", "héllo ✓ 日本 “quoted”", "héllo ✓ 日本 “quoted”"},
		{"colour", "rate \x1b[31mlimit\x1b[0m exceeded", "rate limit exceeded"},
		{"8-bit csi", "rate \x9b31mlimit\x9b0m exceeded", "rate limit exceeded"},
		{"encoded 8-bit csi", "rate \u009b31mlimit\u009b0m exceeded", "rate limit exceeded"},
		{"unterminated osc", "\x1b]0;rate limit exceeded", "rate limit exceeded"},
		{"8-bit osc", "\u009d0;title\u009crate limit \x9d8;;u\x07exceeded", "rate limit exceeded"},
		{"unterminated 8-bit osc", "\x9d0;rate limit exceeded", "rate limit exceeded"},
		{"other c1", "rate\u0085 limit", "rate limit"},
		{"no-break spaces", "rate\u00a0limit\u202fexceeded\u3000now\u2007x", "rate limit exceeded now x"},
		{"zero width", "ra\u200bte li\u200cmi\u200dt ex\u2060ceeded\ufeff", "rate limit exceeded"},
		{"soft hyphen", "ex\u00adceeded", "exceeded"},
		{"bidi", "\u202erate\u202c \u2066limit\u2069 \u200eex\u200fcee\u061cded", "rate limit exceeded"},
		{"tags", "rate\U000E0041\U000E0062\U000E007F limit", "rate limit"},
		{"line separators", "rate\u2028limit\u2029exceeded", "rate limit exceeded"},
		{"invalid utf-8 kept", "a\xffb\x85c\xe2", "a\xffb\x85c\xe2"},
		{"other controls kept", "a\x00b\x07c\td", "a\x00b\x07c\td"},
		{"long s and kelvin kept", "\u017f\u212a", "\u017f\u212a"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Normalize(tt.in); got != tt.want {
				t.Errorf("Normalize(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

// TestNormalizeReturnsInput: text that needs no change is returned as it
// is, without a copy.
func TestNormalizeReturnsInput(t *testing.T) {
	for _, s := range []string{"", "plain ASCII text of some length, eight bytes a word", "héllo 日本"} {
		if got := Normalize(s); got != s || len(s) > 0 && unsafe.StringData(got) != unsafe.StringData(s) {
			t.Errorf("Normalize(%q) = %q, not s itself", s, got)
		}
		if n := testing.AllocsPerRun(10, func() { Normalize(s) }); n != 0 {
			t.Errorf("Normalize(%q) allocates %v times", s, n)
		}
	}
}

// TestNormalizeAgainstRunes holds Normalize to NormalizesRune and
// NextChange: its output holds no rune NormalizesRune names, it is a
// fixed point, and NextChange finds a change exactly where Normalize
// makes one.
func TestNormalizeAgainstRunes(t *testing.T) {
	pieces := []string{"a", "b ", "\x1b[1m", "\x1b]0;", "\x07", "\x9b", "\u009b", "2m", "\x9d", "\u009c", "\x9c", "\u00a0", "\u200b",
		"\ufeff", "\U000E0041", "\u2028", "\xff", "\xe2\x80", "\u201c", "é", "\u0085", "\n", "\r", ";", "\x1b\\", "\xc2"}
	rng := rand.New(rand.NewPCG(1, 2))
	valid := 0
	for round := 0; round < 20000; round++ {
		var b strings.Builder
		for k := rng.IntN(10); k >= 0; k-- {
			p := pieces[rng.IntN(len(pieces))]
			if round%2 == 0 && !utf8.ValidString(p) {
				continue
			}
			b.WriteString(p)
		}
		s := b.String()
		if utf8.ValidString(s) {
			valid++
		}
		got := Normalize(s)
		// Removing a sequence can join invalid bytes into a rune ("\xc2"
		// and "\x9b" around one make U+009B): the rest holds for valid text.
		if again := Normalize(got); again != got && utf8.ValidString(s) {
			t.Fatalf("Normalize(%q) = %q, not a fixed point: %q", s, got, again)
		}
		for i, r := range got {
			if NormalizesRune(r) && utf8.ValidString(s) {
				t.Fatalf("Normalize(%q) = %q holds %U at %d", s, got, r, i)
			}
		}
		if (NextChange(s, 0) < 0) != (got == s) {
			t.Fatalf("NextChange(%q) = %d, Normalize gives %q", s, NextChange(s, 0), got)
		}
	}
	if valid < 5000 {
		t.Fatalf("only %d valid texts: the test proves little", valid)
	}
}

// TestRuneSets holds the bit sets that invisible and normalized read
// below 0x10000 to the Unicode tables they are built from, over every
// rune.
func TestRuneSets(t *testing.T) {
	for r := rune(0); r <= unicode.MaxRune; r++ {
		inv := 0xe0000 <= r && r <= 0xe007f || unicode.Is(unicode.Cf, r)
		if invisible(r) != inv {
			t.Fatalf("invisible(%U) = %v", r, !inv)
		}
		if r < 0x80 {
			continue
		}
		norm := 0x80 <= r && r <= 0x9f || inv || unicode.Is(unicode.Zs, r) || r == 0x2028 || r == 0x2029
		if normalized(r) != norm || NormalizesRune(r) != norm {
			t.Fatalf("normalized(%U) = %v, NormalizesRune %v, want %v", r, normalized(r), NormalizesRune(r), norm)
		}
	}
}

// TestNextChange holds NextChange, which decodes most runes itself, to a
// rune-by-rune reading of what Normalize changes, from every offset of
// random text, valid and not.
func TestNextChange(t *testing.T) {
	oracle := func(s string, from int) int {
		for i := from; i < len(s); {
			r, n := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && n == 1 && c1Kind(s[i]) != 0 || NormalizesRune(r) && !(r == utf8.RuneError && n == 1) {
				return i
			}
			i += n
		}
		return -1
	}
	pieces := []string{"a", " ", "\x1b", "é", "ß", "日本", "\u3000", "\u3001", "\u00a0", "\u00ad", "\u0085", "\u200b", "\u2028", "\u2066",
		"\u202f", "\ufeff", "\ufffd", "\U0001F600", "\U000E0041", "\u0600", "\u061c", "\u180e", "\u1680", "\xff", "\x9b", "\x9d", "\x85",
		"\xc2", "\xe2\x80", "\xed\xa0\x80", "\xe0\x80\x80", "\xf0\x9f", "\u0890", "\u08e2"}
	rng := rand.New(rand.NewPCG(3, 3))
	for round := 0; round < 20000; round++ {
		var b strings.Builder
		for k := rng.IntN(12); k >= 0; k-- {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		s := b.String()
		for from := 0; from <= len(s); from++ {
			if got, want := NextChange(s, from), oracle(s, from); got != want {
				t.Fatalf("NextChange(%q, %d) = %d, want %d", s, from, got, want)
			}
		}
	}
}

// TestAppendChanges holds AppendChanges to a rune-by-rune reading of
// what Normalize changes: every changed rune, and C1 introducer byte, is
// found, and nothing else (not a byte inside a valid rune).
func TestAppendChanges(t *testing.T) {
	pieces := []string{"a ", "\x1b[0m", "é", "日本", "\u3000", "\u3001", "\u00a0", "\u00ad", "\u0085", "\u200b", "\u201c", "\u2028",
		"\u2066", "\ufeff", "\U0001F600", "\U000E0041", "\U0001D173", "\u0600", "\u061c", "\u06dd", "\u070f", "\u180e", "\u0890", "\x9b", "\xff",
		// Valid runes that hold C1 introducer bytes, and broken ones.
		"\u015b", "\u201b", "\U0001F69D", "\u0758", "\xc5", "\xe2\x80", "\xf0\x9f\x9a", "\x9d", "\x90", "\xed\xa0\x9b"}
	rng := rand.New(rand.NewPCG(5, 5))
	for round := 0; round < 20000; round++ {
		var b strings.Builder
		for k := rng.IntN(16); k >= 0; k-- {
			p := pieces[rng.IntN(len(pieces))]
			if round%2 == 0 && !utf8.ValidString(p) {
				continue
			}
			b.WriteString(p)
		}
		s := b.String()
		var want []int
		for i := 0; i < len(s); {
			r, n := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && n == 1 && c1Kind(s[i]) != 0 || r >= 0x80 && NormalizesRune(r) {
				want = append(want, i)
			}
			if s[i] == 0x1b {
				n = 1 // ESC is not looked for, nor what follows it
			}
			i += n
		}
		got := AppendChanges(nil, s)
		slices.Sort(got)
		if !slices.Equal(got, want) {
			t.Fatalf("AppendChanges(%q) = %v, want %v", s, got, want)
		}
	}
}
