package engine

import (
	"cmp"
	"context"
	"math"
	"sync"
	"sync/atomic"
)

// A parallel search shares one tree among several workers. A worker that
// runs out of work waits for a task; a busy worker that sees one waiting
// hands over the untried candidates of its shallowest branch point that
// has any (the biggest piece of work it holds), with a copy of the state
// there. So the tree is split wherever work remains, at any depth, and
// every subtree is searched by exactly one worker: counts stay exact.
//
// Each worker keeps its own unit weights (see worker.choose), carried from
// task to task. Shared weights steer a worker by the contradictions of
// another worker's subtree, which has nothing to do with its own: on an
// empty 64x64 grid two workers then pushed each other into thrashing (3
// of 10 first-solution searches stopped at 20 s, against 0.2-1.1 s on one
// goroutine); with their own weights the main worker follows the search
// of one goroutine until it runs out of work. A helper starts from zero
// weights, or on 16x16 grids from a copy of the main worker's at the
// share (see startWeights).
//
// The helpers (the workers but the main one) run at the lowest priority
// (see yieldToMain) until the main worker first waits for a task (see
// shared.help): till then their work is speculative, and on a busy machine
// it took the main worker's share of the processor, so that two workers
// lost to one though the main worker did exactly the serial search (same
// nodes, same thread CPU time).
//
// The main worker shares its tree, and the other workers start, only once
// its search shows work that a second worker can take (see
// worker.exhausted). Till then it runs the search of one goroutine on its
// code path (no shared state, no atomic loads per node), and the other
// workers are not even made: a search that ends before then costs what it
// costs on one goroutine (callgrind: the empty 16x16 to 49x49 grids, 5M
// to 325M instructions a search on one goroutine, 146 more on two; 1.8k
// to 15k more, and up to 0.7M once to make the other worker, when the
// shared state was set up at the start and looked at on every node).

// The start of the parallel search (see worker.exhausted): startAfter
// branch points left exhausted, each after a subtree of at least
// (depth+1)/startRel nodes, and startWork/ncell nodes visited in all
// (256 on 16x16, 104 on 25x25, 27 on 49x49).
const (
	startAfter = 12
	startRel   = 1
	startWork  = 64 << 10
)

// copyWeightsUpTo is the largest order where a helper starts with a copy
// of the main worker's unit weights at the share. On 16x16 grids the main
// worker's weights steer the helper's subtree well: idle machine, 5 runs
// of BenchmarkParallel each way, median parallel / serial wall time,
// first solution / count to 2: order4_hard 1.02 / 1.05-1.09 from zero
// weights, 0.95-0.97 / 0.97-0.98 from a copy; order4_unique 1.05-1.06 /
// 1.01-1.06 and 1.02-1.07 / 1.01-1.02. On 25x25 and larger grids fresh
// weights find what the main worker's steer away from: with a copy
// order5_hard went from 0.67-0.93 to 0.98-1.33 of serial, and a 64x64 grid
// with one given against the fill from about 1 s to over 20 s.
const copyWeightsUpTo = 4

// startLong is how many nodes per cell the main worker visits before it
// shares its tree in any case (see worker.exhausted).
const startLong = 8

