package records

import (
	"bytes"
	"io"
)

// chunkSize is how much text is read and scanned at once: large enough
// that per-chunk costs vanish, small enough that a few chunks in flight
// keep memory flat whatever the size of the input. A region is read,
// then scanned several times over (triggers, escapes, records), under -j
// on another core: a quarter of a megabyte is still in the cache for
// every pass, and the regions in flight touch few fresh pages, which
// matters when two workers fault pages in at once.
const chunkSize = 256 << 10

// Region is a run of whole records cut from a stream.
type Region struct {
	data  []byte
	line  int // 1-based line number of data's first line
	lines int // lines data spans
	// truncated marks a region that is the first MaxRecord bytes of one
	// over-long line, the rest of which was skipped.
	truncated bool
	// noCR says data holds no CR: its lines end at a LF alone.
	noCR bool
	// spans are the records that open a JSON value, as the cut read
	// them, in order: the walk takes their bounds from here instead of
	// reading each again.
	spans []jsonSpan
}

// jsonSpan is nextRecord's answer for a record of a region that opens a
// JSON value: where it starts in the region, ends, the next one starts,
// and how many lines it spans. To cut a region the chunker must read
// every such record to its end, since one may run past the cut; keeping
// where each ends spares the record walk reading it a second time.
type jsonSpan struct {
	off, end, next, lines int32
}

// RegionBuf is a buffer and the spans of the regions cut from it: under
// -j, each worker's own (see adopt).
type RegionBuf struct {
	data  []byte
	spans []jsonSpan
}

// Chunker cuts a stream into regions that end between records, never
// inside a multi-line JSON value, so that regions can be classified apart
// (and in parallel) with the same answers as the stream read whole.
type Chunker struct {
	r          io.Reader
	size       int // how much a Region holds before it is cut: chunkSize but in tests
	buf        []byte
	spans      []jsonSpan // of the Region last returned
	start, end int
	eof        bool
	err        error
	line       int
	skipping   bool // discarding the rest of an over-long line
}

// NewChunker returns a Chunker reading r.
func NewChunker(r io.Reader) *Chunker { return newChunkerSize(r, chunkSize) }

// newChunkerSize reads r through a textReader: UTF-16 input is decoded.
func newChunkerSize(r io.Reader, size int) *Chunker {
	return &Chunker{r: newTextReader(r), size: size, buf: make([]byte, size+MaxRecord+1), line: 1}
}

// adopt makes the Chunker go on in b: the input read but not yet returned
// is copied to its front, and what is read next goes into it, as do the
// spans of the regions cut next. The regions returned so far stay valid
// in the buffer they were read into, which the chunker no longer touches;
// b may be that buffer itself once they are done with. Under -j each
// worker reads its next region into a buffer of its own this way, and
// classifies it while it is still in that core's cache.
func (c *Chunker) adopt(b *RegionBuf) {
	if len(b.data) < len(c.buf) {
		b.data = make([]byte, len(c.buf))
	}
	c.end = copy(b.data, c.buf[c.start:c.end])
	c.buf, c.spans, c.start = b.data[:len(c.buf)], b.spans[:0], 0
}

// fill reads until the buffer holds want bytes, the input ends, or a read
// returns less than it asked for and ends a line. It asks for no more
// than want: what is read past the region cut is copied again, to the
// front of the buffer or into the next one, and a read of the whole
// buffer left the longest record's worth to copy at every region. A file
// gives want bytes in one read; a pipe or terminal returns what has been
// written so far, and waiting for a region's worth would hold back the
// answers about lines already there (tail -f | errcat classify --lines)
// until the writer writes more. A read that ends no line goes on
// reading, so a long line trickling in is not cut up again at every read.
func (c *Chunker) fill(want int) {
	if c.start > 0 {
		c.end = copy(c.buf, c.buf[c.start:c.end])
		c.start = 0
	}
	for c.end < want && !c.eof {
		asked := want - c.end
		n, err := c.r.Read(c.buf[c.end:want])
		c.end += n
		if err == io.EOF {
			c.eof = true
		} else if err != nil {
			c.eof, c.err = true, err
		} else if n < asked && endsALine(c.buf[c.end-n:c.end]) {
			return
		}
	}
}

// Next returns the next region; it is valid until the following call.
func (c *Chunker) Next() (Region, bool) {
	want := c.size
	for {
		c.fill(want)
		if c.skipping {
			rest := c.buf[c.start:c.end]
			nl := firstLineEnd(rest, 0, len(rest), c.eof)
			if nl < 0 {
				if c.eof {
					c.start = c.end
					return Region{}, false
				}
				c.start = c.end
				if len(rest) > 0 && rest[len(rest)-1] == '\r' {
					c.start-- // its LF may come next
				}
				continue
			}
			c.start += nl + 1
			c.skipping = false
			c.line++
			continue
		}
		data := c.buf[c.start:c.end]
		if len(data) == 0 {
			return Region{}, false
		}
		var pos int
		noCR := bytes.IndexByte(data, '\r') < 0
		pos, c.spans = cutRecords(data, c.size, c.eof, noCR, c.spans[:0])
		if pos == 0 {
			if c.end < len(c.buf) && !c.eof {
				want = len(c.buf) // the first record needs more input
				continue
			}
			// One line longer than the buffer: keep its head, skip the rest.
			head := []byte(CutUTF8(string(data[:MaxRecord]), MaxRecord))
			r := Region{data: head, line: c.line, lines: 1, truncated: true}
			c.start += MaxRecord
			c.skipping = true
			return r, true
		}
		lines := countLineEnds(data[:pos])
		if data[pos-1] != '\n' && data[pos-1] != '\r' {
			lines++ // the input's last line, without its end
		}
		r := Region{data: data[:pos], line: c.line, lines: lines, spans: c.spans, noCR: noCR}
		c.start += pos
		c.line += lines
		return r, true
	}
}

