package explain_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/errcat/errcat/fixtures"
	"github.com/errcat/errcat/internal/builtin"
	"github.com/errcat/errcat/internal/compile"
	"github.com/errcat/errcat/internal/explain"
	"github.com/errcat/errcat/internal/fixture"
	"github.com/errcat/errcat/internal/match"
)

var clock = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

const testCatalogue = `name: test
version: 0.1.0
classes:
  transient: {description: Try again later., exit_code: 75}
  hard: {description: A person must act., exit_code: 78}
  request: {description: Change the request., exit_code: 65}
codes:
  rate_limited: {class: transient, description: Too many requests., scope: account}
  quota_limited: {class: hard, description: Out of credits., unblock: Add credits.}
  provider_unavailable: {class: transient, description: Server failed.}
  invalid_request: {class: request, description: Bad request.}
  auth_required: {class: hard, description: Bad key.}
`

// The ranks are chosen so that every way of standing occurs: a tier
// (json.quota over http.status_429), a priority (text.rate_quota over
// text.rate_limit), an override (text.rate_limit over text.key_rate), a
// tie (text.tie), and rules that share nothing (text.invalid) or cannot
// meet (http.status_5xx against the 429 rules).
const testRules = `rules:
  - id: http.status_429
    code: rate_limited
    confidence: medium
    match: {status: 429}
    extract: {retry_after: {header: Retry-After}}
  - id: http.status_5xx
    code: provider_unavailable
    confidence: medium
    match: {status: 5xx}
  - id: json.quota
    code: quota_limited
    confidence: high
    match: {status: 429, json: {error.code: insufficient_quota}}
  - id: text.rate_limit
    code: rate_limited
    confidence: high
    priority: 10
    overrides: [text.key_rate]
    match: {contains: [rate limit]}
  - id: text.rate_quota
    code: quota_limited
    confidence: high
    priority: 20
    match: {contains: [rate limit quota]}
  - id: text.key_rate
    code: auth_required
    confidence: high
    priority: 10
    match: {contains: [rate limit for key]}
  - id: text.tie
    code: invalid_request
    confidence: high
    priority: 10
    match: {contains: [the rate limit]}
  - id: text.invalid
    code: invalid_request
    confidence: high
    match: {contains: [invalid request]}
`

const testFixtures = `- name: plain 429
  evidence: {http: {status: 429}}
  expect: {code: rate_limited}
- name: 429 with a wait
  evidence: {http: {status: 429, headers: {Retry-After: "3"}}}
  expect: {code: rate_limited}
- name: third 429
  evidence: {http: {status: 503}}
  expect: {code: rate_limited}
- name: rate limit line
  evidence: {text: "error: rate limit hit"}
  expect: {code: rate_limited}
`

func load(t *testing.T, rules, fx string) (*explain.Explainer, *match.Engine) {
	t.Helper()
	cat, err := compile.Load(fstest.MapFS{"catalogue.yaml": {Data: []byte(testCatalogue)}, "rules/r.yaml": {Data: []byte(rules)}}, "cat")
	if err != nil {
		t.Fatal(err)
	}
	eng, err := match.New(cat)
	if err != nil {
		t.Fatal(err)
	}
	var fixes []fixture.Fixture
	if fx != "" {
		if fixes, err = fixture.Load(fstest.MapFS{"f.yaml": {Data: []byte(fx)}}, "fx"); err != nil {
			t.Fatal(err)
		}
	}
	return explain.New(eng, fixes, "cat", clock), eng
}

func ids(eng *match.Engine, is []int) []string {
	out := []string{}
	for _, i := range is {
		out = append(out, eng.Catalogue().Rules[i].ID)
	}
	return out
}

func rule(t *testing.T, x *explain.Explainer, id string) int {
	t.Helper()
	code, r, ok := x.Lookup(id)
	if !ok || code >= 0 {
		t.Fatalf("Lookup(%q) = %d, %d, %v; want a rule", id, code, r, ok)
	}
	return r
}

func TestStanding(t *testing.T) {
	x, eng := load(t, testRules, "")
	type standing struct{ Outranks, OutrankedBy, Ties []string }
	for _, tc := range []struct {
		rule string
		want standing
	}{
		{"http.status_429", standing{[]string{}, []string{"json.quota"}, []string{}}},
		{"json.quota", standing{[]string{"http.status_429"}, []string{}, []string{}}},
		{"http.status_5xx", standing{[]string{}, []string{}, []string{}}},
		{"text.rate_limit", standing{[]string{"text.key_rate"}, []string{"text.rate_quota"}, []string{"text.tie"}}},
		{"text.rate_quota", standing{[]string{"text.rate_limit"}, []string{}, []string{}}},
		{"text.key_rate", standing{[]string{}, []string{"text.rate_limit"}, []string{}}},
		{"text.tie", standing{[]string{}, []string{}, []string{"text.rate_limit"}}},
		{"text.invalid", standing{[]string{}, []string{}, []string{}}},
	} {
		s := x.Standing(rule(t, x, tc.rule))
		got := standing{ids(eng, s.Outranks), ids(eng, s.OutrankedBy), ids(eng, s.Ties)}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("Standing(%s) (-want +got):\n%s", tc.rule, diff)
		}
	}
}

