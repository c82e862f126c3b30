package main

import (
	"testing"
	"time"

	"github.com/errcat/errcat/catalogue"
	"github.com/errcat/errcat/fixtures"
	"github.com/errcat/errcat/internal/collide"
	"github.com/errcat/errcat/internal/compile"
	"github.com/errcat/errcat/internal/fixture"
	"github.com/errcat/errcat/internal/match"
)

// BenchmarkTestPhases runs what `errcat test` does on the built-in
// catalogue and fixtures, phase by phase, and reports the time of each
// (ms/op per phase), so a change can tell which phase it moved without
// timing code in the command. Compare runs with -count and benchstat.
func BenchmarkTestPhases(b *testing.B) {
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	var tCat, tFix, tReplay, tCheck time.Duration
	for b.Loop() {
		t0 := time.Now()
		cat, err := compile.Load(catalogue.FS, "catalogue")
		if err != nil {
			b.Fatal(err)
		}
		eng, err := match.New(cat)
		if err != nil {
			b.Fatal(err)
		}
		t1 := time.Now()
		fx, err := fixture.Load(fixtures.FS, "fixtures")
		if err != nil {
			b.Fatal(err)
		}
		t2 := time.Now()
		rep := fixture.Replay(eng, fx, now)
		t3 := time.Now()
		if _, err := collide.Analyze(eng.Catalogue(), collide.Options{Dir: "catalogue", Engine: eng}); err != nil {
			b.Fatal(err)
		}
		t4 := time.Now()
		if !rep.OK() {
			b.Fatal("the shipped fixtures fail")
		}
		tCat += t1.Sub(t0)
		tFix += t2.Sub(t1)
		tReplay += t3.Sub(t2)
		tCheck += t4.Sub(t3)
	}
	ms := func(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) / float64(b.N) }
	b.ReportMetric(ms(tCat), "catalogue-ms/op")
	b.ReportMetric(ms(tFix), "fixtures-ms/op")
	b.ReportMetric(ms(tReplay), "replay-ms/op")
	b.ReportMetric(ms(tCheck), "check-ms/op")
}
