package collide

import (
	"os"
	"sync"
	"testing"
	"time"

	"github.com/errcat/errcat/internal/compile"
	"github.com/errcat/errcat/internal/tables"
)

func loadShipped(tb testing.TB) *tables.Catalogue {
	tb.Helper()
	cat, err := compile.Load(os.DirFS("../../catalogue"), "catalogue")
	if err != nil {
		tb.Fatal(err)
	}
	return cat
}

// BenchmarkShipped analyses the whole shipped catalogue and reports the
// time of one analysis and how many pairs were considered, pruned and
// decided by automata. The analysis is part of errcat test, whose whole
// run should stay under 1 s on a 2-core machine (see BenchmarkTestPhases
// in cmd/errcat for the other phases).
func BenchmarkShipped(b *testing.B) {
	cat := loadShipped(b)
	var rep *Report
	start := time.Now()
	for b.Loop() {
		var err error
		if rep, err = Analyze(cat, Options{}); err != nil {
			b.Fatal(err)
		}
	}
	per := time.Since(start) / time.Duration(b.N)
	s := rep.Stats
	b.ReportMetric(float64(s.Pairs), "pairs")
	b.ReportMetric(float64(s.PrunedRank+s.PrunedCode+s.PrunedStructure+s.PrunedLiterals), "pruned")
	b.ReportMetric(float64(s.Decided), "decided")
	b.Logf("shipped catalogue: %v per analysis; %d rules, %d pairs considered, pruned %d by rank, %d by code/overrides, %d by structure, %d by literals; %d decided by automata (%d collide, %d disjoint, %d undecided); %d shadow proofs; %d states",
		per, s.Rules, s.Pairs, s.PrunedRank, s.PrunedCode, s.PrunedStructure, s.PrunedLiterals, s.Decided, s.Collisions, s.Disjoint, s.Undecided, s.ShadowChecks, s.States)
}

// mapMemo is a Memo in memory, for tests and benchmarks.
type mapMemo struct {
	mu   sync.Mutex
	keys map[[32]byte]bool
}

func newMapMemo() *mapMemo { return &mapMemo{keys: map[[32]byte]bool{}} }

func (m *mapMemo) Known(k [32]byte) bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.keys[k]
}

func (m *mapMemo) Learn(k [32]byte) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.keys[k] = true
}

// BenchmarkShippedRemembered is BenchmarkShipped with a memo that an
// earlier analysis filled: what errcat check and errcat test cost when
// the catalogue has not changed since their last run.
func BenchmarkShippedRemembered(b *testing.B) {
	cat := loadShipped(b)
	memo := newMapMemo()
	if _, err := Analyze(cat, Options{Memo: memo}); err != nil {
		b.Fatal(err)
	}
	var rep *Report
	for b.Loop() {
		var err error
		if rep, err = Analyze(cat, Options{Memo: memo}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(rep.Stats.Remembered), "remembered")
	b.ReportMetric(float64(rep.Stats.Decided-rep.Stats.Remembered), "searched")
}
