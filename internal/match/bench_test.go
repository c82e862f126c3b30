package match_test

import (
	"os"
	"testing"

	"github.com/errcat/errcat/internal/compile"
	"github.com/errcat/errcat/internal/match"
)

// ~200-byte messages, the same as gen's BenchmarkClassify, so the engine
// and the package generated from it can be compared figure for figure.
const (
	hit200  = `openai.RateLimitError: Error code: 429 - {'error': {'message': 'Rate limit reached for gpt-4o on tokens per min (TPM): Limit 30000, Used 29000. Please try again in 2.5s.', 'code': 'rate_limit_exceeded'}}`
	miss200 = `2026-01-01T00:00:00Z INFO worker-7 finished batch 1842 in 3.2s: 512 items processed, 0 skipped, cache hit ratio 0.93, queue depth 12, next checkpoint at offset 99120, heartbeat ok, all systems nominal`
)

// BenchmarkClassify classifies one message with the shipped catalogue.
func BenchmarkClassify(b *testing.B) {
	cat, err := compile.Load(os.DirFS("../../catalogue"), "catalogue")
	if err != nil {
		b.Fatal(err)
	}
	e, err := match.New(cat)
	if err != nil {
		b.Fatal(err)
	}
	for _, bm := range []struct{ name, text string }{{"hit", hit200}, {"miss", miss200}} {
		b.Run(bm.name, func(b *testing.B) {
			ev := match.Evidence{Text: bm.text}
			if c := e.Classify(ev, match.Options{}); (c.State == match.Classified) != (bm.name == "hit") {
				b.Fatalf("%s message classified as %+v", bm.name, c)
			}
			b.SetBytes(int64(len(bm.text)))
			b.ReportAllocs()
			for b.Loop() {
				e.Classify(ev, match.Options{})
			}
		})
	}
}
