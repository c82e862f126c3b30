package supervise

import (
	"io"
	"strings"
	"sync"

	"github.com/errcat/errcat/internal/match/records"
)

// tee passes output through and keeps what the tail wants, as text: a
// stream that starts with a UTF-16 byte order mark (Windows PowerShell 5
// writes one) is kept decoded, since the tail soon loses the mark.
type tee struct {
	w    io.Writer
	tail *Tail
	dec  records.TextDecoder
	n    int64
}

func (t *tee) Write(p []byte) (int, error) {
	n, err := t.w.Write(p)
	t.n += int64(n)
	if t.tail != nil {
		t.tail.Write(t.dec.Decode(p[:n]))
	}
	return n, err
}

// end gives the tail what the end of the stream completes.
func (t *tee) end() {
	if t.tail != nil {
		t.tail.Write(t.dec.Flush())
	}
}

// Tail keeps the last Max bytes written to it, and never more than twice
// that in memory; both of a command's streams may write to it at once.
type Tail struct {
	Max int
	mu  sync.Mutex
	buf []byte
	cut bool
}

func (t *Tail) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if len(p) >= t.Max {
		t.buf = append(t.buf[:0], p[len(p)-t.Max:]...)
		t.cut = true
		return len(p), nil
	}
	t.buf = append(t.buf, p...)
	if len(t.buf) > 2*t.Max {
		t.buf = append(t.buf[:0], t.buf[len(t.buf)-t.Max:]...)
		t.cut = true
	}
	return len(p), nil
}

// String returns the kept text; when the start was cut off, from the first
// whole line on (after a LF or a CR), so that no half line is classified.
func (t *Tail) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	b := t.buf
	if len(b) > t.Max {
		b, t.cut = b[len(b)-t.Max:], true
	}
	if t.cut {
		if i := strings.IndexAny(string(b), "\r\n"); i >= 0 {
			b = b[i+1:]
		}
	}
	return string(b)
}

// held is how many bytes the tail holds in memory.
func (t *Tail) held() int {
	t.mu.Lock()
	defer t.mu.Unlock()
	return len(t.buf)
}
