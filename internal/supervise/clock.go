package supervise

import (
	"context"
	"sync"
	"time"
)

// Clock is the time a run reads and sleeps on. The caller chooses it:
// RealClock for errcat itself, a FakeClock in tests, so that no clock is
// read from the environment.
type Clock interface {
	Now() time.Time
	// Sleep waits for d or until ctx is done, and then returns ctx.Err().
	Sleep(ctx context.Context, d time.Duration) error
}

// RealClock is the system's time.
type RealClock struct{}

func (RealClock) Now() time.Time { return time.Now() }

func (RealClock) Sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// FakeClock moves only when slept on: a sleep advances it at once, unless
// its context is already done. It keeps every duration slept, in order.
type FakeClock struct {
	mu    sync.Mutex
	now   time.Time
	slept []time.Duration
}

// NewFakeClock returns a FakeClock that starts at t.
func NewFakeClock(t time.Time) *FakeClock { return &FakeClock{now: t} }

func (c *FakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *FakeClock) Sleep(ctx context.Context, d time.Duration) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.slept = append(c.slept, d)
	c.mu.Unlock()
	return nil
}

// Slept returns the durations slept so far.
func (c *FakeClock) Slept() []time.Duration {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]time.Duration(nil), c.slept...)
}