// exhausted counts branch point e (at depth e), just left with every
// candidate tried, toward the start of the parallel search, and reports
// whether the main worker shares its tree now. A second worker gains
// nothing on two kinds of search, which so stay on one goroutine:
//
// One that only mends the last levels of a deep descent: the grids with
// (nearly) nothing given. There the serial search descends about one
// branch point a node and backtracks a few levels at a time (the empty
// 64x64 grid leaves 1,634 branch points exhausted in 10,039 nodes, all at
// depth 921 or more; the one with exclusions 5,012 in 22,194), while the
// helper, given the shallowest open branch point, starts again from the
// top: on the empty grid it searched an image of the main worker's own
// tree (the values renamed), so it could not finish first, and it only
// took memory bandwidth and cache from the main worker, which did the
// serial search's nodes (idle, median parallel/serial wall time
// 1.02-1.08 on the 64x64 grids). A branch point counts only if its
// subtree held at least as many nodes as its depth: 2 on the empty 64x64
// grid, 6 with exclusions, none on the 49x49 grid with two givens, while
// the 16x16 and 25x25 puzzles that backtrack fail near the root after
// many nodes. A search that stays stuck shares after startLong nodes per
// cell in any case (the empty 64x64 grid needs 2.5 a cell, the one with
// exclusions 5.4): the 64x64 grid with one given against the empty grid's
// fill, over 10 s on one goroutine, shares after 32,770 nodes (59,450
// without that bound, 1,493 with the start before), and its helper, given
// the other values of the first cell, finds a solution in 4,356 nodes
// (helpers not yielding, busy machine: 0.75-1.0 s, 1.45-1.7 s without the
// bound, 0.2-0.4 s with the start before).
//
// And a short one, where the handoffs (the helper's start and wakeups,
// state copies, its thread's end) cost about what the helper saves: the
// 16x16 sets (median puzzle 95 to 225 nodes, about 7 µs each), where the
// helper took a fifth of the nodes and the parallel search ran at
// 0.98-1.06 of the serial one (idle). startWork counts nodes times
// cells, for a bound in about the same time on every order.
func (w *worker) exhausted(e int) bool {
	if w.nodes >= w.startLong {
		return true
	}
	if w.startRel != 0 && w.startRel*(uint32(w.nodes)-w.frames[e].born) < uint32(e+1) {
		return false
	}
	if w.lazy > 1 {
		w.lazy--
		return false
	}
	return w.nodes >= w.startNodes
}

// task is a piece of the tree: try the candidates rem of cell in state.
type task struct {
	state []uint64
	cell  int32
	rem   uint64
}

// shared is what the workers of one parallel search share.
type shared struct {
	mu       sync.Mutex
	cond     sync.Cond
	tasks    []task
	free     [][]uint64 // state buffers to reuse
	idle     int        // workers waiting for a task
	workers  int
	finished bool

	stop     atomic.Bool  // every worker must return now
	mainIdle atomic.Bool  // the main worker waits for a task
	want     atomic.Int32 // idle workers minus waiting tasks
	guesses  atomic.Int64 // counted only when there is a guess limit

	limit int
	count int
	sol   []uint8
	err   error
	ctx   context.Context
	done  <-chan struct{}

	main    *worker   // the worker on the calling goroutine
	helpers []*worker // started by Solver.share
	noYield bool      // helpers keep their priority (Solver.noYield)
	wg      sync.WaitGroup
	shares  int   // searches shared so far (tests)
	at      int64 // the main worker's nodes when it last shared (tests)
}

// parallel runs the search prepared in s.main (frame 0 set) on up to
// o.Workers goroutines: the main worker on the calling one. Until the main
// worker shares its tree (see share) the search is the one on one
// goroutine, on the same code path: nothing shared is set up, no other
// worker is made or started, and a search that ends before then costs
// what it costs on one goroutine. What the workers need is kept in s
// between calls, so a parallel search allocates nothing once warm.
func (s *Solver) parallel(ctx context.Context, o Options, sol []uint8) (int, Stats, error) {
	w := s.main
	w.lazy = startAfter
	if s.startAfter != 0 {
		w.lazy = max(s.startAfter, 0)
	}
	w.startRel = startRel
	if s.startRel != 0 {
		w.startRel = uint32(max(s.startRel, 0))
	}
	work := int64(startWork)
	if s.startWork != 0 {
		work = max(s.startWork, 0)
	}
	w.startNodes = work / int64(s.g.ncell)
	w.startLong = math.MaxInt64
	if long := cmp.Or(s.startLong, startLong); long > 0 {
		w.startLong = int64(long) * int64(s.g.ncell)
	}
	d := 0
	if w.lazy > 0 {
		w.run(0)
		w.lazy = 0
		if w.resume < 0 {
			// The search ended before the first share.
			return w.count, Stats{Guesses: w.guesses, Nodes: w.nodes}, w.err
		}
		d, w.resume = w.resume, -1
	}
	sh := s.share(ctx, o, sol, d)
	for ok := true; ok; ok = sh.get(w) {
		w.run(d)
		d = 0
	}
	sh.wg.Wait()
	var st Stats
	for _, w := range s.ws {
		st.Guesses += w.guesses
		st.Nodes += w.nodes
		w.sh = nil
	}
	// Keep the state buffers of tasks left over for the next search.
	for _, t := range sh.tasks {
		sh.free = append(sh.free, t.state)
	}
	clear(sh.tasks)
	sh.tasks = sh.tasks[:0]
	sh.sol, sh.ctx, sh.done, sh.main = nil, nil, nil, nil
	return sh.count, st, sh.err
}

