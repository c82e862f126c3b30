package match

import (
	"strings"
	"time"

	"github.com/errcat/errcat/internal/match/litscan"
	"github.com/errcat/errcat/internal/match/records"
	"github.com/errcat/errcat/internal/tables"
)

// ExcerptBytes bounds Classification.SafeExcerpt.
const ExcerptBytes = 240

type ruleState uint8

const (
	stExcluded ruleState = iota // not selected, a structured matcher failed, or a guard held
	stPending                   // waiting for a record that matches
	stMatched                   // matched on the evidence
	stKilled                    // matched on the evidence, then its guard held in a record
	stRecorded                  // matched in a record, and tried on later ones (verdict.go)
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
	resetText string // a reset phrase no clock reads, when no hint is kept
	hasTokens bool   // tokReq and tokLimit were read; 0 is a count not given
	tokReq    int
	tokLimit  int
	// A put-off excerpt: see excerpt.go.
	exRec          string
	exStart, exEnd int
	exLazy         bool
	spanLater      bool // sp is some match, not yet the leftmost: see excerpt.go
	rec            string
	recGen         uint32 // rec's number in the scan
	hintsLater     bool   // hints are to be read from rec: see hints.go
	// read is what the hit's record reads on its own; its standing is 0
	// for a hit on the structured evidence (verdict.go).
	read recordReading
}

// Scan classifies one piece of evidence whose text arrives record by
// record: Begin checks the structured evidence once, Record feeds text, and
// Finish ranks what matched. Classify is Begin, every record, Finish.
//
// Its per-rule state is sized to the catalogue and reused: Classify takes
// scans from a pool, so classifying a message that matches nothing
// allocates nothing.
type Scan struct {
	e            *Engine
	ev           Evidence
	opts         Options
	now          time.Time // opts.Now, or the time of the first hint read
	jsonInRecord bool      // JSON matchers read records, not a body
	blk          jsonBlock // a JSON document printed over several lines (blocks.go)
	blockOnly    bool      // the record is such a document: only json rules read it
	hasBody      bool
	body         any
	state        []ruleState
	guardRecord  []bool   // the guard still has record matchers to check
	hitOf        []int32  // rule -> index in hits, -1 if none
	mark         []uint32 // rule -> generation in which it became a candidate
	gen          uint32
	pending      int     // rules in stPending
	recorded     int     // rules in stRecorded
	watch        []int32 // matched rules that still read records (guards, hints)
	cands        []int32
	lits         litHits // where the automaton's patterns ended in this record
	hits         []hit
	here         []recMatch // the rules that matched the record being read
	failRecs     int        // records some rule matched
	firstFail    string     // the first of them, while its retry marker is not looked for
	shown        []recordAt // with Explain, the records hits moved away from
	markLow      lowBuf     // the lowered copy of firstFail
	firstHere    []recMatch // the matches of firstFail, when it is read
	live         []*hit     // Finish's buffers, reused
	ranked       []*hit
	winners      []*hit
	needExcerpt  []int // hits that still want an excerpt from a record
	sawText      bool
	truncated    bool
	keepRecords  bool     // records stay valid until Finish: cut excerpts there
	lowBuf       lowBuf   // the lowered copy of the record (lower.go)
	memo         memo     // answers kept for the record (memo.go)
	recGen       uint32   // counts records, for answers kept per record
	guardRec     []uint32 // guard -> recGen of its answer in guardHeld
	guardHeld    []bool
	reset        resetText // the last reset time an answer gave (rank.go)
	// finder, when not nil, finds the candidates of the record being
	// read in place of the automaton: the bulk path handed the record on
	// (candidates.go).
	finder candidateFinder
	found  []int32 // finder's answer for the record

	// textBytes and badBytes count the text read, and the bytes of it
	// that text does not hold (garbled.go); countLater says the text is
	// the evidence's own, counted only if the answer asks.
	textBytes, badBytes int
	countLater          bool
}

// Classify classifies one piece of evidence. A text or HTTP body that
// starts with a byte order mark is decoded first (see records.TextDecoder).
func (e *Engine) Classify(ev Evidence, opts Options) Classification {
	ev = decodeEvidence(ev)
	s := e.pool.Get().(*Scan)
	s.begin(ev, opts)
	s.keepRecords = true // ev.Text is an immutable string the call holds
	s.countLater = true
	s.truncated = records.Each(ev.Text, func(rec string, line int) bool {
		s.record(rec, line, "text")
		s.gather(rec, line)
		return true
	})
	if s.hasBody {
		s.feedBody(ev.HTTP.Body)
	}
	out := s.Finish()
	s.release()
	e.pool.Put(s)
	return out
}