// TestStandingAgreesWithBeats holds every rule of the shipped catalogue
// to the engine's ranking: each neighbour is placed as Catalogue.Beats
// says, and the relation reads the same from either side.
func TestStandingAgreesWithBeats(t *testing.T) {
	cat, err := builtin.Catalogue()
	if err != nil {
		t.Fatal(err)
	}
	eng, err := match.New(cat)
	if err != nil {
		t.Fatal(err)
	}
	x := explain.New(eng, nil, "catalogue", clock)
	standings := make([]explain.Standing, len(cat.Rules))
	placed := 0
	for i := range cat.Rules {
		standings[i] = x.Standing(i)
	}
	for i := range cat.Rules {
		s := standings[i]
		for _, j := range s.Outranks {
			if !cat.Beats(i, j) || cat.Beats(j, i) || !slices.Contains(standings[j].OutrankedBy, i) {
				t.Errorf("%s is listed as outranking %s, which Beats or %s's own list denies", cat.Rules[i].ID, cat.Rules[j].ID, cat.Rules[j].ID)
			}
		}
		for _, j := range s.OutrankedBy {
			if !cat.Beats(j, i) || !slices.Contains(standings[j].Outranks, i) {
				t.Errorf("%s is listed as outranked by %s, which Beats or %s's own list denies", cat.Rules[i].ID, cat.Rules[j].ID, cat.Rules[j].ID)
			}
		}
		for _, j := range s.Ties {
			if cat.Beats(i, j) || cat.Beats(j, i) || !slices.Contains(standings[j].Ties, i) {
				t.Errorf("%s is listed as tying with %s, which Beats or %s's own list denies", cat.Rules[i].ID, cat.Rules[j].ID, cat.Rules[j].ID)
			}
		}
		for _, j := range x.Neighbours(i) {
			if cat.Rules[j].Code == cat.Rules[i].Code {
				t.Errorf("%s lists %s, a rule of its own code", cat.Rules[i].ID, cat.Rules[j].ID)
			}
		}
		placed += len(s.Outranks) + len(s.OutrankedBy) + len(s.Ties)
	}
	if placed == 0 {
		t.Fatal("no rule of the shipped catalogue has a neighbour")
	}
}

func TestRuleCapsItsLists(t *testing.T) {
	var b strings.Builder
	b.WriteString("rules:\n  - id: text.boom\n    code: rate_limited\n    confidence: high\n    match: {contains: [boom]}\n")
	const n = explain.StandingCap + 3
	for k := range n {
		fmt.Fprintf(&b, "  - id: text.boom_%02d\n    code: quota_limited\n    confidence: high\n    priority: %d\n    match: {contains: [boom %02d]}\n", k, k+1, k)
	}
	x, _ := load(t, b.String(), "")
	v := x.Rule(rule(t, x, "text.boom"))
	if len(v.OutrankedBy.Rules) != explain.StandingCap || v.OutrankedBy.More != n-explain.StandingCap {
		t.Fatalf("outranked by %d rules and %d more; want %d and %d", len(v.OutrankedBy.Rules), v.OutrankedBy.More, explain.StandingCap, n-explain.StandingCap)
	}
	// Strongest first: the highest priority leads.
	if got, want := v.OutrankedBy.Rules[0].ID, fmt.Sprintf("text.boom_%02d", n-1); got != want {
		t.Errorf("first rule that outranks text.boom is %s, want %s", got, want)
	}
}

