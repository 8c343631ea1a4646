// Package generate makes Sudoku puzzles of every order from 4x4 to 64x64
// that have exactly one solution.
//
// A puzzle starts from a random complete grid (RandomGrid) and digs holes:
// the cells, or the orbits of the chosen Symmetry, are tried once each in
// a random order (see DigOrder), and a clue goes when the puzzle stays
// unique without it. The result is minimal: no clue can be removed; with a
// Symmetry no orbit of clues can be removed, while a single clue might
// (Options.Minimal asks for puzzles where none can). In 25x25 grids and
// up, a check that stops at Options.MaxGuesses keeps its clue and the
// puzzle is only near minimal; Puzzle.Kind says which. With a Mask, the
// clues sit exactly at the mask's cells: a local search over complete
// grids looks for one whose values there have one solution.
//
// Puzzle k of a Generator is made from (Options.Seed, k) alone, through a
// PCG seeded with (Seed, k) and this package's own draws from it, so the
// same options and index give the same puzzle on any machine, with any
// number of workers, and runs over index ranges concatenate. Two things
// tie the output to the solver behind sudoku.Count as well: grids of
// 36x36 and up are completed by it, and a check stopped at MaxGuesses
// (25x25 and up by default) depends on how many guesses it needs.
//
// Every puzzle has exactly one solution: digging starts from a complete
// grid and removes a clue only once it is shown that no other solution
// exists, and a mask's puzzle is counted to the end. The dig's searches
// exclude the known value of the cell being tested (sudoku.Options.Exclude)
// instead of counting to 2; cells that the remaining clues force (naked or
// hidden singles) need no search, nor do orbits through which a blank
// chain of two values shows a second solution. Options.Verify counts each
// puzzle to 2 once more.
package generate

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/gosudoku/sudoku"
	"github.com/gosudoku/sudoku/logic"
)

// Options describe the puzzles of a Generator. The zero value makes
// minimal 9x9 puzzles without symmetry from seed 0.
type Options struct {
	// Order is the box size n of the n²xn² grids, 2..8; 0 means 3, or the
	// order of Mask.
	Order int
	// Symmetry the clues keep while digging. Ignored with a Mask.
	Symmetry Symmetry
	// Mask, if set, fixes where the clues sit.
	Mask *Mask
	// MaxClues, if positive, asks for at most this many clues: up to
	// Attempts grids are dug and the puzzle with the fewest clues is kept.
	MaxClues int
	// Minimal asks, with a Symmetry, for puzzles from which no single clue
	// can be removed either, not only no orbit: each dug puzzle is tested
	// clue by clue (one check a clue), and up to Attempts grids are dug.
	// For 9x9, about one central-symmetric dig in 50 is minimal (88% of
	// puzzles found in 100 attempts), far fewer with Full. Without a
	// Symmetry every finished dig is minimal.
	Minimal bool
	// Attempts bounds the grids tried for one puzzle. 0 means 1, or 100
	// with MaxClues or Minimal, or 20000 with a Mask.
	Attempts int
	// MaxGuesses bounds each uniqueness check (see sudoku.Options). A dig
	// check stopped there keeps its clue, and the puzzle is only "near
	// minimal". 0 means no bound up to 16x16 and 200 guesses from 25x25
	// up, where a few checks in a random order need millions of guesses
	// (a higher bound costs much time for few clues); negative means no
	// bound.
	MaxGuesses int64
	// Dig is the order in which the orbits are tried: DigRandom (the zero
	// value) or DigBoxes.
	Dig DigOrder
	// Verify counts the solutions of each finished puzzle to 2 once more,
	// with no excluded candidates and no guess limit, before returning it:
	// a check of the solver the digging relies on. A puzzle that fails it
	// is an error, never returned.
	Verify bool
	// Difficulty, if set, asks for puzzles of a Sudoku Explainer rating:
	// up to Attempts grids are dug (0 means 1000, or 5000 by technique at
	// 9x9) and the first puzzle whose rating fits is kept, else the one
	// nearest to the range.
	Difficulty *Difficulty
	// Seed chooses the puzzles.
	Seed uint64
	// Workers is the number of puzzles Run makes at once; 0 or 1 means one.
	Workers int
}

// DigOrder is an order in which digging tries the orbits of cells.
type DigOrder int

