package collide

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/errcat/errcat/internal/compile"
	"github.com/errcat/errcat/internal/match"
	"github.com/errcat/errcat/internal/tables"
)

// catalogueOf compiles a catalogue with codes a and b and the given rules
// (YAML list items, indented by four spaces).
func catalogueOf(t *testing.T, rules string) *tables.Catalogue {
	t.Helper()
	fsys := fstest.MapFS{
		"catalogue.yaml": {Data: []byte(`name: t
version: 0.1.0
classes:
  transient: {description: Retry., exit_code: 75}
  hard: {description: Stop., exit_code: 78}
codes:
  a: {class: transient, description: A.}
  b: {class: hard, description: B.}
  c: {class: transient, description: C.}
`)},
		"rules/r.yaml": {Data: []byte("rules:\n" + rules)},
	}
	cat, err := compile.Load(fsys, "cat")
	if err != nil {
		t.Fatalf("catalogue does not compile: %v\n%s", err, rules)
	}
	return cat
}

// pair is two rules of different codes and equal rank.
func pair(a, b string) string {
	return fmt.Sprintf("  - {id: r.a, code: a, confidence: high, match: %s}\n  - {id: r.b, code: b, confidence: high, match: %s}\n", a, b)
}

// confirm replays a witness through the engine: both rules must claim it.
func confirm(t *testing.T, cat *tables.Catalogue, w *Witness, ids ...string) {
	t.Helper()
	eng, err := match.New(cat)
	if err != nil {
		t.Fatal(err)
	}
	got := eng.Classify(w.Evidence, match.Options{Now: witnessClock})
	for _, id := range ids {
		found := false
		for _, c := range got.Candidates {
			found = found || c.Rule == id
		}
		if !found {
			t.Errorf("witness %s is not claimed by %s (candidates %+v)", describeEvidence(w.Evidence), id, got.Candidates)
		}
	}
}

func findings(rep *Report, kind string) []Finding {
	var out []Finding
	for _, f := range rep.Findings {
		if f.Kind == kind {
			out = append(out, f)
		}
	}
	return out
}

