package match_test

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/errcat/errcat/catalogue"
	"github.com/errcat/errcat/internal/compile"
	"github.com/errcat/errcat/internal/match"
	"github.com/errcat/errcat/internal/match/records"
)

// TestFeedMatchesRecords holds Feed, which skips records without a
// trigger, to the plain definition: every record of the input given to
// Record in turn. Logs are mostly ordinary lines with a few that trigger
// rules, for the test catalogue and the shipped one, with and without
// structured evidence (which makes matched rules read later records for
// excerpts, guards and hints), in one input or two.
func TestFeedMatchesRecords(t *testing.T) {
	shipped, err := compile.Load(catalogue.FS, "catalogue")
	if err != nil {
		t.Fatal(err)
	}
	shippedEngine, err := match.New(shipped)
	if err != nil {
		t.Fatal(err)
	}
	ordinary := []string{
		"2026-01-01T00:00:00Z INFO request served in 12ms", "worker 3 idle", "", "   ",
		`{"level":"info","msg":"ok","status":200}`, "all good\r", "\x1b[32mPASS\x1b[0m tests",
		"tokens used: 1200 of 4000", "retrying in 3s (attempt 2/5)",
	}
	triggering := []string{
		"Rate limit exceeded for requests, try again in 3s", "bash: foo: command not found",
		"invalid request: missing field", "you exceeded your current quota",
		`{"error":{"type":"overloaded_error","message":"Overloaded"}}`,
		"Error code: 429 - {'error': {'message': 'Rate limit reached for gpt-4o', 'code': 'rate_limit_exceeded'}}",
		"Retry-After: 20", "x-ratelimit-reset-requests: 2s", "\x1b[31mRate limit\x1b[0m reached",
		"{\n  \"error\": {\n    \"type\": \"overloaded_error\"\n  }\n}", "please try again in 7s",
		"invalid reque\u017ft here", "HTTP/1.1 503 Service Unavailable",
	}
	evidences := []match.Evidence{
		{},
		{HTTP: &match.HTTP{Status: 429}},
		{HTTP: &match.HTTP{Status: 503, Headers: map[string]string{"Retry-After": "5"}}},
		{ExitCode: intp(1)},
	}
	r := rand.New(rand.NewPCG(17, 3))
	opts := match.Options{Now: now}
	for round := 0; round < 400; round++ {
		var parts [2]strings.Builder
		for i := 0; i < 5+r.IntN(60); i++ {
			line := ordinary[r.IntN(len(ordinary))]
			if r.IntN(15) == 0 {
				line = triggering[r.IntN(len(triggering))]
			}
			parts[r.IntN(2)].WriteString(line + "\n")
		}
		e := shippedEngine
		if round%2 == 0 {
			e = testEngine(t)
		}
		ev := evidences[r.IntN(len(evidences))]
		inputs := []string{parts[0].String() + parts[1].String()}
		if round%3 == 0 {
			inputs = []string{parts[0].String(), parts[1].String()}
		}
		want := e.Begin(ev, opts)
		got := e.Begin(ev, opts)
		first := 0
		for _, in := range inputs {
			sc := records.NewScanner(strings.NewReader(in))
			for sc.Scan() {
				want.Record(string(sc.Record()), first+sc.Line(), sc.Truncated())
			}
			n, err := got.Feed(strings.NewReader(in), first)
			if err != nil {
				t.Fatal(err)
			}
			if n != strings.Count(in, "\n") {
				t.Fatalf("Feed read %d lines of %d", n, strings.Count(in, "\n"))
			}
			first += n
		}
		w, g := want.Finish(), got.Finish()
		if diff := cmp.Diff(w, g); diff != "" {
			t.Fatalf("round %d, evidence %+v, inputs %q (-Record +Feed):\n%s", round, ev, inputs, diff)
		}
	}
}

func ExampleScan_Feed() {
	cat, err := compile.Load(catalogue.FS, "catalogue")
	if err != nil {
		panic(err)
	}
	e, err := match.New(cat)
	if err != nil {
		panic(err)
	}
	s := e.Begin(match.Evidence{}, match.Options{})
	log := "step 1 ok\nstep 2 ok\nbash: terraform: command not found\n"
	if _, err := s.Feed(strings.NewReader(log), 0); err != nil {
		panic(err)
	}
	c := s.Finish()
	fmt.Println(c.State, c.Code, c.Class)
	// Output: classified not_installed hard
}
