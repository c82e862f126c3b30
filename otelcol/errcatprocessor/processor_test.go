package errcatprocessor

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"go.opentelemetry.io/collector/component/componenttest"
	"go.opentelemetry.io/collector/consumer/consumertest"
	"go.opentelemetry.io/collector/pdata/pcommon"
	"go.opentelemetry.io/collector/pdata/plog"
	"go.opentelemetry.io/collector/processor/processortest"

	"github.com/errcat/errcat/gen"
)

var t0 = time.Date(2026, 3, 1, 10, 0, 0, 0, time.UTC)

// record describes one log record of a test batch.
type record struct {
	body     any // string, or map[string]any for a map body
	severity plog.SeverityNumber
	sevText  string
	attrs    map[string]any
	resource map[string]any
}

// batch builds a plog.Logs holding one resource per record, so that
// resource conditions can be tested record by record.
func batch(recs ...record) plog.Logs {
	ld := plog.NewLogs()
	for _, r := range recs {
		rl := ld.ResourceLogs().AppendEmpty()
		if r.resource != nil {
			_ = rl.Resource().Attributes().FromRaw(r.resource)
		}
		lr := rl.ScopeLogs().AppendEmpty().LogRecords().AppendEmpty()
		lr.SetTimestamp(pcommon.NewTimestampFromTime(t0))
		lr.SetSeverityNumber(r.severity)
		lr.SetSeverityText(r.sevText)
		switch b := r.body.(type) {
		case string:
			lr.Body().SetStr(b)
		case map[string]any:
			_ = lr.Body().SetEmptyMap().FromRaw(b)
		}
		if r.attrs != nil {
			_ = lr.Attributes().FromRaw(r.attrs)
		}
	}
	return ld
}

// run passes ld through a processor of cfg and returns the attributes of
// every record that came out, in order.
func run(t *testing.T, cfg *Config, ld plog.Logs) []map[string]any {
	t.Helper()
	sink := new(consumertest.LogsSink)
	f := NewFactory()
	p, err := f.CreateLogs(context.Background(), processortest.NewNopSettings(Type), cfg, sink)
	if err != nil {
		t.Fatalf("CreateLogs: %v", err)
	}
	if err := p.Start(context.Background(), componenttest.NewNopHost()); err != nil {
		t.Fatalf("Start: %v", err)
	}
	defer func() {
		if err := p.Shutdown(context.Background()); err != nil {
			t.Errorf("Shutdown: %v", err)
		}
	}()
	if err := p.ConsumeLogs(context.Background(), ld); err != nil {
		t.Fatalf("ConsumeLogs: %v", err)
	}
	var out []map[string]any
	for _, l := range sink.AllLogs() {
		rls := l.ResourceLogs()
		for i := 0; i < rls.Len(); i++ {
			sls := rls.At(i).ScopeLogs()
			for j := 0; j < sls.Len(); j++ {
				lrs := sls.At(j).LogRecords()
				for k := 0; k < lrs.Len(); k++ {
					out = append(out, lrs.At(k).Attributes().AsRaw())
				}
			}
		}
	}
	return out
}

// errcatAttrs keeps the attributes the processor writes.
func errcatAttrs(a map[string]any) map[string]any {
	out := map[string]any{}
	for k, v := range a {
		if strings.HasPrefix(k, "errcat.") || k == "error.type" {
			out[k] = v
		}
	}
	return out
}

const (
	dnsLine  = "curl: (6) Could not resolve host: api.example.com"
	authLine = "openai.AuthenticationError: Error code: 401 - {'error': {'message': 'Incorrect API key provided: sk-proj-AbCdEfGhIjKlMnOpQrStUvWxYz0123456789AbCd. You can find your API key at https://platform.openai.com/account/api-keys.', 'type': 'invalid_request_error', 'param': None, 'code': 'invalid_api_key'}}"
	rateMsg  = "Error code: 429 - {'type': 'error', 'error': {'type': 'rate_limit_error', 'message': 'This request would exceed the rate limit for your organization of 50 requests per minute.'}}"
)

