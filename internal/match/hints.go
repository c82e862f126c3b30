package match

import (
	"strconv"

	"github.com/errcat/errcat/internal/hint"
	"github.com/errcat/errcat/internal/redact"
	"github.com/errcat/errcat/internal/tables"
)

// hints reads a hit's timing hint and token count sources. With doc nil
// it reads the sources that need no record (headers, the JSON body); with
// a record it reads the text and the record's JSON. The first hint that
// survives validation is kept, and the first token counts read; with
// Explain, every value seen is noted with why it was kept or dropped,
// because a dropped Retry-After is exactly what a person debugging a retry
// loop needs to see.
func (s *Scan) hints(h *hit, t *recText, doc *lazyJSON) {
	r := &s.e.cat.Rules[h.rule]
	for i := range r.Hints {
		src := &r.Hints[i]
		if src.Want == tables.WantTokens {
			if tables.UsesTokens && !h.hasTokens {
				s.tokens(h, i, t)
			}
			continue
		}
		if h.hasHint {
			continue
		}
		raw, ok := s.hintValue(h.rule, i, t, doc)
		if !ok {
			continue
		}
		var why hint.Reason
		v, err := s.parseHint(raw, hint.Unit(src.Unit))
		if err != nil {
			why = unparsed(err)
		} else {
			h.at, h.after, why = hint.Resolve(v, s.clock())
		}
		if why == hint.OK {
			h.hasHint = true
		} else if why == hint.Unparseable && src.From == tables.FromText && h.resetText == "" {
			// The text says when the limit resets, in words no clock
			// reads: the phrase is kept for a person, and no time is
			// made up from it.
			h.resetText = s.resetPhrase(h.rule, i, t)
		}
		if s.opts.Explain {
			h.hintNotes = append(h.hintNotes, HintNote{
				Rule:   r.ID,
				Source: describeHint(src),
				Value:  redact.Excerpt(raw, 0, 0, 80),
				Kept:   why == hint.OK,
				Why:    string(why),
			})
		}
	}
}

// ResetTextBytes bounds Classification.ResetText.
const ResetTextBytes = 120

// resetPhrase is the whole match of a rule's text hint source in the
// record, sanitised and bounded, for Classification.ResetText.
func (s *Scan) resetPhrase(rule, k int, t *recText) string {
	m := s.submatch(&s.e.pats[s.e.cat.Rules[rule].Hints[k].Re.ID], t, nil)
	if m == nil || m[0] < 0 {
		return ""
	}
	return redact.Excerpt(t.s[m[0]:m[1]], 0, 0, ResetTextBytes)
}

// tokens reads the token counts of a context-window failure from a
// rule's tokens source: the sum of the groups named requested, and the
// first group named limit, of those that took part in the match. A
// number that does not fit, or a match without either count, gives none.
func (s *Scan) tokens(h *hit, k int, t *recText) {
	if t == nil {
		return
	}
	src := &s.e.cat.Rules[h.rule].Hints[k]
	pat := &s.e.pats[src.Re.ID]
	m := s.submatch(pat, t, nil)
	if m == nil {
		return
	}
	// group reads group g: matched says it took part in the match.
	group := func(g int) (n int, matched, ok bool) {
		if 2*g+1 >= len(m) || m[2*g] < 0 {
			return 0, false, false
		}
		n, ok = tokenCount(t.s[m[2*g]:m[2*g+1]])
		return n, true, ok
	}
	req, okReq := 0, false
	for _, g := range pat.requested {
		n, matched, ok := group(g)
		if !matched {
			continue
		}
		if !ok || n > maxTokens-req {
			return
		}
		req, okReq = req+n, true
	}
	limit, okLimit := 0, false
	for _, g := range pat.limits {
		if n, matched, ok := group(g); matched {
			if !ok {
				return
			}
			limit, okLimit = n, true
			break
		}
	}
	if !okReq && !okLimit {
		return
	}
	h.hasTokens, h.tokReq, h.tokLimit = true, req, limit
	if s.opts.Explain {
		h.hintNotes = append(h.hintNotes, HintNote{
			Rule:   s.e.cat.Rules[h.rule].ID,
			Source: describeHint(src),
			Value:  redact.Excerpt(t.s[m[0]:m[1]], 0, 0, 80),
			Kept:   true,
		})
	}
}

// maxTokens bounds a token count: far above any context window, and
// small enough that sums cannot overflow an int on any platform.
const maxTokens = 1 << 30

// tokenCount reads a count of tokens: digits, with thousands separated by
// commas ("200,000") as some providers print them.
func tokenCount(s string) (int, bool) {
	n, digits := 0, 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == ',' && digits > 0 {
			continue
		}
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
		digits++
		if n > maxTokens {
			return 0, false
		}
	}
	return n, digits > 0
}

// hintsLater reads the hints of a hit whose reading tryRule put off:
// without Explain only the winner's hint is shown, and reading one (a
// pattern, a parse, the clock) costs as much as matching a rule. The
// record was kept (Scan.keepRecords), and its hints are read from it as
// tryRule would have: the evidence's headers and body, then the record.
func (s *Scan) hintsLater(h *hit) {
	if !h.hintsLater {
		return
	}
	h.hintsLater = false
	s.hints(h, nil, nil)
	t := newText(h.rec, &s.lowBuf, nil, h.recGen)
	var doc lazyJSON
	s.hints(h, &t, &doc)
}

