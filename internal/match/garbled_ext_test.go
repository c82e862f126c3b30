package match_test

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/errcat/errcat/internal/match"
)

// TestGarbled: input that is not text, or barely, is unclassified with
// reason garbled instead of no_match; text, even with some binary noise,
// keeps its answer, and a match in garbled input still classifies.
func TestGarbled(t *testing.T) {
	e := testEngine(t)
	rng := rand.New(rand.NewPCG(8, 8))
	random := make([]byte, 4096)
	for i := range random {
		random[i] = byte(rng.UintN(256))
	}
	latin1 := "Le fichier est d\xe9j\xe0 ouvert par un autre programme, r\xe9essayez plus tard\n"
	tests := []struct{ name, text, reason, rule string }{
		{"random bytes", string(random), "garbled", ""},
		{"nul bytes", strings.Repeat("\x00", 64), "garbled", ""},
		{"utf-16 without a byte order mark", "b\x00u\x00i\x00l\x00d\x00 \x00f\x00a\x00i\x00l\x00e\x00d\x00\n\x00", "garbled", ""},
		{"overstruck manual page", "N\bNA\bAM\bME\bE\n     l\bls\bs - list directory contents\n", "no_match", ""},
		{"bells and shifts", "\a\a\x0e\x0f\x01\x02 done\n", "no_match", ""},
		{"text", "build finished in 3s\n", "no_match", ""},
		{"latin-1 text", latin1, "no_match", ""},
		{"colour codes", strings.Repeat("\x1b[31mred\x1b[0m \x1b[1;4mbold\x1b[m\n", 20), "no_match", ""},
		{"some binary noise", "starting\n\x00\x00\xff\xfe\x01 stray bytes\n" + strings.Repeat("ordinary log line\n", 4), "no_match", ""},
		{"a match amid binary", string(random[:2000]) + "\nRate limit exceeded\n" + string(random[2000:]), "", "text.rate_limit"},
		{"a match amid nuls", "\x00\x00\x00\x00\x00\x00\x00\x00Rate limit exceeded\x00\x00\x00", "", "text.rate_limit"},
		{"blank", " \n\t\n", "empty", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := e.Classify(match.Evidence{Text: tt.text}, match.Options{Now: now})
			if c.Reason != tt.reason || c.Rule != tt.rule {
				t.Errorf("Classify: reason %q rule %q, want %q %q", c.Reason, c.Rule, tt.reason, tt.rule)
			}
			s := e.Begin(match.Evidence{}, match.Options{Now: now})
			if _, err := s.Feed(strings.NewReader(tt.text), 0); err != nil {
				t.Fatal(err)
			}
			if f := s.Finish(); f.Reason != tt.reason || f.Rule != tt.rule {
				t.Errorf("Feed: reason %q rule %q, want %q %q", f.Reason, f.Rule, tt.reason, tt.rule)
			}
			// An HTTP body is text too.
			ev := match.Evidence{HTTP: &match.HTTP{Status: 418, Body: tt.text}}
			if tt.reason == "garbled" {
				if c := e.Classify(ev, match.Options{Now: now}); c.Reason != "garbled" {
					t.Errorf("body: reason %q, want garbled", c.Reason)
				}
			}
		})
	}
	// The bulk path hands on matched records only: never a garbled one.
	got := bulk(t, e, string(random)+"\nRate limit exceeded\n", 1)
	if len(got) != 1 || got[0].Rule != "text.rate_limit" {
		t.Errorf("Lines: %+v", got)
	}
}
