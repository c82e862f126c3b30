package match

import (
	"strconv"
	"strings"

	"github.com/errcat/errcat/internal/tables"
)

// span locates the matcher that placed a rule's match in a record, so the
// excerpt and --explain can point at it. kind is 0 when nothing in the
// record was matched (a structured-only rule).
type span struct {
	kind       matcherKind
	idx        int // which element of the matcher's list
	start, end int
}

type matcherKind uint8

const (
	kNone matcherKind = iota
	kExact
	kContains
	kRegex
	kJSON
)

// evidenceHolds checks the matchers that look at the evidence as a whole:
// provider, status, headers, exit code, signal, and the JSON body when the
// evidence has one (body is its parsed form, nil when it is not JSON).
func (e *Engine) evidenceHolds(c *tables.Cond, ev *Evidence, hasBody bool, body any) bool {
	if len(c.Providers) > 0 && !containsFoldList(c.Providers, ev.Provider) {
		return false
	}
	if len(c.Status) > 0 {
		if ev.HTTP == nil || !statusIn(c.Status, ev.HTTP.Status) {
			return false
		}
	}
	for i := range c.Headers {
		t := &c.Headers[i]
		v, ok := ev.HTTP.Header(t.Name)
		if !ok || !e.test(t, v) {
			return false
		}
	}
	if len(c.ExitCodes) > 0 {
		if ev.ExitCode == nil || !intIn(c.ExitCodes, *ev.ExitCode) {
			return false
		}
	}
	if len(c.Signals) > 0 {
		if ev.Signal == "" || !stringIn(c.Signals, CanonicalSignal(ev.Signal)) {
			return false
		}
	}
	if tables.UsesJSON && hasBody && len(c.JSON) > 0 && !e.jsonHolds(c.JSON, body) {
		return false
	}
	return true
}

// recordHolds checks the matchers that look inside one text record: exact,
// contains and regex, and the JSON matchers when the evidence has no body
// (doc is then the record's own JSON, parsed on first use). Cheap literal
// tests run before regexes.
//
// A pattern none of whose triggers occurs in rec cannot match and is not
// run. Of the patterns that match, the leftmost match is reported, the
// first pattern winning ties, as one alternation written out whole would.
//
// pats, if not nil, has the automaton patterns of each regex branch's
// literals, and hits where they occurred in rec (see confirm.go).
//
// With anySpan, a caller that has no use for where a pattern matched
// (guards; a winner's excerpt that shows the whole record) lets the
// patterns stop at the first that matches; exact then reports whether
// the span is the one described above, or that of some pattern only.
func (e *Engine) recordHolds(c *tables.Cond, t *recText, jsonInRecord bool, doc *lazyJSON, pats []regexPats, hits *litHits, anySpan bool) (ok bool, sp span, exact bool) {
	rec := t.s
	exact = true
	if len(c.Exact) > 0 {
		trimmed := strings.TrimSpace(rec)
		i := indexString(c.Exact, trimmed)
		if i < 0 {
			return false, sp, exact
		}
		start := strings.Index(rec, trimmed)
		sp = span{kExact, i, start, start + len(trimmed)}
	}
	if len(c.Contains) > 0 {
		i, at := containsAny(c, t)
		if i < 0 {
			return false, sp, exact
		}
		if sp.kind == kNone {
			sp = span{kContains, i, at, at + len(c.Contains[i])}
		}
	}
	if len(c.Regex) > 0 {
		// A span already placed by exact or contains stands: the
		// patterns need only say whether one matches.
		first := anySpan || sp.kind != kNone
		best := span{start: -1}
		for i := range c.Regex {
			if first && best.start >= 0 {
				exact = sp.kind != kNone
				break
			}
			var lk *lookup
			if pats != nil && hits != nil {
				rp := &pats[i]
				if rp.dead(hits) {
					continue // settled from the index, without loading the pattern
				}
				lk = &lookup{hits, rp}
			}
			re := c.Regex[i]
			if len(re.Triggers) > 0 && !lk.branchTriggers(t, re.Triggers) {
				continue
			}
			before := len(rec) + 1
			if best.start >= 0 {
				before = best.start
			}
			if start, end, ok := e.pats[re.ID].find(t, lk, before); ok {
				best = span{kRegex, i, start, end}
			}
		}
		if best.start < 0 {
			return false, sp, exact
		}
		if sp.kind == kNone {
			sp = best
		}
	}
	if tables.UsesJSON && jsonInRecord && len(c.JSON) > 0 {
		if !e.jsonHolds(c.JSON, doc.get(rec)) {
			return false, sp, exact
		}
		if sp.kind == kNone {
			sp = span{kind: kJSON, end: len(rec)}
		}
	}
	return true, sp, exact
}

