package match

import (
	"bytes"
	"io"
)

// chunkSize is how much text is read and scanned at once: large enough
// that per-chunk costs vanish, small enough that a few chunks in flight
// keep memory flat whatever the size of the input.
const chunkSize = 1 << 20

// region is a run of whole records cut from a stream.
type region struct {
	data  []byte
	line  int // 1-based line number of data's first line
	lines int // lines data spans
	// truncated marks a region that is the first MaxRecord bytes of one
	// over-long line, the rest of which was skipped.
	truncated bool
}

// chunker cuts a stream into regions that end between records, never
// inside a multi-line JSON value, so that regions can be classified apart
// (and in parallel) with the same answers as the stream read whole.
type chunker struct {
	r          io.Reader
	buf        []byte
	start, end int
	eof        bool
	err        error
	line       int
	skipping   bool // discarding the rest of an over-long line
}

func newChunker(r io.Reader) *chunker {
	return &chunker{r: r, buf: make([]byte, chunkSize+MaxRecord+1), line: 1}
}

// fill reads until the buffer holds want bytes or the input ends.
func (c *chunker) fill(want int) {
	if c.start > 0 {
		c.end = copy(c.buf, c.buf[c.start:c.end])
		c.start = 0
	}
	for c.end < want && !c.eof {
		n, err := c.r.Read(c.buf[c.end:])
		c.end += n
		if err == io.EOF {
			c.eof = true
		} else if err != nil {
			c.eof, c.err = true, err
		}
	}
}

// next returns the next region; it is valid until the following call.
func (c *chunker) next() (region, bool) {
	want := chunkSize
	for {
		c.fill(want)
		if c.skipping {
			nl := bytes.IndexByte(c.buf[c.start:c.end], '\n')
			if nl < 0 {
				c.start = c.end
				if c.eof {
					return region{}, false
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
			return region{}, false
		}
		pos, lines := 0, 0
		for pos < len(data) && pos < chunkSize {
			_, next, n, more := nextRecord(data[pos:], c.eof)
			if more || next == 0 {
				break
			}
			pos, lines = pos+next, lines+n
		}
		if pos == 0 {
			if c.end < len(c.buf) && !c.eof {
				want = len(c.buf) // the first record needs more input
				continue
			}
			// One line longer than the buffer: keep its head, skip the rest.
			head := []byte(cutUTF8(string(data[:MaxRecord]), MaxRecord))
			r := region{data: head, line: c.line, lines: 1, truncated: true}
			c.start += MaxRecord
			c.skipping = true
			return r, true
		}
		r := region{data: data[:pos], line: c.line, lines: lines}
		c.start += pos
		c.line += lines
		return r, true
	}
}
