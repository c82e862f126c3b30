package match_test

import (
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/errcat/errcat/internal/compile"
	"github.com/errcat/errcat/internal/match"
	"github.com/errcat/errcat/internal/match/records"
	"github.com/errcat/errcat/internal/tables"
)

var (
	engineOnce sync.Once
	engine     *match.Engine
	engineErr  error
)

func testEngine(t testing.TB) *match.Engine {
	t.Helper()
	engineOnce.Do(func() {
		var cat *tables.Catalogue
		cat, engineErr = compile.Load(os.DirFS("testdata/cat"), "cat")
		if engineErr == nil {
			engine, engineErr = match.New(cat)
		}
	})
	if engineErr != nil {
		t.Fatal(engineErr)
	}
	return engine
}

var now = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

func intp(i int) *int { return &i }

// got is the part of a classification these tests pin.
type got struct {
	State, Reason, Code, Rule string
	Candidates                int
	RetryAfter                float64
	ResetAt                   string
}

func view(c match.Classification) got {
	g := got{State: c.State, Reason: c.Reason, Code: c.Code, Rule: c.Rule, Candidates: len(c.Candidates), ResetAt: c.ResetAt}
	if c.RetryAfterSeconds != nil {
		g.RetryAfter = *c.RetryAfterSeconds
	}
	return g
}

