package main

import (
	"context"
	"strings"
	"testing"
	"time"
)

func TestTailKeepsTheLastWholeLines(t *testing.T) {
	tests := []struct {
		name   string
		writes []string
		max    int
		want   string
	}{
		{"under the bound", []string{"a\n", "b\n"}, 16, "a\nb\n"},
		{"cut drops the half line", []string{"first line\n", "second\n", "third\n"}, 12, "third\n"},
		{"one write over the bound", []string{strings.Repeat("x", 30) + "\nlast\n"}, 8, "last\n"},
		{"many small writes", strings.Split(strings.Repeat("ab\n", 100), ""), 7, "ab\nab\n"},
	}
	for _, tt := range tests {
		tl := &tail{max: tt.max}
		for _, w := range tt.writes {
			tl.Write([]byte(w))
		}
		if got := tl.String(); got != tt.want {
			t.Errorf("%s: got %q, want %q", tt.name, got, tt.want)
		}
		if len(tl.buf) > 2*tt.max {
			t.Errorf("%s: kept %d bytes for a bound of %d", tt.name, len(tl.buf), tt.max)
		}
	}
}

func TestFakeClockSleepAdvancesUnlessCancelled(t *testing.T) {
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	c := &fakeClock{now: t0}
	if err := c.Sleep(context.Background(), 90*time.Second); err != nil || !c.Now().Equal(t0.Add(90*time.Second)) {
		t.Fatalf("Sleep: %v, now %v", err, c.Now())
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := c.Sleep(ctx, time.Hour); err == nil || !c.Now().Equal(t0.Add(90*time.Second)) {
		t.Errorf("a cancelled sleep must not advance: %v, now %v", err, c.Now())
	}
}
