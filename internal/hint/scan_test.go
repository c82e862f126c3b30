package hint

import (
	"math/rand/v2"
	"strings"
	"testing"
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
