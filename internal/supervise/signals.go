package supervise

import (
	"os"
	"os/signal"
	"strconv"
	"sync"
	"syscall"

	"github.com/errcat/errcat/internal/match"
)

// NotifySignals relays the process's SIGINT and SIGTERM to ch until stop
// is called: what a Supervisor listens to unless told otherwise.
func NotifySignals(ch chan<- os.Signal) (stop func()) {
	signal.Notify(ch, os.Interrupt, syscall.SIGTERM)
	return func() { signal.Stop(ch) }
}

// forwarder passes the signals a run receives on to the attempt that is
// running, and remembers the first: a run that caught one ends after the
// attempt it interrupted.
type forwarder struct {
	mu     sync.Mutex
	child  *os.Process
	caught os.Signal
	cancel func() // ends a sleep between attempts
}

// watch forwards every signal of sigs until it is closed.
func (f *forwarder) watch(sigs <-chan os.Signal) {
	for sig := range sigs {
		f.mu.Lock()
		if f.caught == nil {
			f.caught = sig
		}
		if f.child != nil {
			f.child.Signal(sig) // an exited child is no error of ours
		}
		f.mu.Unlock()
		f.cancel()
	}
}

// running is called with the attempt's process once it runs, and with nil
// once it has been waited for. A signal caught while the process started
// is passed on at once.
func (f *forwarder) running(p *os.Process) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.child = p
	if f.caught != nil && p != nil {
		p.Signal(f.caught)
	}
}

// interrupted returns the first signal caught, or nil.
func (f *forwarder) interrupted() os.Signal {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.caught
}

func signalName(sig os.Signal) string {
	if s, ok := sig.(syscall.Signal); ok {
		return match.CanonicalSignal(strconv.Itoa(int(s)))
	}
	return sig.String()
}

// signalNumber is sig's number; a signal that has none counts as SIGINT.
func signalNumber(sig os.Signal) int {
	if s, ok := sig.(syscall.Signal); ok {
		return int(s)
	}
	return 2
}
