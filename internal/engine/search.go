package engine

import (
	"context"
	"math/bits"
)

// pollEvery is how many guesses pass between looks at the context (a power
// of two).
const pollEvery = 256

// frame is one branch point of the search: the cell branched on and its
// candidates not tried yet.
type frame struct {
	cell int32
	born uint32 // w.nodes (mod 2³²) when the frame's depth was entered
	rem  uint64
}

// worker runs a depth-first search over its own stack of states. In a
// parallel search several workers share one tree through sh.
type worker struct {
	g      *geom
	locked bool // apply locked candidates (and pairs from 16x16 on)
	small  bool // g.peers != nil: place values with assignSmall

	// states[d] is the state at depth d; frames[d] branches on it. A guess
	// on the last candidate of a frame reuses the frame's state in place.
	states [][]uint64
	frames []frame
	// queue: cells left with one candidate, not yet placed; for small
	// grids also a cell with the value it is the last place of (small.go).
	queue []int32
	// Units that lost a candidate since their last full scan (singles,
	// locked candidates, pairs), from 16x16 on.
	dirtyR, dirtyC, dirtyB uint64
	// For small grids (see small.go), dl[v] holds the units (unitBit
	// form) where value v lost a place since they were last looked at
	// for locked candidates, and dlVals the values with any.
	dl     [64]uint64
	dlVals uint64
	// lockNow: locked candidates apply in this propagation. For small
	// grids they apply only to the puzzle as given: below the root they
	// cost more than the guesses they save (forum_hardest count-to-2: 195
	// guesses per puzzle in 106 µs without, 151 in 124 µs with; top1465:
	// 28.6 in 24 µs, 22.5 in 28 µs).
	lockNow bool

	done       <-chan struct{}
	ctx        context.Context
	limit      int
	maxGuesses int64
	maxDepth   int // from Options.MaxMemory: states[maxDepth] may not be made; 0 no limit
	guesses    int64
	nodes      int64
	count      int
	err        error
	sol        []uint8
	sh         *shared // nil for a search on one goroutine
	// open: in a parallel search, frames below it have no untried
	// candidates (see shared.donate).
	open int
	// lazy counts down the branch points the main worker of a parallel
	// search leaves exhausted before it shares its tree; 0 once shared
	// (or in a search on one goroutine). See worker.exhausted.
	lazy       int
	startRel   uint32
	startNodes int64
	startLong  int64
	// yielding: a helper on a thread at the lowest priority; toYield: a
	// helper that moves to such a thread when it has work while the main
	// worker has its own (see shared.help); resume: the depth where run
	// stopped, or -1: to leave that thread, or for the main worker to
	// share its tree (Solver.parallel).
	yielding bool
	toYield  bool
	resume   int
	promoted int // times w left a low-priority thread (tests)

	// A unit's weight counts the contradictions met in it; wdeg holds for
	// each cell the sum of the weights of its three units, or is nil when
	// weights are off. Every worker of a parallel search has its own.
	wdeg    []uint32
	wdegBuf []uint32
}

func newWorker(g *geom) *worker {
	w := &worker{
		g:      g,
		small:  g.peers != nil,
		frames: make([]frame, g.ncell+1),
		queue:  make([]int32, 0, g.ncell*(g.side+4)+64),
		resume: -1,
	}
	w.states = append(w.states, make([]uint64, g.size))
	return w
}

// reset readies w for a new search.
func (w *worker) reset(ctx context.Context, o Options, sol []uint8, locked bool) {
	w.ctx, w.done = ctx, ctx.Done()
	w.limit = max(o.Limit, 1)
	w.maxGuesses = o.MaxGuesses
	w.maxDepth = 0
	if o.MaxMemory > 0 {
		w.maxDepth = int(max(1, o.MaxMemory/int64(8*w.g.size)))
	}
	w.guesses, w.nodes, w.count, w.err = 0, 0, 0, nil
	w.sol = sol
	w.locked = locked
	w.sh = nil
}

// state returns the state at depth d, making it on first use.
func (w *worker) state(d int) []uint64 {
	for len(w.states) <= d {
		w.states = append(w.states, make([]uint64, w.g.size))
	}
	return w.states[d]
}

// choose returns the blank cell of st to branch on, and its candidates:
// one with the fewest candidates, or with weights (w.wdeg) the least
// squared count of candidates per unit weight (dom²/wdeg), where a unit's
// weight counts the contradictions met in it so far. Weights steer the search to the part
// of the grid that keeps failing; they cut the tree of hard 16x16 and
// 25x25 puzzles by one to three orders of magnitude.
func (w *worker) choose(st []uint64) (int32, uint64) {
	if w.wdeg != nil {
		return w.chooseWeighted(st)
	}
	g := w.g
	best, bestN := int32(-1), 65
	solved := st[g.offSolved:g.offLeft]
	for k, s := range solved {
		free := ^s
		if k == len(solved)-1 && g.ncell&63 != 0 {
			free &= 1<<(g.ncell&63) - 1
		}
		base := k << 6
		for free != 0 {
			i := base + bits.TrailingZeros64(free)
			free &= free - 1
			if n := bits.OnesCount64(st[i]); n < bestN {
				best, bestN = int32(i), n
				if n <= 2 {
					return best, st[i]
				}
			}
		}
	}
	return best, st[best]
}

