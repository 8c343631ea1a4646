package sudoku

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"slices"
	"sync"

	"github.com/gosudoku/sudoku/internal/engine"
	"github.com/gosudoku/sudoku/internal/fast9"
)

// ErrLimit is returned (wrapped) when a search stops at Options.MaxGuesses
// before it could finish.
var ErrLimit = errors.New("sudoku: search limit reached")

// Options bound and shape one search. The zero value searches without a
// limit on one goroutine; the context still ends it.
type Options struct {
	// MaxGuesses stops the search with ErrLimit after this many guesses
	// (candidate values tried at branch points). 0 means no limit.
	MaxGuesses int64
	// Workers is the number of goroutines that search one puzzle. 0 or 1
	// means one. More pays off for hard 16x16 and larger puzzles.
	Workers int
	// Exclude lists candidates removed before the search: a solution never
	// has Value in Cell. Generators use it to test whether a clue can go.
	Exclude []Candidate
	// CountOnly leaves Result.Solution nil: the search counts solutions
	// and copies none out, so that it allocates nothing (at 9x9 and, once
	// warm, at every order on one goroutine). Generators, which count
	// millions of times and need only the count, use it.
	CountOnly bool
	// MaxMemory bounds the memory the search holds for its stack of
	// states, in bytes (per goroutine); a search that would go deeper
	// stops with ErrLimit. 0 means no limit. Servers use it: the stack of
	// an empty 64x64 grid takes 170 MB, a 25x25 grid's at most 6 MB.
	MaxMemory int64
}

// Candidate is a value in a cell (row-major index).
type Candidate struct {
	Cell, Value int
}

// Status sums up the outcome of a search.
type Status int

// The outcomes of a search.
const (
	// NoSolution: the puzzle has no solution.
	NoSolution Status = iota
	// Solved: a solution was found; uniqueness was not checked.
	Solved
	// Unique: the puzzle has exactly one solution.
	Unique
	// Multiple: the puzzle has more than one solution.
	Multiple
)

func (s Status) String() string {
	switch s {
	case NoSolution:
		return "no solution"
	case Solved:
		return "solved"
	case Unique:
		return "unique"
	case Multiple:
		return "more than one solution"
	}
	return fmt.Sprintf("Status(%d)", int(s))
}

// Result is what a search found.
type Result struct {
	// Solution is the first solution found, or nil if none was (or
	// Options.CountOnly was set).
	Solution *Grid
	// Count is the number of solutions found; never more than Limit.
	Count int
	// Limit is the number of solutions the search stopped at.
	Limit int
	// Guesses is the number of candidate values tried at branch points.
	Guesses int64
}

// Status sums up r: NoSolution, Solved (limit 1), Unique or Multiple.
func (r Result) Status() Status {
	switch {
	case r.Count == 0:
		return NoSolution
	case r.Count >= 2:
		return Multiple
	case r.Limit >= 2:
		return Unique
	}
	return Solved
}

// Solve finds one solution of g. It does not check uniqueness: use Count
// with limit 2 for that. It returns a *ConflictError if the givens clash,
// and, with a partial Result, ErrLimit or the context's error if the search
// was stopped.
func Solve(ctx context.Context, g *Grid, opt Options) (Result, error) {
	return Count(ctx, g, 1, opt)
}

// Count counts the solutions of g up to limit (at least 1) and returns the
// first solution found. Errors are as for Solve; when one is returned,
// Result.Count is a lower bound.
func Count(ctx context.Context, g *Grid, limit int, opt Options) (Result, error) {
	limit = max(limit, 1)
	res := Result{Limit: limit}
	if err := ctx.Err(); err != nil {
		return res, err
	}
	for _, c := range opt.Exclude {
		if c.Cell < 0 || c.Cell >= len(g.cells) || c.Value < 1 || c.Value > g.Side() {
			return res, fmt.Errorf("sudoku: excluded candidate %d in cell %d is outside the grid", c.Value, c.Cell)
		}
	}
	if g.marks != nil {
		// Candidates the marks rule out stay out of the search.
		opt.Exclude = g.excluded(append([]Candidate(nil), opt.Exclude...))
	}
	var (
		n       int
		guesses int64
		sol     []uint8
		err     error
	)
	if g.order == 3 {
		n, guesses, sol, err = count9(ctx, g.cells, limit, opt)
	} else {
		n, guesses, sol, err = countAny(ctx, g, limit, opt)
	}
	res.Count, res.Guesses = n, guesses
	if n == 0 && err == nil {
		// The engines find no solution for clashing givens too; only then
		// is it worth telling the two apart.
		if g.clashes() {
			return res, g.Check()
		}
	}
	if n > 0 && sol != nil {
		res.Solution = &Grid{order: g.order, cells: sol}
	}
	if errors.Is(err, engine.ErrMemory) {
		err = fmt.Errorf("%w: the search needs more than %d MiB", ErrLimit, opt.MaxMemory>>20)
	}
	if errors.Is(err, engine.ErrLimit) || errors.Is(err, fast9.ErrLimit) {
		err = fmt.Errorf("%w after %d guesses", ErrLimit, guesses)
	}
	return res, err
}