func (e *Engine) newScan() *Scan {
	n := len(e.cat.Rules)
	s := &Scan{
		e:           e,
		state:       make([]ruleState, n),
		guardRecord: make([]bool, n),
		hitOf:       make([]int32, n),
		mark:        make([]uint32, n),
	}
	s.guardRec = make([]uint32, e.ix.guards)
	s.guardHeld = make([]bool, e.ix.guards)
	if ac := e.ix.ac; ac != nil {
		s.lits.stamp = make([]uint32, len(e.ix.patRules))
		s.lits.head = make([]int32, len(e.ix.patRules))
		s.lits.live = make([]uint32, e.ix.branches)
		s.lits.rules = make([]uint32, n)
		s.lits.patLen = e.ix.patLen
	}
	for i := range s.hitOf {
		s.hitOf[i] = -1
	}
	return s
}

// Begin starts a scan of ev; its Text, if any, is not read: feed it with
// Record (and an HTTP body with Body).
func (e *Engine) Begin(ev Evidence, opts Options) *Scan {
	s := e.newScan()
	s.begin(decodeEvidence(ev), opts)
	return s
}

// release drops what a finished scan refers to, so a pooled scan holds no
// evidence, and resets the per-rule state it touched.
func (s *Scan) release() {
	for _, h := range s.hits {
		s.hitOf[h.rule] = -1
	}
	clear(s.hits)
	s.hits = s.hits[:0]
	clear(s.live)
	clear(s.ranked)
	clear(s.winners)
	s.firstFail = ""
	s.ev, s.body, s.opts = Evidence{}, nil, Options{}
	s.memo.parse = parseAnswer{} // it holds a piece of the evidence
	s.lowBuf.gen, s.markLow.gen = 0, 0
	s.keepRecords = false
	s.finder = nil
	s.countLater = false
}

func (s *Scan) begin(ev Evidence, opts Options) {
	s.ev, s.opts, s.now = ev, opts, opts.Now
	if tables.UsesJSON {
		s.blk.reset()
	}
	ix := s.e.ix
	s.sawText, s.truncated, s.hasBody, s.body = false, false, false, nil
	s.textBytes, s.badBytes = 0, 0
	s.watch, s.needExcerpt = s.watch[:0], s.needExcerpt[:0]
	copy(s.guardRecord, ix.pureGuard)
	if hasBody(&s.ev) {
		s.hasBody = true
		if tables.UsesJSON {
			s.body = bodyJSON(ev.HTTP.Body)
		}
		copy(s.state, ix.pureState)
		s.pending = ix.purePending
	} else {
		copy(s.state, ix.noBodyState)
		s.pending = ix.noBodyPending
	}
	s.jsonInRecord = !s.hasBody
	s.recorded, s.failRecs, s.firstFail, s.shown = 0, 0, "", s.shown[:0]
	ix.selected(&s.ev, s.consider)
}

// consider checks a rule's structured matchers against the evidence.
func (s *Scan) consider(ri int32) {
	i := int(ri)
	r := &s.e.cat.Rules[i]
	if !s.e.evidenceHolds(&r.Match, &s.ev, s.hasBody, s.body) {
		return
	}
	if r.Not != nil && s.e.evidenceHolds(r.Not, &s.ev, s.hasBody, s.body) {
		if !needsRecord(r.Not, s.jsonInRecord) {
			return // the guard holds on the evidence alone
		}
		s.guardRecord[i] = true
	}
	if needsRecord(&r.Match, s.jsonInRecord) {
		s.state[i] = stPending
		s.pending++
		return
	}
	s.state[i] = stMatched
	h := s.addHit(i, hit{rule: i, evidence: true, read: recordReading{top: int32(i), marker: -1}})
	if s.hasBody {
		start, end := s.e.frameSpan(s.body, r.Match.JSON)
		s.excerptAt(h, s.ev.HTTP.Body, start, end, true)
		h.in = "body"
	} else {
		s.needExcerpt = append(s.needExcerpt, int(s.hitOf[i]))
	}
	s.hints(h, nil, nil)
	if s.guardRecord[i] || wantsRecord(h, r) {
		s.watch = append(s.watch, ri)
	}
}

// wantsRecord reports whether a hit still has a source to read in a
// record: a timing hint while none is kept, token counts while none are
// read.
func wantsRecord(h *hit, r *tables.Rule) bool {
	for i := range r.Hints {
		src := &r.Hints[i]
		switch {
		case src.Want == tables.WantTokens && !h.hasTokens:
			return true
		case src.Want == tables.WantTime && !h.hasHint && src.From != tables.FromHeader:
			return true
		}
	}
	return false
}

func (s *Scan) addHit(rule int, h hit) *hit {
	s.hitOf[rule] = int32(len(s.hits))
	s.hits = append(s.hits, h)
	return &s.hits[len(s.hits)-1]
}

