package main

import (
	"syscall"
	"testing"
	"time"
)

// cpuClock measures the CPU time the process spends, every thread's:
// on a shared machine a benchmark's wall time grows with the other
// processes' load, its CPU time much less.
type cpuClock struct{ start time.Duration }

func cpuNow() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func startCPU() cpuClock { return cpuClock{cpuNow()} }

// report adds the throughput per CPU second over the b.N iterations of
// size bytes each, as cpu-MB/s.
func (c cpuClock) report(b *testing.B, size int) {
	if d := cpuNow() - c.start; d > 0 {
		b.ReportMetric(float64(size)*float64(b.N)/1e6/d.Seconds(), "cpu-MB/s")
	}
}
