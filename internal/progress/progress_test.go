package progress

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"sync"
	"testing"
	"time"
)

// clock is a fake clock: it moves only when the test moves it.
type clock struct{ t time.Time }

func (c *clock) now() time.Time                     { return c.t }
func (c *clock) advance(d time.Duration)            { c.t = c.t.Add(d) }
func newClock() *clock                              { return &clock{time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)} }
func meter(w io.Writer, c *clock, o Options) *Meter { return New(w, c.now, o) }

// take returns what was written since the last take.
func take(b *bytes.Buffer) string {
	s := b.String()
	b.Reset()
	return s
}

func TestNothingUnderTheThreshold(t *testing.T) {
	var out bytes.Buffer
	c := newClock()
	m := meter(&out, c, Options{Records: true, Threshold: 1000})
	for range 9 {
		c.advance(time.Second)
		m.Read(100)
		m.Count(10, 1)
	}
	m.Done()
	if out.Len() != 0 {
		t.Errorf("drawn under the threshold: %q", out.String())
	}
}

func TestDrawsAtTheThresholdThenEveryInterval(t *testing.T) {
	var out bytes.Buffer
	c := newClock()
	m := meter(&out, c, Options{Records: true, Threshold: 2_000_000, Every: 250 * time.Millisecond})

	c.advance(time.Second)
	m.Read(1_000_000)
	if got := take(&out); got != "" {
		t.Fatalf("drawn at 1 MB of a 2 MB threshold: %q", got)
	}
	m.Count(1000, 3)
	c.advance(time.Second)
	m.Read(1_000_000) // the threshold: drawn at once
	if got, want := take(&out), "\rerrcat: 2.0 MB, 1.0 MB/s, 1000 records, 3 classified"; got != want {
		t.Fatalf("first draw %q, want %q", got, want)
	}

	c.advance(100 * time.Millisecond)
	m.Read(500_000)
	m.Count(500, 1)
	if got := take(&out); got != "" {
		t.Fatalf("redrawn 100 ms after the last draw: %q", got)
	}
	c.advance(150 * time.Millisecond)
	m.Count(0, 0)
	if got, want := take(&out), "\rerrcat: 2.5 MB, 1.1 MB/s, 1500 records, 4 classified"; got != want {
		t.Fatalf("redraw an interval later %q, want %q", got, want)
	}

	// A shorter line is padded over the longer one it replaces.
	c.advance(100 * time.Second)
	m.Read(1)
	if got, want := take(&out), "\rerrcat: 2.5 MB, 0.0 MB/s, 1500 records, 4 classified"; got != want {
		t.Fatalf("redraw %q, want %q", got, want)
	}
	m = meter(&out, c, Options{Threshold: 1})
	m.Read(10_000_000)
	take(&out)
	c.advance(time.Second)
	m.Read(1)
	if got, want := take(&out), "\rerrcat: 10.0 MB, 10.0 MB/s"; got != want {
		t.Fatalf("redraw %q, want %q", got, want)
	}
	c.advance(time.Hour)
	m.Read(1)
	if got, want := take(&out), "\rerrcat: 10.0 MB, 0.0 MB/s"+" "; got != want {
		t.Fatalf("shorter redraw %q, want %q", got, want)
	}
}

func TestTotalAndNoRecords(t *testing.T) {
	var out bytes.Buffer
	c := newClock()
	m := meter(&out, c, Options{Total: 50_000_000, Threshold: 1})
	c.advance(2 * time.Second)
	m.Read(12_500_000)
	if got, want := take(&out), "\rerrcat: 12.5 of 50.0 MB, 6.2 MB/s"; got != want {
		t.Errorf("line %q, want %q", got, want)
	}
	// At the start, with no time gone, there is no rate to give.
	m = meter(&out, c, Options{Total: 50_000_000, Threshold: 1, Records: true})
	m.Read(1_000_000)
	if got, want := take(&out), "\rerrcat: 1.0 of 50.0 MB, 0 records, 0 classified"; got != want {
		t.Errorf("line %q, want %q", got, want)
	}
}

func TestDoneErases(t *testing.T) {
	var out bytes.Buffer
	c := newClock()
	m := meter(&out, c, Options{Threshold: 1})
	m.Read(1_000_000)
	line := take(&out)
	m.Done()
	if got, want := take(&out), "\r"+strings.Repeat(" ", len(line)-1)+"\r"; got != want {
		t.Errorf("Done wrote %q, want %q", got, want)
	}
	c.advance(time.Hour)
	m.Read(1)
	m.Count(1, 1)
	m.Done()
	if got := take(&out); got != "" {
		t.Errorf("drawn after Done: %q", got)
	}
}

