package main

import (
	"github.com/errcat/errcat/internal/exitcode"

	"bytes"
	"io"
	"strings"
	"sync"
	"testing"
	"time"
)

// signalWriter collects output and says when it first holds want.
type signalWriter struct {
	mu   sync.Mutex
	buf  bytes.Buffer
	want string
	seen chan struct{}
	once sync.Once
}

func (w *signalWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.buf.Write(p)
	if strings.Contains(w.buf.String(), w.want) {
		w.once.Do(func() { close(w.seen) })
	}
	return len(p), nil
}

// TestClassifyLinesStreams pins what `tail -f app.log | errcat classify
// --lines` needs: a line's answer is written while the input is still
// open, for every output format that writes as it goes and at one worker
// or two, instead of once a buffer fills or the input ends.
func TestClassifyLinesStreams(t *testing.T) {
	for _, args := range [][]string{
		{"classify", "--lines", "-o", "jsonl", "-j", "1"},
		{"classify", "--lines", "-o", "jsonl", "-j", "2"},
		{"classify", "--lines", "-j", "1"},
	} {
		pr, pw := io.Pipe()
		out := &signalWriter{want: "rate_limited", seen: make(chan struct{})}
		var errb bytes.Buffer
		done := make(chan exitcode.Code, 1)
		go func() { done <- run(args, stdio{pr, out, &errb}, func(string) string { return "" }) }()
		if _, err := io.WriteString(pw, "starting\nopenai.RateLimitError: Error code: 429 - Rate limit reached, try again in 2s\n"); err != nil {
			t.Fatal(err)
		}
		select {
		case <-out.seen:
		case <-time.After(10 * time.Second):
			t.Fatalf("%q: nothing written while the input stays open", args)
		}
		pw.Close()
		if code := <-done; code != 0 {
			t.Fatalf("%q: exit %d: %s", args, code, errb.String())
		}
	}
}