func TestRule(t *testing.T) {
	x, _ := load(t, testRules, testFixtures)
	v := x.Rule(rule(t, x, "http.status_429"))
	if v.File != "cat/rules/r.yaml" || v.Line != 2 || v.Tier != "bare" || v.Class != "transient" || v.Scope != "account" {
		t.Errorf("http.status_429 is %+v", v.RuleRef)
	}
	if diff := cmp.Diff([]explain.Matcher{{Kind: "status", Values: []string{"429"}}}, v.Match); diff != "" {
		t.Errorf("matchers (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]explain.Hint{{Want: "time", From: "header", Key: "retry-after", Unit: "s"}}, v.Hints); diff != "" {
		t.Errorf("hints (-want +got):\n%s", diff)
	}
	// The fixture that expects rate_limited of a 503 fails, so it is no
	// fixture of any rule.
	var names []string
	for _, f := range v.Fixtures {
		names = append(names, f.Name)
	}
	if diff := cmp.Diff([]string{"plain 429", "429 with a wait"}, names); diff != "" {
		t.Errorf("fixtures (-want +got):\n%s", diff)
	}
	if !v.Indexed || len(v.Triggers) != 0 {
		t.Errorf("a rule without text matchers: indexed %v, triggers %q", v.Indexed, v.Triggers)
	}
	tv := x.Rule(rule(t, x, "text.rate_limit"))
	if !tv.Indexed || !slices.Contains(tv.Triggers, "rate limit") || !slices.Equal(tv.Overrides, []string{"text.key_rate"}) {
		t.Errorf("text.rate_limit: indexed %v, triggers %q, overrides %q", tv.Indexed, tv.Triggers, tv.Overrides)
	}
}

func TestUnindexedRule(t *testing.T) {
	x, _ := load(t, "rules:\n  - id: text.short\n    code: rate_limited\n    confidence: high\n    match: {regex: '\\d+ x'}\n", "")
	if v := x.Rule(0); v.Indexed {
		t.Errorf("a pattern with no literal of 3 bytes is indexed, on %q", v.Triggers)
	}
}

func TestCode(t *testing.T) {
	x, _ := load(t, testRules, testFixtures)
	code, _, ok := x.Lookup("rate_limited")
	if !ok || code < 0 {
		t.Fatal("rate_limited is not a code")
	}
	v := x.Code(code)
	if v.Class != "transient" || v.ClassMeaning != "Try again later." || v.ClassExitCode != 75 || v.Scope != "account" {
		t.Errorf("rate_limited is %+v", v)
	}
	var rules []string
	for _, r := range v.Rules {
		rules = append(rules, fmt.Sprintf("%s %d/%d", r.ID, len(r.Fixtures), r.FixturesTotal))
	}
	if diff := cmp.Diff([]string{"http.status_429 2/2", "text.rate_limit 1/1"}, rules); diff != "" {
		t.Errorf("rules, with fixtures shown/total (-want +got):\n%s", diff)
	}
	if got := v.Rules[0].Fixtures[1].Evidence; got != "HTTP 429; headers retry-after" {
		t.Errorf("evidence line %q", got)
	}
}

func TestCodeShowsTwoFixtures(t *testing.T) {
	fx := testFixtures + "- name: fourth 429\n  evidence: {http: {status: 429, body: 'slow down'}}\n  expect: {code: rate_limited}\n"
	x, _ := load(t, testRules, fx)
	code, _, _ := x.Lookup("rate_limited")
	r := x.Code(code).Rules[0]
	if len(r.Fixtures) != explain.CodeFixtures || r.FixturesTotal != 3 {
		t.Errorf("http.status_429 shows %d of %d fixtures; want %d of 3", len(r.Fixtures), r.FixturesTotal, explain.CodeFixtures)
	}
}

func TestShippedFixturesAreCredited(t *testing.T) {
	cat, err := builtin.Catalogue()
	if err != nil {
		t.Fatal(err)
	}
	eng, err := match.New(cat)
	if err != nil {
		t.Fatal(err)
	}
	fx, err := fixture.Load(fixtures.FS, "fixtures")
	if err != nil {
		t.Fatal(err)
	}
	x := explain.New(eng, fx, "catalogue", clock)
	// errcat test fails a rule that wins no fixture, so every rule of
	// the shipped catalogue has one.
	for c := range cat.Codes {
		for _, r := range x.Code(c).Rules {
			if r.FixturesTotal == 0 || len(r.Fixtures) == 0 {
				t.Errorf("rule %s is credited with no fixture", r.ID)
			}
		}
	}
}

func TestSuggest(t *testing.T) {
	x, _ := load(t, testRules, "")
	for _, tc := range []struct {
		name string
		want []string
	}{
		{"rate_limted", []string{"rate_limited"}},
		{"RATE_LIMITED", []string{"rate_limited", "quota_limited"}},
		{"http.status_492", []string{"http.status_429", "http.status_5xx"}},
		{"rate_quota", []string{"text.rate_quota"}},
		{"text.tye", []string{"text.tie"}},
		{"zzzzzzzz", []string{}},
	} {
		if diff := cmp.Diff(tc.want, x.Suggest(tc.name)); diff != "" {
			t.Errorf("Suggest(%q) (-want +got):\n%s", tc.name, diff)
		}
	}
}

func TestLookup(t *testing.T) {
	x, _ := load(t, testRules, "")
	if code, r, ok := x.Lookup("auth_required"); !ok || code < 0 || r >= 0 {
		t.Errorf("Lookup(auth_required) = %d, %d, %v; want the code", code, r, ok)
	}
	if _, _, ok := x.Lookup("text.rate_limit "); ok {
		t.Error("Lookup found a name with a space after it")
	}
}
