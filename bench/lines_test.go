package main

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/errcat/errcat/catalogue"
	"github.com/errcat/errcat/internal/compile"
	"github.com/errcat/errcat/internal/match"
)

// BenchmarkLinesShipped runs the shipped catalogue over the same log: real
// rules, with short triggers and JSON field tests, rather than synthetic
// ones.
func BenchmarkLinesShipped(b *testing.B) {
	rules := makeRules(rand.New(rand.NewPCG(1, 42)), 200, shapeSets["mixed"])
	logPath := filepath.Join(b.TempDir(), "log.txt")
	if err := writeLog(logPath, 32<<20, rules, false, rand.New(rand.NewPCG(1, 7))); err != nil {
		b.Fatal(err)
	}
	log, err := os.ReadFile(logPath)
	if err != nil {
		b.Fatal(err)
	}
	c, err := compile.Load(catalogue.FS, "catalogue")
	if err != nil {
		b.Fatal(err)
	}
	e, err := match.New(c)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(log)))
	cpu := startCPU()
	for b.Loop() {
		if _, err := e.Lines(bytes.NewReader(log), match.Evidence{}, match.LinesOptions{Workers: 1}, func(match.LineResult) bool { return true }); err != nil {
			b.Fatal(err)
		}
	}
	cpu.report(b, len(log))
}

// BenchmarkLines is the bulk path in process, without the CLI's start-up:
// the same generated log and synthetic catalogues as bench/run.sh, at
// one worker and at two, for the mixed rule shapes and for plain phrases.
// b.SetBytes makes `go test -bench` print MB/s.
func BenchmarkLines(b *testing.B) {
	dir := b.TempDir()
	const size = 32 << 20
	for _, kind := range []string{"mixed", "phrase"} {
		for _, n := range []int{50, 200, 1000} {
			benchLines(b, dir, kind, n, size)
		}
	}
}

func benchLines(b *testing.B, dir, kind string, n, size int) {
	{
		rules := makeRules(rand.New(rand.NewPCG(1, 42)), n, shapeSets[kind])
		cat := filepath.Join(dir, fmt.Sprintf("%s%d", kind, n))
		if err := writeCatalogue(cat, rules); err != nil {
			b.Fatal(err)
		}
		logPath := filepath.Join(dir, fmt.Sprintf("%s%d.txt", kind, n))
		if err := writeLog(logPath, size, rules, false, rand.New(rand.NewPCG(1, 7))); err != nil {
			b.Fatal(err)
		}
		log, err := os.ReadFile(logPath)
		if err != nil {
			b.Fatal(err)
		}
		c, err := compile.Load(os.DirFS(cat), cat)
		if err != nil {
			b.Fatal(err)
		}
		e, err := match.New(c)
		if err != nil {
			b.Fatal(err)
		}
		lines := func(log []byte, workers int) {
			st, err := e.Lines(bytes.NewReader(log), match.Evidence{}, match.LinesOptions{Workers: workers}, func(match.LineResult) bool { return true })
			if err != nil || st.Classified == 0 {
				b.Fatalf("classified %d lines, err %v", st.Classified, err)
			}
		}
		for _, workers := range []int{1, 2} {
			b.Run(fmt.Sprintf("%s/rules=%d/j=%d", kind, n, workers), func(b *testing.B) {
				b.SetBytes(int64(len(log)))
				for b.Loop() {
					lines(log, workers)
				}
			})
		}
		// What two cores give at most: two single-worker runs, each over
		// half the log, at once. They share nothing but the machine, so
		// j=2 can only come near this, and on a shared virtual machine
		// this is well under twice j=1.
		half := len(log)/2 + bytes.IndexByte(log[len(log)/2:], '\n') + 1
		b.Run(fmt.Sprintf("%s/rules=%d/halves-at-once", kind, n), func(b *testing.B) {
			b.SetBytes(int64(len(log)))
			for b.Loop() {
				var wg sync.WaitGroup
				wg.Add(1)
				go func() {
					defer wg.Done()
					lines(log[half:], 1)
				}()
				lines(log[:half], 1)
				wg.Wait()
			}
		})
	}
}