// Body feeds an HTTP body to the text matchers as one record. Classify
// does this itself; a caller streaming text with Record calls it once.
func (s *Scan) Body(body string) {
	s.countText(body)
	s.feedBody(body)
}

func (s *Scan) feedBody(body string) {
	if len(body) > records.MaxRecord {
		body, s.truncated = records.CutUTF8(body, records.MaxRecord), true
	}
	s.record(body, 0, "body")
}

// Record feeds one record of text; line is its 1-based line number.
// The record is not retained.
func (s *Scan) Record(rec string, line int, truncated bool) {
	s.countText(rec)
	s.textBytes++ // its line end
	s.feedRecord(rec, line, truncated)
	s.gather(rec, line)
}

// gather passes a text record of a whole input to the JSON document being
// gathered over lines, and reads the document when the record closes it.
func (s *Scan) gather(rec string, line int) {
	if tables.UsesJSON && s.jsonInRecord && s.e.jsonRules {
		// Read as the record is read: colour and other escapes removed.
		if doc, at, ok := s.blk.add(normalise(rec), line); ok {
			s.readBlock(doc, at)
		}
	}
}

// gatherEnd reads a document the input ended inside, if it is an array:
// a stream of JSON objects cut off before its "]" still holds the
// elements that arrived (decodeJSON reads them). An object cut off holds
// nothing a json matcher can trust.
func (s *Scan) gatherEnd() {
	if tables.UsesJSON {
		if doc, at, ok := s.blk.pending(); ok && doc[0] == '[' {
			s.readBlock(doc, at)
		}
		s.blk.reset()
	}
}

// readBlock reads a gathered document as one more record, by the rules
// with json matchers only.
func (s *Scan) readBlock(doc string, at int) {
	s.blockOnly = true
	s.record(doc, at, "text")
	s.blockOnly = false
}

// feedRecord is Record for a caller that counts the text itself (Feed)
// or has no use for the count (the bulk path).
func (s *Scan) feedRecord(rec string, line int, truncated bool) {
	if truncated {
		s.truncated = true
	}
	s.record(rec, line, "text")
}

func (s *Scan) record(rec string, line int, in string) {
	rec = normalise(rec)
	if strings.TrimSpace(rec) == "" {
		return
	}
	s.sawText = true
	s.nextRecord()
	t := newText(rec, &s.lowBuf, &s.memo, s.recGen)
	var doc lazyJSON
	for len(s.needExcerpt) > 0 && !s.blockOnly {
		h := &s.hits[s.needExcerpt[0]]
		s.excerptAt(h, rec, 0, 0, false)
		h.line, h.in = line, in
		s.needExcerpt = s.needExcerpt[1:]
	}
	if s.pending > 0 || s.recorded > 0 {
		s.collect(rec)
		s.here = s.here[:0]
		for _, ri := range s.cands {
			if s.state[ri] == stPending {
				s.tryRule(int(ri), &t, &doc)
			}
		}
		// A rule matched before is tried again only where that can
		// change the answer (verdict.go).
		if len(s.here) > 0 || s.mayMove() {
			for _, ri := range s.cands {
				if s.state[ri] == stRecorded {
					s.tryRule(int(ri), &t, &doc)
				}
			}
		}
		if len(s.here) > 0 {
			s.settle(&t, line, in, &doc)
		}
	}
	for _, ri := range s.watch {
		i := int(ri)
		if s.state[i] != stMatched {
			continue
		}
		h := &s.hits[s.hitOf[i]]
		if s.guardRecord[i] && !s.blockOnly {
			if s.guardHolds(i, &t, &doc) {
				s.state[i] = stKilled
				continue
			}
		}
		if wantsRecord(h, &s.e.cat.Rules[i]) {
			s.hints(h, &t, &doc)
		}
	}
}

// collect gathers the rules that may match a record, pending or matched
// in an earlier one: those one of whose triggers occurs in it, and the
// unindexed ones.
func (s *Scan) collect(rec string) {
	s.gen++
	if s.gen == 0 { // wrapped: old marks could look current
		clear(s.mark)
		clear(s.lits.stamp)
		clear(s.lits.live)
		clear(s.lits.rules)
		s.gen = 1
	}
	s.cands = s.cands[:0]
	ix := s.e.ix
	if s.finder != nil && s.collectFound(rec) {
		return // no unindexed rules: the bulk path reads every record otherwise
	}
	if ix.ac != nil {
		s.lits.ends = s.lits.ends[:0]
		s.lits.gen = s.gen
		litscan.FindAll(ix.ac, rec, collector{s, rec})
		s.lits.rec = s.recGen
	}
	for _, ri := range ix.unindexed {
		s.addCand(ri)
	}
	if tables.UsesJSON && len(ix.unindexedJSON) > 0 {
		if _, ok := jsonPart(rec); ok || !s.jsonInRecord {
			for _, ri := range ix.unindexedJSON {
				s.addCand(ri)
			}
		}
	}
}

