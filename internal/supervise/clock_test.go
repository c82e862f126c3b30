package supervise

import (
	"context"
	"testing"
	"time"
)

func TestRealClockSleepEndsWithItsContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := (RealClock{}).Sleep(ctx, time.Hour); err != context.Canceled {
		t.Errorf("got %v, want context.Canceled", err)
	}
	if err := (RealClock{}).Sleep(context.Background(), time.Millisecond); err != nil {
		t.Errorf("a short sleep: %v", err)
	}
}