func containsAny(c *tables.Cond, t *recText) (idx, at int) {
	for i, lit := range c.Contains {
		var j int
		if c.CaseSensitive {
			j = strings.Index(t.s, lit)
		} else {
			j = t.index(lit)
		}
		if j >= 0 {
			return i, j
		}
	}
	return -1, -1
}

// needsRecord reports whether the condition has matchers that must hold
// inside a text record, given where JSON comes from for this evidence.
func needsRecord(c *tables.Cond, jsonInRecord bool) bool {
	return c.HasText() || (jsonInRecord && len(c.JSON) > 0)
}

// jsonHolds reports whether every one of tests holds in doc; in a stream's
// frames, every one in the same frame.
func (e *Engine) jsonHolds(tests []tables.FieldTest, doc any) bool {
	if fr, ok := doc.(frames); ok {
		for i := range fr {
			if e.jsonHolds(tests, fr[i].v) {
				return true
			}
		}
		return false
	}
	if doc == nil {
		return false
	}
	for i := range tests {
		t := &tests[i]
		ok := lookupJSON(doc, t.Name, func(v any) bool {
			if t.Kind == tables.Present {
				return true
			}
			s, ok := jsonScalar(v)
			return ok && e.test(t, s)
		})
		if !ok {
			return false
		}
	}
	return true
}

func (e *Engine) test(t *tables.FieldTest, v string) bool {
	switch t.Kind {
	case tables.Present:
		return true
	case tables.Equal:
		return stringIn(t.Values, strings.TrimSpace(v))
	case tables.Match:
		return e.pats[t.Re.ID].c.Regexp().MatchString(v)
	}
	return false
}

// describe renders the matcher at sp for --explain.
func describeCond(c *tables.Cond, sp span) string {
	switch sp.kind {
	case kExact:
		return "exact " + strconv.Quote(c.Exact[sp.idx])
	case kContains:
		return "contains " + strconv.Quote(c.Contains[sp.idx])
	case kRegex:
		return "regex " + strconv.Quote(c.Regex[sp.idx].Src)
	case kJSON:
		return "json " + c.JSON[0].Name
	}
	var parts []string
	if len(c.Status) > 0 {
		parts = append(parts, "status")
	}
	if len(c.Headers) > 0 {
		parts = append(parts, "header "+c.Headers[0].Name)
	}
	if len(c.JSON) > 0 {
		parts = append(parts, "json "+c.JSON[0].Name)
	}
	if len(c.ExitCodes) > 0 {
		parts = append(parts, "exit_code")
	}
	if len(c.Signals) > 0 {
		parts = append(parts, "signal")
	}
	if len(c.Providers) > 0 {
		parts = append(parts, "provider")
	}
	if len(parts) == 0 {
		return "empty match"
	}
	return strings.Join(parts, ", ")
}

func statusIn(rs []tables.StatusRange, s int) bool {
	for _, r := range rs {
		if r.Lo <= s && s <= r.Hi {
			return true
		}
	}
	return false
}

func intIn(xs []int, x int) bool {
	for _, v := range xs {
		if v == x {
			return true
		}
	}
	return false
}

func stringIn(xs []string, x string) bool { return indexString(xs, x) >= 0 }

func indexString(xs []string, x string) int {
	for i, v := range xs {
		if v == x {
			return i
		}
	}
	return -1
}

func containsFoldList(xs []string, x string) bool {
	for _, v := range xs {
		if strings.EqualFold(v, x) {
			return true
		}
	}
	return false
}

// lazyJSON parses a record's JSON at most once, and only when a rule asks.
type lazyJSON struct {
	done bool
	v    any
}

func (l *lazyJSON) get(rec string) any {
	if !l.done {
		l.v, l.done = recordJSON(rec), true
	}
	return l.v
}
