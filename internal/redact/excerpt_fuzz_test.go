package redact

import (
	"strings"
	"testing"
)

// phrases are what a rule might have matched.
var phrases = []string{"rate limit exceeded", "ECONNREFUSED", "429", "Could not resolve host: example.com", "quota"}

// FuzzExcerptKeepsMatch: whatever text surrounds a matched phrase, the
// excerpt around the match shows the phrase, or, where the phrase is part
// of a secret, the secret's marker. The text is normalised first, as the
// engine matches and cuts excerpts from normalised records; max leaves
// room for the phrase and two markers.
func FuzzExcerptKeepsMatch(f *testing.F) {
	blob := strings.Repeat("QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVo", 60)
	for _, s := range []struct {
		prefix, suffix string
		which          uint8
		max            uint16
	}{
		{"Error: ", " " + blob, 0, 200},
		{blob + " ", " (try later)", 0, 200},
		{"x" + blob, blob + "y", 1, 200},
		{blob + "-", "-" + blob, 2, 0},
		{"a" + strings.Repeat("\n", 1500), "", 0, 200},
		{"a " + strings.Repeat("\x1b[0m", 500) + " ", "", 3, 100},
		{strings.Repeat("word ", 400), " " + blob, 3, 40},
		{"password=", " " + blob, 4, 10},
		{"token eyJhbGciOiJIUzI1NiJ9." + blob + "-", "-" + blob + " end", 2, 60},
		{"\x1b]0;", "\x07 done", 0, 20},
		{"\u00a0\u200b", "\u202e\U000E0041", 1, 5},
	} {
		f.Add(s.prefix, s.suffix, s.which, s.max)
	}
	f.Fuzz(func(t *testing.T, prefix, suffix string, which uint8, max uint16) {
		phrase := phrases[int(which)%len(phrases)]
		text := Normalize(prefix + phrase + suffix)
		start := strings.Index(text, phrase)
		if start < 0 {
			t.Skip("normalising the text took the phrase apart")
		}
		m := len(phrase) + 2*len(ellipsis) + 2*len("[redacted:github_token]") + int(max)%1000
		got := Excerpt(text, start, start+len(phrase), m)
		if !strings.Contains(got, phrase) && !strings.Contains(got, markerPrefix) {
			t.Fatalf("Excerpt(%q, %d, %d, %d) = %q: the match is lost", text, start, start+len(phrase), m, got)
		}
		if len(got) > m {
			t.Fatalf("excerpt of %d bytes, max %d", len(got), m)
		}
	})
}
