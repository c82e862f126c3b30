package match_test

import (
	"bytes"
	"encoding/gob"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/errcat/errcat/internal/compile"
	"github.com/errcat/errcat/internal/match"
	"github.com/errcat/errcat/internal/tables"
)

// copyTables is a deep copy of c, through gob: it shares no memory with c.
func copyTables(t *testing.T, c *tables.Catalogue) *tables.Catalogue {
	t.Helper()
	out := new(tables.Catalogue)
	if err := gob.NewDecoder(bytes.NewReader(encodeTables(t, c))).Decode(out); err != nil {
		t.Fatal(err)
	}
	return out
}

// encodeTables is c's gob encoding: every exported field, through every
// pointer, so two catalogues with equal encodings hold the same tables.
func encodeTables(t *testing.T, c *tables.Catalogue) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := gob.NewEncoder(&buf).Encode(c); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestNewLeavesTablesAlone builds engines on the shipped catalogue and
// runs them, then holds the tables to a copy taken before: neither New
// nor a classification writes to them.
func TestNewLeavesTablesAlone(t *testing.T) {
	cat, err := compile.Load(os.DirFS("../../catalogue"), "catalogue")
	if err != nil {
		t.Fatal(err)
	}
	before := copyTables(t, cat)
	e, err := match.New(cat)
	if err != nil {
		t.Fatal(err)
	}
	texts := probeTexts(t)
	for i := 0; i < len(texts); i += 16 {
		e.Classify(match.Evidence{Text: texts[i]}, match.Options{Explain: true})
	}
	if _, err := match.New(cat); err != nil {
		t.Fatal(err)
	}
	// The encodings are compared first: a deep comparison of the whole
	// catalogue is slow under the race detector, and needed only to say
	// what changed.
	if !bytes.Equal(encodeTables(t, before), encodeTables(t, cat)) {
		t.Fatalf("the tables changed under New (-before +after):\n%s", cmp.Diff(before, cat))
	}
}

// TestEnginesShareTables builds two engines on one catalogue at once and
// classifies with both at once (the race detector sees any write to the
// shared tables), and holds their answers to those of an engine on tables
// of its own.
func TestEnginesShareTables(t *testing.T) {
	cat, err := compile.Load(os.DirFS("../../catalogue"), "catalogue")
	if err != nil {
		t.Fatal(err)
	}
	own, err := match.New(copyTables(t, cat))
	if err != nil {
		t.Fatal(err)
	}
	var texts []string
	all := probeTexts(t)
	for i := 0; i < len(all); i += 8 {
		texts = append(texts, all[i])
	}
	now := time.Date(2025, 1, 2, 3, 4, 5, 0, time.UTC)
	opts := match.Options{Now: now, Explain: true}
	answers := make([][]match.Classification, 2)
	var wg sync.WaitGroup
	for k := range answers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			e, err := match.New(cat)
			if err != nil {
				t.Error(err)
				return
			}
			for _, text := range texts {
				answers[k] = append(answers[k], e.Classify(match.Evidence{Text: text}, opts))
			}
		}()
	}
	wg.Wait()
	if t.Failed() {
		return
	}
	classified := 0
	for i, text := range texts {
		want := own.Classify(match.Evidence{Text: text}, opts)
		if want.State == match.Classified {
			classified++
		}
		for k := range answers {
			if diff := cmp.Diff(want, answers[k][i]); diff != "" {
				t.Fatalf("engine %d on %q answers otherwise than an engine on tables of its own (-own +shared):\n%s", k, text, diff)
			}
		}
	}
	if classified == 0 {
		t.Fatal("no text was classified: the comparison says nothing")
	}
}

// TestNewRefusesUnnumberedTables checks that New refuses two different
// patterns of one ID, as tables built by hand and never numbered have,
// rather than running one in place of the other.
func TestNewRefusesUnnumberedTables(t *testing.T) {
	cat := &tables.Catalogue{
		Classes: []tables.Class{{Name: "k"}},
		Codes:   []tables.Code{{Name: "c"}},
		Rules: []tables.Rule{
			{ID: "a", Tier: tables.TierText, Match: tables.Cond{Regex: []*tables.Regex{{Src: `a+`}}}},
			{ID: "b", Tier: tables.TierText, Match: tables.Cond{Regex: []*tables.Regex{{Src: `b+`}}}},
		},
	}
	if _, err := match.New(cat); err == nil {
		t.Fatal("New took two patterns of one ID")
	}
	if n := cat.Number(); n != 2 {
		t.Fatalf("Number gave %d ids, want 2", n)
	}
	e, err := match.New(cat)
	if err != nil {
		t.Fatal(err)
	}
	if got := e.Classify(match.Evidence{Text: "bbb"}, match.Options{}); got.Rule != "b" {
		t.Fatalf("bbb: rule %q, want b", got.Rule)
	}
}
