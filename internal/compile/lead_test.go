package compile

import (
	"math/rand/v2"
	"regexp"
	"regexp/syntax"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/errcat/errcat/internal/compile/literal"
	"github.com/errcat/errcat/internal/tables"
)

func TestAlts(t *testing.T) {
	tests := []struct {
		re   string
		want []tables.Alt
	}{
		{`(?i)\bRATELIMITERROR\b`, []tables.Alt{{Lead: []string{"ratelimiterror"}, Word: true}}},
		// Leads that are all triggers are kept whole (the engine finds
		// triggers without a search)...
		{`(?i)\brate[ _-]?limit(ed)? exceeded\b`, []tables.Alt{{Lead: []string{
			"rate limit exceeded", "rate limited exceeded", "rate-limit exceeded", "rate-limited exceeded",
			"rate_limit exceeded", "rate_limited exceeded", "ratelimit exceeded", "ratelimited exceeded",
		}, Word: true}}},
		// ... others are cut where longer variants would multiply them.
		// A required part the lead does not imply is carried in Also.
		// The trigger is "limit ... exceeded|reached" (its 18 spellings), so
		// the verbs are implied; "rate limit" is required besides.
		{`(?i)\brate[ _-]?limit(s|ed)?( has been| was)? (exceeded|reached)\b`, []tables.Alt{{Lead: []string{"rate"}, Word: true,
			Also: [][]string{{"rate limit", "rate-limit", "rate_limit", "ratelimit"}}}}},
		{`(?i)\bdeployment pipeline\b.{0,40}\b(unavailable|stalled)\b`, []tables.Alt{{Lead: []string{"deployment pipeline"}, Word: true,
			Also: [][]string{{"stalled", "unavailable"}}}}},
		// Sets the lead implies are not.
		{`(?i)\bupstream account (refused|expired)\b`, []tables.Alt{{Lead: []string{"upstream account expired", "upstream account refused"}, Word: true}}},
		{`(?i)(try again|retry) in \d+s`, []tables.Alt{{Lead: []string{"retry in ", "try again"}}}},
		{`^\s*(> |#)`, []tables.Alt{{Start: true, Skip: "\t\n\f\r ", Lead: []string{"#", "> "}}}},
		{`\bPASSED\b|(?i)^ok `, []tables.Alt{
			{Triggers: []string{"passed"}, Lead: []string{"passed"}, Word: true},
			{Triggers: []string{"ok "}, Start: true, Lead: []string{"ok "}},
		}},
		{`\d+ tokens`, []tables.Alt{{Lead: []string{"0", "1", "2", "3", "4", "5", "6", "7", "8", "9"}}}},
		{`.*x`, nil},
		{`x*y`, nil},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, alts(tt.re)); diff != "" {
			t.Errorf("alts(%q) (-want +got):\n%s", tt.re, diff)
		}
	}
}

// TestAltsAreSound checks what the engine relies on: every match of a
// pattern begins where one of its alternatives allows, and holds one of
// each of its Also sets, on random text over an alphabet that makes near
// misses common.
func TestAltsAreSound(t *testing.T) {
	patterns := []string{
		`(?i)\brate[ _-]?limit(s|ed)?( has been| was)? (exceeded|reached)\b`,
		`(?i)\b(error code|status code|status|http)[: ]+4\d\b`,
		`['"](code|status)['"]: ?['"]?429\b`,
		`(?i:^\s*(ok\s+\S+|--- (PASS|SKIP)|#+ )|\bmeans (the|a)\b)`,
		`(?i)(?:try again|retry) in (?P<value>\d+(?:\.\d+)?(?:ms|s))\b`,
		`(?i)\bé+t\b|Ü`,
		`(?i)\brate limit\b.{0,8}\b(exceeded|reached)\b|\bhttp\b.*429`,
	}
	r := rand.New(rand.NewPCG(4, 2))
	words := []string{"rate", "limit", "Rate", "LIMIT", "_", "-", " ", "exceeded", "reached", "ed", "s", "has been",
		"error code", "status", "http", ":", "4", "2", "9", "'", "\"", "code", "ok", "\t", "--- ", "PASS", "#",
		"means", "the", "a", "try again", "retry", "in", "1", ".", "5", "ms", "é", "É", "t", "Ü", "ü", "x"}
	for _, src := range patterns {
		re := regexp.MustCompile(src)
		as := alts(src)
		for i := 0; i < 3000; i++ {
			var b strings.Builder
			for n := r.IntN(12); n > 0; n-- {
				b.WriteString(words[r.IntN(len(words))])
			}
			text := b.String()
			for _, loc := range re.FindAllStringIndex(text, -1) {
				if !allowed(as, text, loc[0]) {
					t.Fatalf("%s matches %q at %d, where no alternative of %+v begins", src, text, loc[0], as)
				}
			}
		}
	}
}

// allowed reports whether some alternative lets a match begin at p.
func allowed(as []tables.Alt, text string, p int) bool {
	if as == nil {
		return true
	}
	for _, a := range as {
		if len(a.Triggers) > 0 && !containsAny(text, a.Triggers) {
			continue
		}
		also := true
		for _, set := range a.Also {
			also = also && containsAny(text, set)
		}
		if !also {
			continue
		}
		switch {
		case a.Start:
			if p != 0 {
				continue
			}
			k := 0
			for k < len(text) && strings.IndexByte(a.Skip, text[k]) >= 0 {
				k++
			}
			if a.Lead == nil || hasAnyPrefix(literal.Lower(text[k:]), a.Lead) {
				return true
			}
		case a.Lead == nil:
			return true
		default:
			if hasAnyPrefix(literal.Lower(text[p:]), a.Lead) && !(a.Word && p > 0 && isWord(text[p-1])) {
				return true
			}
		}
	}
	return false
}

func containsAny(s string, lits []string) bool {
	for _, l := range lits {
		if strings.Contains(literal.Lower(s), l) {
			return true
		}
	}
	return false
}

func hasAnyPrefix(s string, lits []string) bool {
	for _, l := range lits {
		if strings.HasPrefix(s, l) {
			return true
		}
	}
	return false
}

func isWord(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_'
}

// alts parses src and computes its Alts, as the compiler does.
func alts(src string) []tables.Alt {
	re, err := syntax.Parse(src, syntax.Perl)
	if err != nil {
		return nil
	}
	return altsOf(literal.Of(re))
}