// share makes the search of the main worker, stopped between two nodes,
// shared among o.Workers workers, and starts the others (see
// startAfter). The solutions and guesses the main worker counted so far
// carry over.
func (s *Solver) share(ctx context.Context, o Options, sol []uint8, d int) *shared {
	if s.sh == nil {
		s.sh = new(shared)
		s.sh.cond.L = &s.sh.mu
	}
	sh := s.sh
	w := s.main
	sh.limit, sh.sol, sh.ctx, sh.done = w.limit, sol, ctx, ctx.Done()
	sh.idle, sh.finished, sh.count, sh.err = 0, false, w.count, nil
	sh.stop.Store(false)
	sh.want.Store(0)
	sh.guesses.Store(w.guesses)
	for len(s.helpers) < o.Workers-1 {
		s.helpers = append(s.helpers, newWorker(s.g))
	}
	ws := append(s.ws[:0], w)
	ws = append(ws, s.helpers[:o.Workers-1]...)
	s.ws = ws
	for _, h := range ws[1:] {
		h.reset(ctx, o, nil, w.locked)
		h.startWeights(w)
		h.sh = sh
		h.open = 0
	}
	w.sh = sh
	w.open = 0
	sh.main, sh.helpers = w, ws[1:]
	sh.workers = len(ws)
	sh.mainIdle.Store(false)
	sh.noYield = s.noYield
	sh.shares++
	sh.at = w.nodes
	for _, h := range sh.helpers {
		h.yielding, h.toYield = false, !sh.noYield
		if handOut(w, h, d) {
			h.resume = 0
		}
		sh.wg.Go(func() { sh.help(h) })
	}
	return sh
}

// help runs helper w until the search is over. A yielding helper runs on
// a thread of its own at the lowest priority until the main worker waits
// for a task; then the work is no longer speculative, and w goes on at
// the usual priority on a new goroutine (see worker.run), since a thread
// cannot raise its priority back without privilege. Left at the lowest
// priority, a helper holding the last subtrees kept the main worker
// waiting on a busy machine: the 25x25 sets took 1.5-3.5 times as long
// on two workers as on one.
//
// The helper lowers its thread's priority only once it has a task (and
// the main worker has its own), since that thread ends with it: one that
// lowered it at once made a thread, and ended it, for every search that
// shared, though many end before the helper has any work (the dig-style
// 16x16 set, count to 2: 84 of 120 searches shared, their helpers ran 9
// nodes in all). A thread at the lowest priority that ends at the end of
// the search also kept the main worker waiting for it on a busy machine
// (empty 4x4 grids shared at once: 105-128 µs a search, 20-22 µs when the
// helper does not yield). So a helper that starts on the task handed out
// at the share (see handOut) does not yield if the search is already
// over.
func (sh *shared) help(w *worker) {
	d := w.resume
	w.resume = -1
	for d >= 0 || sh.get(w) {
		if w.toYield && !w.yielding {
			if sh.stop.Load() {
				return // over before w started on the task handed out
			}
			if sh.mainIdle.Load() {
				w.toYield = false // no longer speculative
			} else {
				yieldToMain()
				w.yielding = true
			}
		}
		w.run(max(d, 0))
		if d = w.resume; d >= 0 {
			// run stopped to leave this thread.
			w.resume, w.yielding, w.toYield = -1, false, false
			w.promoted++
			sh.wg.Go(func() {
				w.resume = d
				sh.help(w)
			})
			return
		}
	}
}

// handOut gives helper h, before it starts, the untried candidates of
// w's shallowest open branch point at most at depth d (at d itself w keeps
// one), as donate does, so that h starts on that task instead of waiting
// for one; it reports whether h has one. A helper that asked for its
// first task got it only after its goroutine started, waited for the
// task, and was woken: it took 12-35% of the nodes after the share on
// the 16x16 and 25x25 sets (the mean over the searches that shared, busy
// machine; 0.5-0.7 tasks a search on the 16x16 sets); starting on one
// it took 35-58%.
func handOut(w, h *worker, d int) bool {
	k, give := w.gift(w.open, d)
	if k < 0 {
		return false
	}
	f := &w.frames[k]
	copy(h.states[0], w.states[k])
	h.frames[0] = frame{cell: f.cell, rem: give}
	f.rem &^= give
	w.open = k
	return true
}

