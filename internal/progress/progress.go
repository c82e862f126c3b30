// Package progress draws the line that tells a person at a terminal how
// far errcat has read a large input: the bytes read (of how many, when
// that is known), the rate, and, when records are counted, the records
// read and classified so far. The line is redrawn in place after a
// carriage return at most once per interval, is never drawn for an input
// that stays under a threshold, and is erased at the end, so that nothing
// of it is left on the screen. It uses no terminal escapes: spaces erase
// what a shorter line would leave.
//
// Whether to draw at all (a terminal, not CI) is the caller's decision; a
// nil *Meter draws nothing, so a caller that decided against it keeps one
// code path.
package progress

import (
	"fmt"
	"io"
	"strings"
	"sync"
	"time"
)

// Defaults of Options.
const (
	// DefaultThreshold is how much is read before the line is first
	// drawn: a few megabytes, which errcat reads in a few milliseconds,
	// so that the line never flickers past over a small input.
	DefaultThreshold = 4 << 20
	// DefaultEvery is the least time between two draws: often enough to
	// look alive, seldom enough to cost nothing.
	DefaultEvery = 250 * time.Millisecond
)

// Options tune a Meter.
type Options struct {
	// Total is how many bytes the input holds, or 0 when that is not
	// known (a pipe).
	Total int64
	// Records says the line shows the records read and classified, which
	// the caller reports with Count.
	Records bool
	// Threshold is how many bytes are read before the line is first
	// drawn; 0 means DefaultThreshold.
	Threshold int64
	// Every is the least time between two draws; 0 means DefaultEvery.
	Every time.Duration
}

// Meter counts what is read and draws the line on a writer, normally
// standard error. Its methods may be called from several goroutines: a
// lock orders them, so the line never lands inside output written
// through Writer.
type Meter struct {
	mu   sync.Mutex
	w    io.Writer
	now  func() time.Time
	opts Options

	start, drawn time.Time
	bytes        int64
	records      int
	classified   int

	width int  // columns of the line on the screen; 0 when none is
	ever  bool // drawn at least once, so drawn is set
	done  bool // Done was called, or a draw failed: draw no more
	buf   []byte
}

// New returns a Meter that draws on w and reads the time from now; the
// rate is taken from the time New is called.
func New(w io.Writer, now func() time.Time, opts Options) *Meter {
	if opts.Threshold <= 0 {
		opts.Threshold = DefaultThreshold
	}
	if opts.Every <= 0 {
		opts.Every = DefaultEvery
	}
	return &Meter{w: w, now: now, opts: opts, start: now()}
}

// Read counts n more bytes read and redraws the line if it is due.
func (m *Meter) Read(n int) {
	if m == nil {
		return
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	m.bytes += int64(n)
	m.update()
}

// Count adds records read, classified of them, and redraws the line if
// it is due.
func (m *Meter) Count(records, classified int) {
	if m == nil {
		return
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	m.records += records
	m.classified += classified
	m.update()
}

// Done erases the line, if it is drawn, and draws no more.
func (m *Meter) Done() {
	if m == nil {
		return
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	m.erase()
	m.done = true
}

// Reader returns r, counting into m the bytes read from it. A nil Meter
// returns r itself.
func (m *Meter) Reader(r io.Reader) io.Reader {
	if m == nil {
		return r
	}
	return &reader{r, m}
}

// Writer returns w, erasing the line before each write to it: output to
// the terminal the line is drawn on then starts at the beginning of an
// empty line instead of after the figures. The line is drawn again at
// its next turn. The bytes written to w are the bytes given. A nil Meter
// returns w itself.
func (m *Meter) Writer(w io.Writer) io.Writer {
	if m == nil {
		return w
	}
	return &writer{w, m}
}

type reader struct {
	r io.Reader
	m *Meter
}

func (r *reader) Read(p []byte) (int, error) {
	n, err := r.r.Read(p)
	if n > 0 {
		r.m.Read(n)
	}
	return n, err
}

type writer struct {
	w io.Writer
	m *Meter
}

func (w *writer) Write(p []byte) (int, error) {
	w.m.mu.Lock()
	defer w.m.mu.Unlock()
	w.m.erase()
	return w.w.Write(p)
}

// update draws the line when it is due: the input has passed the
// threshold, and the line was never drawn or was drawn an interval ago.
// m.mu is held.
func (m *Meter) update() {
	if m.done || m.bytes < m.opts.Threshold {
		return
	}
	t := m.now()
	if m.ever && t.Sub(m.drawn) < m.opts.Every {
		return
	}
	m.ever, m.drawn = true, t
	line := m.line(t)
	m.buf = append(m.buf[:0], '\r')
	m.buf = append(m.buf, line...)
	if pad := m.width - len(line); pad > 0 {
		m.buf = append(m.buf, strings.Repeat(" ", pad)...)
	}
	m.width = len(line)
	m.write()
}

// erase blanks the line, if one is drawn, and leaves the cursor at its
// start. m.mu is held.
func (m *Meter) erase() {
	if m.width == 0 || m.done {
		return
	}
	m.buf = append(m.buf[:0], '\r')
	m.buf = append(m.buf, strings.Repeat(" ", m.width)...)
	m.buf = append(m.buf, '\r')
	m.width = 0
	m.write()
}

// write writes m.buf. The line is an aid and never the reason errcat
// fails: after a failed write (a closed terminal) nothing more is drawn.
func (m *Meter) write() {
	if _, err := m.w.Write(m.buf); err != nil {
		m.done, m.width = true, 0
	}
}

// line is the text of the line at t, all ASCII, so its length is its
// width in columns.
func (m *Meter) line(t time.Time) string {
	var b strings.Builder
	b.WriteString("errcat: ")
	if m.opts.Total > 0 {
		fmt.Fprintf(&b, "%.1f of %.1f MB", mb(m.bytes), mb(m.opts.Total))
	} else {
		fmt.Fprintf(&b, "%.1f MB", mb(m.bytes))
	}
	if secs := t.Sub(m.start).Seconds(); secs > 0 {
		fmt.Fprintf(&b, ", %.1f MB/s", mb(m.bytes)/secs)
	}
	if m.opts.Records {
		fmt.Fprintf(&b, ", %d records, %d classified", m.records, m.classified)
	}
	return b.String()
}

// mb is n bytes in megabytes of a million bytes, as rates are given.
func mb(n int64) float64 { return float64(n) / 1e6 }
