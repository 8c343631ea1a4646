// Package engine is the general solver behind package sudoku: one uint64
// candidate bitset per cell for every order 2..8 (4x4 to 64x64), naked and
// hidden singles, locked candidates (pointing and claiming), branching on
// the cell with the fewest candidates per weight of past contradictions
// (dom/wdeg), and backtracking over a preallocated stack of states, on one
// goroutine or several that share one search tree.
//
// Grids of at most 128 cells (4x4 and 9x9) also keep each value's cells
// and propagate value by value (small.go): placing a value visits only the
// peers that lose it, and each unit where a value lost a place is looked
// at for that value alone. There locked candidates apply to the puzzle as
// given only: below the root they cost more than they save. From 16x16
// on, propagation scans the units that changed (propagate.go), with locked
// candidates everywhere and naked and hidden pairs, which halve the trees
// there.
//
// A Solver keeps its buffers between calls, so a caller that solves many
// puzzles of one order (a generator) allocates nothing per puzzle. The
// package-level Solve draws Solvers from a pool.
package engine

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"sync"

	"github.com/gosudoku/sudoku/internal/units"
)

// ErrLimit is returned when the search stops at Options.MaxGuesses.
var ErrLimit = errors.New("search limit reached")

// ErrMemory is returned when the search's stack of states would outgrow
// Options.MaxMemory.
var ErrMemory = errors.New("search memory limit reached")

// Options bound one search.
type Options struct {
	Limit      int   // stop after this many solutions (at least 1)
	MaxGuesses int64 // stop with ErrLimit after this many guesses; 0 means no limit
	Workers    int   // goroutines for one search; 0 or 1 means one; at most GOMAXPROCS (but 2) are used
	Exclude    []Exclusion
	// MaxMemory bounds the bytes of one worker's stack of states (one
	// state per depth of the search: 44 KiB at 64x64, where an empty grid
	// goes 4,000 deep); a search that would go deeper stops with
	// ErrMemory. 0 means no limit.
	MaxMemory int64
}

// Exclusion is a candidate removed before the search: no solution has
// Value in Cell.
type Exclusion struct {
	Cell  int
	Value uint8
}

// Stats reports the work one search did.
type Stats struct {
	Guesses int64 // candidate values tried at branch points
	Nodes   int64 // states propagated (the root and every guess)
}

// pools holds one pool of Solvers for each order. Pools are safe for
// concurrent use and hold no state that outlives a call.
var pools [units.MaxOrder + 1]sync.Pool

// Solve searches the puzzle in cells (order n, row-major, 0 blank) for up
// to o.Limit solutions and writes the first one found into sol, which has
// len(cells). It returns the number of solutions found; with a non-nil error
// (ErrLimit or ctx.Err()) that number is only a lower bound. Clashing givens
// give 0 solutions and no error. Solve uses a pooled Solver; callers that
// solve many puzzles on one goroutine can keep their own with NewSolver.
func Solve(ctx context.Context, order int, cells, sol []uint8, o Options) (int, Stats, error) {
	if err := units.CheckOrder(order); err != nil {
		return 0, Stats{}, fmt.Errorf("engine: %w", err)
	}
	s, _ := pools[order].Get().(*Solver)
	if s == nil {
		var err error
		if s, err = NewSolver(order); err != nil {
			return 0, Stats{}, err
		}
	}
	n, st, err := s.Solve(ctx, cells, sol, o)
	s.trim(pooledStates)
	pools[order].Put(s)
	return n, st, err
}

// pooledStates bounds the bytes of states a pooled Solver keeps for its
// next search: a deep search's stack goes back to the heap at once.
const pooledStates = 4 << 20

// trim drops the states of s's workers beyond limit bytes each (but the
// first two).
func (s *Solver) trim(limit int) {
	keep := max(2, limit/(8*s.g.size))
	trim := func(w *worker) {
		if len(w.states) > keep {
			clear(w.states[keep:])
			w.states = w.states[:keep]
		}
	}
	trim(s.main)
	for _, h := range s.helpers {
		trim(h)
	}
}

// Solver solves puzzles of one order and keeps its buffers between calls.
// A Solver is not safe for concurrent use; Options.Workers > 1 makes it start
// goroutines of its own for the duration of one call.
type Solver struct {
	g       *geom
	main    *worker
	helpers []*worker // extra workers for parallel searches, made on demand
	ws      []*worker // the workers of a parallel search
	sh      *shared   // what they share, kept for reuse
	// startAfter, if not 0, replaces the constant of that name; below 0
	// all workers start at once (tests).
	startAfter int
	// startRel, startWork and startLong, if not 0, replace the constants
	// of those names; below 0 they are 0, or no bound (benchmarks).
	startRel  int
	startWork int64
	startLong int
	// noYield keeps the helpers of a parallel search at the priority of
	// the main worker (benchmarks measure what yielding buys).
	noYield bool
	// noLocked turns locked candidates and pairs off (benchmarks and tests
	// measure what they buy).
	noLocked bool
	// noWeights turns unit weights off: branching on the fewest
	// candidates alone, the first such cell in row-major order.
	noWeights bool
}

// NewSolver returns a Solver for puzzles of the given order (2..8).
func NewSolver(order int) (*Solver, error) {
	if err := units.CheckOrder(order); err != nil {
		return nil, fmt.Errorf("engine: %w", err)
	}
	g := newGeom(order)
	return &Solver{g: g, main: newWorker(g)}, nil
}

// Order returns the order of the puzzles s solves.
func (s *Solver) Order() int { return s.g.order }

// Solve is like the package-level Solve for s's order.
func (s *Solver) Solve(ctx context.Context, cells, sol []uint8, o Options) (int, Stats, error) {
	g := s.g
	if len(cells) != g.ncell || len(sol) != g.ncell {
		return 0, Stats{}, fmt.Errorf("engine: %d cells and %d solution cells, want %d for order %d", len(cells), len(sol), g.ncell, g.order)
	}
	for i, v := range cells {
		if int(v) > g.side {
			return 0, Stats{}, fmt.Errorf("engine: cell %d holds %d, outside 0..%d", i, v, g.side)
		}
	}
	for _, e := range o.Exclude {
		if e.Cell < 0 || e.Cell >= g.ncell || e.Value < 1 || int(e.Value) > g.side {
			return 0, Stats{}, fmt.Errorf("engine: excluded candidate %d in cell %d is outside the grid", e.Value, e.Cell)
		}
	}
	if err := ctx.Err(); err != nil {
		return 0, Stats{}, err
	}
	w := s.main
	w.reset(ctx, o, sol, !s.noLocked)
	w.weights(!s.noWeights)
	st := w.states[0]
	if !w.initial(st, cells, o.Exclude) {
		return 0, Stats{Nodes: 1}, nil
	}
	w.nodes = 1
	if w.left(st) == 0 {
		w.found(st)
		return 1, Stats{Nodes: 1}, nil
	}
	cell, cands := w.choose(st)
	w.frames[0] = frame{cell: cell, rem: cands}
	if o.Workers > 1 {
		// More goroutines than processors only add copying.
		o.Workers = min(o.Workers, max(2, runtime.GOMAXPROCS(0)))
		return s.parallel(ctx, o, sol)
	}
	w.run(0)
	return w.count, Stats{Guesses: w.guesses, Nodes: w.nodes}, w.err
}
