package redact

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestExcerptLongToken: a token too long to cut on a break (a base64
// blob, a minified payload) beside or around the match leaves the match
// shown, and no more of the token than the match.
func TestExcerptLongToken(t *testing.T) {
	blob := strings.Repeat("QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVo", 60) // 2,100 bytes, no break
	const phrase = "rate limit exceeded"
	longJWT := jwtToken[:len(jwtToken)-43] + strings.Repeat(alnum(12, 43), 100)
	tests := []struct {
		name, s, want string
	}{
		{"blob after", "Error: " + phrase + " " + blob, "Error: rate limit exceeded…"},
		{"blob glued after", phrase + "," + blob, "rate limit exceeded…"},
		{"blob before", blob + " " + phrase + " (try later)", "…rate limit exceeded (try later)"},
		{"blobs both sides", blob + " " + phrase + " " + blob, "…rate limit exceeded…"},
		{"inside a blob", blob + "-ratelimitexceeded-" + blob, "…ratelimitexceeded…"},
		{"blob after words", strings.Repeat("word ", 400) + phrase + " " + blob, "…" + strings.Repeat("word ", 43) + "rate limit exceeded…"},
		{"inside a long JWT", "token " + longJWT[:900] + "-ratelimitexceeded-" + longJWT[900:] + " end", "…[redacted:jwt]…"},
		{"after many newlines", "a" + strings.Repeat("\n", 1500) + phrase, "…rate limit exceeded"},
		{"after many escapes", "a " + strings.Repeat("\x1b[0m", 500) + " " + phrase, "…rate limit exceeded"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := strings.LastIndex(tt.s, phrase)
			n := len(phrase)
			if p < 0 {
				p, n = strings.Index(tt.s, "ratelimitexceeded"), len("ratelimitexceeded")
			}
			got := Excerpt(tt.s, p, p+n, 240)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("mismatch (-want +got):\n%s", diff)
			}
		})
	}
}
