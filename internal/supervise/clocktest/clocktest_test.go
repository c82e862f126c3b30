package clocktest

import (
	"context"
	"testing"
	"time"
)

func TestFakeClockSleepAdvancesUnlessCancelled(t *testing.T) {
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	c := New(t0)
	if err := c.Sleep(context.Background(), 90*time.Second); err != nil || !c.Now().Equal(t0.Add(90*time.Second)) {
		t.Fatalf("Sleep: %v, now %v", err, c.Now())
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := c.Sleep(ctx, time.Hour); err == nil || !c.Now().Equal(t0.Add(90*time.Second)) {
		t.Errorf("a cancelled sleep must not advance: %v, now %v", err, c.Now())
	}
	if s := c.Slept(); len(s) != 1 || s[0] != 90*time.Second {
		t.Errorf("slept %v, want [1m30s]", s)
	}
}