func TestClassify(t *testing.T) {
	e := testEngine(t)
	tests := []struct {
		name string
		ev   match.Evidence
		want got
	}{
		{
			name: "empty input",
			ev:   match.Evidence{Text: " \n\t\n"},
			want: got{State: "unclassified", Reason: "empty"},
		},
		{
			name: "no match",
			ev:   match.Evidence{Text: "build finished in 3s"},
			want: got{State: "unclassified", Reason: "no_match"},
		},
		{
			name: "structured 429 with Retry-After seconds",
			ev:   match.Evidence{HTTP: &match.HTTP{Status: 429, Headers: map[string]string{"retry-after": "20"}}},
			want: got{State: "classified", Code: "rate_limited", Rule: "http.429", Candidates: 1, RetryAfter: 20, ResetAt: "2026-01-01T00:00:20Z"},
		},
		{
			name: "Retry-After as an HTTP-date",
			ev:   match.Evidence{HTTP: &match.HTTP{Status: 429, Headers: map[string]string{"Retry-After": "Thu, 01 Jan 2026 00:01:00 GMT"}}},
			want: got{State: "classified", Code: "rate_limited", Rule: "http.429", Candidates: 1, RetryAfter: 60, ResetAt: "2026-01-01T00:01:00Z"},
		},
		{
			name: "Retry-After in the past falls through to retry-after-ms",
			ev: match.Evidence{HTTP: &match.HTTP{Status: 429, Headers: map[string]string{
				"Retry-After": "Wed, 31 Dec 2025 00:00:00 GMT", "retry-after-ms": "1500"}}},
			want: got{State: "classified", Code: "rate_limited", Rule: "http.429", Candidates: 1, RetryAfter: 1.5, ResetAt: "2026-01-01T00:00:02Z"},
		},
		{
			name: "reset more than 7 days ahead is dropped",
			ev:   match.Evidence{HTTP: &match.HTTP{Status: 429, Headers: map[string]string{"x-reset-at": "2026-02-01T00:00:00Z"}}},
			want: got{State: "classified", Code: "rate_limited", Rule: "http.429", Candidates: 1},
		},
		{
			name: "priority: insufficient_quota beats a plain 429",
			ev: match.Evidence{HTTP: &match.HTTP{Status: 429,
				Body: `{"error":{"message":"You exceeded your current quota","code":"insufficient_quota"}}`}},
			want: got{State: "classified", Code: "quota_limited", Rule: "http.429_quota", Candidates: 3},
		},
		{
			name: "a cause named in text outranks the bare status beside it",
			ev:   match.Evidence{Text: "Rate limit exceeded", HTTP: &match.HTTP{Status: 401}},
			want: got{State: "classified", Code: "rate_limited", Rule: "text.rate_limit", Candidates: 2},
		},
		{
			name: "exact outranks text of the same code",
			ev:   match.Evidence{Text: "sh: 1: foo: not found\n"},
			want: got{State: "classified", Code: "not_installed", Rule: "shell.not_found_exact", Candidates: 1},
		},
		{
			name: "a phrase outranks the exit code beside it",
			ev:   match.Evidence{Text: "bash: foo: command not found", ExitCode: intp(127)},
			want: got{State: "classified", Code: "not_installed", Rule: "text.command_not_found", Candidates: 2},
		},
		{
			name: "an exit code alone",
			ev:   match.Evidence{ExitCode: intp(127)},
			want: got{State: "classified", Code: "not_installed", Rule: "shell.127", Candidates: 1},
		},
		{
			name: "text with timing hint in the same record",
			ev:   match.Evidence{Text: "Error: Rate limit reached for requests. Please try again in 20s."},
			want: got{State: "classified", Code: "rate_limited", Rule: "text.rate_limit", Candidates: 1, RetryAfter: 20, ResetAt: "2026-01-01T00:00:20Z"},
		},
		{
			name: "guard: quota in the same record stops the rate-limit rule",
			ev:   match.Evidence{Text: "rate limit exceeded: you exceeded your current quota"},
			want: got{State: "classified", Code: "quota_limited", Rule: "text.quota", Candidates: 1},
		},
		{
			name: "guard is per record: quota on another line does not stop it",
			ev:   match.Evidence{Text: "rate limit exceeded\nquota: 100"},
			want: got{State: "classified", Code: "rate_limited", Rule: "text.rate_limit", Candidates: 1},
		},
		{
			name: "equal rank, different codes: conflict",
			ev:   match.Evidence{Text: "invalid request key"},
			want: got{State: "unclassified", Reason: "conflict", Candidates: 2},
		},
		{
			name: "unrelated phrases on different lines conflict too",
			ev:   match.Evidence{Text: "invalid request\nmaximum context length is 8192"},
			want: got{State: "unclassified", Reason: "conflict", Candidates: 2},
		},
		{
			name: "low confidence winner is unclassified",
			ev:   match.Evidence{Text: "device busy"},
			want: got{State: "unclassified", Reason: "low_confidence", Candidates: 1},
		},
		{
			name: "same code tie goes to the more confident rule",
			ev:   match.Evidence{Text: "server busy"},
			want: got{State: "classified", Code: "overloaded", Rule: "text.override_wins", Candidates: 2},
		},
		{
			name: "overrides settles a tie between codes",
			ev:   match.Evidence{Text: "please slow down"},
			want: got{State: "classified", Code: "overloaded", Rule: "text.override_wins", Candidates: 2},
		},
		{
			name: "text matchers must hold within one record",
			ev:   match.Evidence{Text: "alpha\nomega"},
			want: got{State: "unclassified", Reason: "no_match"},
		},
		{
			name: "text matchers in one record",
			ev:   match.Evidence{Text: "alpha and omega"},
			want: got{State: "classified", Code: "invalid_request", Rule: "text.both", Candidates: 1},
		},
		{
			name: "JSON in an SSE data line",
			ev:   match.Evidence{Text: "event: error\ndata: {\"type\":\"error\",\"error\":{\"type\":\"overloaded_error\",\"message\":\"Overloaded\"}}\n"},
			want: got{State: "classified", Code: "overloaded", Rule: "json.overloaded", Candidates: 1},
		},
		{
			name: "pretty-printed JSON spanning lines is one record",
			ev:   match.Evidence{Text: "Error:\n{\n  \"error\": {\n    \"type\": \"overloaded_error\"\n  }\n}\ndone"},
			want: got{State: "classified", Code: "overloaded", Rule: "json.overloaded", Candidates: 1},
		},
		{
			name: "JSON at the end of a log line",
			ev:   match.Evidence{Text: `2026/01/01 request failed: {"error":{"type":"overloaded_error"}}`},
			want: got{State: "classified", Code: "overloaded", Rule: "json.overloaded", Candidates: 1},
		},
		{
			name: "body is read as text too",
			ev:   match.Evidence{HTTP: &match.HTTP{Status: 400, Body: "This model's maximum context length is 8192 tokens"}},
			want: got{State: "classified", Code: "context_length_exceeded", Rule: "text.too_long", Candidates: 1},
		},
		{
			name: "the long s reads as s, as RE2's (?i) would have it",
			ev:   match.Evidence{Text: "invalid reque\u017ft: bad field"},
			want: got{State: "classified", Code: "invalid_request", Rule: "text.invalid", Candidates: 1},
		},
		{
			name: "binary and invalid UTF-8 do not break matching",
			ev:   match.Evidence{Text: "\x00\xff\xfe bash: x: command not found \x00"},
			want: got{State: "classified", Code: "not_installed", Rule: "text.command_not_found", Candidates: 1},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := e.Classify(tt.ev, match.Options{Now: now})
			if diff := cmp.Diff(tt.want, view(c)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
			if c.CatalogueVersion != e.Catalogue().ID {
				t.Errorf("catalogue_version = %q, want %q", c.CatalogueVersion, e.Catalogue().ID)
			}
		})
	}
}

