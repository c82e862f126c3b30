package errcatprocessor

import (
	"context"
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/open-telemetry/opentelemetry-collector-contrib/processor/redactionprocessor"
	"go.opentelemetry.io/collector/consumer/consumertest"
	"go.opentelemetry.io/collector/pdata/plog"
	"go.opentelemetry.io/collector/processor"
	"go.opentelemetry.io/collector/processor/processortest"

	"github.com/errcat/errcat/internal/builtin"
)

// benchRecords is the size of one batch: each iteration consumes one.
const benchRecords = 1000

// benchBatch is a batch of log records as a service writes them: mostly
// ordinary lines, one in twenty a failure from the sample log. The records
// carry no attributes, so the redaction processor's regexes run over the
// body alone, as errcat's patterns do.
func benchBatch(tb testing.TB) plog.Logs {
	tb.Helper()
	raw, err := os.ReadFile("testdata/app.log")
	if err != nil {
		tb.Fatal(err)
	}
	var failures []string
	for _, l := range strings.Split(strings.TrimSpace(string(raw)), "\n") {
		if _, msg, ok := strings.Cut(l, "ERROR "); ok {
			failures = append(failures, msg)
		}
	}
	ordinary := []string{
		"GET /api/v1/items/%d 200 %dms",
		"user %d logged in from 192.0.2.%d",
		"processed %d messages from queue orders in %dms",
		`{"level":"info","msg":"request done","status":200,"duration_ms":%d,"bytes":%d}`,
		"worker %d: heartbeat ok, %d jobs pending",
		"cache hit ratio 0.%d for shard %d, evicted 0 entries",
		"POST /v1/chat/completions model=gpt-4o tokens=%d latency=%dms",
		"checkpoint %d written to /var/lib/app/state (%d bytes)",
	}
	ld := plog.NewLogs()
	lrs := ld.ResourceLogs().AppendEmpty().ScopeLogs().AppendEmpty().LogRecords()
	for i := range benchRecords {
		lr := lrs.AppendEmpty()
		if i%20 == 7 {
			lr.Body().SetStr(failures[(i/20)%len(failures)])
			lr.SetSeverityNumber(plog.SeverityNumberError)
			continue
		}
		lr.Body().SetStr(fmt.Sprintf(ordinary[i%len(ordinary)], i*7919%1000, i%97))
		lr.SetSeverityNumber(plog.SeverityNumberInfo)
	}
	return ld
}

// cataloguePatterns are the shipped catalogue's text patterns as regexes:
// every regex matcher (the compiler makes the translations of gettext
// messages regexes too), and any contains matcher quoted, case-folded
// unless the rule says otherwise.
func cataloguePatterns(tb testing.TB) []string {
	tb.Helper()
	cat, err := builtin.Catalogue()
	if err != nil {
		tb.Fatal(err)
	}
	var pats []string
	for _, r := range cat.Rules {
		for _, re := range r.Match.Regex {
			pats = append(pats, re.Src)
		}
		for _, s := range r.Match.Contains {
			p := regexp.QuoteMeta(s)
			if !r.Match.CaseSensitive {
				p = "(?i)" + p
			}
			pats = append(pats, p)
		}
	}
	return pats
}

// BenchmarkConsumeLogs runs the same batches through the errcat processor,
// through the contrib redaction processor given the catalogue's text
// patterns as its blocked values, and through a plain loop of Go regexp
// over those patterns, and reports each one's records per second and
// errcat's ratio to the other two (run it without -race).
func BenchmarkConsumeLogs(b *testing.B) {
	batch := benchBatch(b)
	pats := cataloguePatterns(b)
	rate := map[string]float64{}
	measure := func(b *testing.B, name string, consume func(plog.Logs)) {
		for b.Loop() {
			b.StopTimer()
			ld := plog.NewLogs()
			batch.CopyTo(ld)
			b.StartTimer()
			consume(ld)
		}
		rate[name] = float64(benchRecords*b.N) / b.Elapsed().Seconds()
		b.ReportMetric(rate[name], "records/s")
	}
	start := func(b *testing.B, f processor.Factory, cfg any) processor.Logs {
		p, err := f.CreateLogs(context.Background(), processortest.NewNopSettings(f.Type()), cfg, consumertest.NewNop())
		if err != nil {
			b.Fatal(err)
		}
		b.Cleanup(func() { _ = p.Shutdown(context.Background()) })
		return p
	}

	b.Run("regexp", func(b *testing.B) {
		res := make([]*regexp.Regexp, len(pats))
		for i, p := range pats {
			res[i] = regexp.MustCompile(p)
		}
		matched := 0
		measure(b, "regexp", func(ld plog.Logs) {
			lrs := ld.ResourceLogs().At(0).ScopeLogs().At(0).LogRecords()
			for i := 0; i < lrs.Len(); i++ {
				body := lrs.At(i).Body().Str()
				for _, re := range res {
					if re.MatchString(body) {
						matched++
					}
				}
			}
		})
		b.ReportMetric(float64(len(pats)), "patterns")
		b.ReportMetric(float64(matched)/float64(b.N), "matches/batch")
	})
	b.Run("redaction", func(b *testing.B) {
		f := redactionprocessor.NewFactory()
		cfg := f.CreateDefaultConfig().(*redactionprocessor.Config)
		cfg.AllowAllKeys = true
		cfg.BlockedValues = pats
		p := start(b, f, cfg)
		measure(b, "redaction", func(ld plog.Logs) {
			if err := p.ConsumeLogs(context.Background(), ld); err != nil {
				b.Fatal(err)
			}
		})
	})
	b.Run("errcat", func(b *testing.B) {
		p := start(b, NewFactory(), createDefaultConfig())
		measure(b, "errcat", func(ld plog.Logs) {
			if err := p.ConsumeLogs(context.Background(), ld); err != nil {
				b.Fatal(err)
			}
		})
		for _, peer := range []string{"redaction", "regexp"} {
			if r := rate[peer]; r > 0 {
				b.ReportMetric(rate["errcat"]/r, "x_"+peer)
			}
		}
	})
}

// TestBenchBatchClassifies checks that the benchmark's batch holds what it
// claims: the errcat processor classifies its failures, and only those.
func TestBenchBatchClassifies(t *testing.T) {
	ld := benchBatch(t)
	sink := new(consumertest.LogsSink)
	p, err := NewFactory().CreateLogs(context.Background(), processortest.NewNopSettings(Type), createDefaultConfig(), sink)
	if err != nil {
		t.Fatal(err)
	}
	if err := p.ConsumeLogs(context.Background(), ld); err != nil {
		t.Fatal(err)
	}
	classified := 0
	forEachRecord(sink.AllLogs(), func(lr plog.LogRecord) {
		_, has := lr.Attributes().Get("error.type")
		if has != (lr.SeverityNumber() == plog.SeverityNumberError) && !strings.Contains(lr.Body().Str(), "worker crashed") {
			t.Errorf("%q: classified %v", lr.Body().Str(), has)
		}
		if has {
			classified++
		}
	})
	if classified == 0 {
		t.Error("nothing classified")
	}
	if n := len(cataloguePatterns(t)); n < 200 {
		t.Errorf("%d catalogue patterns, want the shipped catalogue's hundreds", n)
	}
}