// The dig orders.
const (
	// DigRandom tries the orbits in a uniformly random order: clues spread
	// evenly over the grid.
	DigRandom DigOrder = iota
	// DigBoxes tries the boxes in a random order and the orbits (by their
	// first cell) of each box in a random order. It is 4-6 times faster
	// for 16x16 and 3 times for 25x25, leaves a few clues fewer there, and
	// far fewer checks stop at MaxGuesses; but the clues crowd in the
	// boxes dug last: some boxes end up empty and others nearly full.
	DigBoxes
)

// Puzzle is one generated puzzle.
type Puzzle struct {
	Index    uint64       // k: the puzzle was made from (Seed, k)
	Grid     *sudoku.Grid // the puzzle: exactly one solution
	Solution *sudoku.Grid
	Clues    int      // filled cells of Grid
	Symmetry Symmetry // the symmetry dug with (None with a Mask)
	Masked   bool     // the clues sit at a Mask's cells; not dug
	// Minimal reports that no single clue can be removed: known for every
	// finished dig without a Symmetry, and with one when Options.Minimal
	// asked for the test.
	Minimal bool
	// OrbitMinimal reports that no orbit of clues (a single clue without a
	// Symmetry) can be removed: true unless a check stopped, or the dig
	// was led by the logic.
	OrbitMinimal bool
	// LevelMinimal reports a dig led by the logic (ForOrder below 9x9's
	// levels' orders): no clue can go without the puzzle needing a
	// technique beyond its level, though some could go keeping it unique.
	LevelMinimal bool
	// Stopped counts the dig checks stopped at MaxGuesses: each kept its
	// clue, so the puzzle is only near minimal.
	Stopped int
	// TargetMet reports that the puzzle meets Options.MaxClues,
	// Options.Minimal and Options.Difficulty (true without them).
	TargetMet bool
	// Rating is the puzzle's Sudoku Explainer rating, made with
	// Options.Difficulty (nil without it, or if the logic got stuck).
	Rating   *logic.Rating
	Attempts int   // grids tried
	Checks   int   // uniqueness checks run
	Guesses  int64 // search guesses over all checks
	rated    bool  // a rating was asked for
}

// Kind names how far the puzzle is reduced: "minimal" (no clue can go),
// "orbit-minimal" (symmetric: no orbit of clues can go; single clues were
// not all tested or one can go), "near-minimal" (a check stopped at its
// limit and kept a clue), "level-minimal" (a dig led by the logic, see
// ForOrder) or "mask".
func (p *Puzzle) Kind() string {
	switch {
	case p.Masked:
		return "mask"
	case p.Stopped > 0:
		return "near-minimal"
	case p.LevelMinimal:
		return "level-minimal"
	case p.Minimal:
		return "minimal"
	}
	return "orbit-minimal"
}

// Comment returns a one-line summary for output, like
// "clues=24 minimal" or "clues=30 orbit-minimal symmetry=central".
func (p *Puzzle) Comment() string {
	var b strings.Builder
	fmt.Fprintf(&b, "clues=%d %s", p.Clues, p.Kind())
	if p.Symmetry != None {
		fmt.Fprintf(&b, " symmetry=%s", p.Symmetry)
	}
	if p.Stopped > 0 {
		fmt.Fprintf(&b, " stopped=%d", p.Stopped)
	}
	if p.Rating != nil || p.rated {
		b.WriteString(ratingComment(p.Rating))
	}
	if !p.TargetMet {
		b.WriteString(" target-missed")
	}
	return b.String()
}

// ErrNotFound is returned (wrapped) when no puzzle fits the options within
// their limits: a Mask no grid filled uniquely in Attempts tries.
var ErrNotFound = errors.New("no puzzle found within the limits")

// Generator makes puzzles. Its options are fixed by New; its methods may
// be called from several goroutines at once.
type Generator struct {
	opt     Options
	geo     *geometry
	orbits  [][]int
	workers sync.Pool // idle *worker scratch spaces for Puzzle
}

