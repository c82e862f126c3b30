package compile

import (
	"fmt"
	"regexp"
	"regexp/syntax"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/errcat/errcat/internal/tables"
)

// regexTriggers returns a required set for an RE2 pattern, or nil.
func regexTriggers(src string) []string {
	re, err := syntax.Parse(src, syntax.Perl)
	if err != nil {
		return nil
	}
	return triggersOf(re)
}

// split is branches on a pattern that parses.
func split(t *testing.T, src string) []*tables.Regex {
	t.Helper()
	re, tree, err := tables.ParseRegex(src)
	if err != nil {
		t.Fatal(err)
	}
	return branches(re, tree)
}

func TestRegexTriggers(t *testing.T) {
	tests := []struct {
		re   string
		want []string
	}{
		{`connection refused`, []string{"connection refused"}},
		{`(?i)Rate Limit`, []string{"rate limit"}},
		{`(?i)\brate[ _-]?limit(ed)?\b.*\b(exceeded|reached)\b`, []string{"rate limit", "rate-limit", "rate_limit", "ratelimit"}},
		{`(?i)(ECONNREFUSED|ECONNRESET)`, []string{"econnrefused", "econnreset"}},
		{`colou?r scheme`, []string{"color scheme", "colour scheme"}},
		{`error code[: ]+429\b`, []string{"error code"}},
		{`\d+ tokens`, []string{" tokens"}},
		{`(?i)token`, []string{"token"}},
		{`(?i)bad key`, []string{"bad key"}},
		{`(?i)Überlastet`, []string{"berlastet"}}, // Ü folds outside ASCII: split there
		{`.*`, nil},
		{`a|.*`, nil},
		{`x+y`, nil},
		{`(foo)+bar`, []string{"foo"}},
		{`[Ee]rror: quota`, []string{"error: quota"}},
	}
	for _, tt := range tests {
		got := regexTriggers(tt.re)
		if len(tt.want) == 0 {
			if got != nil && minScore(got) >= MinTrigger {
				t.Errorf("regexTriggers(%q) = %q, want none worth indexing", tt.re, got)
			}
			continue
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("regexTriggers(%q) (-want +got):\n%s", tt.re, diff)
		}
	}
}

// TestTriggersAreNecessary checks the one property the engine relies on:
// whenever a rule's regex matches a text, one of its triggers occurs in
// the text (ASCII case folded).
func TestTriggersAreNecessary(t *testing.T) {
	patterns := []string{
		`(?i)\brate[ _-]?limit(ed)?\b.*\b(exceeded|reached)\b`,
		`(?i)(api|access)[ _-]?key (is )?(invalid|expired|revoked)`,
		`(?i)\bKILLED\b|\bsignal: killed\b`,
		`[Ee]rror: (quota|limit) exceeded`,
		`(?i)skip`,
		`Überlastet|ÉCHEC`,
	}
	texts := []string{
		"Rate limit EXCEEDED now", "rate-limited and reached", "RATE_LIMIT was reached",
		"API KEY IS INVALID", "access_key expired", "process KILLED", "signal: killed",
		"Error: quota exceeded", "error: limit exceeded", "SKIP", "Überlastet", "ÉCHEC",
	}
	for _, p := range patterns {
		re := regexp.MustCompile(p)
		set := regexTriggers(p)
		for _, text := range texts {
			if !re.MatchString(text) || set == nil {
				continue
			}
			found := false
			for _, s := range set {
				if strings.Contains(asciiLower(text), s) {
					found = true
				}
			}
			if !found {
				t.Errorf("%q matches %q but none of its triggers %q occurs", p, text, set)
			}
		}
	}
}

