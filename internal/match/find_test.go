package match_test

import (
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"
	"testing/fstest"

	"github.com/google/go-cmp/cmp"

	"github.com/errcat/errcat/internal/compile"
	"github.com/errcat/errcat/internal/fixture"
	"github.com/errcat/errcat/internal/match"
	"github.com/errcat/errcat/internal/tables"
)

var (
	shippedOnce sync.Once
	shipped     *tables.Catalogue
	shippedEng  *match.Engine
	shippedErr  error
)

// shippedCatalogue is the catalogue errcat ships, prepared.
func shippedCatalogue(t testing.TB) *tables.Catalogue {
	t.Helper()
	shippedOnce.Do(func() {
		shipped, shippedErr = compile.Load(os.DirFS("../../catalogue"), "catalogue")
		if shippedErr == nil {
			shippedEng, shippedErr = match.New(shipped)
		}
	})
	if shippedErr != nil {
		t.Fatal(shippedErr)
	}
	return shipped
}

// shippedEngine is an engine on shippedCatalogue.
func shippedEngine(t testing.TB) *match.Engine {
	t.Helper()
	shippedCatalogue(t)
	return shippedEng
}

// patterns returns every pattern of e that reads records: rule branches,
// guards and hint extractors, once each.
func patterns(e *match.Engine) []match.Pattern {
	cat := e.Catalogue()
	seen := map[*tables.Regex]bool{}
	var out []match.Pattern
	add := func(res ...*tables.Regex) {
		for _, re := range res {
			if re != nil && !seen[re] {
				seen[re] = true
				out = append(out, e.Pattern(re))
			}
		}
	}
	for i := range cat.Rules {
		r := &cat.Rules[i]
		add(r.Match.Regex...)
		if r.Not != nil {
			add(r.Not.Regex...)
		}
		for _, h := range r.Hints {
			add(h.Re)
		}
	}
	return out
}

// probeTexts are records to search: every fixture's text and body, line
// by line, the same changed (case, spacing, words cut, spliced, escaped
// runes around), and noise.
func probeTexts(t testing.TB) []string {
	fx, err := fixture.Load(os.DirFS("../../fixtures"), "fixtures")
	if err != nil {
		t.Fatal(err)
	}
	var base []string
	for _, f := range fx {
		texts := []string{f.Evidence.Text}
		if f.Evidence.HTTP != nil {
			texts = append(texts, f.Evidence.HTTP.Body)
		}
		for _, s := range texts {
			if s != "" {
				base = append(base, s)
				base = append(base, strings.Split(s, "\n")...)
			}
		}
	}
	slices.Sort(base)
	base = slices.Compact(base)
	r := rand.New(rand.NewPCG(7, 11))
	out := append([]string(nil), base...)
	affix := []string{"", " ", "x", "_", "é", "\u212a", "\u017f", "\xff", "\n", "  \t", "ok ", "-- ", "'", "\"", "ab1"}
	for i := 0; i < 1000; i++ {
		s := base[r.IntN(len(base))]
		switch r.IntN(8) {
		case 0:
			s = strings.ToUpper(s)
		case 1:
			s = strings.ToLower(s)
		case 2:
			if len(s) > 2 {
				a := r.IntN(len(s))
				b := a + r.IntN(len(s)-a)
				s = s[:a] + s[b:]
			}
		case 3:
			s = s + affix[r.IntN(len(affix))] + base[r.IntN(len(base))]
		case 4:
			w := strings.Fields(s)
			r.Shuffle(len(w), func(i, j int) { w[i], w[j] = w[j], w[i] })
			s = strings.Join(w, affix[r.IntN(len(affix))])
		case 5:
			s = strings.ReplaceAll(s, " ", affix[r.IntN(len(affix))])
		case 6:
			b := []byte(s)
			for k := 0; k < 3 && len(b) > 0; k++ {
				b[r.IntN(len(b))] = byte(r.IntN(256))
			}
			s = string(b)
		}
		out = append(out, affix[r.IntN(len(affix))]+s+affix[r.IntN(len(affix))])
	}
	return out
}

// TestFindAgreesWithRegexp holds the anchored search to Go's own on every
// shipped pattern: the same leftmost match, submatches included. It is
// run on its own, and through the automaton's hits in the record as a
// scan runs it (confirm.go).
func TestFindAgreesWithRegexp(t *testing.T) {
	cat := shippedCatalogue(t)
	e, err := match.New(cat)
	if err != nil {
		t.Fatal(err)
	}
	res := patterns(e)
	texts := probeTexts(t)
	if raceEnabled {
		// One goroutine compares two searches: the race detector has
		// nothing to watch and slows it tenfold. make's differential
		// target runs it without the detector.
		t.Skip("single-goroutine differential; run without -race (make differential)")
	}
	if testing.Short() {
		var every4 []string
		for i := 0; i < len(texts); i += 4 {
			every4 = append(every4, texts[i])
		}
		texts = every4
	}
	fast := 0
	for _, re := range res {
		if re.Fast() {
			fast++
		}
	}
	t.Logf("%d patterns, %d searched at places; %d texts", len(res), fast, len(texts))
	r := rand.New(rand.NewPCG(3, 5))
	checked := 0
	for _, text := range texts {
		rec := match.FoldSpecial(text)
		low := lowerASCII(rec)
		scanned := map[*tables.Regex][]found{}
		e.FindScanned(rec, func(re match.Pattern, start, end int, ok bool, sub []int) {
			scanned[re.Regex] = append(scanned[re.Regex], found{start, end, ok, sub})
		})
		for _, re := range res {
			// Texts where the pattern can begin are the interesting
			// ones; a sample of the rest is enough, and keeps the
			// test quick under -race.
			if near(re.Regex, low) || r.IntN(20) == 0 {
				checkFind(t, re, rec, scanned[re.Regex])
				checked++
			}
		}
	}
	t.Logf("%d searches compared", checked)
}