func (s *Scan) hintValue(rule, k int, t *recText, doc *lazyJSON) (string, bool) {
	src := &s.e.cat.Rules[rule].Hints[k]
	switch src.From {
	case tables.FromHeader:
		if doc != nil {
			return "", false
		}
		v, ok := s.ev.HTTP.Header(src.Key)
		return hint.FirstMember(v), ok
	case tables.FromJSON:
		if tables.UsesJSON {
			var v any
			switch {
			case doc == nil && s.hasBody:
				v = s.e.matchedFrame(s.body, s.e.cat.Rules[rule].Match.JSON)
			case doc != nil && s.jsonInRecord:
				v = doc.get(t.s)
			}
			var out string
			found := v != nil && lookupJSON(v, src.Key, func(x any) bool {
				str, ok := jsonScalar(x)
				out = str
				return ok
			})
			return out, found
		}
	case tables.FromText:
		if doc == nil {
			return "", false
		}
		// The automaton's hits are the current record's: a record read
		// again later (hintsLater) searches for its literals instead.
		var lk *lookup
		if hits := s.acHits(); hits != nil && t.gen == s.recGen {
			lk = newLookup(hits, &s.e.ix.hintPats[rule][k])
		}
		m := s.submatch(&s.e.pats[src.Re.ID], t, lk)
		if m == nil {
			return "", false
		}
		g := s.e.pats[src.Re.ID].value
		if 2*g+1 >= len(m) || m[2*g] < 0 {
			return "", false
		}
		return t.s[m[2*g]:m[2*g+1]], true
	}
	return "", false
}

func describeHint(h *tables.HintSource) string {
	if h.Want == tables.WantTokens {
		return "tokens regex " + strconv.Quote(h.Re.Src)
	}
	switch h.From {
	case tables.FromHeader:
		return "header " + h.Key
	case tables.FromJSON:
		return "json " + h.Key
	case tables.FromText:
		return "regex " + strconv.Quote(h.Re.Src)
	}
	return "unknown"
}

// responseHints are the headers in which a server says when to retry
// whatever the failure: retry-after-ms (the finer) first, then
// Retry-After. They are read for a winner that names no hint of its own,
// so that a response's own word on waiting is never lost because the rule
// that read its cause does not list it.
var responseHints = [...]struct {
	key  string
	unit hint.Unit
}{{"retry-after-ms", hint.Millis}, {"retry-after", hint.Seconds}}

// responseHint reads responseHints for h, when h has no hint and its rule
// lists none of them; with Explain, each one seen is noted.
func (s *Scan) responseHint(h *hit) {
	if h.hasHint || s.ev.HTTP == nil {
		return
	}
	r := &s.e.cat.Rules[h.rule]
	for _, src := range r.Hints {
		if src.From == tables.FromHeader && (src.Key == responseHints[0].key || src.Key == responseHints[1].key) {
			s.rateLimitHint(h)
			return
		}
	}
	for _, rh := range responseHints {
		raw, ok := s.ev.HTTP.Header(rh.key)
		if !ok {
			continue
		}
		raw = hint.FirstMember(raw)
		var why hint.Reason
		v, err := s.parseHint(raw, rh.unit)
		if err != nil {
			why = unparsed(err)
		} else {
			h.at, h.after, why = hint.Resolve(v, s.clock())
		}
		if s.opts.Explain {
			h.hintNotes = append(h.hintNotes, HintNote{
				Rule:   r.ID,
				Source: "header " + rh.key + " (any response)",
				Value:  redact.Excerpt(raw, 0, 0, 80),
				Kept:   why == hint.OK,
				Why:    string(why),
			})
		}
		if why == hint.OK {
			h.hasHint = true
			return
		}
	}
	s.rateLimitHint(h)
}

// rateLimitHint reads the IETF RateLimit header field, or the earlier
// drafts' RateLimit-Remaining and RateLimit-Reset, for a hit that has no
// hint: the reset of a quota with nothing remaining. It comes after
// Retry-After, which says when to retry this very request, while
// RateLimit only describes quotas.
func (s *Scan) rateLimitHint(h *hit) {
	if h.hasHint {
		return
	}
	var v hint.Value
	var raw, source string
	ok := false
	if f, found := s.ev.HTTP.Header("ratelimit"); found {
		raw, source = f, "header ratelimit (any response)"
		v, ok = hint.RateLimit(f)
	} else if rem, found := s.ev.HTTP.Header("ratelimit-remaining"); found {
		reset, _ := s.ev.HTTP.Header("ratelimit-reset")
		raw, source = "remaining="+rem+", reset="+reset, "header ratelimit-remaining, ratelimit-reset (any response)"
		v, ok = hint.RateLimitFields(rem, reset)
	} else {
		return
	}
	why := hint.NotExhausted
	if ok {
		h.at, h.after, why = hint.Resolve(v, s.clock())
	}
	if s.opts.Explain {
		h.hintNotes = append(h.hintNotes, HintNote{
			Rule:   s.e.cat.Rules[h.rule].ID,
			Source: source,
			Value:  redact.Excerpt(raw, 0, 0, 80),
			Kept:   why == hint.OK,
			Why:    string(why),
		})
	}
	h.hasHint = why == hint.OK
}

// unparsed is why a hint that hint.Parse refused is dropped: too far
// when it is well formed but centuries away, unparseable otherwise.
func unparsed(err error) hint.Reason {
	if hint.IsTooFar(err) {
		return hint.TooFar
	}
	return hint.Unparseable
}