func TestRuleTriggers(t *testing.T) {
	c := &tables.Cond{
		Contains: []string{"quota"},
		Regex:    split(t, `(?i)insufficient[_ ]quota`),
	}
	// Two spellings of a phrase are a better filter than one word: a log
	// about quotas says "quota" on lines no rule is about.
	if diff := cmp.Diff([]string{"insufficient quota", "insufficient_quota"}, triggers(c)); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	// Past a few dozen spellings, one word is: every string costs the
	// scan of every byte.
	var ends []string
	for _, v := range []string{"closed", "reset", "aborted", "dropped", "ended", "stalled", "failed", "broken"} {
		for _, a := range []string{"early", "abruptly", "midway", "prematurely", "again"} {
			ends = append(ends, v+" "+a)
		}
	}
	c = &tables.Cond{Regex: split(t, `(?i)\bstream (`+strings.Join(ends, "|")+`)`)}
	if diff := cmp.Diff([]string{"stream "}, triggers(c)); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	// A prefix of a product is required too: two spellings of a phrase
	// rather than forty of it with a status.
	c = &tables.Cond{Regex: split(t, `(?i)\bproject service (returned|responded with) (status|HTTP) 5[0-9][0-9]\b`)}
	if diff := cmp.Diff([]string{"project service responded with ", "project service returned "}, triggers(c)); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	if got := triggers(&tables.Cond{Regex: split(t, `\d{3}`)}); got != nil {
		t.Errorf("digits-only rule got triggers %q; want unindexed", got)
	}
	if got := triggers(&tables.Cond{JSON: []tables.FieldTest{{Name: "error.type", Kind: tables.Equal, Values: []string{"overloaded_error"}}}}); !cmp.Equal(got, []string{"overloaded_error"}) {
		t.Errorf("JSON rule triggers = %q", got)
	}
}

func TestBranches(t *testing.T) {
	var got []string
	for _, b := range split(t, `(?i)(rate limit exceeded|too many requests|\b429\b)`) {
		got = append(got, fmt.Sprintf("%s %q", b.Src, b.Triggers))
	}
	want := []string{
		`(?i)rate limit exceeded ["rate limit exceeded"]`,
		`(?i)too many requests ["too many requests"]`,
		`(?i)\b429\b ["429"]`,
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

// TestJSONTriggers: a JSON field test indexes its rule by what any encoder
// writes as it is, and the index never hides a record whose encoder
// escaped more than the usual.
func TestJSONTriggers(t *testing.T) {
	for _, tc := range []struct {
		in, want []string
	}{
		{[]string{"you didn't provide an api key"}, []string{"t provide an api key"}},
		{[]string{"a/b", "insufficient_quota"}, []string{"a", "insufficient_quota"}},
		{[]string{"überlastet"}, []string{"berlastet"}},
		{[]string{"\"&\""}, nil},
		{nil, nil},
	} {
		if got := jsonVerbatim(tc.in); !cmp.Equal(got, tc.want) {
			t.Errorf("jsonVerbatim(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
	re := &tables.Regex{Src: `(?i)you didn't provide an api key`}
	c := &tables.Cond{JSON: []tables.FieldTest{{Name: "error.message", Kind: tables.Match, Re: re}}}
	got := triggers(c)
	if !cmp.Equal(got, []string{"t provide an api key"}) {
		t.Fatalf("JSON regex rule triggers = %q", got)
	}
	present := &tables.Cond{JSON: []tables.FieldTest{{Name: "promptFeedback.blockReason", Kind: tables.Present}}}
	if got := triggers(present); !cmp.Equal(got, []string{`"blockreason"`}) {
		t.Errorf("JSON presence rule triggers = %q", got)
	}
	if got := triggers(&tables.Cond{JSON: []tables.FieldTest{{Name: "details.0", Kind: tables.Present}}}); got != nil {
		t.Errorf("an index gave triggers %q", got)
	}
	// The record's encoder escaped the apostrophe: the trigger still occurs.
	rec := `{"error": {"message": "You didn\u0027t provide an API key."}}`
	if !strings.Contains(strings.ToLower(rec), got[0]) {
		t.Errorf("trigger %q not in %s", got[0], rec)
	}
}
