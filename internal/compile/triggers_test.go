package compile

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/errcat/errcat/internal/compile/literal"
	"github.com/errcat/errcat/internal/tables"
)

// split is branches on a pattern that parses.
func split(t *testing.T, src string) []*tables.Regex {
	t.Helper()
	re, tree, err := tables.ParseRegex(src)
	if err != nil {
		t.Fatal(err)
	}
	return branches(parsedRegex{re, tree, literal.Of(tree)})
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
	// Values too short to index (Baidu's numeric codes) leave the keys:
	// without them the rule would read the JSON of every record.
	short := &tables.Cond{JSON: []tables.FieldTest{
		{Name: "error_code", Kind: tables.Equal, Values: []string{"17", "19"}},
		{Name: "error_msg", Kind: tables.Present},
	}}
	if got := triggers(short); len(got) != 1 || !strings.Contains(got[0], "error_") {
		t.Errorf("JSON rule with short values: triggers = %q, want a key", got)
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
