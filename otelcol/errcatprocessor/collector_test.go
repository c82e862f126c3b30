package errcatprocessor

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/open-telemetry/opentelemetry-collector-contrib/processor/redactionprocessor"
	"github.com/open-telemetry/opentelemetry-collector-contrib/receiver/filelogreceiver"
	"go.opentelemetry.io/collector/component"
	"go.opentelemetry.io/collector/confmap"
	"go.opentelemetry.io/collector/confmap/provider/fileprovider"
	"go.opentelemetry.io/collector/consumer/consumertest"
	"go.opentelemetry.io/collector/exporter"
	"go.opentelemetry.io/collector/exporter/debugexporter"
	"go.opentelemetry.io/collector/otelcol"
	"go.opentelemetry.io/collector/pdata/pcommon"
	"go.opentelemetry.io/collector/pdata/plog"
	"go.opentelemetry.io/collector/service/telemetry/otelconftelemetry"

	"github.com/errcat/errcat/gen"
)

// captureType is the test's own exporter, which keeps what it is sent.
var captureType = component.MustNewType("capture")

type captureExporter struct {
	component.StartFunc
	component.ShutdownFunc
	*consumertest.LogsSink
}

func captureFactory(sink *consumertest.LogsSink) exporter.Factory {
	return exporter.NewFactory(captureType,
		func() component.Config { return &struct{}{} },
		exporter.WithLogs(func(context.Context, exporter.Settings, component.Config) (exporter.Logs, error) {
			return captureExporter{LogsSink: sink}, nil
		}, component.StabilityLevelDevelopment))
}

// components is the factory list a builder manifest naming the filelog
// receiver, the errcat and redaction processors and the debug exporter
// generates, with the test's capturing exporter added.
func components(sink *consumertest.LogsSink) func() (otelcol.Factories, error) {
	return func() (otelcol.Factories, error) {
		var f otelcol.Factories
		var err error
		if f.Receivers, err = otelcol.MakeFactoryMap(filelogreceiver.NewFactory()); err != nil {
			return f, err
		}
		if f.Processors, err = otelcol.MakeFactoryMap(NewFactory(), redactionprocessor.NewFactory()); err != nil {
			return f, err
		}
		if f.Exporters, err = otelcol.MakeFactoryMap(debugexporter.NewFactory(), captureFactory(sink)); err != nil {
			return f, err
		}
		f.Telemetry = otelconftelemetry.NewFactory()
		return f, nil
	}
}