// near reports whether a pattern's triggers or lead strings occur in low,
// or it is anchored at the start.
func near(re *tables.Regex, low string) bool {
	for _, lits := range [][]string{re.Triggers} {
		for _, l := range lits {
			if strings.Contains(low, l) {
				return true
			}
		}
	}
	for _, a := range re.Alts {
		if a.Start {
			return true
		}
		for _, lits := range [][]string{a.Triggers, a.Lead} {
			for _, l := range lits {
				if strings.Contains(low, l) {
					return true
				}
			}
		}
	}
	return false
}

func lowerASCII(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

// found is what the engine found for a pattern.
type found struct {
	start, end int
	ok         bool
	sub        []int
}

// checkFind compares the engine's search for re in rec, on its own and
// as scans found it (Engine.FindScanned), with regexp's.
func checkFind(t *testing.T, re match.Pattern, rec string, scanned []found) {
	t.Helper()
	start, end, ok := re.Find(rec)
	plain := found{start, end, ok, nil}
	if re.Regexp().NumSubexp() > 0 {
		// The engine asks for submatches only from hint extractors.
		plain.sub = re.FindSubmatch(rec)
	}
	want := re.Regexp().FindStringIndex(rec)
	wantSub := re.Regexp().FindStringSubmatchIndex(rec)
	for i, f := range append([]found{plain}, scanned...) {
		how := "Find"
		if i > 0 {
			how = "a scan"
		}
		if (want != nil) != f.ok || f.ok && (want[0] != f.start || want[1] != f.end) {
			t.Fatalf("%s on %q: %s found %d, %d, %v; regexp: %v", re.Src, rec, how, f.start, f.end, f.ok, want)
		}
		if re.Regexp().NumSubexp() == 0 {
			continue
		}
		if diff := cmp.Diff(wantSub, f.sub); diff != "" {
			t.Fatalf("%s on %q: %s found other submatches (-regexp +engine):\n%s", re.Src, rec, how, diff)
		}
	}
}

// TestFindPastTheBudget runs patterns on records where the program runAt
// runs gives up (more repetitions than its stack holds alternatives), so
// the anchored forms answer. They are compiled only then: a record the
// program settles leaves them uncompiled.
func TestFindPastTheBudget(t *testing.T) {
	fsys := fstest.MapFS{
		"catalogue.yaml": {Data: []byte("name: budget\nversion: 0.0.1\nclasses:\n  transient: {description: d, exit_code: 75}\ncodes:\n  overloaded: {class: transient, description: d}\n")},
		"rules/r.yaml": {Data: []byte(`rules:
  - id: t.folded
    code: overloaded
    confidence: high
    priority: 2
    match: {regex: '(?i)\bretry(?: again)* now\b'}
  - id: t.cased
    code: overloaded
    confidence: high
    priority: 1
    match: {regex: '\bRetry(?: again)* (NOW|later)\b'}
`)},
	}
	cat, err := compile.Load(fsys, "")
	if err != nil {
		t.Fatal(err)
	}
	e, err := match.New(cat)
	if err != nil {
		t.Fatal(err)
	}
	res := patterns(e)
	long := strings.Repeat(" again", 100)
	for _, re := range res {
		if !re.Fast() {
			t.Fatalf("%s is not searched at places", re.Src)
		}
		for _, rec := range []string{"Retry now", "x Retry again NOW"} {
			checkFind(t, re, rec, nil)
		}
		if re.Anchored() {
			t.Errorf("%s: anchored forms compiled for records the program settles", re.Src)
		}
		for _, rec := range []string{"Retry" + long + " now", "x Retry" + long + " NOW", "Retry" + long + " later.", "Retry" + long} {
			checkFind(t, re, rec, nil)
		}
		if !re.Anchored() {
			t.Errorf("%s: the program settled a record past its stack; the test no longer reaches the fallback", re.Src)
		}
	}
}

// FuzzFind is TestFindAgreesWithRegexp on arbitrary records.
func FuzzFind(f *testing.F) {
	f.Add("openai.RateLimitError: Error code: 429 - rate limit reached, try again in 2.5s")
	f.Add("  --- PASS: TestRateLimit (0.00s)")
	f.Add("ok  \tgithub.com/x/y\t0.1s\nrate_limit_exceeded")
	f.Add("x\xffRATE LIMIT EXCEEDED\u212a")
	f.Fuzz(func(t *testing.T, text string) {
		for _, re := range patterns(shippedEngine(t)) {
			checkFind(t, re, match.FoldSpecial(text), nil)
		}
	})
}