func TestWriterErasesFirst(t *testing.T) {
	var screen bytes.Buffer // stdout and stderr on one terminal
	var alone bytes.Buffer  // what stdout is given
	c := newClock()
	m := meter(&screen, c, Options{Threshold: 1})
	stdout := m.Writer(io.MultiWriter(&screen, &alone))

	io.WriteString(stdout, "before\n") // no line drawn yet: nothing to erase
	m.Read(1_000_000)
	io.WriteString(stdout, "1: hard/quota\n")
	io.WriteString(stdout, "2: hard/quota\n")
	c.advance(time.Second)
	m.Read(1_000_000)
	m.Done()

	blank := func(line string) string { return "\r" + strings.Repeat(" ", len(line)) + "\r" }
	want := "before\n" +
		"\rerrcat: 1.0 MB" + blank("errcat: 1.0 MB") + "1: hard/quota\n" + "2: hard/quota\n" +
		"\rerrcat: 2.0 MB, 2.0 MB/s" + blank("errcat: 2.0 MB, 2.0 MB/s")
	if got := screen.String(); got != want {
		t.Errorf("screen\n%q\nwant\n%q", got, want)
	}
	if got, want := alone.String(), "before\n1: hard/quota\n2: hard/quota\n"; got != want {
		t.Errorf("stdout got %q, want %q", got, want)
	}
}

func TestReaderCounts(t *testing.T) {
	var out bytes.Buffer
	c := newClock()
	m := meter(&out, c, Options{Threshold: 3_000_000})
	data := strings.Repeat("x", 3_000_000)
	var got bytes.Buffer
	if _, err := io.Copy(&got, m.Reader(strings.NewReader(data))); err != nil {
		t.Fatal(err)
	}
	if got.String() != data {
		t.Error("the reader changed the bytes")
	}
	if line := take(&out); line != "\rerrcat: 3.0 MB" {
		t.Errorf("after reading 3 MB: %q", line)
	}
}

func TestNilMeter(t *testing.T) {
	var m *Meter
	r := strings.NewReader("x")
	var w bytes.Buffer
	if m.Reader(r) != io.Reader(r) || m.Writer(&w) != io.Writer(&w) {
		t.Error("a nil Meter wraps its reader or writer")
	}
	m.Read(1)
	m.Count(1, 1)
	m.Done()
}

type failing struct{ n int }

func (f *failing) Write(p []byte) (int, error) {
	f.n++
	return 0, errors.New("terminal gone")
}

func TestAFailedDrawEndsDrawing(t *testing.T) {
	f := &failing{}
	c := newClock()
	m := meter(f, c, Options{Threshold: 1})
	m.Read(1)
	c.advance(time.Hour)
	m.Read(1)
	m.Done()
	if f.n != 1 {
		t.Errorf("%d writes after a failed one, want none", f.n-1)
	}
}

// TestConcurrent runs readers, counters and output at once (under -race
// in make test) on one screen: output never follows a drawn line, since
// no line is drawn between the erasure and the output it makes room for.
func TestConcurrent(t *testing.T) {
	var mu sync.Mutex
	var screen bytes.Buffer
	locked := writerFunc(func(p []byte) (int, error) {
		mu.Lock()
		defer mu.Unlock()
		return screen.Write(p)
	})
	var tmu sync.Mutex
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	tick := func() time.Time {
		tmu.Lock()
		defer tmu.Unlock()
		now = now.Add(time.Second) // every update is due
		return now
	}
	m := New(locked, tick, Options{Threshold: 1, Records: true})
	// Output to a terminal takes time: others run meanwhile.
	stdout := m.Writer(writerFunc(func(p []byte) (int, error) {
		time.Sleep(time.Microsecond)
		return locked.Write(p)
	}))
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := m.Reader(strings.NewReader(strings.Repeat("x", 1<<16)))
			buf := make([]byte, 1<<10)
			for {
				if _, err := r.Read(buf); err != nil {
					return
				}
				m.Count(3, 1)
				io.WriteString(stdout, "out\n")
			}
		}()
	}
	wg.Wait()
	m.Done()
	s := screen.String()
	outs := 0
	for i := strings.Index(s, "out\n"); i >= 0; {
		if i > 0 && s[i-1] != '\r' && s[i-1] != '\n' {
			t.Fatalf("output written after a drawn line: %q", s[max(0, i-80):i+4])
		}
		outs++
		j := strings.Index(s[i+1:], "out\n")
		if j < 0 {
			break
		}
		i += 1 + j
	}
	if outs != 4*64 || !strings.Contains(s, "\rerrcat: ") {
		t.Errorf("%d output lines, want %d, and some drawn lines: %.200q", outs, 4*64, s)
	}
}

type writerFunc func([]byte) (int, error)

func (f writerFunc) Write(p []byte) (int, error) { return f(p) }
