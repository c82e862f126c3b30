package parallel

import (
	"runtime"
	"sync/atomic"
	"testing"
)

func TestEachRunsEveryJobOnce(t *testing.T) {
	for _, procs := range []int{1, 2, 4} {
		old := runtime.GOMAXPROCS(procs)
		for _, n := range []int{0, 1, 3, 1000} {
			runs := make([]atomic.Int32, n)
			var badG atomic.Int32
			Each(n, func(g, k int) {
				if g < 0 || g >= Workers(n) {
					badG.Add(1)
				}
				runs[k].Add(1)
			})
			for k := range runs {
				if got := runs[k].Load(); got != 1 {
					t.Errorf("GOMAXPROCS %d, n %d: job %d ran %d times, want 1", procs, n, k, got)
				}
			}
			if badG.Load() != 0 {
				t.Errorf("GOMAXPROCS %d, n %d: a goroutine index was out of range", procs, n)
			}
		}
		runtime.GOMAXPROCS(old)
	}
}

func TestWorkersNeverExceedsJobs(t *testing.T) {
	old := runtime.GOMAXPROCS(4)
	defer runtime.GOMAXPROCS(old)
	for n, want := range map[int]int{0: 0, 1: 1, 3: 3, 9: 4} {
		if got := Workers(n); got != want {
			t.Errorf("Workers(%d) = %d, want %d", n, got, want)
		}
	}
}
