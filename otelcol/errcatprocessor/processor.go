package errcatprocessor

import (
	"context"
	"fmt"
	"os"
	"sync"
	"time"

	"go.opentelemetry.io/collector/pdata/pcommon"
	"go.opentelemetry.io/collector/pdata/plog"

	"github.com/errcat/errcat/internal/builtin"
	"github.com/errcat/errcat/internal/compile"
	"github.com/errcat/errcat/internal/match"
)

// logProcessor classifies the records of a batch in place. It keeps no
// state between records, and the engine is safe for concurrent use, so
// batches may be consumed at once.
type logProcessor struct {
	cfg    *Config
	eng    *match.Engine
	minSev plog.SeverityNumber
}

// builtinEngine is the one engine on the built-in catalogue: its tables are
// read-only and the engine safe for concurrent use, so every processor of a
// collector shares it.
var builtinEngine = sync.OnceValues(func() (*match.Engine, error) {
	cat, err := builtin.Catalogue()
	if err != nil {
		return nil, err
	}
	return match.New(cat)
})

// loadEngine builds the engine on the configured catalogue. A directory is
// compiled here, once, so that a broken catalogue stops the collector at
// start with every problem positioned.
func loadEngine(c Catalogue) (*match.Engine, error) {
	if c.Builtin() {
		return builtinEngine()
	}
	dir := string(c)
	cat, err := compile.Load(os.DirFS(dir), dir)
	if err != nil {
		return nil, fmt.Errorf("catalogue: %w", err)
	}
	eng, err := match.New(cat)
	if err != nil {
		return nil, fmt.Errorf("catalogue: %s: %w", dir, err)
	}
	return eng, nil
}

func newLogProcessor(cfg *Config) (*logProcessor, error) {
	minSev, err := cfg.Records.MinSeverity.Number()
	if err != nil {
		return nil, fmt.Errorf("records::min_severity: %w", err)
	}
	eng, err := loadEngine(cfg.Catalogue)
	if err != nil {
		return nil, err
	}
	return &logProcessor{cfg: cfg, eng: eng, minSev: minSev}, nil
}

// processLogs classifies every selected record of ld.
func (p *logProcessor) processLogs(_ context.Context, ld plog.Logs) (plog.Logs, error) {
	rls := ld.ResourceLogs()
	for i := 0; i < rls.Len(); i++ {
		rl := rls.At(i)
		res := rl.Resource().Attributes()
		if !p.resourceHolds(res) {
			continue
		}
		sls := rl.ScopeLogs()
		for j := 0; j < sls.Len(); j++ {
			lrs := sls.At(j).LogRecords()
			for k := 0; k < lrs.Len(); k++ {
				p.processRecord(lrs.At(k))
			}
		}
	}
	return ld, nil
}

// processRecord classifies one record, if it is selected, and writes the
// answer on its attributes.
func (p *logProcessor) processRecord(lr plog.LogRecord) {
	sev := severityOf(lr)
	if !p.selects(sev, lr.Attributes()) {
		return
	}
	ev, sg := p.evidence(lr, sev)
	opts := match.Options{Now: recordTime(lr)}
	c := p.eng.Classify(ev, opts)
	p.annotate(lr.Attributes(), c, ev, opts, sg)
}

// recordTime is the clock a record's timing hints are read against: when
// it happened, or else when it was observed, so that "retry in 30s" in a
// log read an hour later still names the reset it meant. A record with
// neither is read against the current time.
func recordTime(lr plog.LogRecord) time.Time {
	if ts := lr.Timestamp(); ts != 0 {
		return ts.AsTime().Local()
	}
	if ts := lr.ObservedTimestamp(); ts != 0 {
		return ts.AsTime().Local()
	}
	return time.Time{}
}

// selects reports whether a record passes the severity test and the
// record conditions.
func (p *logProcessor) selects(sev plog.SeverityNumber, attrs pcommon.Map) bool {
	if p.minSev != plog.SeverityNumberUnspecified {
		if sev == plog.SeverityNumberUnspecified {
			if p.cfg.Records.SkipUnspecifiedSeverity {
				return false
			}
		} else if sev < p.minSev {
			return false
		}
	}
	for i := range p.cfg.Records.Conditions {
		c := &p.cfg.Records.Conditions[i]
		if c.Attribute != "" && !c.holds(attrs, c.Attribute) {
			return false
		}
	}
	return true
}

// resourceHolds reports whether a resource passes the resource conditions,
// which hold or fail for all of its records at once.
func (p *logProcessor) resourceHolds(res pcommon.Map) bool {
	for i := range p.cfg.Records.Conditions {
		c := &p.cfg.Records.Conditions[i]
		if c.ResourceAttribute != "" && !c.holds(res, c.ResourceAttribute) {
			return false
		}
	}
	return true
}

// holds tests the condition on the attribute key of attrs.
func (c *Condition) holds(attrs pcommon.Map, key string) bool {
	v, ok := attrs.Get(key)
	if c.Exists != nil && *c.Exists != ok {
		return false
	}
	if len(c.Equals) == 0 {
		return true
	}
	if !ok {
		return false
	}
	s := v.AsString()
	for _, want := range c.Equals {
		if s == want {
			return true
		}
	}
	return false
}

// annotate writes a classification on a record's attributes. A record no
// rule classified is left as it is, unless marking is asked for and the
// record looks like a failure: an error severity, an exception, an HTTP
// error, a non-zero exit, or rules that matched but could not decide.
func (p *logProcessor) annotate(attrs pcommon.Map, c match.Classification, ev match.Evidence, opts match.Options, sg signs) {
	w := &p.cfg.Write
	if c.State != match.Classified {
		decided := c.Reason == match.ReasonConflict || c.Reason == match.ReasonLowConfidence
		if !p.cfg.MarkUnclassified || !(decided || sg.failed()) {
			return
		}
		attrs.PutStr(w.Class, match.Unclassified)
		putStr(attrs, w.Reason, c.Reason)
		putStr(attrs, w.CatalogueVersion, c.CatalogueVersion)
		return
	}
	attrs.PutStr(w.Code, c.Code)
	attrs.PutStr(w.Class, c.Class)
	putStr(attrs, w.Rule, c.Rule)
	putStr(attrs, w.Confidence, c.Confidence)
	if c.RetryAfterSeconds != nil && w.RetryAfter != "" {
		attrs.PutDouble(w.RetryAfter, *c.RetryAfterSeconds)
	}
	putStr(attrs, w.ResetAt, c.ResetAt)
	putStr(attrs, w.CatalogueVersion, c.CatalogueVersion)
	putStr(attrs, w.Excerpt, c.SafeExcerpt)
	if p.cfg.KeepRawExcerpt {
		putStr(attrs, w.RawExcerpt, p.rawExcerpt(ev, opts))
	}
}

// rawExcerpt is the unredacted text around the winning match. Finding it
// takes the explanation, so the record is classified a second time, which
// only records that classified pay.
func (p *logProcessor) rawExcerpt(ev match.Evidence, opts match.Options) string {
	opts.Explain = true
	c := p.eng.Classify(ev, opts)
	if c.Explain == nil {
		return ""
	}
	for _, m := range c.Explain.Matches {
		if m.Outcome != "won" || m.Rule != c.Rule {
			continue
		}
		text := ev.Text
		if m.In == "body" && ev.HTTP != nil {
			text = ev.HTTP.Body
		}
		return rawWindow(recordOf(text, m.Record), m.Offset, match.ExcerptBytes)
	}
	return ""
}

func putStr(attrs pcommon.Map, key, value string) {
	if key != "" && value != "" {
		attrs.PutStr(key, value)
	}
}
