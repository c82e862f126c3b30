package litscan

import (
	"bytes"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// tunedTo returns a set of the same literals anchored for text like
// sample, whatever its size, as a tuning's first sample does.
func (l *Set) tunedTo(sample string) *Set {
	return buildLiteralSet(l.pats, l.count(sample))
}

// TestTunedFindsTheSame checks that anchoring on a sample changes no
// occurrence found: random literals over a small alphabet, tuned to one
// random text and scanned over another, against brute force.
func TestTunedFindsTheSame(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 5))
	word := func(n int) string { return randomWord(r, "abcdAB -", n) }
	for round := 0; round < 1000; round++ {
		var pats []string
		seen := map[string]bool{}
		for i := 0; i < 1+r.IntN(20); i++ {
			if p := strings.ToLower(word(1 + r.IntN(14))); !seen[p] {
				seen[p] = true
				pats = append(pats, p)
			}
		}
		sample, text := word(r.IntN(400)), word(r.IntN(200))
		l := NewSet(pats).tunedTo(sample)
		if diff := cmp.Diff(bruteOccurrences(pats, text), scannedOccurrences(l, text)); diff != "" {
			t.Fatalf("patterns %q tuned to %q, text %q (-want +got):\n%s", pats, sample, text, diff)
		}
	}
}

// TestTunedSplitFindsTheSame: a set whose short literals are anchored
// apart is tuned part by part, each on counts of its own grams, and still
// finds every occurrence.
func TestTunedSplitFindsTheSame(t *testing.T) {
	r := rand.New(rand.NewPCG(8, 1))
	word := func(n int) string { return randomWord(r, "abcdefgh ", n) }
	seen := map[string]bool{}
	var pats []string
	for len(pats) < 2400 {
		if p := word(8 + r.IntN(13)); !seen[p] {
			seen[p] = true
			pats = append(pats, p)
		}
	}
	var b strings.Builder
	for b.Len() < 8000 {
		if r.IntN(3) == 0 {
			b.WriteString(pats[r.IntN(len(pats))])
		} else {
			b.WriteString(word(1 + r.IntN(12)))
		}
	}
	sample, text := word(4000), b.String()
	c := NewSet(pats).count(sample)
	if c.short == nil {
		t.Fatal("the short part's grams were not counted")
	}
	l := buildLiteralSet(pats, c)
	if l.short == nil {
		t.Fatal("the set was not split: the test proves nothing")
	}
	if diff := cmp.Diff(bruteOccurrences(pats, text), scannedOccurrences(l, text)); diff != "" {
		t.Fatalf("(-want +got):\n%s", diff)
	}
}

// TestTunedAvoidsSampleGrams checks what tuning is for: literals whose
// words are the log's own words are anchored, once tuned to the log, on
// grams the log does not hold. Untuned, the same literals are anchored on
// grams it does hold, or the test would prove nothing.
func TestTunedAvoidsSampleGrams(t *testing.T) {
	pats := []string{
		"upstream account refused",
		"lock credential missing",
		"deployment pipeline unavailable",
		"session socket expired",
	}
	var b strings.Builder
	for i := 0; b.Len() < 64<<10; i++ {
		b.WriteString("2026-01-01T00:00:00Z INFO upstream account served 12 items\n")
		b.WriteString("2026-01-01T00:00:00Z DEBUG payload credential=ok credential=ok credential=ok\n")
		b.WriteString("2026-01-01T00:00:00Z INFO deployment pipeline ok after unavailable check\n")
		b.WriteString("2026-01-01T00:00:00Z WARN session socket retrying in 3s\n")
	}
	sample := b.String()
	held := func(l *Set) []string {
		var out []string
		for _, a := range l.anchors {
			g := l.pats[a.pat][a.off : int(a.off)+l.gramLen]
			if strings.Contains(sample, g) {
				out = append(out, g)
			}
		}
		return out
	}
	l := NewSet(pats)
	if len(held(l)) == 0 {
		t.Fatal("untuned anchors hold no gram of the sample: the test proves nothing")
	}
	if got := held(l.tunedTo(sample)); len(got) != 0 {
		t.Errorf("tuned anchors still on grams of the sample: %q", got)
	}
}

