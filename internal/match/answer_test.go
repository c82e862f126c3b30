package match_test

import (
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/errcat/errcat/internal/fixture"
	"github.com/errcat/errcat/internal/match"
)

// TestExplainDoesNotChangeAnswer classifies the fixtures and perturbed
// text with and without Explain. Without it the engine takes shortcuts
// (a match stands for the leftmost one when the excerpt shows the whole
// record, hints and excerpts are put off); the answers must not differ,
// in the excerpt above all, and must not differ from those of a scan fed
// record by record, which takes none.
func TestExplainDoesNotChangeAnswer(t *testing.T) {
	cat := shippedCatalogue(t)
	e, err := match.New(cat)
	if err != nil {
		t.Fatal(err)
	}
	fx, err := fixture.Load(os.DirFS("../../fixtures"), "fixtures")
	if err != nil {
		t.Fatal(err)
	}
	var evs []match.Evidence
	for _, f := range fx {
		evs = append(evs, f.Evidence)
	}
	for _, s := range probeTexts(t) {
		evs = append(evs, match.Evidence{Text: s})
	}
	// A record longer than an excerpt whose rule's first branch to match
	// ("rate limit reached") is not its leftmost ("RateLimitError"): the
	// excerpt is centred on the leftmost.
	filler := strings.Repeat("lorem ipsum dolor sit amet ", 20)
	evs = append(evs, match.Evidence{Text: "x RateLimitError: " + filler + " Rate limit reached for gpt-4o"})
	for i, ev := range evs {
		plain := e.Classify(ev, match.Options{Now: now})
		explained := e.Classify(ev, match.Options{Now: now, Explain: true})
		explained.Explain = nil
		if diff := cmp.Diff(explained, plain); diff != "" {
			t.Fatalf("evidence %d %q: answers differ (-explain +plain):\n%s", i, ev.Text, diff)
		}
	}
}

// TestPutOffHintReadsItsRecord classifies text whose winner's timing
// hint lies in an early record and whose last record holds the hint's
// words too. Without Explain the hint is read in Finish, from the
// winner's record; what the automaton found in the last one must not
// place the search (which dropped the hint, or ran past the record).
func TestPutOffHintReadsItsRecord(t *testing.T) {
	texts := []string{
		"Error: Rate limit reached for requests. Please try again in 20s.\nthe worker said it would try again in 5s when idle\n",
		"Error: Rate limit reached for requests. Please try again in 20s.\n000000000000000000000000000000000000000000000000000000000000000000000 try again in 5s\n",
		"Rate limit reached\n000000000000000000000000000000000try again in \n",
	}
	engines := map[string]*match.Engine{"testdata/cat": testEngine(t)}
	shipped, err := match.New(shippedCatalogue(t))
	if err != nil {
		t.Fatal(err)
	}
	engines["shipped"] = shipped
	for name, e := range engines {
		for _, text := range texts {
			plain := e.Classify(match.Evidence{Text: text}, match.Options{Now: now})
			explained := e.Classify(match.Evidence{Text: text}, match.Options{Now: now, Explain: true})
			explained.Explain = nil
			if diff := cmp.Diff(explained, plain); diff != "" {
				t.Errorf("%s, %q: answers differ (-explain +plain):\n%s", name, text, diff)
			}
			if strings.Contains(text, "20s") && (plain.RetryAfterSeconds == nil || *plain.RetryAfterSeconds != 20) {
				t.Errorf("%s, %q: retry after %v, want 20", name, text, plain.RetryAfterSeconds)
			}
		}
	}
}
