package gen_test

import (
	"encoding/json"
	"math/rand/v2"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/errcat/errcat/gen"
	"github.com/errcat/errcat/internal/codegen"
	"github.com/errcat/errcat/internal/compile"
	"github.com/errcat/errcat/internal/fixture"
	"github.com/errcat/errcat/internal/match"
	"github.com/errcat/errcat/internal/policy"
	"github.com/errcat/errcat/internal/version"
)

func load(t testing.TB) *match.Engine {
	t.Helper()
	cat, err := compile.Load(os.DirFS("../catalogue"), "catalogue")
	if err != nil {
		t.Fatal(err)
	}
	e, err := match.New(cat)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// TestFresh fails when errcat_gen.go is not what the generator makes of
// ../catalogue today.
func TestFresh(t *testing.T) {
	e := load(t)
	want, err := codegen.Generate(e.Catalogue(), codegen.Options{Package: "gen", ErrcatVersion: version.Version})
	if err != nil {
		t.Fatal(err)
	}
	msg, err := codegen.Stale("errcat_gen.go", want)
	if err != nil {
		t.Fatal(err)
	}
	if msg != "" {
		t.Fatalf("%s\nrun: make generate", msg)
	}
	if gen.Version != e.Catalogue().ID {
		t.Errorf("gen.Version = %q, want %q", gen.Version, e.Catalogue().ID)
	}
}

// toGen converts evidence between the two packages through JSON, the
// contract they share.
func toGen(t testing.TB, ev match.Evidence) gen.Evidence {
	b, err := json.Marshal(ev)
	if err != nil {
		t.Fatal(err)
	}
	var g gen.Evidence
	if err := json.Unmarshal(b, &g); err != nil {
		t.Fatal(err)
	}
	return g
}

// throughJSON is ev as it comes back from JSON.
func throughJSON(t testing.TB, ev match.Evidence) match.Evidence {
	b, err := json.Marshal(ev)
	if err != nil {
		t.Fatal(err)
	}
	var m match.Evidence
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

func fromGen(t testing.TB, c gen.Classification) match.Classification {
	b, err := json.Marshal(c)
	if err != nil {
		t.Fatal(err)
	}
	var m match.Classification
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

// TestDifferential classifies every fixture and a corpus of perturbed and
// random evidence with both the generated package and internal/match.
func TestDifferential(t *testing.T) {
	e := load(t)
	fx, err := fixture.Load(os.DirFS("../fixtures"), "fixtures")
	if err != nil {
		t.Fatal(err)
	}
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	var corpus []match.Evidence
	for _, f := range fx {
		corpus = append(corpus, f.Evidence)
	}
	corpus = append(corpus, perturb(corpus, rand.New(rand.NewPCG(1, 2)), 2000)...)
	for i, ev := range corpus {
		// Both read the evidence as JSON carries it to gen: invalid UTF-8
		// becomes U+FFFD on the way, and garbled text tells them apart.
		ev = throughJSON(t, ev)
		want := e.Classify(ev, match.Options{Now: now, Explain: true})
		got := fromGen(t, gen.ClassifyWith(toGen(t, ev), gen.Options{Now: now, Explain: true}))
		if diff := cmp.Diff(want, got); diff != "" {
			t.Fatalf("evidence %d %+v: internal/match and gen differ (-match +gen):\n%s", i, ev, diff)
		}
	}
	t.Logf("%d fixtures, %d pieces of evidence compared", len(fx), len(corpus))
}

// perturb derives evidence from the fixtures: words dropped, swapped and
// duplicated, case changed, texts spliced, statuses and headers moved
// between cases, and some pure noise.
func perturb(base []match.Evidence, r *rand.Rand, n int) []match.Evidence {
	var out []match.Evidence
	pick := func() match.Evidence { return base[r.IntN(len(base))] }
	for len(out) < n {
		ev := pick()
		words := strings.Fields(ev.Text)
		switch r.IntN(7) {
		case 0:
			if len(words) > 1 {
				i := r.IntN(len(words))
				words = append(words[:i:i], words[i+1:]...)
			}
			ev.Text = strings.Join(words, " ")
		case 1:
			ev.Text = strings.ToUpper(ev.Text)
		case 2:
			ev.Text = ev.Text + "\n" + pick().Text
		case 3:
			other := pick()
			ev.HTTP, ev.ExitCode = other.HTTP, other.ExitCode
		case 4:
			if len(words) > 1 {
				i, j := r.IntN(len(words)), r.IntN(len(words))
				words[i], words[j] = words[j], words[i]
			}
			ev.Text = strings.Join(words, " ")
		case 5:
			b := make([]byte, r.IntN(300))
			for i := range b {
				b[i] = byte(r.IntN(256))
			}
			ev = match.Evidence{Text: string(b)}
		case 6:
			code := r.IntN(256)
			ev.ExitCode = &code
			ev.Signal = []string{"", "SIGKILL", "9", "term"}[r.IntN(4)]
		}
		out = append(out, ev)
	}
	return out
}

// message200 builds ~200-byte messages for the benchmarks.
const (
	hit200  = `openai.RateLimitError: Error code: 429 - {'error': {'message': 'Rate limit reached for gpt-4o on tokens per min (TPM): Limit 30000, Used 29000. Please try again in 2.5s.', 'code': 'rate_limit_exceeded'}}`
	miss200 = `2026-01-01T00:00:00Z INFO worker-7 finished batch 1842 in 3.2s: 512 items processed, 0 skipped, cache hit ratio 0.93, queue depth 12, next checkpoint at offset 99120, heartbeat ok, all systems nominal`
)

func BenchmarkClassify(b *testing.B) {
	for _, bm := range []struct{ name, text string }{{"hit", hit200}, {"miss", miss200}} {
		b.Run(bm.name, func(b *testing.B) {
			if c := gen.ClassifyText(bm.text); (c.State == "classified") != (bm.name == "hit") {
				b.Fatalf("%s message classified as %+v", bm.name, c)
			}
			ev := gen.Evidence{Text: bm.text}
			b.SetBytes(int64(len(bm.text)))
			b.ReportAllocs()
			for b.Loop() {
				gen.Classify(ev)
			}
		})
	}
}

const policyJSON = `{"version": 1,
  "transient": {"retry": {"enabled": true, "max_retries": 3, "initial_interval": "5s"},
                "wait_for_reset": {"enabled": true, "max_wait": "5m"},
                "on_exhausted": "skip"},
  "hard": {"retry": {"enabled": false}, "wait_for_reset": {"enabled": false}, "on_exhausted": "stop"},
  "request": {"retry": {"enabled": true, "max_retries": 1, "initial_interval": "2s"},
              "wait_for_reset": {"enabled": false}, "on_exhausted": "stop"}}`

// TestDecideMatchesPolicy holds the generated Decide to internal/policy's
// on a ladder of attempts for every fixture's classification.
func TestDecideMatchesPolicy(t *testing.T) {
	e := load(t)
	fx, err := fixture.Load(os.DirFS("../fixtures"), "fixtures")
	if err != nil {
		t.Fatal(err)
	}
	want, err := policy.ParseJSON([]byte(policyJSON), "transient", "hard", "request")
	if err != nil {
		t.Fatal(err)
	}
	got, err := gen.ParsePolicy([]byte(policyJSON))
	if err != nil {
		t.Fatal(err)
	}
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	decisions := 0
	for _, f := range fx {
		c := e.Classify(f.Evidence, match.Options{Now: now})
		pc := policy.Classification{State: c.State, Code: c.Code, Class: c.Class, Rule: c.Rule, Reason: c.Reason, RetryAfterSeconds: c.RetryAfterSeconds, ResetAt: c.ResetAt, ShouldRetry: c.ShouldRetry}
		gc := gen.ClassifyWith(toGen(t, f.Evidence), gen.Options{Now: now})
		for attempt := 0; attempt < 5; attempt++ {
			st := policy.State{Now: now, Retries: map[string]int{c.Class: attempt}, Waited: map[string]bool{c.Class: attempt%2 == 1}}
			gs := gen.State{Now: now, Retries: map[string]int{c.Class: attempt}, Waited: map[string]bool{c.Class: attempt%2 == 1}}
			w, _ := json.Marshal(policy.Decide(pc, want, st))
			g, _ := json.Marshal(gen.Decide(gc, got, gs))
			if string(w) != string(g) {
				t.Fatalf("fixture %q attempt %d: policy %s, gen %s", f.Name, attempt, w, g)
			}
			decisions++
		}
	}
	if decisions == 0 {
		t.Fatal("no decisions compared")
	}
}