func TestPairs(t *testing.T) {
	const disjoint = "disjoint"
	tests := []struct {
		name string
		a, b string
		want string // an overlap kind, or disjoint
	}{
		{"same text regex and contains", `{regex: 'abc'}`, `{contains: [abc]}`, SameText},
		{"overlapping phrases", `{contains: [rate limit]}`, `{contains: [limit exceeded]}`, Overlapping},
		{"inside a wildcard", `{regex: 'foo.*bar'}`, `{contains: [baz]}`, Inside},
		{"unrelated phrases", `{contains: [ECONNREFUSED]}`, `{contains: [ENOSPC]}`, disjoint},
		{"alternations disjoint", `{regex: '\b(cat|dog)\b'}`, `{regex: '\b(cow|pig)\b'}`, disjoint},
		{"alternations colliding", `{regex: '\b(cat|dog)s\b'}`, `{regex: '\bdogs?\b'}`, SameText},
		{"classes disjoint", `{regex: '^[0-9]+$'}`, `{regex: '^[a-z]+$'}`, disjoint},
		{"classes meeting", `{regex: '^[a-c]x$'}`, `{regex: '^[c-e]x$'}`, SameText},
		{"case folding (?i)", `{regex: '(?i)error'}`, `{contains: [ERROR], case_sensitive: true}`, SameText},
		{"case sensitive both", `{regex: 'error'}`, `{contains: [ERROR], case_sensitive: true}`, disjoint},
		{"contains folds ASCII", `{contains: [error]}`, `{regex: 'ERROR'}`, SameText},
		{"kelvin sign folds with k", `{regex: '(?i)\x{212A}'}`, `{regex: '^k$'}`, SameText},
		// The engine maps U+212A and U+017F to k and s before matching:
		// no record holds them, so neither can join two phrases.
		{"no record holds the Kelvin sign", `{regex: '\x{212A}'}`, `{regex: '(?i)k'}`, disjoint},
		{"no record holds the long s", `{regex: '^x[^a-zA-Z]y$'}`, `{regex: '(?i)s'}`, disjoint},
		// Nor does a record hold what the engine removes or makes a
		// plain space first: C1 controls, invisible characters, other
		// spaces.
		{"no record holds a no-break space", `{regex: 'a\x{a0}b'}`, `{regex: 'a.b'}`, disjoint},
		{"no record holds a zero-width space", `{regex: 'x\x{200b}y'}`, `{regex: 'x.y'}`, disjoint},
		{"no record holds a C1 control", `{regex: 'x[\x{80}-\x{9f}]y'}`, `{regex: 'x.y'}`, disjoint},
		{"no record holds a tag character", `{regex: 'x[\x{e0000}-\x{e007f}]y'}`, `{regex: 'x.y'}`, disjoint},
		{"a space still joins", `{regex: 'a\sb'}`, `{regex: 'a.b'}`, SameText},
		{"anchors at start disjoint", `{regex: '^foo'}`, `{regex: '^bar'}`, disjoint},
		{"anchors start and end", `{regex: '^foo'}`, `{regex: 'foo$'}`, SameText},
		{"whole record against a longer phrase", `{regex: '\Afoo\z'}`, `{contains: [foobar]}`, disjoint},
		{"word boundary disjoint", `{regex: '\bcat\b'}`, `{regex: 'concatenate'}`, disjoint},
		{"word boundary meets", `{regex: '\bcat\b'}`, `{regex: 'a cat'}`, Inside},
		{"not word boundary", `{regex: '\Bcat'}`, `{regex: '\bcat'}`, disjoint},
		{"repetition inside", `{regex: 'a{3}'}`, `{regex: 'xa{4}'}`, Inside},
		{"repetition counted", `{regex: '^a{3}$'}`, `{regex: '^a{4}$'}`, disjoint},
		{"plus", `{regex: 'x(ab)+y'}`, `{contains: [xababy]}`, SameText},
		{"literal inside a regex", `{regex: 'error: (foo|bar)\b'}`, `{contains: [bar]}`, Inside},
		{"exact equal", `{exact: [Overloaded]}`, `{exact: [Overloaded]}`, SameText},
		{"exact different", `{exact: [Overloaded]}`, `{exact: [Overloaded.]}`, disjoint},
		{"status class and list", `{status: "5xx"}`, `{status: [429, 503]}`, AnyText},
		{"status class and list disjoint", `{status: "4xx"}`, `{status: [503, 504]}`, disjoint},
		{"headers disagree", `{header: {x-a: "1"}}`, `{header: {x-a: ["2", "3"]}}`, disjoint},
		{"header value and regex", `{header: {x-a: "10"}}`, `{header: {x-a: {regex: '^\d+$'}}}`, AnyText},
		{"header regexes disjoint", `{header: {x-a: {regex: '^\d+$'}}}`, `{header: {x-a: {regex: '^[a-z]+$'}}}`, disjoint},
		{"json scalar and object", `{json: {error: {regex: 'x'}}}`, `{json: {error.code: "y"}}`, disjoint},
		{"json fields together", `{json: {error.type: "x"}}`, `{json: {error.code: "y"}}`, AnyText},
		{"exit codes", `{exit_code: [1, 2]}`, `{exit_code: 2}`, AnyText},
		{"signals disjoint", `{signal: KILL}`, `{signal: SIGTERM}`, disjoint},
		{"providers disjoint", `{provider: openai, contains: [x]}`, `{provider: gemini, contains: [x]}`, disjoint},
		{"structured with text", `{status: 429, contains: [quota]}`, `{status: 429, header: {x-a: "1"}}`, AnyText},
		{"a bare status never meets a rule that names more", `{status: 429, contains: [quota]}`, `{status: 429}`, disjoint},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cat := catalogueOf(t, pair(tc.a, tc.b))
			rep, err := Analyze(cat, Options{})
			if err != nil {
				t.Fatal(err)
			}
			if u := findings(rep, Undecided); len(u) > 0 {
				t.Fatalf("undecided: %s", u[0].Message)
			}
			cs := findings(rep, Collision)
			if tc.want == disjoint {
				if len(cs) > 0 {
					t.Fatalf("want disjoint, got a collision: %s", cs[0].Message)
				}
				return
			}
			if len(cs) != 1 {
				t.Fatalf("want a %s collision, got none (stats %+v)", tc.want, rep.Stats)
			}
			f := cs[0]
			if f.Overlap != tc.want {
				t.Errorf("overlap = %q, want %q (%s)", f.Overlap, tc.want, f.Message)
			}
			if f.Rule.ID != "r.a" || f.Other.ID != "r.b" || f.Rule.Code != "a" || f.Other.Code != "b" {
				t.Errorf("finding names %v and %v", f.Rule, f.Other)
			}
			confirm(t, cat, f.Witness, "r.a", "r.b")
			if !strings.Contains(f.Witness.Fixture, "expect: {unclassified: conflict}") {
				t.Errorf("fixture does not pin the conflict:\n%s", f.Witness.Fixture)
			}
		})
	}
}

