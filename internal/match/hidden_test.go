package match_test

import (
	"strings"
	"testing"

	"github.com/errcat/errcat/internal/match"
)

// hiddenCases are records whose phrase a reader sees whole but whose
// bytes split it: 8-bit escapes, an unterminated OSC, invisible
// characters and spaces other than ' '. rule is the rule that must match,
// and shown what the excerpt must hold.
var hiddenCases = []struct{ name, rec, rule, shown string }{
	{"no-break space", "Rate\u00a0limit exceeded", "text.rate_limit", "Rate limit exceeded"},
	{"narrow no-break space", "Rate limit\u202fexceeded", "text.rate_limit", "Rate limit exceeded"},
	{"figure space", "You exceeded your\u2007current quota", "text.quota", "exceeded your current quota"},
	{"ideographic space", "maximum\u3000context length is 8192", "text.too_long", "maximum context length"},
	{"line separator", "Rate limit\u2028exceeded", "text.rate_limit", "Rate limit exceeded"},
	{"zero-width space", "You exceeded your cur\u200brent quota", "text.quota", "exceeded your current quota"},
	{"zero-width joiner", "maximum con\u200dtext length", "text.too_long", "maximum context length"},
	{"word joiner", "maxi\u2060mum context length", "text.too_long", "maximum context length"},
	{"soft hyphen", "inva\u00adlid request: missing field", "text.invalid", "invalid request"},
	{"byte order mark", "\ufeffinvalid request", "text.invalid", "invalid request"},
	{"bidi mark", "Rate\u200e limit\u200f exceeded", "text.rate_limit", "Rate limit exceeded"},
	{"bidi override", "\u202eRate limit exceeded\u202c", "text.rate_limit", "Rate limit exceeded"},
	{"tag characters", "inv\U000E0041\U000E0042alid request", "text.invalid", "invalid request"},
	{"8-bit csi byte", "\x9b31mRate limit\x9b0m exceeded", "text.rate_limit", "Rate limit exceeded"},
	{"8-bit csi rune", "\u009b1mRate limit exceeded\u009b0m", "text.rate_limit", "Rate limit exceeded"},
	{"8-bit osc", "\x9d0;build 7\x9cinvalid request", "text.invalid", "invalid request"},
	{"unterminated osc", "\x1b]0;invalid request", "text.invalid", "invalid request"},
	{"unterminated 8-bit osc", "\u009d2;maximum context length", "text.too_long", "maximum context length"},
}

// TestHiddenBytesDoNotDefeatMatching classifies each hidden case alone,
// streamed whole (Feed), and on the bulk path among ordinary lines, which
// must look at each such record although its raw bytes hold no trigger.
func TestHiddenBytesDoNotDefeatMatching(t *testing.T) {
	e := testEngine(t)
	var log strings.Builder
	for _, tc := range hiddenCases {
		t.Run(tc.name, func(t *testing.T) {
			c := e.Classify(match.Evidence{Text: tc.rec}, match.Options{Now: now})
			if c.Rule != tc.rule || !strings.Contains(c.SafeExcerpt, tc.shown) {
				t.Errorf("Classify(%q): rule %q, excerpt %q; want %s showing %q", tc.rec, c.Rule, c.SafeExcerpt, tc.rule, tc.shown)
			}
			s := e.Begin(match.Evidence{}, match.Options{Now: now})
			if _, err := s.Feed(strings.NewReader("ok\n"+tc.rec+"\n"), 0); err != nil {
				t.Fatal(err)
			}
			if c := s.Finish(); c.Rule != tc.rule {
				t.Errorf("Feed(%q): rule %q, want %s", tc.rec, c.Rule, tc.rule)
			}
		})
		log.WriteString("build step 3 finished\n" + tc.rec + "\n")
	}
	for _, w := range []int{1, 2} {
		got := bulk(t, e, log.String(), w)
		if len(got) != len(hiddenCases) {
			t.Fatalf("%d workers: %d records matched, want %d", w, len(got), len(hiddenCases))
		}
		for i, r := range got {
			if tc := hiddenCases[i]; r.Line != 2*i+2 || r.Rule != tc.rule || !strings.Contains(r.SafeExcerpt, tc.shown) {
				t.Errorf("%d workers: line %d: %s %q; want line %d: %s %q", w, r.Line, r.Rule, r.SafeExcerpt, 2*i+2, tc.rule, tc.shown)
			}
		}
	}
}