// New returns a Generator for opt, or an error naming what is wrong.
func New(opt Options) (*Generator, error) {
	if opt.Mask != nil {
		if m := opt.Mask; sudoku.CheckOrder(m.order) != nil || len(m.on) != m.order*m.order*m.order*m.order {
			return nil, errors.New("generate: the mask is not a mask of any order: make one with NewMask or ParseMask")
		}
		if opt.Order == 0 {
			opt.Order = opt.Mask.order
		}
		if opt.Order != opt.Mask.order {
			return nil, fmt.Errorf("generate: mask of order %d for puzzles of order %d", opt.Mask.order, opt.Order)
		}
		opt.Symmetry = None
	}
	if opt.Order == 0 {
		opt.Order = 3
	}
	if err := sudoku.CheckOrder(opt.Order); err != nil {
		return nil, fmt.Errorf("generate: %w", err)
	}
	if opt.Symmetry&^Full != 0 {
		return nil, fmt.Errorf("generate: unknown symmetry bits %#x", uint8(opt.Symmetry&^Full))
	}
	switch opt.Dig {
	case DigRandom, DigBoxes:
	default:
		return nil, fmt.Errorf("generate: unknown dig order %d", opt.Dig)
	}
	if opt.Difficulty != nil {
		if err := opt.Difficulty.validate(opt.Order); err != nil {
			return nil, err
		}
	}
	if opt.Attempts <= 0 {
		switch {
		case opt.Difficulty != nil && opt.Difficulty.guided(opt.Order):
			opt.Attempts = 5000 // 7 times cheaper than a rated grid
		case opt.Difficulty != nil:
			opt.Attempts = 1000
		case opt.Mask != nil:
			opt.Attempts = 20000
		case opt.MaxClues > 0 || opt.Minimal:
			opt.Attempts = 100
		default:
			opt.Attempts = 1
		}
	}
	switch {
	case opt.MaxGuesses < 0:
		opt.MaxGuesses = 0
	case opt.MaxGuesses == 0 && opt.Order >= 5:
		opt.MaxGuesses = 200
	}
	return &Generator{opt: opt, geo: newGeometry(opt.Order), orbits: opt.Symmetry.Orbits(opt.Order)}, nil
}

// Options returns the options of g with the defaults filled in.
func (g *Generator) Options() Options { return g.opt }

// Puzzle returns puzzle k: made from (Seed, k) alone.
func (g *Generator) Puzzle(ctx context.Context, k uint64) (*Puzzle, error) {
	w, ok := g.workers.Get().(*worker)
	if !ok {
		w = g.newWorker(ctx)
	}
	w.ctx, w.f.ctx = ctx, ctx
	defer func() {
		w.ctx, w.f.ctx = nil, nil
		g.workers.Put(w)
	}()
	return w.puzzle(k)
}

// Run makes puzzles first, first+1, ... first+n-1 on Options.Workers
// goroutines and calls emit with each in index order, from the calling
// goroutine. It stops at the first error, from a puzzle, from emit or from
// ctx, and returns it.
func (g *Generator) Run(ctx context.Context, first, n uint64, emit func(*Puzzle) error) error {
	return g.RunEvery(ctx, first, 1, n, emit)
}

// RunEvery is Run over the puzzles first, first+step, first+2*step, ...,
// n of them (the last index must fit in a uint64): the shard i/m of a run
// of count puzzles is RunEvery(ctx, i, m, (count-i+m-1)/m, emit) for
// i < count.
func (g *Generator) RunEvery(ctx context.Context, first, step, n uint64, emit func(*Puzzle) error) error {
	workers := max(g.opt.Workers, 1)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	// A job is a run of consecutive puzzles: small puzzles take tens of
	// microseconds, and handing each to a goroutine on its own costs
	// scheduler wake-ups that keep the second core from the work.
	chunk := uint64(1)
	if g.geo.Order <= 3 {
		chunk = 16
	}
	type slot struct {
		k, n uint64 // positions k..k+n-1 of the run
		ps   []*Puzzle
		err  error // the error of the puzzle at position k+len(ps)
		done chan struct{}
	}
	order := make(chan *slot, 4*workers) // slots in index order
	jobs := make(chan *slot)
	var wg sync.WaitGroup
	wg.Go(func() {
		defer close(order)
		defer close(jobs)
		for k := uint64(0); k < n; k += chunk {
			s := &slot{k: k, n: min(chunk, n-k), done: make(chan struct{})}
			select {
			case order <- s:
			case <-ctx.Done():
				return
			}
			select {
			case jobs <- s:
			case <-ctx.Done():
				s.err = ctx.Err()
				close(s.done)
				return
			}
		}
	})
	for range workers {
		wg.Go(func() {
			w := g.newWorker(ctx)
			for s := range jobs {
				s.ps = make([]*Puzzle, 0, s.n)
				for i := uint64(0); i < s.n; i++ {
					p, err := w.puzzle(first + (s.k+i)*step)
					if err != nil {
						s.err = err
						break
					}
					s.ps = append(s.ps, p)
				}
				close(s.done)
			}
		})
	}
	var err error
	for s := range order {
		<-s.done
		for _, p := range s.ps {
			if err == nil {
				err = emit(p)
			}
		}
		if err == nil {
			err = s.err
		}
		if err != nil {
			cancel()
		}
	}
	wg.Wait()
	if err == nil {
		err = ctx.Err()
	}
	return err
}

