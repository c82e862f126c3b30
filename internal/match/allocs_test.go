package match_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/errcat/errcat/internal/match"
)

// TestClassifyAllocs holds the per-message allocation budget: nothing on a
// message no rule matches, and at most two on one that a rule wins (the
// candidates and the excerpt).
func TestClassifyAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation counts are not the program's own under the race detector")
	}
	e, err := match.New(shippedCatalogue(t))
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name, text string
		max        float64
	}{{"miss", miss200, 0}, {"hit", hit200, 2}} {
		ev := match.Evidence{Text: tt.text}
		if c := e.Classify(ev, match.Options{}); (c.State == match.Classified) != (tt.name == "hit") {
			t.Fatalf("%s message classified as %+v", tt.name, c)
		}
		if n := testing.AllocsPerRun(200, func() { e.Classify(ev, match.Options{}) }); n > tt.max {
			t.Errorf("Classify on a %s: %v allocations, want at most %v", tt.name, n, tt.max)
		}
	}
}

// TestClassifyBodyAllocs holds a response whose body holds no JSON to the
// budget of a message: a body is walked for a stream's frames, and one
// without any decodes and allocates nothing.
func TestClassifyBodyAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation counts are not the program's own under the race detector")
	}
	e, err := match.New(shippedCatalogue(t))
	if err != nil {
		t.Fatal(err)
	}
	for _, body := range []string{
		"<html>\r\n<head><title>hello</title></head>\r\n<body>" + miss200 + "</body>\r\n</html>\r\n",
		"event: ping\ndata: keep-alive\n\nevent: ping\ndata: " + miss200 + "\n\n",
		"[INFO] 2026-01-01 started\n[2026-01-01 00:00:00] " + miss200 + " {done}\n",
	} {
		ev := match.Evidence{HTTP: &match.HTTP{Status: 200, Body: body}}
		if c := e.Classify(ev, match.Options{}); c.State == match.Classified {
			t.Fatalf("body %q classified as %+v", body, c)
		}
		if n := testing.AllocsPerRun(200, func() { e.Classify(ev, match.Options{}) }); n > 0 {
			t.Errorf("Classify on body %q: %v allocations, want none", body, n)
		}
	}
}

// TestLinesAllocsPerRecord holds the bulk path to no allocation per record
// that no rule matches: reading ten times as many unmatched records costs
// no more allocations than reading one tenth of them, beyond what the
// extra regions take.
func TestLinesAllocsPerRecord(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation counts are not the program's own under the race detector")
	}
	e, err := match.New(shippedCatalogue(t))
	if err != nil {
		t.Fatal(err)
	}
	log := func(n int) []byte { return []byte(strings.Repeat(miss200+"\n", n)) }
	small, large := log(2000), log(20000)
	allocs := func(in []byte) float64 {
		return testing.AllocsPerRun(5, func() {
			st, err := e.Lines(bytes.NewReader(in), match.Evidence{}, match.LinesOptions{}, func(match.LineResult) bool { return true })
			if err != nil || st.Classified != 0 {
				t.Fatalf("Lines: %+v, %v", st, err)
			}
		})
	}
	e.Lines(bytes.NewReader(large), match.Evidence{}, match.LinesOptions{}, func(match.LineResult) bool { return true })
	a, b := allocs(small), allocs(large)
	perRecord := (b - a) / float64(20000-2000)
	t.Logf("allocations: %v for 2,000 records, %v for 20,000", a, b)
	if perRecord > 0.01 {
		t.Errorf("%.3f allocations per unmatched record (%v for 2,000 records, %v for 20,000), want 0", perRecord, a, b)
	}
}
