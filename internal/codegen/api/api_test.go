package api

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/errcat/errcat/internal/compile"
	"github.com/errcat/errcat/internal/embedcheck"
	"github.com/errcat/errcat/internal/match"
	"github.com/errcat/errcat/internal/policy"
)

// TestMain gives the API the tables a generated package would hold.
func TestMain(m *testing.M) {
	cat, err := compile.Load(os.DirFS("../../compile/testdata/good"), "good")
	if err != nil {
		panic(err)
	}
	catalogueTables = cat
	os.Exit(m.Run())
}

func TestSourceList(t *testing.T) { embedcheck.Check(t, Source, ".") }

func reference(t *testing.T) *match.Engine {
	t.Helper()
	cat, err := compile.Load(os.DirFS("../../compile/testdata/good"), "good")
	if err != nil {
		t.Fatal(err)
	}
	e, err := match.New(cat)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// TestClassify holds the API's classifiers to the engine they wrap.
func TestClassify(t *testing.T) {
	e := reference(t)
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	for _, ev := range []Evidence{
		{HTTP: &HTTP{Status: 429, Headers: map[string]string{"Retry-After": "20"}}},
		{Text: "sh: foo: not found"},
		{Text: "quota exceeded", Provider: "openai"},
		{Text: "nothing to see"},
	} {
		opts := Options{Now: now, Explain: true}
		if diff := cmp.Diff(e.Classify(ev, opts), ClassifyWith(ev, opts)); diff != "" {
			t.Errorf("ClassifyWith(%+v) (-engine +api):\n%s", ev, diff)
		}
	}
	// Texts without timing hints, whose answers do not depend on the clock.
	for _, text := range []string{"sh: foo: not found", "Too Many Requests but quota", "nothing to see"} {
		want := e.Classify(match.Evidence{Text: text}, match.Options{})
		if diff := cmp.Diff(want, ClassifyText(text)); diff != "" {
			t.Errorf("ClassifyText(%q) (-engine +api):\n%s", text, diff)
		}
		if diff := cmp.Diff(want, Classify(Evidence{Text: text})); diff != "" {
			t.Errorf("Classify(%q) (-engine +api):\n%s", text, diff)
		}
	}
	log := "ok\nsh: foo: not found\nnothing\n"
	var got []LineResult
	stats, err := ClassifyLines(strings.NewReader(log), func(r LineResult) bool {
		got = append(got, r)
		return true
	})
	if err != nil {
		t.Fatal(err)
	}
	var want []match.LineResult
	wantStats, _ := e.Lines(strings.NewReader(log), match.Evidence{}, match.LinesOptions{}, func(r match.LineResult) bool {
		want = append(want, r)
		return true
	})
	if diff := cmp.Diff(want, got); diff != "" || len(got) == 0 {
		t.Errorf("ClassifyLines: results (-engine +api):\n%s", diff)
	}
	if diff := cmp.Diff(wantStats, stats); diff != "" {
		t.Errorf("ClassifyLines: stats (-engine +api):\n%s", diff)
	}
}

// TestCodes checks that Codes lists the catalogue's codes, and that the
// caller's copy is its own.
func TestCodes(t *testing.T) {
	codes := Codes()
	if diff := cmp.Diff(catalogueTables.Codes, codes); diff != "" || len(codes) == 0 {
		t.Fatalf("Codes (-tables +Codes):\n%s", diff)
	}
	codes[0].Name = "changed"
	if catalogueTables.Codes[0].Name == "changed" {
		t.Error("changing what Codes returned changed the tables")
	}
}

// TestPolicy checks that a policy is validated against the catalogue's
// classes, and that Decide passes every field a decision reads.
func TestPolicy(t *testing.T) {
	if _, err := ParsePolicy([]byte(`{"version": 1, "request": {"retry": {"enabled": false}, "wait_for_reset": {"enabled": false}, "on_exhausted": "stop"}}`)); err == nil {
		t.Error("a policy for a class the catalogue lacks was accepted")
	}
	doc := `{"version": 1, "transient": {"retry": {"enabled": true, "max_retries": 3, "initial_interval": "5s"}, "wait_for_reset": {"enabled": true, "max_wait": "5m"}, "on_exhausted": "skip"}}`
	p, err := ParsePolicy([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	if d := Decide(Classification{State: match.Classified, Class: "transient"}, DefaultPolicy(), State{}); d.Action != ActionStop {
		t.Errorf("the default policy says %s, want stop", d.Action)
	}
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	after := 30.0
	// Each case differs from the one before in one field Decide must pass.
	for _, c := range []Classification{
		{State: match.Classified, Code: "rate_limited", Class: "transient", Rule: "r", Reason: "x"},
		{State: match.Unclassified, Code: "rate_limited", Class: "transient", Rule: "r", Reason: "conflict"},
		{State: match.Classified, Code: "rate_limited", Class: "transient", Rule: "r", RetryAfterSeconds: &after},
		{State: match.Classified, Code: "rate_limited", Class: "transient", Rule: "r", ResetAt: "2026-01-01T00:01:00Z"},
		{State: match.Classified, Code: "quota_limited", Class: "hard", Rule: "q"},
	} {
		var pc policy.Classification
		b, _ := json.Marshal(c)
		if err := json.Unmarshal(b, &pc); err != nil {
			t.Fatal(err)
		}
		s := State{Now: now}
		if diff := cmp.Diff(policy.Decide(pc, p, s), Decide(c, p, s)); diff != "" {
			t.Errorf("Decide(%+v) (-policy +api):\n%s", c, diff)
		}
	}
}
