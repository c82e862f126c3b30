package match

import (
	"strings"
	"time"

	"github.com/errcat/errcat/internal/redact"
)

// ExcerptBytes bounds Classification.SafeExcerpt.
const ExcerptBytes = 240

type ruleState uint8

const (
	stExcluded ruleState = iota // a structured matcher failed, or a guard held
	stPending                   // waiting for a record that matches
	stMatched
	stKilled // matched on the evidence, then its guard held in a record
)

// hit is a rule that matched, with what the answer needs from the match:
// the excerpt is cut and sanitised at match time because in a stream the
// record is gone by the time the winner is known.
type hit struct {
	rule      int
	line      int    // 1-based record line; 0 for the body or structured-only
	evidence  bool   // matched on structured evidence alone
	in        string // "text", "body" or ""
	sp        span
	excerpt   string
	after     time.Duration
	at        time.Time
	hasHint   bool
	hintNotes []HintNote
}

// Scan classifies one piece of evidence whose text arrives record by
// record: Begin checks the structured evidence once, Record feeds text, and
// Finish ranks what matched. Classify is Begin, every record, Finish.
type Scan struct {
	e            *Engine
	ev           *Evidence
	opts         Options
	now          time.Time
	jsonInRecord bool // JSON matchers read records, not a body
	hasBody      bool
	body         any
	state        []ruleState
	guardRecord  []bool // the guard still has record matchers to check
	hits         []hit
	hitOf        []int32 // rule -> index in hits, -1 if none
	needExcerpt  []int   // hits that still want an excerpt from a record
	sawText      bool
	truncated    bool
}

// Classify classifies one piece of evidence.
func (e *Engine) Classify(ev Evidence, opts Options) Classification {
	s := e.Begin(ev, opts)
	s.truncated = eachRecord(ev.Text, func(rec string, line int) bool {
		s.record(rec, line, "text")
		return true
	})
	if s.hasBody {
		s.Body(ev.HTTP.Body)
	}
	return s.Finish()
}

// Body feeds an HTTP body to the text matchers as one record. Classify
// does this itself; a caller streaming text with Record calls it once.
func (s *Scan) Body(body string) {
	if len(body) > MaxRecord {
		body, s.truncated = cutUTF8(body, MaxRecord), true
	}
	s.record(body, 0, "body")
}

// Begin starts a scan of ev; its Text, if any, is not read: feed it with
// Record.
func (e *Engine) Begin(ev Evidence, opts Options) *Scan {
	if opts.Now.IsZero() {
		opts.Now = time.Now()
	}
	n := len(e.cat.Rules)
	s := &Scan{
		e: e, ev: &ev, opts: opts, now: opts.Now.UTC(),
		state:       make([]ruleState, n),
		guardRecord: make([]bool, n),
		hitOf:       make([]int32, n),
	}
	if ev.HTTP != nil && strings.TrimSpace(ev.HTTP.Body) != "" {
		s.hasBody = true
		s.body = parseJSON(ev.HTTP.Body)
	}
	s.jsonInRecord = !s.hasBody
	for i := range e.cat.Rules {
		s.hitOf[i] = -1
		r := &e.cat.Rules[i]
		if !r.Match.evidenceHolds(s.ev, s.hasBody, s.body) {
			continue
		}
		if r.Not != nil && r.Not.evidenceHolds(s.ev, s.hasBody, s.body) {
			if !r.Not.needsRecord(s.jsonInRecord) {
				continue // the guard holds on the evidence alone
			}
			s.guardRecord[i] = true
		}
		if r.Match.needsRecord(s.jsonInRecord) {
			s.state[i] = stPending
			continue
		}
		s.state[i] = stMatched
		h := s.addHit(i, hit{rule: i, evidence: true})
		if s.hasBody {
			h.excerpt = redact.Excerpt(ev.HTTP.Body, 0, 0, ExcerptBytes)
			h.in = "body"
		} else {
			s.needExcerpt = append(s.needExcerpt, int(s.hitOf[i]))
		}
		s.hints(h, "", nil)
	}
	return s
}

func (s *Scan) addHit(rule int, h hit) *hit {
	s.hitOf[rule] = int32(len(s.hits))
	s.hits = append(s.hits, h)
	return &s.hits[len(s.hits)-1]
}

// Record feeds one record of text; line is its 1-based line number.
// The record is not retained.
func (s *Scan) Record(rec string, line int, truncated bool) {
	if truncated {
		s.truncated = true
	}
	s.record(rec, line, "text")
}

func (s *Scan) record(rec string, line int, in string) {
	rec = redact.StripEscapes(rec)
	if strings.TrimSpace(rec) == "" {
		return
	}
	s.sawText = true
	var doc lazyJSON
	for len(s.needExcerpt) > 0 {
		h := &s.hits[s.needExcerpt[0]]
		h.excerpt, h.line, h.in = redact.Excerpt(rec, 0, 0, ExcerptBytes), line, in
		s.needExcerpt = s.needExcerpt[1:]
	}
	rules := s.e.cat.Rules
	for i := range rules {
		r := &rules[i]
		switch s.state[i] {
		case stPending:
			ok, sp := r.Match.recordHolds(rec, s.jsonInRecord, &doc)
			if !ok {
				continue
			}
			if s.guardRecord[i] {
				if held, _ := r.Not.recordHolds(rec, s.jsonInRecord, &doc); held {
					continue // guarded in this record; a later one may match
				}
			}
			s.state[i] = stMatched
			h := s.addHit(i, hit{rule: i, line: line, in: in, sp: sp})
			h.excerpt = redact.Excerpt(rec, sp.start, sp.end, ExcerptBytes)
			s.hints(h, "", nil)
			s.hints(h, rec, &doc)
		case stMatched:
			if s.guardRecord[i] && s.hits[s.hitOf[i]].evidence {
				if held, _ := r.Not.recordHolds(rec, s.jsonInRecord, &doc); held {
					s.state[i] = stKilled
					continue
				}
			}
			if h := &s.hits[s.hitOf[i]]; !h.hasHint && len(r.Hints) > 0 {
				s.hints(h, rec, &doc)
			}
		}
	}
}
