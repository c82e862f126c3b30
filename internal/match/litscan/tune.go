package litscan

import "unsafe"

// The anchors NewSet picks are guesses: from the catalogue alone it
// cannot tell which of a literal's grams are rare in the text it will
// scan. When a catalogue's words are the log's own words — rules about
// "upstream account refused" over a log full of "upstream account
// served" — a guess can anchor a literal on a gram that occurs on most
// lines, and every occurrence costs a comparison. A tuning looks at the
// text instead: it counts, in a sample, how often each gram's bits come up,
// and anchors every literal on the grams seen least.

// sampleSize is how much text a tuning reads: enough to see any gram that
// occurs once in a few thousand bytes, which are the grams that cost; a
// region the bulk path reads.
const sampleSize = 256 << 10

// tuneMin is how much input must have come before a set is tuned: below
// it the sample and the new set cost more than the comparisons they could
// save, and an input that long is likely to go on. minSample is the least
// of a region that makes a sample: a pipe hands over regions of tens of
// kilobytes.
const (
	tuneMin   = 512 << 10
	minSample = 32 << 10
)

// A sample of one place misses what comes in bursts. A log's long lines
// repeat one word hundreds of times ("resolver=ok resolver=ok ..."): a
// sample holding none of them counts "k resolv" as rare, and a literal
// anchored there is looked up thousands of times per megabyte wherever
// one turns up. So a tuning goes on counting a piece of the input every
// pieceEvery bytes, pieces times, and anchors the set again on everything
// counted: a bounded amount of counting more, spread over the input's
// first megabytes, where bursts show.
const (
	pieceSize  = 32 << 10
	pieceEvery = 1 << 20
	pieces     = 16
)

// Tuning picks the literal set that one goroutine scans regions with: the
// engine's own until tuneMin bytes have come, then one tuned to the
// region at hand, then, once pieces more have been counted, one tuned to
// all it counted. Which anchors are used changes no occurrence found,
// only the time it takes.
type Tuning struct {
	lits    *Set
	read    int
	counted int         // pieces counted into seen after the first sample
	next    int         // read, when the next piece is due
	seen    *gramCounts // what has been counted; nil before the first tuning
	done    bool
	// pending is the tuned set being built on a goroutine of its own, if
	// any: the scan goes on with the set at hand until it is ready. A
	// build with a thousand rules is long, twice per input: in line, it
	// would hold up the one scanning goroutine, or under -j the reader and
	// so every worker, while a core could scan.
	pending chan *Set
}

// NewTuning returns the tuning a goroutine of the bulk path scans with,
// starting from lits; done, when every record is read anyway, leaves lits
// as it is.
func NewTuning(lits *Set, done bool) Tuning {
	return Tuning{lits: lits, done: done}
}

// For returns the set to scan data with.
func (t *Tuning) For(data []byte) *Set {
	if t.pending != nil {
		select {
		case l := <-t.pending:
			t.lits, t.pending = l, nil
		default:
		}
	}
	if t.done || t.lits == nil {
		return t.lits
	}
	t.read += len(data)
	switch {
	case len(data) < minSample:
	case t.seen == nil:
		if t.read >= tuneMin {
			t.seen = t.lits.count(unsafe.String(unsafe.SliceData(data), min(len(data), sampleSize)))
			t.tune(t.seen)
			t.next = t.read + pieceEvery
		}
	case t.read >= t.next:
		t.lits.countInto(t.seen, unsafe.String(unsafe.SliceData(data), min(len(data), pieceSize)))
		t.next += pieceEvery
		if t.counted++; t.counted == pieces {
			t.tune(t.seen)
			t.seen, t.done = nil, true
		}
	}
	return t.lits
}

// tune replaces the set with one anchored on what seen counted: at once,
// or, for asyncMin literals or more, once a goroutine has built it from a
// copy of seen (more pieces are counted into seen meanwhile). The set at hand and the new
// one have the same grams and parts, so counting with either is alike.
func (t *Tuning) tune(seen *gramCounts) {
	pats := t.lits.pats
	if len(pats) < asyncMin {
		t.lits = buildLiteralSet(pats, seen)
		return
	}
	if t.pending != nil { // one build at a time
		t.lits = <-t.pending
	}
	snap := seen.clone()
	ch := make(chan *Set, 1)
	go func() { ch <- buildLiteralSet(pats, snap) }()
	t.pending = ch
}

// asyncMin is the least number of literals whose set tune builds on
// another goroutine. A smaller set builds quickly, in less time than
// scanning on with the untuned set costs meanwhile; a large one takes
// long enough that scanning on pays.
const asyncMin = 1024

// clone returns a copy of c.
func (c *gramCounts) clone() *gramCounts {
	d := *c
	if c.short != nil {
		d.short = c.short.clone()
	}
	return &d
}

// gramCounts is a count-min sketch of the grams of a sample: how many of
// its positions hold a gram with each first bit, and with each second.
// What an anchor costs the scan is how often text passes its bits, so
// counting bits rather than grams is no loss: the lesser of a gram's two
// counts bounds how often text passes both.
type gramCounts struct {
	by1, by2 [1 << gramBits]uint32
	short    *gramCounts // the counts of the set's short part, on its grams
}

// shortPart returns the counts of a set's short part, nil if none.
func (c *gramCounts) shortPart() *gramCounts {
	if c == nil {
		return nil
	}
	return c.short
}

// count returns the sketch of s, at every position.
func (l *Set) count(s string) *gramCounts {
	c := new(gramCounts)
	l.countInto(c, s)
	return c
}

// countInto adds the grams of s, at every position, to c.
func (l *Set) countInto(c *gramCounts, s string) {
	for i := 0; i+8 <= len(s); i++ {
		h1, h2 := gramHash(foldGram(load8(s, i), l.gramMask))
		c.by1[h1]++
		c.by2[h2]++
	}
	if l.short != nil {
		if c.short == nil {
			c.short = new(gramCounts)
		}
		l.short.countInto(c.short, s)
	}
}

// rank is how often g was seen, at most; zero for a nil sketch. Grams
// seen equally often are told apart by their scores. Counts are exact,
// not rounded so that scores decide among grams seen about as often: low
// counts, even at the level of the sketch's collisions, say more about
// how often an anchor is met than scores do.
func (c *gramCounts) rank(g uint64) int32 {
	if c == nil {
		return 0
	}
	h1, h2 := gramHash(g)
	return int32(min(c.by1[h1], c.by2[h2]))
}
