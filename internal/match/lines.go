package match

import (
	"io"
	"sync"
	"sync/atomic"

	"github.com/errcat/errcat/internal/match/bulk"
	"github.com/errcat/errcat/internal/match/litscan"
	"github.com/errcat/errcat/internal/match/records"
)

// LineStats counts the records Lines read, and names the one that decides
// for the input as a whole.
type LineStats struct {
	Lines        int `json:"-"`       // lines read, blank ones included
	Records      int `json:"records"` // non-blank records
	Classified   int `json:"classified"`
	Unclassified int `json:"unclassified"`
	// Best is the classified record whose winner ranks highest
	// (Candidate.Outranks), the earliest of those that rank alike. Its
	// State is empty when no record was classified.
	Best LineResult `json:"-"`
}

func (s *LineStats) add(o LineStats) {
	s.Records += o.Records
	s.Classified += o.Classified
	s.Unclassified += o.Unclassified
}

// Add counts o after s, as if o's input followed s's: o's best record,
// its line numbered after s's lines, becomes the best only if it
// outranks s's.
func (s *LineStats) Add(o LineStats) {
	if o.Best.State == Classified {
		o.Best.Line += s.Lines
		s.keep(&o.Best)
	}
	s.add(o)
	s.Lines += o.Lines
}

// keep makes lr the best record if it is classified and its winner
// outranks the best one's; on a tie the earlier record stays.
func (s *LineStats) keep(lr *LineResult) {
	if lr.State == Classified && (s.Best.State != Classified || lr.Candidates[0].Outranks(s.Best.Candidates[0])) {
		s.Best = *lr
	}
}

// LinesOptions tune Lines.
type LinesOptions struct {
	Options
	// Workers is how many chunks are classified at once; below 2, one.
	// Output order does not depend on it.
	Workers int
	// Delivered, when set, is called after fn has been handed a region's
	// records when no region already classified waits for its turn:
	// Lines may be about to wait for input. A caller that buffers what fn
	// writes flushes it here, so that a stream still open (tail -f) is
	// answered as its lines arrive rather than when a buffer fills or
	// input ends. Like fn, it is called from any worker, never from two
	// at once.
	Delivered func()
	// Counted, when set, is called with each region's counts (Records,
	// Classified, Unclassified; neither Lines nor Best) once fn has been
	// handed that region's records, region after region in input order:
	// a caller shows progress with it at the cost of a call per region,
	// nothing per record. Like fn, it is called from any worker, never
	// from two at once, and not after fn has returned false.
	Counted func(LineStats)
	// Unclassified, when set, is called with every non-blank record that
	// is left unclassified (no rule matched it, or the rules that did
	// conflict or lack confidence) and the line it starts on, before fn
	// is handed the results of the record's region. rec is the record as
	// framed and cut to MaxRecord, valid only during the call. It is
	// called from the goroutine that classifies the region: with one
	// worker in input order, with several from several goroutines at once.
	Unclassified func(line int, rec []byte)
}

// LineResult is one record that matched some rule.
type LineResult struct {
	Line int
	Classification
}