// worker holds the scratch space of one goroutine.
type worker struct {
	*Generator
	ctx   context.Context
	f     *filler
	sol   []uint8
	excl  []sudoku.Candidate
	board *board
	rng   pcgRNG // the random numbers of the puzzle being made
	order []int  // dig's orbit order
	// keep, if set, is asked about each orbit that could go while
	// digging (the puzzle stays unique without it, and p lacks it): true
	// keeps the orbit. Generation by technique digs with it.
	keep func(p *sudoku.Grid) (bool, error)
}

func (g *Generator) newWorker(ctx context.Context) *worker {
	return &worker{
		Generator: g,
		ctx:       ctx,
		f:         &filler{geometry: g.geo, ctx: ctx},
		sol:       make([]uint8, g.geo.NumCells),
		excl:      make([]sudoku.Candidate, 1),
		board:     newBoard(g.geo),
	}
}

func (w *worker) puzzle(k uint64) (*Puzzle, error) {
	r := w.rng.seed(w.opt.Seed, k)
	w.f.r = r
	if w.opt.Mask != nil {
		return w.fitMask(k)
	}
	if d := w.opt.Difficulty; d != nil && d.guided(w.opt.Order) {
		return w.techniquePuzzle(k, r)
	}
	var best *Puzzle
	checks, guesses := 0, int64(0)
	for attempt := 1; attempt <= w.opt.Attempts; attempt++ {
		if err := w.f.fill(w.sol); err != nil {
			return nil, err
		}
		sol := gridOf(w.opt.Order, w.sol)
		if d := w.opt.Difficulty; d != nil && d.lead != 0 {
			w.keep = w.leadBy(d)
		}
		p, err := w.dig(sol, sol, r)
		w.keep = nil
		if err != nil {
			return nil, err
		}
		checks += p.Checks
		guesses += p.Guesses
		if w.opt.Difficulty != nil {
			p.Index, p.rated = k, true
			if err := w.rate(p); err != nil {
				return nil, err
			}
		}
		if best == nil || w.better(p, best) {
			best = p
		}
		best.Attempts = attempt
		if w.meets(best) {
			break
		}
	}
	best.Index = k
	best.Checks, best.Guesses = checks, guesses
	best.TargetMet = w.meets(best)
	return best, w.verify(best)
}

// unique counts the solutions of p up to limit, with extra candidates
// excluded. A search stopped at MaxGuesses reports limited; other errors
// (the context's) are returned.
func (w *worker) count(p *sudoku.Grid, limit int, excl []sudoku.Candidate, pz *Puzzle) (n int, limited bool, err error) {
	res, err := sudoku.Count(w.ctx, p, limit, sudoku.Options{MaxGuesses: w.opt.MaxGuesses, Exclude: excl, CountOnly: true})
	pz.Checks++
	pz.Guesses += res.Guesses
	if errors.Is(err, sudoku.ErrLimit) {
		return res.Count, true, nil
	}
	return res.Count, false, err
}