func TestGuardDecidesAPair(t *testing.T) {
	// The only overlap of the two phrases is "rate limit exceeded", which
	// r.b's guard rules out.
	cat := catalogueOf(t, `  - {id: r.a, code: a, confidence: high, match: {contains: [limit exceeded]}}
  - {id: r.b, code: b, confidence: high, match: {contains: [rate limit]}, not: {contains: [exceeded]}}
`)
	rep, err := Analyze(cat, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if cs := findings(rep, Collision); len(cs) > 0 {
		t.Fatalf("guarded pair collides: %s", cs[0].Message)
	}
}

func TestRankAndOverridesPrune(t *testing.T) {
	for name, rules := range map[string]string{
		"priority":  "  - {id: r.a, code: a, confidence: high, priority: 1, match: {contains: [x]}}\n  - {id: r.b, code: b, confidence: high, match: {contains: [x]}}\n",
		"overrides": "  - {id: r.a, code: a, confidence: high, match: {contains: [x]}, overrides: [r.b]}\n  - {id: r.b, code: b, confidence: high, match: {contains: [x]}}\n",
		"tier":      "  - {id: r.a, code: a, confidence: high, match: {status: 500, contains: [x]}}\n  - {id: r.b, code: b, confidence: high, match: {contains: [x]}}\n",
	} {
		t.Run(name, func(t *testing.T) {
			rep, err := Analyze(catalogueOf(t, rules), Options{})
			if err != nil {
				t.Fatal(err)
			}
			if cs := findings(rep, Collision); len(cs) > 0 {
				t.Fatalf("collision despite the ranking: %s", cs[0].Message)
			}
		})
	}
}

func TestShadowed(t *testing.T) {
	cat := catalogueOf(t, `  - {id: r.a, code: a, confidence: high, match: {regex: '(?i)\brate limit (exceeded|reached)\b'}}
  - {id: r.b, code: b, confidence: high, priority: 5, match: {contains: [limit]}}
`)
	rep, err := Analyze(cat, Options{})
	if err != nil {
		t.Fatal(err)
	}
	sh := findings(rep, Shadowed)
	if len(sh) != 1 || sh[0].Rule.ID != "r.a" || sh[0].Other.ID != "r.b" {
		t.Fatalf("want r.a shadowed by r.b, got %+v", sh)
	}
	confirm(t, cat, sh[0].Witness, "r.a", "r.b")

	// Not shadowed: r.a has matches without "limit" in them.
	cat = catalogueOf(t, `  - {id: r.a, code: a, confidence: high, match: {regex: '(?i)\brate (limit|cap) exceeded\b'}}
  - {id: r.b, code: b, confidence: high, priority: 5, match: {contains: [limit]}}
`)
	if rep, err = Analyze(cat, Options{}); err != nil {
		t.Fatal(err)
	}
	if sh := findings(rep, Shadowed); len(sh) > 0 {
		t.Fatalf("r.a is not shadowed: %s", sh[0].Message)
	}
}

func TestWarnings(t *testing.T) {
	cat := catalogueOf(t, `  - {id: r.a, code: a, confidence: high, match: {regex: '\d+ [a-z]{2}'}, not: {regex: 'ENOSPC'}, overrides: [r.b]}
  - {id: r.b, code: b, confidence: high, match: {contains: [ENOSPC], case_sensitive: true}}
  - {id: r.c, code: a, confidence: high, match: {regex: '(?i)\b(foo|barbaz)\b'}}
`)
	rep, err := Analyze(cat, Options{})
	if err != nil {
		t.Fatal(err)
	}
	var un []string
	for _, f := range findings(rep, Unindexed) {
		un = append(un, f.Rule.ID)
	}
	if strings.Join(un, ",") != "r.a" {
		t.Errorf("unindexed = %v, want [r.a]", un)
	}
	st := findings(rep, StaleOverride)
	if len(st) != 1 || st[0].Rule.ID != "r.a" || st[0].Other.ID != "r.b" {
		t.Errorf("stale overrides = %+v, want r.a over r.b", st)
	}
	if rep.Errors() != 0 {
		t.Errorf("warnings counted as errors: %+v", rep.Findings)
	}
}

func TestBudgetGivesUndecided(t *testing.T) {
	cat := catalogueOf(t, pair(`{regex: '(?i)a.{0,40}b'}`, `{regex: '(?i)a.{0,40}c'}`))
	rep, err := Analyze(cat, Options{Budget: 10})
	if err != nil {
		t.Fatal(err)
	}
	u := findings(rep, Undecided)
	if len(u) != 1 || !strings.Contains(u[0].Message, "budget") {
		t.Fatalf("want one undecided pair naming the budget, got %+v", rep.Findings)
	}
	if !u[0].IsError() {
		t.Error("an undecided pair must fail the check")
	}
}

// TestUnindexedFollowsTheCompiler reports as unindexed exactly the text
// rules the compiler gave no triggers: a case-folded Cyrillic letter
// before a digit spells out as {"Ж", "ж"}, two bytes each, too short a
// literal to index, so the engine tries it on every record; the exact
// phrase is indexed.
func TestUnindexedFollowsTheCompiler(t *testing.T) {
	cat := catalogueOf(t, `  - {id: r.folded, code: a, confidence: high, match: {regex: '(?i)\bж\d'}}
  - {id: r.exact, code: a, confidence: high, match: {regex: 'не является внутренней или внешней'}}
`)
	rep, err := Analyze(cat, Options{})
	if err != nil {
		t.Fatal(err)
	}
	var un []string
	for _, f := range findings(rep, Unindexed) {
		un = append(un, f.Rule.ID)
	}
	for _, r := range cat.Rules {
		if indexed := len(r.Triggers) > 0; indexed == slices.Contains(un, r.ID) {
			t.Errorf("rule %s: triggers %q, reported unindexed %v", r.ID, r.Triggers, !indexed)
		}
	}
	if strings.Join(un, ",") != "r.folded" {
		t.Errorf("unindexed = %v, want [r.folded]", un)
	}
}
