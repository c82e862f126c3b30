// Package clocktest holds a clock for tests of code that sleeps on a
// supervise.Clock: it moves only when slept on, so a test of retries and
// back-off runs at once and sees every delay. It is a package of its own so
// that the run loop's package holds only what errcat runs.
package clocktest

import (
	"context"
	"sync"
	"time"
)

// FakeClock moves only when slept on: a sleep advances it at once, unless
// its context is already done. It keeps every duration slept, in order.
type FakeClock struct {
	mu    sync.Mutex
	now   time.Time
	slept []time.Duration
}

// New returns a FakeClock that starts at t.
func New(t time.Time) *FakeClock { return &FakeClock{now: t} }

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