func TestClassifiesEvidenceOfEachKind(t *testing.T) {
	recs := []record{
		{body: dnsLine, severity: plog.SeverityNumberError},
		{body: "LLM call failed", severity: plog.SeverityNumberError, attrs: map[string]any{
			"exception.type":                    "anthropic.RateLimitError",
			"exception.message":                 rateMsg,
			"http.response.status_code":         int64(429),
			"http.response.header.retry-after":  []any{"12"},
			"http.response.header.content-type": []any{"application/json"},
			"gen_ai.provider.name":              "anthropic",
		}},
		{body: map[string]any{"msg": "upstream failed", "error": map[string]any{"type": "overloaded_error", "message": "Overloaded"}},
			sevText: "error", attrs: map[string]any{"http.response.status_code": "529"}},
		{body: "request served in 12ms", severity: plog.SeverityNumberInfo},
	}
	got := run(t, defaultConfig(), batch(recs...))
	v := gen.Version
	want := []map[string]any{
		{"error.type": "network_unavailable", "errcat.class": "transient", "errcat.rule": "net.dns_failure",
			"errcat.confidence": "high", "errcat.catalogue_version": v, "errcat.excerpt": dnsLine},
		{"error.type": "rate_limited", "errcat.class": "transient", "errcat.rule": "llm.rate_limit_text",
			"errcat.confidence": "high", "errcat.catalogue_version": v, "errcat.retry_after": 12.0,
			"errcat.reset_at": "2026-03-01T10:00:12Z"},
		{"error.type": "provider_overloaded", "errcat.class": "transient", "errcat.rule": "anthropic.overloaded_error",
			"errcat.confidence": "high", "errcat.catalogue_version": v},
		{},
	}
	if len(got) != len(want) {
		t.Fatalf("%d records out, want %d", len(got), len(want))
	}
	for i := range want {
		g := errcatAttrs(got[i])
		if i == 1 || i == 2 {
			if g["errcat.excerpt"] == nil {
				t.Errorf("record %d: no excerpt", i)
			}
			delete(g, "errcat.excerpt")
		}
		if !equalAttrs(g, want[i]) {
			t.Errorf("record %d:\n got %v\nwant %v", i, g, want[i])
		}
	}
	// The attributes the record came with are kept.
	if got[1]["exception.type"] != "anthropic.RateLimitError" {
		t.Errorf("exception.type lost: %v", got[1])
	}
}

// TestAgreesWithGen checks the processor's built-in catalogue against the
// generated package, the same engine over the same catalogue: a stale
// builtin table or a change in how evidence is passed would show here.
func TestAgreesWithGen(t *testing.T) {
	lines := []string{dnsLine, authLine, "write /var/lib/app/data.db: no space left on device",
		"worker crashed: something unexpected happened", "dial tcp 127.0.0.1:443: connect: connection refused"}
	var recs []record
	for _, l := range lines {
		recs = append(recs, record{body: l, severity: plog.SeverityNumberError})
	}
	got := run(t, defaultConfig(), batch(recs...))
	for i, l := range lines {
		c := gen.ClassifyWith(gen.Evidence{Text: l}, gen.Options{Now: t0})
		if got[i]["error.type"] != nilIfEmpty(c.Code) || got[i]["errcat.rule"] != nilIfEmpty(c.Rule) ||
			got[i]["errcat.excerpt"] != nilIfEmpty(c.SafeExcerpt) {
			t.Errorf("%q: processor %v, gen %s %s %q", l, errcatAttrs(got[i]), c.Code, c.Rule, c.SafeExcerpt)
		}
	}
}

func nilIfEmpty(s string) any {
	if s == "" {
		return nil
	}
	return s
}

func TestSelection(t *testing.T) {
	cfg := defaultConfig()
	cfg.Records.MinSeverity = "WARN"
	cfg.Records.Conditions = []Condition{
		{ResourceAttribute: "service.name", Equals: []string{"checkout", "payments"}},
		{Attribute: "skip", Exists: new(bool)},
	}
	svc := map[string]any{"service.name": "checkout"}
	recs := []record{
		{body: dnsLine, severity: plog.SeverityNumberError, resource: svc},                                                // selected
		{body: dnsLine, severity: plog.SeverityNumberDebug, resource: svc},                                                // below WARN
		{body: dnsLine, resource: svc},                                                                                    // no severity: classified
		{body: dnsLine, sevText: "info", resource: svc},                                                                   // severity from its text
		{body: dnsLine, severity: plog.SeverityNumberError, resource: map[string]any{"service.name": "search"}},           // other service
		{body: dnsLine, severity: plog.SeverityNumberError},                                                               // no service
		{body: dnsLine, severity: plog.SeverityNumberError, resource: svc, attrs: map[string]any{"skip": true}},           // must be absent
		{body: dnsLine, severity: plog.SeverityNumberWarn, resource: map[string]any{"service.name": "payments"}},          // selected
		{body: dnsLine, severity: plog.SeverityNumberFatal, resource: map[string]any{"service.name": "payments", "x": 1}}, // selected
	}
	want := []bool{true, false, true, false, false, false, false, true, true}
	check := func(got []map[string]any, want []bool) {
		t.Helper()
		for i, w := range want {
			if has := got[i]["error.type"] != nil; has != w {
				t.Errorf("record %d: classified %v, want %v", i, has, w)
			}
		}
	}
	check(run(t, cfg, batch(recs...)), want)

	cfg.Records.SkipUnspecifiedSeverity = true
	want[2] = false
	check(run(t, cfg, batch(recs...)), want)
}

