package match

import (
	"strconv"

	"github.com/errcat/errcat/internal/hint"
	"github.com/errcat/errcat/internal/redact"
	"github.com/errcat/errcat/internal/tables"
)

// hints reads a hit's timing hint sources. With doc nil it reads the
// sources that need no record (headers, the JSON body); with a record it
// reads the text and the record's JSON. The first hint that survives
// validation is kept; with Explain, every hint seen is noted with why it was
// kept or dropped, because a dropped Retry-After is exactly what a person
// debugging a retry loop needs to see.
func (s *Scan) hints(h *hit, t *recText, doc *lazyJSON) {
	r := &s.e.cat.Rules[h.rule]
	for i := range r.Hints {
		if h.hasHint {
			return
		}
		src := &r.Hints[i]
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
		return s.ev.HTTP.header(src.Key)
	case tables.FromJSON:
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
			return
		}
	}
	for _, rh := range responseHints {
		raw, ok := s.ev.HTTP.header(rh.key)
		if !ok {
			continue
		}
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
}

// unparsed is why a hint that hint.Parse refused is dropped: too far
// when it is well formed but centuries away, unparseable otherwise.
func unparsed(err error) hint.Reason {
	if hint.IsTooFar(err) {
		return hint.TooFar
	}
	return hint.Unparseable
}