// Lines classifies every record of r on its own, with the structured
// evidence ev (its Text is ignored) applying to each. It calls fn, in
// input order, for every record that some rule matched — classified, or
// unclassified by a conflict or for low confidence — and only counts the
// records that match nothing. The stats name the best classified record
// of those fn was handed. It stops early when fn returns false.
// With several workers, fn is called from whichever of their goroutines
// (the caller's among them) completes the region due, never from two at
// once.
//
// This is the bulk path: input is read in chunks of a quarter megabyte, the
// scan for every rule's triggers runs once over a whole chunk, and only
// records where a trigger occurs are classified one by one; the rest are counted and
// skipped. When no rule can match a record without a trigger (there are
// no unindexed rules and ev has no structured part), skipping changes no
// answer. Memory stays bounded whatever the size of r.
func (e *Engine) Lines(r io.Reader, ev Evidence, opts LinesOptions, fn func(LineResult) bool) (LineStats, error) {
	ev.Text = ""
	ev = decodeEvidence(ev)
	ch := records.NewChunker(r)
	every := e.readsEvery(&ev)
	if opts.Workers < 2 {
		var total LineStats
		var out []LineResult
		bt := e.bulk()
		rw := e.regionWork(bt, every, &ev, opts.Options)
		rw.unclassified = opts.Unclassified
		tn := bt.Tuning(every)
		for {
			reg, ok := ch.Next()
			if !ok {
				total.Lines = ch.Line() - 1
				return total, ch.Err()
			}
			out = out[:0]
			st := rw.region(reg, tn.For(reg.Data()), &out)
			total.add(st)
			for i := range out {
				total.keep(&out[i])
				if !fn(out[i]) {
					total.Lines = reg.Line() + reg.Lines() - 1
					return total, nil
				}
			}
			opts.counted(st)
			opts.delivered()
		}
	}
	return e.linesParallel(ch, every, &ev, opts, fn)
}

// readsEvery reports whether every record must be classified, triggers or
// not: a rule has none, or structured evidence applies to each record. The
// scan for triggers is then not run, and no anchors are tuned for it.
func (e *Engine) readsEvery(ev *Evidence) bool {
	return e.ix.readsEveryRecord() || ev.HTTP != nil || ev.ExitCode != nil || ev.Signal != "" || ev.Provider != ""
}

func (o *LinesOptions) delivered() {
	if o.Delivered != nil {
		o.Delivered()
	}
}

func (o *LinesOptions) counted(st LineStats) {
	if o.Counted != nil {
		o.Counted(st)
	}
}

// linesParallel classifies regions on Workers goroutines, the caller's
// among them, and hands results to fn in input order.
//
// No goroutine reads for the others, and none waits to hand results
// on. A worker takes the next region itself, under a lock: it reads it
// into a buffer of its own (chunker.adopt), cuts it and tunes the scan,
// then classifies it while the region is still in its core's cache,
// and the next worker reads meanwhile. A reader goroutine handing
// regions out would have each region written by one core and scanned by
// another, out of the scanning core's cache. Results
// go to fn from whichever worker completes the next region due, under
// a second lock; a region done before its turn is parked, and at most
// 2×Workers regions are between being read and being handed on.
func (e *Engine) linesParallel(ch *records.Chunker, every bool, ev *Evidence, opts LinesOptions, fn func(LineResult) bool) (LineStats, error) {
	bt := e.bulk()
	// Each region's results go in a slice used again once fn has seen
	// them: fresh ones, grown result by result, would be most of what the
	// parallel path allocates, and the first write to each fresh page is
	// a page fault, which is slow on a virtual machine.
	outs := sync.Pool{New: func() any { return new([]LineResult) }}
	slots := make(chan struct{}, 2*opts.Workers)
	var (
		readMu sync.Mutex // held to read, cut and tune the next region
		tn     = bt.Tuning(every)
		read   int // regions read

		outMu   sync.Mutex // held to hand results to fn
		due     int        // the region whose results fn gets next
		parked  = map[int]regionResult{}
		total   LineStats
		stopped atomic.Bool
	)
	// take reads the next region into buf; false at the end of input.
	take := func(buf *records.RegionBuf) (records.Region, *litscan.Set, int, bool) {
		readMu.Lock()
		defer readMu.Unlock()
		reg, ok := ch.NextIn(buf)
		if !ok {
			return records.Region{}, nil, 0, false
		}
		read++
		return reg, tn.For(reg.Data()), read - 1, true
	}
	// hand parks region k's result, and hands fn every result now due.
	hand := func(k int, r regionResult) {
		outMu.Lock()
		defer outMu.Unlock()
		parked[k] = r
		handed := false
		for {
			r, ok := parked[due]
			if !ok {
				break
			}
			delete(parked, due)
			due++
			<-slots
			if !stopped.Load() {
				total.add(r.stats)
				for i := range *r.out {
					total.keep(&(*r.out)[i])
					if !fn((*r.out)[i]) {
						stopped.Store(true)
						break
					}
				}
				if !stopped.Load() {
					opts.counted(r.stats)
				}
				handed = true
			}
			clear(*r.out) // nothing fn was handed stays reachable from the pool
			*r.out = (*r.out)[:0]
			outs.Put(r.out)
		}
		if handed && !stopped.Load() && len(parked) == 0 {
			opts.delivered()
		}
	}
	work := func() {
		var buf records.RegionBuf
		rw := e.regionWork(bt, every, ev, opts.Options)
		rw.unclassified = opts.Unclassified
		for !stopped.Load() {
			slots <- struct{}{}
			reg, lits, k, ok := take(&buf)
			if !ok {
				<-slots
				return
			}
			out := outs.Get().(*[]LineResult)
			st := rw.region(reg, lits, out)
			hand(k, regionResult{st, out})
		}
	}
	var wg sync.WaitGroup
	for w := 1; w < opts.Workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			work()
		}()
	}
	work()
	wg.Wait()
	if !stopped.Load() {
		total.Lines = ch.Line() - 1
	}
	return total, ch.Err()
}

