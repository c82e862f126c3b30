package supervise

import (
	"context"
	"time"
)

// Clock is the time a run reads and sleeps on. The caller chooses it:
// RealClock for errcat itself, clocktest.FakeClock in tests, so that no
// clock is read from the environment.
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