func TestMarkUnclassified(t *testing.T) {
	recs := []record{
		{body: "worker crashed: something unexpected happened", severity: plog.SeverityNumberError},
		{body: "worker crashed: something unexpected happened", severity: plog.SeverityNumberInfo},
		{body: "build step finished", attrs: map[string]any{"process.exit.code": int64(2)}},
		{body: "build step finished", attrs: map[string]any{"process.exit.code": int64(0)}},
		{body: "call failed", attrs: map[string]any{"http.response.status_code": int64(409)}},
		{body: "lookup failed", attrs: map[string]any{"exception.type": "KeyError"}},
		{body: dnsLine},
	}
	unclassified := map[string]any{"errcat.class": "unclassified", "errcat.reason": "no_match", "errcat.catalogue_version": gen.Version}
	want := []map[string]any{unclassified, {}, unclassified, {}, unclassified, unclassified}

	got := run(t, defaultConfig(), batch(recs...))
	for i := range want {
		if g := errcatAttrs(got[i]); len(g) != 0 {
			t.Errorf("record %d unmarked by default: got %v", i, g)
		}
	}

	cfg := defaultConfig()
	cfg.MarkUnclassified = true
	got = run(t, cfg, batch(recs...))
	for i := range want {
		if g := errcatAttrs(got[i]); !equalAttrs(g, want[i]) {
			t.Errorf("record %d:\n got %v\nwant %v", i, g, want[i])
		}
	}
	if got[6]["errcat.class"] != "transient" {
		t.Errorf("a classified record is still classified: %v", got[6])
	}
}

func TestExcerpts(t *testing.T) {
	recs := []record{{body: authLine, severity: plog.SeverityNumberError}}
	const key = "sk-proj-AbCdEfGhIjKlMnOpQrStUvWxYz0123456789AbCd"

	got := run(t, defaultConfig(), batch(recs...))[0]
	ex, _ := got["errcat.excerpt"].(string)
	if !strings.Contains(ex, "[redacted:api_key]") || strings.Contains(ex, key) {
		t.Errorf("safe excerpt %q: want the key redacted", ex)
	}
	if _, ok := got["errcat.raw_excerpt"]; ok {
		t.Errorf("raw excerpt written by default: %v", got)
	}

	cfg := defaultConfig()
	cfg.KeepRawExcerpt = true
	got = run(t, cfg, batch(recs...))[0]
	raw, _ := got["errcat.raw_excerpt"].(string)
	if !strings.Contains(raw, key) || len(raw) > 240 {
		t.Errorf("raw excerpt %q (%d bytes): want the key, at most 240 bytes", raw, len(raw))
	}
	if got["errcat.excerpt"] != ex {
		t.Errorf("safe excerpt changed with keep_raw_excerpt: %v", got["errcat.excerpt"])
	}
}

func TestAttributeNames(t *testing.T) {
	cfg := defaultConfig()
	cfg.Write = WriteConfig{Code: "failure.code", Class: "failure.class"}
	cfg.Read.StatusCode = "status"
	recs := []record{{body: map[string]any{"error": map[string]any{"type": "overloaded_error", "message": "Overloaded"}},
		attrs: map[string]any{"status": int64(529)}}}
	got := errcatAttrs(run(t, cfg, batch(recs...))[0])
	if len(got) != 0 {
		t.Errorf("default names written: %v", got)
	}
	all := run(t, cfg, batch(recs...))[0]
	if all["failure.code"] != "provider_overloaded" || all["failure.class"] != "transient" || len(all) != 3 {
		t.Errorf("got %v, want failure.code and failure.class beside status", all)
	}
}

func TestDirectoryCatalogue(t *testing.T) {
	cfg := defaultConfig()
	cfg.Catalogue = "../../catalogue"
	got := run(t, cfg, batch(record{body: dnsLine}))[0]
	if got["error.type"] != "network_unavailable" || got["errcat.catalogue_version"] != gen.Version {
		t.Errorf("shipped catalogue as a directory: %v, want network_unavailable at %s", got, gen.Version)
	}

	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "catalogue.yaml"), []byte("name: broken\nversion: [\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg.Catalogue = Catalogue(dir)
	_, err := NewFactory().CreateLogs(context.Background(), processortest.NewNopSettings(Type), cfg, new(consumertest.LogsSink))
	if err == nil || !strings.Contains(err.Error(), "catalogue: ") || !strings.Contains(err.Error(), "catalogue.yaml:") {
		t.Errorf("broken catalogue: error %v, want one positioned in catalogue.yaml", err)
	}
}

func TestShutdown(t *testing.T) {
	processortest.VerifyShutdown(t, NewFactory(), createDefaultConfig())
}

func TestRawWindow(t *testing.T) {
	long := strings.Repeat("a", 300) + "é" + strings.Repeat("b", 300)
	for _, off := range []int{0, 150, 300, 301, 600, 1000} {
		w := rawWindow(long, off, 240)
		if len(w) > 240 || !strings.Contains(long, w) || !utf8Valid(w) {
			t.Errorf("rawWindow at %d: %d bytes %q", off, len(w), w)
		}
	}
	if w := rawWindow("x\x1b[31my", 0, 240); w != "xy" {
		t.Errorf("escapes kept: %q", w)
	}
	if r := recordOf("a\nb\r\nc", 2); r != "b" {
		t.Errorf("recordOf line 2 = %q", r)
	}
	if r := recordOf("a\nb", 0); r != "a" {
		t.Errorf("recordOf line 0 = %q", r)
	}
}

func utf8Valid(s string) bool { return strings.ToValidUTF8(s, "\uFFFD") == s }

func equalAttrs(a, b map[string]any) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}