// count9 runs the specialised 9x9 engine. It allocates only the solution,
// only when there is one and only without Options.CountOnly: generators
// call it millions of times.
func count9(ctx context.Context, cells []uint8, limit int, opt Options) (int, int64, []uint8, error) {
	w := work9Pool.Get().(*work9)
	defer work9Pool.Put(w)
	copy(w.in[:], cells)
	w.ex = w.ex[:0]
	for _, c := range opt.Exclude {
		w.ex = append(w.ex, fast9.Exclusion{Cell: c.Cell, Value: uint8(c.Value)})
	}
	n, st, err := w.s.Solve(ctx, &w.in, &w.out, fast9.Options{Limit: limit, MaxGuesses: opt.MaxGuesses, Exclude: w.ex})
	var sol []uint8
	if n > 0 && !opt.CountOnly {
		sol = append([]uint8(nil), w.out[:]...)
	}
	return n, st.Guesses, sol, err
}

// work9 is the reusable workspace of one 9x9 search.
type work9 struct {
	s       fast9.Solver
	in, out [81]uint8
	ex      []fast9.Exclusion
}

// work9Pool keeps workspaces between calls, so that a search allocates
// nothing it does not return. It holds no state between calls.
var work9Pool = sync.Pool{New: func() any { return new(work9) }}

// countAny runs the general engine, for every order. It allocates the
// solution unless Options.CountOnly is set.
func countAny(ctx context.Context, g *Grid, limit int, opt Options) (int, int64, []uint8, error) {
	w := workAnyPool.Get().(*workAny)
	defer workAnyPool.Put(w)
	w.ex = w.ex[:0]
	for _, c := range opt.Exclude {
		w.ex = append(w.ex, engine.Exclusion{Cell: c.Cell, Value: uint8(c.Value)})
	}
	var sol []uint8
	if opt.CountOnly {
		w.sol = slices.Grow(w.sol[:0], len(g.cells))[:len(g.cells)]
		sol = w.sol
	} else {
		sol = make([]uint8, len(g.cells))
	}
	n, st, err := engine.Solve(ctx, g.order, g.cells, sol, engine.Options{
		Limit:      limit,
		MaxGuesses: opt.MaxGuesses,
		Workers:    opt.Workers,
		Exclude:    w.ex,
		MaxMemory:  opt.MaxMemory,
	})
	if opt.CountOnly {
		sol = nil
	}
	return n, st.Guesses, sol, err
}

// workAny is the reusable workspace of one search of the general engine.
type workAny struct {
	sol []uint8
	ex  []engine.Exclusion
}

// workAnyPool keeps workspaces between calls, as work9Pool does.
var workAnyPool = sync.Pool{New: func() any { return new(workAny) }}

// clashes reports whether two givens of g clash, without allocating: no
// solution is the common answer for generators, which exclude candidates.
func (g *Grid) clashes() bool {
	side, n := g.Side(), g.order
	var rows, cols, boxes [64]uint64
	for i, v := range g.cells {
		if v == 0 {
			continue
		}
		r, c := i/side, i%side
		b := r/n*n + c/n
		bit := uint64(1) << (v - 1)
		if (rows[r]|cols[c]|boxes[b])&bit != 0 {
			return true
		}
		rows[r] |= bit
		cols[c] |= bit
		boxes[b] |= bit
	}
	return false
}

// excluded returns the candidates that the marks of g rule out, for the
// search: every value missing from the marks of a blank cell.
func (g *Grid) excluded(dst []Candidate) []Candidate {
	if g.marks == nil {
		return dst
	}
	all := allMarks(g.Side())
	for i, v := range g.cells {
		if v != 0 {
			continue
		}
		for out := all &^ g.marks[i]; out != 0; out &= out - 1 {
			dst = append(dst, Candidate{Cell: i, Value: bits.TrailingZeros64(out) + 1})
		}
	}
	return dst
}