// regionResult is a worker's answer for one region.
type regionResult struct {
	stats LineStats
	out   *[]LineResult
}

// regionWork is what one goroutine of the bulk path classifies regions
// with: what a Lines call fixes, and the bulk path's reader, which keeps
// its buffers from one region to the next.
type regionWork struct {
	e      *Engine
	reader *bulk.Reader
	ev     *Evidence
	opts   Options
	// finder, when not nil, finds the candidates of the records the
	// reader hands on (Scan.finder).
	finder candidateFinder
	// unclassified is LinesOptions.Unclassified: nil, or called with each
	// record left unclassified.
	unclassified func(line int, rec []byte)
}

func (e *Engine) regionWork(bt *bulk.Tables, every bool, ev *Evidence, opts Options) *regionWork {
	w := &regionWork{e: e, reader: bt.NewReader(every), ev: ev, opts: opts}
	if !every && bt.Light() != nil {
		w.finder = bt
	}
	return w
}

// region classifies the records of one region the bulk path hands on,
// appending those that matched a rule to out; lits is the bulk path's
// literal set, perhaps tuned.
func (rw *regionWork) region(reg records.Region, lits *litscan.Set, out *[]LineResult) LineStats {
	var st LineStats
	var skip func(rec []byte, line int) // told of each record passed over
	if rw.unclassified != nil {
		skip = func(rec []byte, line int) { rw.unclassified(line, rec) }
	}
	nonBlank, skipped := rw.reader.Region(reg, lits, func(rec []byte, recLine int, truncated bool) {
		// The record is read in place: the region stays put until
		// Finish, and of what the scan keeps of a record only the
		// excerpts outlive it, copied for the records handed on.
		e := rw.e
		s := e.pool.Get().(*Scan)
		s.begin(*rw.ev, rw.opts)
		s.keepRecords = true
		s.finder = rw.finder
		s.feedRecord(records.BytesString(rec), recLine, truncated)
		c := s.Finish()
		s.release()
		e.pool.Put(s)
		if c.State == Classified {
			st.Classified++
		} else {
			st.Unclassified++
			if rw.unclassified != nil {
				rw.unclassified(recLine, rec)
			}
		}
		if matched(c) {
			c.detach()
			*out = append(*out, LineResult{recLine, c})
		}
	}, skip)
	st.Records = nonBlank
	st.Unclassified += skipped
	return st
}

// matched reports whether some rule matched the record c answers for:
// it is classified, or unclassified by a conflict or for low confidence.
// A record left empty once its terminal escapes are stripped (a colour
// reset alone on its line) matched nothing, as a blank one did not.
func matched(c Classification) bool {
	return c.State == Classified || c.Reason != ReasonNoMatch && c.Reason != ReasonEmpty && c.Reason != ReasonGarbled
}
