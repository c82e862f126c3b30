package main

import (
	"bytes"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/errcat/errcat/catalogue"
	"github.com/errcat/errcat/internal/compile"
	"github.com/errcat/errcat/internal/match"
	"github.com/errcat/errcat/internal/mine"
)

// BenchmarkMine is errcat mine in process on the bench log with the
// shipped catalogue, as BenchmarkLinesShipped classifies it: every record
// classified, every unclassified one read for failure words, and those
// that read as failures (the log's error lines, whose synthetic rules the
// shipped catalogue does not know, and its JSON error fields) grouped
// into templates. cpu-MB/s is the throughput per CPU second, which the
// load of a shared machine moves less than MB/s.
func BenchmarkMine(b *testing.B) {
	log := benchLog(b)
	c, err := compile.Load(catalogue.FS, "catalogue")
	if err != nil {
		b.Fatal(err)
	}
	e, err := match.New(c)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(log)))
	var m *mine.Miner
	cpu := startCPU()
	for b.Loop() {
		m = mine.New(mine.Options{})
		if _, err := mine.Lines(e, bytes.NewReader(log), 0, m, func(match.LineResult) bool { return true }); err != nil {
			b.Fatal(err)
		}
	}
	cpu.report(b, len(log))
	b.ReportMetric(float64(m.Added()), "failures")
	b.ReportMetric(float64(len(m.Templates())), "templates")
}

// BenchmarkLooks is mine.Looks alone over the bench log's lines, the
// part of BenchmarkMine that reads every unclassified record.
func BenchmarkLooks(b *testing.B) {
	log := benchLog(b)
	lines := bytes.Split(log, []byte("\n"))
	b.SetBytes(int64(len(log)))
	cpu := startCPU()
	n := 0
	for b.Loop() {
		n = 0
		for _, l := range lines {
			if mine.Looks(l) {
				n++
			}
		}
	}
	cpu.report(b, len(log))
	b.ReportMetric(float64(n), "failures")
}

// benchLog is the 32 MB log BenchmarkLinesShipped reads.
func benchLog(b *testing.B) []byte {
	rules := makeRules(rand.New(rand.NewPCG(1, 42)), 200, shapeSets["mixed"])
	logPath := filepath.Join(b.TempDir(), "log.txt")
	if err := writeLog(logPath, 32<<20, rules, false, rand.New(rand.NewPCG(1, 7))); err != nil {
		b.Fatal(err)
	}
	log, err := os.ReadFile(logPath)
	if err != nil {
		b.Fatal(err)
	}
	return log
}
