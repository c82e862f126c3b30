package collide

import "github.com/errcat/errcat/internal/parallel"

// worker is what deciding pairs needs for itself, so that pairs can be
// decided on several goroutines at once: its own memos of negative
// automata (they intern position sets as they go) and its own count of
// states explored.
type worker struct {
	negs   negCache
	states int
	// Buffers a search leaves behind for the next one: a pair's search
	// explores a few thousand states, and allocating (and collecting)
	// them afresh each time would weigh on the whole analysis.
	nodes []node
	index stateTable
	cands []cand
}

func newWorker() *worker { return &worker{negs: negCache{}} }

// search runs s over the analysis' alphabet with wk's memos and counts
// its states to wk.
func (a *analyzer) search(wk *worker, s search) outcome {
	s.alpha, s.cache = a.alpha, wk.negs
	s.nodes, s.index, s.cands = wk.nodes[:0], wk.index, wk.cands
	s.index.reset()
	o := s.run()
	wk.nodes, wk.index, wk.cands = s.nodes, s.index, s.cands
	wk.states += o.states
	return o
}

// pairJob is one pair left for the automata, and its verdict.
type pairJob struct {
	i, j   int
	w      evidenceWitness
	v      verdict
	states int
	// remembered is set when the memo answered the pair.
	remembered bool
}

// decideAll decides the jobs on GOMAXPROCS goroutines. A verdict depends
// only on its pair (memos change how fast a search runs, never what it
// finds), so the caller can report them in job order and the output does
// not depend on the schedule.
func (a *analyzer) decideAll(jobs []pairJob) {
	a.each(len(jobs), func(wk *worker, k int) {
		jb := &jobs[k]
		before := wk.states
		jb.v, jb.remembered = a.decideMemo(wk, a.models[jb.i], a.models[jb.j], jb.w)
		jb.states = wk.states - before
		wk.states = before
	})
}

// each runs job for every k below n on parallel.Each's goroutines, each
// with a worker of its own (the first with a.seq), and adds the states
// the other workers explored to a.seq's count. A job must write only what
// belongs to its k.
func (a *analyzer) each(n int, job func(wk *worker, k int)) {
	wks := make([]*worker, parallel.Workers(n))
	for g := range wks {
		wks[g] = a.seq
		if g > 0 {
			wks[g] = newWorker()
		}
	}
	parallel.Each(n, func(g, k int) { job(wks[g], k) })
	for _, wk := range wks[min(1, len(wks)):] {
		a.seq.states += wk.states
	}
}
