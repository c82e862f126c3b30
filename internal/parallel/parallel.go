// Package parallel runs a number of independent jobs on as many
// goroutines as the process may run at once.
package parallel

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// Workers is the number of goroutines Each runs n jobs on: GOMAXPROCS,
// and never more than n.
func Workers(n int) int { return min(runtime.GOMAXPROCS(0), n) }

// Each runs job(g, k) once for every k below n, on Workers(n) goroutines,
// and returns when all have run. g is the index of the goroutine that runs
// the job, below Workers(n), so that a caller can give each goroutine
// state of its own; jobs are taken in order of k, but run in any order,
// so a job must write only what belongs to its k (or to its g).
func Each(n int, job func(g, k int)) {
	var next atomic.Int64
	var wg sync.WaitGroup
	for g := range Workers(n) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				k := int(next.Add(1)) - 1
				if k >= n {
					return
				}
				job(g, k)
			}
		}()
	}
	wg.Wait()
}