// dig removes clues from the puzzle from (sol itself, or a unique puzzle
// of solution sol with whole orbits blank): each orbit of clues once, in
// random order, kept when the puzzle would not stay unique without it, or
// when w.keep says so.
func (w *worker) dig(sol, from *sudoku.Grid, r *rng) (*Puzzle, error) {
	pz := &Puzzle{Solution: sol, Symmetry: w.opt.Symmetry}
	p := from.Clone()
	w.order = slices.Grow(w.order[:0], len(w.orbits))[:len(w.orbits)]
	order := w.order
	for i := range order {
		order[i] = i
	}
	shuffle(r, order)
	led := 0 // orbits kept because w.keep said so
	if w.opt.Dig == DigBoxes {
		n, side := w.geo.Order, w.geo.Side
		rank := make([]int, side)
		for i := range rank {
			rank[i] = i
		}
		shuffle(r, rank)
		box := func(oi int) int {
			c := w.orbits[oi][0]
			return rank[c/side/n*n+c%side/n]
		}
		slices.SortStableFunc(order, func(a, b int) int { return box(a) - box(b) })
	}
	b := w.board
	b.load(w.sol)
	if from != sol {
		for c := range w.sol {
			if p.Cell(c) == 0 {
				b.clear(c)
			}
		}
	}
	for _, oi := range order {
		orbit := w.orbits[oi]
		if p.Cell(orbit[0]) == 0 {
			continue // dug before
		}
		for _, c := range orbit {
			p.SetCell(c, 0)
			b.clear(c)
		}
		// Any other solution differs from sol in the orbit; let m be the
		// first orbit cell where it does. Check m restores the cells before
		// m and excludes sol's value at m, so some check finds it. A cell
		// the clues force (a naked or hidden single) needs no search, and
		// a blank chain of two values through the orbit shows a second
		// solution without one.
		keep := false
		for _, c := range orbit {
			if b.blankChain(w.sol, c) {
				keep = true
				break
			}
		}
		for _, c := range orbit {
			if keep {
				break
			}
			v := w.sol[c]
			if !b.forced(c, v) {
				w.excl[0] = sudoku.Candidate{Cell: c, Value: int(v)}
				n, limited, err := w.count(p, 1, w.excl, pz)
				if err != nil {
					return nil, err
				}
				if limited {
					pz.Stopped++
				}
				keep = n > 0 || limited
			}
			p.SetCell(c, int(v))
			b.set(c, v)
			if keep {
				break
			}
		}
		if !keep && w.keep != nil {
			for _, c := range orbit {
				p.SetCell(c, 0)
			}
			k, err := w.keep(p)
			if err != nil {
				return nil, err
			}
			keep = k
			if k {
				led++
			}
		}
		for _, c := range orbit {
			if keep {
				p.SetCell(c, int(w.sol[c]))
				b.set(c, w.sol[c])
			} else {
				p.SetCell(c, 0)
				b.clear(c)
			}
		}
	}
	pz.Grid = p
	pz.Clues = p.Givens()
	pz.OrbitMinimal = pz.Stopped == 0 && led == 0
	pz.LevelMinimal = led > 0
	switch {
	case !pz.OrbitMinimal:
	case w.opt.Symmetry == None:
		pz.Minimal = true
	case w.opt.Minimal:
		m, err := w.singlesMinimal(p, pz)
		if err != nil {
			return nil, err
		}
		pz.Minimal = m
	}
	return pz, nil
}

// singlesMinimal reports whether no single clue can be removed from the
// orbit-minimal puzzle p, whose clues are also on the board. A check
// stopped at MaxGuesses counts as a clue that might go.
func (w *worker) singlesMinimal(p *sudoku.Grid, pz *Puzzle) (bool, error) {
	b := w.board
	for _, orbit := range w.orbits {
		if len(orbit) == 1 || p.Cell(orbit[0]) == 0 {
			continue // a lone cell was tested alone while digging
		}
		for _, c := range orbit {
			v := w.sol[c]
			p.SetCell(c, 0)
			b.clear(c)
			removable := b.forced(c, v)
			if !removable {
				w.excl[0] = sudoku.Candidate{Cell: c, Value: int(v)}
				n, limited, err := w.count(p, 1, w.excl, pz)
				if err != nil {
					return false, err
				}
				removable = n == 0 || limited
			}
			p.SetCell(c, int(v))
			b.set(c, v)
			if removable {
				return false, nil
			}
		}
	}
	return true, nil
}

// verify counts the solutions of p to 2 if Options.Verify asks for it.
func (w *worker) verify(p *Puzzle) error {
	if !w.opt.Verify {
		return nil
	}
	res, err := sudoku.Count(w.ctx, p.Grid, 2, sudoku.Options{})
	p.Checks++
	p.Guesses += res.Guesses
	switch {
	case err != nil:
		return err
	case res.Count != 1 || !res.Solution.Equal(p.Solution):
		return fmt.Errorf("generate: puzzle %d %s failed verification: %v (a solver bug)", p.Index, p.Grid, res.Status())
	}
	return nil
}

// meets reports whether p meets the targets of the options.
func (w *worker) meets(p *Puzzle) bool {
	return (w.opt.MaxClues <= 0 || p.Clues <= w.opt.MaxClues) && (!w.opt.Minimal || p.Minimal) &&
		(w.opt.Difficulty == nil || w.opt.Difficulty.fits(p.Rating))
}

// better reports whether p is a better result than q: it meets the
// targets where q does not, or is minimal where q is not, or has fewer
// clues.
func (w *worker) better(p, q *Puzzle) bool {
	if a, b := w.meets(p), w.meets(q); a != b {
		return a
	}
	if d := w.opt.Difficulty; d != nil {
		if a, b := d.distance(p.Rating), d.distance(q.Rating); a != b {
			return a < b
		}
	}
	if p.Minimal != q.Minimal {
		return p.Minimal
	}
	return p.Clues < q.Clues
}