// TestCollector runs a collector built from the component list over the
// committed sample logs and checks the attributes of every record it
// exports.
func TestCollector(t *testing.T) {
	testdata, err := filepath.Abs("testdata")
	if err != nil {
		t.Fatal(err)
	}
	raw, err := os.ReadFile(filepath.Join(testdata, "collector.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	config := filepath.Join(t.TempDir(), "collector.yaml")
	if err := os.WriteFile(config, []byte(strings.ReplaceAll(string(raw), "TESTDATA", filepath.ToSlash(testdata))), 0o644); err != nil {
		t.Fatal(err)
	}

	sink := new(consumertest.LogsSink)
	col, err := otelcol.NewCollector(otelcol.CollectorSettings{
		BuildInfo: component.BuildInfo{Command: "errcat-otelcol", Description: "test collector", Version: "test"},
		Factories: components(sink),
		ConfigProviderSettings: otelcol.ConfigProviderSettings{ResolverSettings: confmap.ResolverSettings{
			URIs:              []string{"file:" + config},
			ProviderFactories: []confmap.ProviderFactory{fileprovider.NewFactory()},
		}},
	})
	if err != nil {
		t.Fatalf("NewCollector: %v", err)
	}
	var wg sync.WaitGroup
	wg.Add(1)
	var runErr error
	go func() {
		defer wg.Done()
		runErr = col.Run(context.Background())
	}()

	const records = 10 // 7 lines of app.log, 3 of app.jsonl
	deadline := time.Now().Add(2 * time.Minute)
	for sink.LogRecordCount() < records && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	col.Shutdown()
	wg.Wait()
	if runErr != nil {
		t.Fatalf("collector: %v", runErr)
	}

	v := gen.Version
	classified := func(code, class, rule string, extra ...any) map[string]any {
		m := map[string]any{"error.type": code, "errcat.class": class, "errcat.rule": rule,
			"errcat.confidence": "high", "errcat.catalogue_version": v}
		for i := 0; i < len(extra); i += 2 {
			m[extra[i].(string)] = extra[i+1]
		}
		return m
	}
	unclassified := map[string]any{"errcat.class": "unclassified", "errcat.reason": "no_match", "errcat.catalogue_version": v}
	want := map[string]map[string]any{
		"curl: (6)":      classified("network_unavailable", "transient", "net.dns_failure"),
		"request served": {},
		"openai.RateLimitError": classified("rate_limited", "transient", "llm.rate_limit_text",
			"errcat.retry_after", 20.0, "errcat.reset_at", "2026-03-01T10:00:22Z"),
		"worker crashed":             unclassified,
		"dial tcp":                   {}, // DEBUG: below min_severity
		"write /var/lib":             classified("disk_full", "hard", "shell.no_space"),
		"openai.AuthenticationError": classified("auth_required", "hard", "llm.auth_invalid_text"),
		"upstream failed": classified("provider_overloaded", "transient", "anthropic.overloaded_error",
			"errcat.retry_after", 30.0, "errcat.reset_at", "2026-03-01T10:01:30Z"),
		"cache warmed":     {}, // INFO
		"tool call failed": unclassified,
	}

	seen := map[string]bool{}
	forEachRecord(sink.AllLogs(), func(lr plog.LogRecord) {
		key := bodyKey(lr.Body())
		var w map[string]any
		for prefix, attrs := range want {
			if strings.HasPrefix(key, prefix) {
				w, seen[prefix] = attrs, true
			}
		}
		if w == nil {
			t.Errorf("unexpected record %q", key)
			return
		}
		got := errcatAttrs(lr.Attributes().AsRaw())
		ex, hasEx := got["errcat.excerpt"].(string)
		delete(got, "errcat.excerpt")
		if !equalAttrs(got, w) {
			t.Errorf("record %q:\n got %v\nwant %v", key, got, w)
		}
		if _, ok := w["error.type"]; ok != hasEx {
			t.Errorf("record %q: excerpt %q, want one only on a classified record", key, ex)
		}
		if strings.Contains(ex, "sk-proj-") {
			t.Errorf("record %q: excerpt %q shows the key", key, ex)
		}
		if _, ok := lr.Attributes().Get("log.file.name"); !ok {
			t.Errorf("record %q: the receiver's attributes are lost", key)
		}
	})
	for prefix := range want {
		if !seen[prefix] {
			t.Errorf("no record %q exported", prefix)
		}
	}
	if n := sink.LogRecordCount(); n != records {
		t.Errorf("%d records exported, want %d", n, records)
	}
}

// bodyKey is how the test knows a record: its text, or the msg of a map.
func bodyKey(b pcommon.Value) string {
	if b.Type() == pcommon.ValueTypeMap {
		if m, ok := b.Map().Get("msg"); ok {
			return m.AsString()
		}
	}
	return b.AsString()
}

func forEachRecord(all []plog.Logs, fn func(plog.LogRecord)) {
	for _, l := range all {
		rls := l.ResourceLogs()
		for i := 0; i < rls.Len(); i++ {
			sls := rls.At(i).ScopeLogs()
			for j := 0; j < sls.Len(); j++ {
				lrs := sls.At(j).LogRecords()
				for k := 0; k < lrs.Len(); k++ {
					fn(lrs.At(k))
				}
			}
		}
	}
}