// TestTuningWaitsForInput checks when a tuning tunes: not before tuneMin
// bytes have come, not on a region too small to sample, then again once
// pieces more pieces have been counted, one every pieceEvery bytes, and
// then never.
func TestTuningWaitsForInput(t *testing.T) {
	base := NewSet([]string{"upstream account refused"})
	tn := Tuning{lits: base}
	region := []byte(strings.Repeat("upstream account served\n", 100<<10/24))
	for read := 0; read+len(region) < tuneMin; read += len(region) {
		if tn.For(region) != base {
			t.Fatalf("tuned after %d bytes, before tuneMin", read+len(region))
		}
	}
	if tn.For(region[:minSample-1]) != base {
		t.Fatal("tuned on a region smaller than minSample")
	}
	tuned := tn.For(region)
	if tuned == base {
		t.Fatal("not tuned once tuneMin bytes have come")
	}
	// The last piece is due pieces*pieceEvery bytes on, and comes with
	// the first region that reaches it.
	due := pieces * pieceEvery
	read := 0
	for ; read+len(region) < due; read += len(region) {
		if tn.For(region) != tuned {
			t.Fatalf("tuned again after %d bytes, before %d", read+len(region), due)
		}
	}
	if tn.For(region[:minSample-1]) != tuned {
		t.Fatal("counted a region smaller than minSample")
	}
	again := tn.For(region)
	if again == tuned {
		t.Fatalf("not tuned again after %d bytes", read+len(region))
	}
	for range 4 * pieces {
		if tn.For(region) != again {
			t.Fatal("tuned a third time")
		}
	}
}

// TestTuningCountsBursts feeds a tuning a first region of ordinary lines,
// then regions whose long lines repeat the very text the first tuning
// anchored a literal on, as a log's payload dumps repeat one word: the
// second tuning must move the anchors off it.
func TestTuningCountsBursts(t *testing.T) {
	const pat = "disk resolver stalled badly"
	tn := Tuning{lits: NewSet([]string{pat})}
	plain := []byte(strings.Repeat("2026-01-01T00:00:00Z INFO disk resolver served 12 items\n", tuneMin/50))
	first := tn.For(plain)
	lo, hi := len(pat), 0
	for _, a := range first.anchors {
		lo, hi = min(lo, int(a.off)), max(hi, int(a.off)+first.gramLen)
	}
	burst := []byte(strings.Repeat("2026-01-01T00:00:00Z DEBUG payload "+strings.Repeat(pat[lo:hi]+"=ok ", 200)+"\n", pieceSize/(len(pat[lo:hi])*200)+1))
	held := func(l *Set) []string {
		var out []string
		for _, a := range l.anchors {
			if g := pat[a.off : int(a.off)+l.gramLen]; bytes.Contains(burst, []byte(g)) {
				out = append(out, g)
			}
		}
		return out
	}
	if len(held(first)) == 0 {
		t.Fatal("the first tuning's anchors are not in the bursts: the test proves nothing")
	}
	var last *Set
	for read := 0; read <= pieces*pieceEvery; read += len(burst) {
		last = tn.For(burst)
	}
	if last == first {
		t.Fatal("not tuned again")
	}
	if got := held(last); len(got) != 0 {
		t.Errorf("anchors still on grams the bursts repeat: %q", got)
	}
}

// TestTuningBuildsAside: a set of asyncMin literals or more is tuned on
// another goroutine. The set at hand scans on until the tuned one is
// ready, then the tuned one, and every set the tuning hands out finds
// every occurrence.
func TestTuningBuildsAside(t *testing.T) {
	r := rand.New(rand.NewPCG(6, 2))
	word := func(n int) string { return randomWord(r, "abcdefgh ", n) }
	seen := map[string]bool{}
	var pats []string
	for len(pats) < asyncMin {
		if p := word(11 + r.IntN(10)); !seen[p] {
			seen[p] = true
			pats = append(pats, p)
		}
	}
	var b strings.Builder
	for b.Len() < 64<<10 {
		if r.IntN(4) == 0 {
			b.WriteString(pats[r.IntN(len(pats))])
		} else {
			b.WriteString(word(1 + r.IntN(12)))
		}
	}
	text := b.String()
	region := []byte(text)
	want := bruteOccurrences(pats, text)
	check := func(l *Set, when string) {
		t.Helper()
		if diff := cmp.Diff(want, scannedOccurrences(l, text)); diff != "" {
			t.Fatalf("%s (-want +got):\n%s", when, diff)
		}
	}
	base := NewSet(pats)
	tn := NewTuning(base, false)
	read := 0
	for tn.pending == nil {
		if read > tuneMin {
			t.Fatalf("no tuning begun after %d bytes", read)
		}
		if tn.For(region) != base {
			t.Fatal("the tuned set was built in line")
		}
		read += len(region)
	}
	for len(tn.pending) == 0 { // built, not yet taken
		runtime.Gosched()
	}
	tuned := tn.For(region)
	if tuned == base || tn.pending != nil {
		t.Fatal("the tuned set, ready, was not taken")
	}
	check(tuned, "the first tuned set")
	for ; !tn.done; read += len(region) {
		tn.For(region)
	}
	if tn.pending != nil {
		tn.lits, tn.pending = <-tn.pending, nil
	}
	if tn.lits == tuned || tn.lits == base {
		t.Fatal("the tuning did not end on a set tuned to all it counted")
	}
	check(tn.lits, "the last tuned set")
}