// gift returns the shallowest of w's frames k to d that has untried
// candidates to give away, and those candidates: at depth d, where w is
// trying the lowest, all but that one. It returns -1 if none has any.
func (w *worker) gift(k, d int) (int, uint64) {
	for ; k <= d; k++ {
		give := w.frames[k].rem
		if k == d {
			give &= give - 1 // keep the lowest
		}
		if give != 0 {
			return k, give
		}
	}
	return -1, 0
}

// setWant publishes idle minus tasks; sh.mu is held.
func (sh *shared) setWant() { sh.want.Store(int32(sh.idle - len(sh.tasks))) }

// finish ends the search for every worker; sh.mu is held.
func (sh *shared) finish() {
	sh.finished = true
	sh.stop.Store(true)
	sh.cond.Broadcast()
}

// get waits for a task and loads it into w's stack at depth 0. It reports
// false when the search is over.
func (sh *shared) get(w *worker) bool {
	sh.mu.Lock()
	defer sh.mu.Unlock()
	for {
		if sh.finished {
			return false
		}
		if n := len(sh.tasks); n > 0 {
			t := sh.tasks[n-1]
			sh.tasks = sh.tasks[:n-1]
			sh.free = append(sh.free, w.states[0])
			w.states[0] = t.state
			w.frames[0] = frame{cell: t.cell, rem: t.rem}
			w.open = 0
			sh.setWant()
			return true
		}
		sh.idle++
		sh.setWant()
		if sh.idle == sh.workers {
			sh.finish()
			return false
		}
		if w == sh.main {
			sh.mainIdle.Store(true)
		}
		sh.cond.Wait()
		if w == sh.main {
			sh.mainIdle.Store(false)
		}
		sh.idle--
		sh.setWant()
	}
}

// donate hands the untried candidates of w's shallowest open branch point
// (at most depth d) to a waiting worker. At depth d itself it keeps one
// candidate for w. A worker with nothing to give returns without taking
// the lock, so that busy workers do not queue on it while one waits.
func (sh *shared) donate(w *worker, d int) {
	// Frames below w.open have nothing left, and stay so: frames are
	// rewritten only at the current depth and below it.
	k := w.open
	for k < d && w.frames[k].rem == 0 {
		k++
	}
	w.open = k
	if k == d && w.frames[d].rem&(w.frames[d].rem-1) == 0 {
		return
	}
	sh.mu.Lock()
	defer sh.mu.Unlock()
	if sh.want.Load() <= 0 || sh.finished {
		return
	}
	k, give := w.gift(k, d)
	if k < 0 {
		return
	}
	f := &w.frames[k]
	var buf []uint64
	if n := len(sh.free); n > 0 {
		buf = sh.free[n-1]
		sh.free = sh.free[:n-1]
	} else {
		buf = make([]uint64, w.g.size)
	}
	copy(buf, w.states[k])
	f.rem &^= give
	sh.tasks = append(sh.tasks, task{state: buf, cell: f.cell, rem: give})
	sh.setWant()
	sh.cond.Signal()
}

// found records a solution found by w; it reports whether to stop.
func (sh *shared) found(w *worker, st []uint64) bool {
	sh.mu.Lock()
	defer sh.mu.Unlock()
	if sh.count < sh.limit {
		if sh.count == 0 {
			w.writeSolution(st, sh.sol)
		}
		sh.count++
	}
	if sh.count >= sh.limit {
		sh.finish()
	}
	return sh.finished
}

// fail stops the search with err (the first error wins).
func (sh *shared) fail(err error) {
	sh.mu.Lock()
	defer sh.mu.Unlock()
	if sh.err == nil && !sh.finished {
		sh.err = err
	}
	sh.finish()
}

// poll looks at the context; it reports whether w must stop.
func (sh *shared) poll(w *worker) bool {
	if sh.done != nil {
		select {
		case <-sh.done:
			sh.fail(sh.ctx.Err())
			return true
		default:
		}
	}
	return sh.stop.Load()
}

// startWeights gives helper h its unit weights for a share of main's
// search: off when main's are off; else a copy of main's up to order
// copyWeightsUpTo, zero above.
func (h *worker) startWeights(main *worker) {
	h.weights(main.wdeg != nil)
	if main.wdeg != nil && h.g.order <= copyWeightsUpTo {
		copy(h.wdeg, main.wdeg)
	}
}