// endsALine reports whether b holds the end of a line: a LF or a CR.
func endsALine(b []byte) bool {
	return bytes.IndexByte(b, '\n') >= 0 || bytes.IndexByte(b, '\r') >= 0
}

// cutRecords returns where a region of data should end: after the first
// record to end at or past size, or after the last whole record when data
// is shorter; 0 when data does not hold one whole record. atEOF says data
// is all there is, and noCR that it holds no CR. It appends to spans the
// records it read that open a JSON value and end in the region.
//
// It does not walk data record by record. data begins a record, and only
// a line whose first byte other than blanks is '{' or '[' can begin a
// record of more than one line, so every line up to the next such opener
// is a record of its own; only openers are read with nextRecord. Finding
// them takes two IndexByte scans, which run many bytes at a time.
func cutRecords(data []byte, size int, atEOF, noCR bool, spans []jsonSpan) (int, []jsonSpan) {
	var br braces
	pos := 0 // always the start of a record
	for pos < len(data) {
		o := br.nextOpener(data, pos)
		if o < 0 || o >= size {
			// Every line from pos to end is a record of its own.
			end := len(data)
			if o >= 0 {
				end = o
			}
			// The first to end at or past size, if one ends before end;
			if size < end {
				if nl := firstLineEnd(data, size-1, end, atEOF); nl >= 0 {
					return nl + 1, spans
				}
			}
			// else all whole lines, and at the end of input the last
			// one, which has no line end.
			if nl := lastLineEnd(data, pos, end, atEOF); nl >= 0 {
				pos = nl + 1
			}
			if o < 0 && atEOF {
				pos = len(data)
			}
			return pos, spans
		}
		// o begins a record that may span lines.
		end, next, lines, more := nextRecord(data[o:], atEOF, noCR)
		if more || next == 0 {
			return o, spans
		}
		spans = append(spans, jsonSpan{int32(o), int32(o + end), int32(o + next), int32(lines)})
		pos = o + next
		if pos >= size {
			return pos, spans
		}
	}
	return pos, spans
}

// braces finds the lines that may open a JSON value, keeping the next '{'
// and '[' found so that neither is searched for twice.
type braces struct {
	curly, square int // offsets of the next '{' and '[' at or after from; -1: none left
	init          bool
}

// nextOpener returns the start of the first line at or after from, itself
// a line start, whose first byte other than spaces and tabs is '{' or '[';
// -1 when there is none.
func (b *braces) nextOpener(data []byte, from int) int {
	for from < len(data) {
		at := b.next(data, from)
		if at < 0 {
			return -1
		}
		k := at
		for k > from && (data[k-1] == ' ' || data[k-1] == '\t') {
			k--
		}
		// After a CR, data[k] is a blank or bracket: the CR is bare.
		if k == from || data[k-1] == '\n' || data[k-1] == '\r' {
			return k
		}
		// Inside a line: the rest of it cannot start one.
		nl := firstLineEnd(data, at, len(data), true)
		if nl < 0 {
			return -1
		}
		from = nl + 1
	}
	return -1
}

// next returns the offset of the first '{' or '[' at or after from.
func (b *braces) next(data []byte, from int) int {
	if !b.init {
		b.curly, b.square, b.init = -2, -2, true
	}
	find := func(cached *int, c byte) int {
		if *cached == -1 || (*cached >= from) {
			return *cached
		}
		i := bytes.IndexByte(data[from:], c)
		if i >= 0 {
			i += from
		}
		*cached = i
		return i
	}
	cu, sq := find(&b.curly, '{'), find(&b.square, '[')
	switch {
	case cu < 0:
		return sq
	case sq < 0:
		return cu
	}
	return min(cu, sq)
}

// NextIn reads the next region into b (see adopt), keeping the spans of
// the regions cut from b in it.
func (c *Chunker) NextIn(b *RegionBuf) (Region, bool) {
	c.adopt(b)
	reg, ok := c.Next()
	b.spans = c.spans
	return reg, ok
}

// Line returns the 1-based number of the line the next region starts on:
// at the end of input, one past the last line read.
func (c *Chunker) Line() int { return c.line }

// Err returns the first read error.
func (c *Chunker) Err() error { return c.err }

// Data returns the region's text.
func (r Region) Data() []byte { return r.data }

// Line returns the 1-based number of the region's first line.
func (r Region) Line() int { return r.line }

// Lines returns how many lines the region spans.
func (r Region) Lines() int { return r.lines }