// addCand makes a rule that reads records a candidate for the record,
// once.
func (s *Scan) addCand(ri int32) {
	if st := s.state[ri]; (st == stPending || st == stRecorded) && s.mark[ri] != s.gen {
		s.mark[ri] = s.gen
		s.cands = append(s.cands, ri)
	}
}

// collector takes the automaton's hits in a record: it keeps where each
// pattern ended, confirms the branch triggers the pattern reveals, and
// makes candidates of the rules it selects.
type collector struct {
	s   *Scan
	rec string
}

func (c collector) Hit(p int32, end int) bool {
	s, ix := c.s, c.s.e.ix
	use := ix.use[p]
	if use&useEnds != 0 {
		s.lits.add(s.gen, p, end)
	}
	if use&useRefs != 0 {
		s.lits.confirm(c.rec, &ix.refs, p, end, s)
	}
	if use&useRules != 0 {
		for _, ri := range ix.patRules[p] {
			s.addCand(ri)
		}
	}
	return true
}

// acHits returns where the automaton's patterns ended in the record being
// read, or nil if it did not run over it.
func (s *Scan) acHits() *litHits {
	if s.e.ix.ac == nil || s.lits.rec != s.recGen {
		return nil
	}
	return &s.lits
}

// tryRule runs a rule's record matchers on the record and notes a match
// in s.here; once every candidate is tried, settle keeps what it should.
func (s *Scan) tryRule(i int, t *recText, doc *lazyJSON) {
	r := &s.e.cat.Rules[i]
	if s.blockOnly && len(r.Match.JSON) == 0 {
		return // text matchers read the document's lines, not the document
	}
	var pats []regexPats
	hits := s.acHits()
	if hits != nil {
		if s.e.ix.byBranch[i] && hits.rules[i] != hits.gen {
			return // none of its branches' triggers is in the record
		}
		pats = s.e.ix.pats[i]
	}
	// Where the match is only shows in the explanation and the excerpt;
	// an excerpt put off is cut from the whole record when that fits,
	// and the span is found then if it does not (excerpt.go).
	anySpan := s.keepRecords && !s.opts.Explain
	ok, sp, exact := s.e.recordHolds(&r.Match, t, s.jsonInRecord, doc, pats, hits, anySpan)
	if !ok {
		return
	}
	if s.guardRecord[i] {
		if s.guardHolds(i, t, doc) {
			return // guarded in this record; a later one may match
		}
	}
	s.here = append(s.here, recMatch{rule: i, sp: sp, exact: exact})
}

// settle keeps the matches of the record being read: a rule's first
// match makes its hit, and a later one takes its place when its record
// stands higher (verdict.go), so each rule's hit is its match in the
// record of the best standing it matched.
func (s *Scan) settle(t *recText, line int, in string, doc *lazyJSON) {
	read := s.readRecord(t)
	for _, m := range s.here {
		i := m.rule
		switch s.state[i] {
		case stPending:
		case stRecorded:
			old := &s.hits[s.hitOf[i]]
			if old.read.standing >= read.standing {
				continue
			}
			if s.opts.Explain {
				s.shown = append(s.shown, recordAt{old.line, old.in, old.read})
			}
		default:
			continue
		}
		nh := hit{rule: i, line: line, in: in, sp: m.sp, spanLater: !m.exact, recGen: s.recGen, read: read}
		var h *hit
		if s.state[i] == stPending {
			s.state[i] = stRecorded
			s.pending--
			s.recorded++
			h = s.addHit(i, nh)
		} else {
			h = &s.hits[s.hitOf[i]]
			*h = nh
		}
		s.excerptAt(h, t.s, m.sp.start, m.sp.end, false)
		if s.keepRecords && !s.opts.Explain {
			// Only the winner's hint is shown: read it in Finish.
			h.rec, h.recGen, h.hintsLater = t.s, s.recGen, len(s.e.cat.Rules[i].Hints) > 0
			continue
		}
		s.hints(h, nil, nil)
		s.hints(h, t, doc)
	}
}

// clock is the time hints are checked against: the caller's, or the
// time of the first hint read, so a scan that finds none never asks. Its
// zone is kept: a wall-clock reset without a zone of its own is read in
// it (hint.Resolve).
func (s *Scan) clock() time.Time {
	if s.now.IsZero() {
		s.now = time.Now()
	}
	return s.now
}
