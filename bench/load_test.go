package main

import (
	"io/fs"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/errcat/errcat/catalogue"
	"github.com/errcat/errcat/internal/catcache"
	"github.com/errcat/errcat/internal/compile"
	"github.com/errcat/errcat/internal/match"
)

// BenchmarkLoad measures what every `errcat classify` pays before it reads
// a byte: compiling a catalogue (compile.Load) or taking it compiled (a
// directory from the cache), and preparing the engine (match.New), each
// on its own, for the shipped catalogue and for a synthetic one of 1000
// rules. Start-up must stay small beside the scan of a large log, and
// must not grow much with the number of rules. The built-in catalogue,
// compiled, is data in the binary (internal/builtin): taking it is a
// fingerprint of its YAML, and BenchmarkStartup shows it whole.
func BenchmarkLoad(b *testing.B) {
	dir := b.TempDir()
	if err := writeCatalogue(dir, makeRules(rand.New(rand.NewPCG(1, 42)), 1000, shapeSets["mixed"])); err != nil {
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
		// Taken compiled: a directory as the cache gives it back after
		// its first compilation.
		b.Run(c.name+"/kept", func(b *testing.B) {
			cache := catcache.Cache{Dir: b.TempDir()}
			if _, err := cache.Load(c.fsys, "catalogue"); err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			for b.Loop() {
				if _, err := cache.Load(c.fsys, "catalogue"); err != nil {
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

// BenchmarkStartup runs the errcat command itself, built afresh, once per
// round on one message: process start, package initialisation, the
// catalogue and the engine, what an agent loop pays per failure. It runs
// the built-in catalogue and a 1000-rule directory kept compiled in a
// cache of its own.
func BenchmarkStartup(b *testing.B) {
	dir := b.TempDir()
	bin := filepath.Join(dir, "errcat")
	if out, err := exec.Command("go", "build", "-o", bin, "github.com/errcat/errcat/cmd/errcat").CombinedOutput(); err != nil {
		b.Fatalf("go build: %v\n%s", err, out)
	}
	cat := filepath.Join(dir, "cat1000")
	if err := writeCatalogue(cat, makeRules(rand.New(rand.NewPCG(1, 42)), 1000, shapeSets["mixed"])); err != nil {
		b.Fatal(err)
	}
	env := append(os.Environ(), "ERRCAT_CACHE="+filepath.Join(dir, "cache"), "ERRCAT_CATALOGUE=")
	run := func(b *testing.B, args ...string) {
		cmd := exec.Command(bin, args...)
		cmd.Env, cmd.Stdin = env, strings.NewReader("openai.RateLimitError: Error code: 429 - rate limit reached\n")
		if out, err := cmd.CombinedOutput(); err != nil {
			b.Fatalf("errcat %v: %v\n%s", args, err, out)
		}
	}
	for _, c := range []struct {
		name string
		args []string
	}{
		{"builtin", []string{"classify"}},
		{"rules1000-kept", []string{"classify", "--catalogue", cat}},
	} {
		b.Run(c.name, func(b *testing.B) {
			run(b, c.args...) // the cache's first compilation, off the clock
			for b.Loop() {
				run(b, c.args...)
			}
		})
	}
}