// TestDeterministic classifies the same evidence repeatedly, including
// through header maps whose iteration order changes from run to run.
func TestDeterministic(t *testing.T) {
	e := testEngine(t)
	ev := match.Evidence{
		Text: "Rate limit exceeded. try again in 3s\ninvalid request",
		HTTP: &match.HTTP{Status: 429, Headers: map[string]string{"A": "1", "B": "2", "Retry-After": "7", "retry-after-ms": "9000"}},
	}
	first := e.Classify(ev, match.Options{Now: now, Explain: true})
	for i := 0; i < 50; i++ {
		if diff := cmp.Diff(first, e.Classify(ev, match.Options{Now: now, Explain: true})); diff != "" {
			t.Fatalf("run %d differs (-first +now):\n%s", i, diff)
		}
	}
}

func TestExcerptIsSanitised(t *testing.T) {
	e := testEngine(t)
	secret := "sk-proj-abcdefghijklmnopqrstuvwxyz0123456789"
	c := e.Classify(match.Evidence{Text: "\x1b[31mRate limit exceeded\x1b[0m for key " + secret}, match.Options{Now: now})
	if c.Rule != "text.rate_limit" {
		t.Fatalf("rule = %q", c.Rule)
	}
	if strings.Contains(c.SafeExcerpt, "abcdefghij") || strings.ContainsRune(c.SafeExcerpt, 0x1b) {
		t.Errorf("excerpt leaks: %q", c.SafeExcerpt)
	}
	if !strings.Contains(c.SafeExcerpt, "Rate limit exceeded") {
		t.Errorf("excerpt lost the match: %q", c.SafeExcerpt)
	}
	if len(c.SafeExcerpt) > match.ExcerptBytes {
		t.Errorf("excerpt is %d bytes", len(c.SafeExcerpt))
	}
}

func TestTruncatedLongLine(t *testing.T) {
	e := testEngine(t)
	long := "bash: x: command not found " + strings.Repeat("x", 10<<20)
	c := e.Classify(match.Evidence{Text: long}, match.Options{Now: now})
	if c.Code != "not_installed" || !c.Truncated {
		t.Errorf("got code %q truncated %v; want not_installed, truncated", c.Code, c.Truncated)
	}
}

func TestExplain(t *testing.T) {
	e := testEngine(t)
	c := e.Classify(match.Evidence{
		Text: "Rate limit exceeded",
		HTTP: &match.HTTP{Status: 429, Headers: map[string]string{"Retry-After": "soon"}},
	}, match.Options{Now: now, Explain: true})
	if c.Explain == nil || len(c.Explain.Matches) != 2 {
		t.Fatalf("explain = %+v", c.Explain)
	}
	want := []string{"won", "lower tier (bare < text of text.rate_limit)"}
	var outcomes []string
	for _, m := range c.Explain.Matches {
		outcomes = append(outcomes, m.Outcome)
	}
	if diff := cmp.Diff(want, outcomes); diff != "" {
		t.Errorf("outcomes (-want +got):\n%s", diff)
	}
	// The winner lists no hint, so the response's own Retry-After is read
	// for it, and dropped as unparseable; the bare rule's is noted too.
	var winner []match.HintNote
	for _, h := range c.Explain.Hints {
		if h.Rule == "text.rate_limit" {
			winner = append(winner, h)
		}
	}
	if len(winner) != 1 || winner[0].Kept || winner[0].Why != "unparseable" || !strings.Contains(winner[0].Source, "retry-after") {
		t.Errorf("hints = %+v, want the winner's response Retry-After dropped as unparseable", c.Explain.Hints)
	}
}