// chooseWeighted is choose with unit weights.
func (w *worker) chooseWeighted(st []uint64) (int32, uint64) {
	g := w.g
	wdeg := w.wdeg[:g.ncell]
	best := int32(-1)
	var bestN, bestW uint64 = 1, 0
	solved := st[g.offSolved:g.offLeft]
	for k, s := range solved {
		free := ^s
		if k == len(solved)-1 && g.ncell&63 != 0 {
			free &= 1<<(g.ncell&63) - 1
		}
		base := k << 6
		for free != 0 {
			i := base + bits.TrailingZeros64(free)
			free &= free - 1
			wt := uint64(wdeg[i]) + 1
			n := uint64(bits.OnesCount64(st[i]))
			n *= n // dom²/wdeg: a shade better than dom/wdeg on the tails
			// n/wt < bestN/bestW
			if n*bestW < bestN*wt {
				best, bestN, bestW = int32(i), n, wt
			}
		}
	}
	return best, st[best]
}

// weights turns unit weights on (all zero) or off.
func (w *worker) weights(on bool) {
	w.wdeg = nil
	if on {
		if w.wdegBuf == nil {
			w.wdegBuf = make([]uint32, w.g.ncell)
		}
		w.wdeg = w.wdegBuf
		clear(w.wdeg)
	}
}

// bumpWipeout weighs a cell p left with no candidate: every unit of p
// gains weight (better than only the unit that emptied it: fewer nodes in
// the worst 16x16 and 25x25 cases).
func (w *worker) bumpWipeout(p int) {
	if w.wdeg == nil {
		return
	}
	side := w.g.side
	x := w.g.rcb[p]
	w.bump(int(x.r))
	w.bump(side + int(x.c))
	w.bump(2*side + int(x.b))
}

// bump adds a contradiction to unit u's weight, that is to the weights of
// its cells.
func (w *worker) bump(u int) {
	if w.wdeg == nil {
		return
	}
	side := w.g.side
	cells := w.g.units[u*side : (u+1)*side]
	for _, p := range cells {
		w.wdeg[p]++
	}
}

// found records the solution in st. It reports whether the search must stop.
func (w *worker) found(st []uint64) bool {
	if w.sh != nil {
		return w.sh.found(w, st)
	}
	if w.count == 0 {
		w.writeSolution(st, w.sol)
	}
	w.count++
	return w.count >= w.limit
}

func (w *worker) writeSolution(st []uint64, sol []uint8) {
	for i := range sol {
		sol[i] = uint8(bits.TrailingZeros64(st[i]) + 1)
	}
}

// poll looks at the context and the guess limit; it reports whether the
// search must stop.
func (w *worker) poll() bool {
	if w.sh != nil {
		return w.sh.poll(w)
	}
	if w.done != nil {
		select {
		case <-w.done:
			w.err = w.ctx.Err()
			return true
		default:
		}
	}
	return false
}

// run searches from frame d down to the bottom of the stack (or until the
// search must stop).
func (w *worker) run(d int) {
	sh := w.sh
	for d >= 0 {
		if sh != nil {
			if sh.stop.Load() {
				return
			}
			if sh.want.Load() > 0 {
				sh.donate(w, d)
				if w.yielding && sh.mainIdle.Load() {
					w.resume = d // to go on at the usual priority (shared.help)
					return
				}
			}
		}
		f := &w.frames[d]
		if f.rem == 0 {
			d--
			if w.lazy > 0 && d >= 0 && w.exhausted(d+1) {
				w.resume = d // to share the tree (Solver.parallel)
				return
			}
			continue
		}
		bit := f.rem & -f.rem
		f.rem &^= bit
		w.guesses++
		if w.guesses&(pollEvery-1) == 0 && w.poll() {
			return
		}
		if w.maxGuesses > 0 {
			if sh == nil {
				if w.guesses > w.maxGuesses {
					w.err = ErrLimit
					return
				}
			} else if sh.guesses.Add(1) > w.maxGuesses {
				sh.fail(ErrLimit)
				return
			}
		}
		w.nodes++
		dst := d
		st := w.states[d]
		if f.rem != 0 {
			dst = d + 1
			if w.maxDepth > 0 && dst >= w.maxDepth {
				if sh != nil {
					sh.fail(ErrMemory)
				} else {
					w.err = ErrMemory
				}
				return
			}
			next := w.state(dst)
			copy(next, st)
			st = next
			w.frames[dst].born = uint32(w.nodes)
		}
		w.queue = w.queue[:0]
		w.dirtyR, w.dirtyC, w.dirtyB = 0, 0, 0
		ok := false
		if w.small {
			w.clearLocked()
			ok = w.assignSmall(st, int(f.cell), bit) && w.propagateSmall(st)
		} else {
			ok = w.assign(st, int(f.cell), bit) && w.propagate(st)
		}
		if !ok {
			continue
		}
		if w.left(st) == 0 {
			if w.found(st) {
				return
			}
			continue
		}
		cell, cands := w.choose(st)
		fr := &w.frames[dst]
		fr.cell, fr.rem = cell, cands
		d = dst
	}
}
