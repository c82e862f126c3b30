package literal

import (
	"regexp"
	"regexp/syntax"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// regexTriggers returns a required set for an RE2 pattern, or nil.
func regexTriggers(src string) []string {
	re, err := syntax.Parse(src, syntax.Perl)
	if err != nil {
		return nil
	}
	return Of(re).Required()
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
		{`(?i)Überlastet`, []string{"Überlastet", "überlastet"}}, // Ü folds outside ASCII: both cases
		{`(?i)\bÉCHEC À L'ÉTAPE`, []string{"Échec À l'Étape", "Échec À l'étape", "Échec à l'Étape", "Échec à l'étape", "échec À l'Étape", "échec À l'étape", "échec à l'Étape", "échec à l'étape"}},
		// Every rune folds outside ASCII: cut into pieces of at most
		// maxCases spellings, the last as strong as the others with fewer.
		{`(?i)перегружен`, []string{"ЕН", "Ен", "еН", "ен"}},
		{`(?i)\btimeout (of )?\d+ ?(ms|s|sec)? (was )?exceeded\b`, []string{"exceeded"}},
		{`(?i)ſtatus`, []string{"status"}}, // the long s is read as s
		{`.*`, nil},
		{`a|.*`, nil},
		{`x+y`, nil},
		{`(foo)+bar`, []string{"foo"}},
		{`[Ee]rror: quota`, []string{"error: quota"}},
	}
	for _, tt := range tests {
		got := regexTriggers(tt.re)
		if len(tt.want) == 0 {
			if got != nil && Indexable(got) != nil {
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
				if strings.Contains(Lower(text), s) {
					found = true
				}
			}
			if !found {
				t.Errorf("%q matches %q but none of its triggers %q occurs", p, text, set)
			}
		}
	}
}

func TestLead(t *testing.T) {
	tests := []struct {
		re   string
		want []string
	}{
		{`connection refused`, []string{"connection refused"}},
		{`(?i)(try again|retry) in `, []string{"retry in ", "try again in "}},
		{`[a-h][0-9]x`, []string{"a", "b", "c", "d", "e", "f", "g", "h"}}, // 80 > MaxSet: the product stops
		{`(?i)(retry) in \d+s`, []string{"retry in 0", "retry in 1", "retry in 2", "retry in 3", "retry in 4",
			"retry in 5", "retry in 6", "retry in 7", "retry in 8", "retry in 9"}},
		{`(?i)\bÜberlastet`, []string{"Überlastet", "überlastet"}}, // both cases of Ü
		{`(?i)rate Überlastet`, []string{"rate Überlastet", "rate überlastet"}},
		{`\d+ tokens`, []string{"0", "1", "2", "3", "4", "5", "6", "7", "8", "9"}},
		{`(foo)+bar`, []string{"foo"}},
		{`x?y`, []string{"xy", "y"}},
		{`x*y`, nil},
		{`a|.*`, nil},
	}
	for _, tt := range tests {
		re, err := syntax.Parse(tt.re, syntax.Perl)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(tt.want, Of(re).Lead); diff != "" {
			t.Errorf("Of(%q).Lead (-want +got):\n%s", tt.re, diff)
		}
	}
}

// TestParts: every part a concatenation requires is in Parts, the
// strongest of them in Req.
func TestParts(t *testing.T) {
	re, err := syntax.Parse(`(?i)deployment pipeline.{0,40}(unavailable|stalled)`, syntax.Perl)
	if err != nil {
		t.Fatal(err)
	}
	n := Of(re)
	var got [][]string
	for _, p := range n.Parts {
		if nonEmpty(p) {
			got = append(got, p)
		}
	}
	want := [][]string{{"deployment pipeline"}, {"stalled", "unavailable"}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Parts (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"deployment pipeline"}, n.Req); diff != "" {
		t.Errorf("Req (-want +got):\n%s", diff)
	}
}
