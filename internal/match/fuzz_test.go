package match_test

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"

	"github.com/errcat/errcat/internal/match"
)

// FuzzClassify throws arbitrary text and structured evidence at the engine:
// it must not panic, must answer deterministically, and must never put raw
// control bytes or more than ExcerptBytes into the excerpt.
func FuzzClassify(f *testing.F) {
	f.Add("Rate limit exceeded. try again in 20s", 429, "Retry-After", "20")
	f.Add("{\n\"error\": {\"type\": \"overloaded_error\"}\n}", 200, "x", "")
	f.Add("data: {\"error\":{\"type\":\"overloaded_error\"}}\n\x1b[31mbash: x: command not found", 0, "", "")
	f.Add("\x00\xff{[\"\\", 503, "retry-after-ms", "-1")
	f.Fuzz(func(t *testing.T, text string, status int, hname, hvalue string) {
		e := testEngine(t)
		ev := match.Evidence{Text: text}
		if status != 0 {
			ev.HTTP = &match.HTTP{Status: status, Headers: map[string]string{hname: hvalue}, Body: text}
		}
		a := e.Classify(ev, match.Options{Now: now, Explain: true})
		b := e.Classify(ev, match.Options{Now: now, Explain: true})
		if diff := cmp.Diff(a, b); diff != "" {
			t.Fatalf("not deterministic (-first +second):\n%s", diff)
		}
		if len(a.SafeExcerpt) > match.ExcerptBytes || !utf8.ValidString(a.SafeExcerpt) {
			t.Errorf("bad excerpt %q", a.SafeExcerpt)
		}
		if strings.ContainsFunc(a.SafeExcerpt, func(r rune) bool { return r < 0x20 && r != '\t' || r == 0x7f }) {
			t.Errorf("control character in excerpt %q", a.SafeExcerpt)
		}
		if (a.State == match.Classified) != (a.Code != "") {
			t.Errorf("state %q with code %q", a.State, a.Code)
		}
	})
}
