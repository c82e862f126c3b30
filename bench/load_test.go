package main

import (
	"io/fs"
	"math/rand/v2"
	"os"
	"testing"

	"github.com/errcat/errcat/catalogue"
	"github.com/errcat/errcat/internal/compile"
	"github.com/errcat/errcat/internal/match"
)

// BenchmarkLoad measures what every `errcat classify` pays before it reads
// a byte: compiling a catalogue (compile.Load) and preparing the engine
// (match.New), each on its own, for the shipped catalogue and for a
// synthetic one of 1000 rules. Start-up must stay small beside the scan of
// a large log, and must not grow much with the number of rules.
func BenchmarkLoad(b *testing.B) {
	dir := b.TempDir()
	if err := writeCatalogue(dir, makeRules(rand.New(rand.NewPCG(1, 42)), 1000)); err != nil {
		b.Fatal(err)
	}
	for _, c := range []struct {
		name string
		fsys fs.FS
	}{
		{"shipped", catalogue.FS},
		{"rules1000", os.DirFS(dir)},
	} {
		b.Run(c.name+"/compile", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := compile.Load(c.fsys, "catalogue"); err != nil {
					b.Fatal(err)
				}
			}
		})
		// match.New prepares the tables it is given in place, so each
		// round needs tables of its own, compiled off the clock.
		b.Run(c.name+"/engine", func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				b.StopTimer()
				cat, err := compile.Load(c.fsys, "catalogue")
				if err != nil {
					b.Fatal(err)
				}
				b.StartTimer()
				if _, err := match.New(cat); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