func TestScannerMatchesClassify(t *testing.T) {
	e := testEngine(t)
	text := "noise\n{\n \"error\": {\"type\": \"overloaded_error\"}\n}\nmore noise\n{ unclosed\nrate limit reached\n"
	whole := e.Classify(match.Evidence{Text: text}, match.Options{Now: now})
	s := e.Begin(match.Evidence{}, match.Options{Now: now})
	sc := records.NewScanner(strings.NewReader(text))
	var lines []int
	for sc.Scan() {
		lines = append(lines, sc.Line())
		s.Record(string(sc.Record()), sc.Line(), sc.Truncated())
	}
	if diff := cmp.Diff(whole, s.Finish()); diff != "" {
		t.Errorf("streamed differs from Classify (-classify +stream):\n%s", diff)
	}
	if diff := cmp.Diff([]int{1, 2, 5, 6, 7}, lines); diff != "" {
		t.Errorf("record lines (-want +got):\n%s", diff)
	}
}

// TestScannerLongLine feeds a 10 MB line between two short ones: the record
// is cut at MaxRecord and flagged, and the lines after it are still read.
func TestScannerLongLine(t *testing.T) {
	in := "first\n" + strings.Repeat("é", 5<<20) + "\nlast\n"
	sc := records.NewScanner(strings.NewReader(in))
	type rec struct {
		line, size int
		truncated  bool
	}
	var got []rec
	for sc.Scan() {
		got = append(got, rec{sc.Line(), len(sc.Record()), sc.Truncated()})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	want := []rec{{1, 5, false}, {2, records.MaxRecord, true}, {3, 4, false}}
	if diff := cmp.Diff(want, got, cmp.AllowUnexported(rec{})); diff != "" {
		t.Errorf("records (-want +got):\n%s", diff)
	}
}

// TestPrettyJSONAfterPrefix checks that a JSON body printed over several
// lines after a client's prefix is read by a json-only rule, whole and
// streamed alike.
func TestPrettyJSONAfterPrefix(t *testing.T) {
	e := testEngine(t)
	text := "anthropic.APIStatusError: {\n  \"type\": \"error\",\n  \"error\": {\n    \"type\": \"overloaded_error\"\n  }\n}\n"
	whole := e.Classify(match.Evidence{Text: text}, match.Options{Now: now})
	if whole.Rule != "json.overloaded" {
		t.Fatalf("rule %q, want json.overloaded", whole.Rule)
	}
	s := e.Begin(match.Evidence{}, match.Options{Now: now})
	sc := records.NewScanner(strings.NewReader(text))
	for sc.Scan() {
		s.Record(string(sc.Record()), sc.Line(), sc.Truncated())
	}
	if diff := cmp.Diff(whole, s.Finish()); diff != "" {
		t.Errorf("streamed differs from Classify (-classify +stream):\n%s", diff)
	}
	s = e.Begin(match.Evidence{}, match.Options{Now: now})
	if _, err := s.Feed(strings.NewReader(text), 1); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(whole, s.Finish()); diff != "" {
		t.Errorf("fed differs from Classify (-classify +feed):\n%s", diff)
	}
}

// TestPrettyJSONAsShown checks that a gathered document is read as the
// terminal shows it (colour removed), and that an array of objects the
// input ends inside, before its "]", is still read.
func TestPrettyJSONAsShown(t *testing.T) {
	e := testEngine(t)
	for name, text := range map[string]string{
		"coloured opener": "\x1b[31manthropic.APIStatusError: {\x1b[0m\n  \"type\": \"error\",\n  \"error\": {\"type\": \"overloaded_error\"}\n}\n",
		"array cut off":   "[API Error: [{\n  \"error\": {\"type\": \"overloaded_error\"}\n}\n",
	} {
		if c := e.Classify(match.Evidence{Text: text}, match.Options{Now: now}); c.Rule != "json.overloaded" {
			t.Errorf("%s: rule %q, want json.overloaded", name, c.Rule)
		}
	}
}
