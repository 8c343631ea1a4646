package variant

import (
	"context"
	"errors"
	"math/bits"
	"math/rand/v2"
	"slices"

	"github.com/gosudoku/sudoku"
)

// Options bound one search. The zero value searches without a limit; the
// context still ends it.
type Options struct {
	// MaxNodes stops the search with sudoku.ErrLimit after this many
	// guesses (values tried at branch points). 0 means no limit.
	MaxNodes int64
	// CountOnly leaves Result.Solution nil.
	CountOnly bool
}

// Result is what a search found.
type Result struct {
	// Solution is the first solution found (Size*Size values), or nil.
	Solution []int
	// Count is the number of solutions found; never more than Limit.
	Count int
	// Limit is the number of solutions the search stopped at.
	Limit int
	// Guesses is the number of values tried at branch points.
	Guesses int64
}

// Status sums up r as sudoku.Result.Status does.
func (r Result) Status() sudoku.Status {
	switch {
	case r.Count == 0:
		return sudoku.NoSolution
	case r.Count > 1:
		return sudoku.Multiple
	case r.Limit == 1:
		return sudoku.Solved
	}
	return sudoku.Unique
}

// Solve finds one solution of p.
func Solve(ctx context.Context, p *Puzzle, opt Options) (Result, error) {
	return Count(ctx, p, 1, opt)
}

// Count counts the solutions of p up to limit (at least 1) and returns the
// first one found. It returns the *RuleError of Validate for a puzzle that
// is not well formed, a *CheckError if the givens break a rule, and, with
// a partial Result, sudoku.ErrLimit or the context's error if the search
// was stopped.
//
// A puzzle with no rules and square boxes (a classic sudoku) is solved by
// sudoku.Count, the classic engines; every other one by this package's.
func Count(ctx context.Context, p *Puzzle, limit int, opt Options) (Result, error) {
	limit = max(limit, 1)
	if err := p.Validate(); err != nil {
		return Result{Limit: limit}, err
	}
	givens := p.Givens
	if givens == nil {
		givens = make([]int, p.Size*p.Size)
	}
	return newSolver(p).count(ctx, givens, limit, opt)
}

// Solver is a rule set compiled once: it counts the puzzles that share a
// side, regions and rules and differ in their givens (a file of them, a
// generator's tries) without compiling the rules for each, and keeps its
// search buffers between calls. A Solver is not safe for concurrent use.
type Solver struct {
	p  Puzzle  // the rules and regions; Givens set for each count
	g  bool    // a classic sudoku: counted by sudoku.Count
	e  *engine // nil until the first count of a puzzle that is not classic
	sr *search
	// es is e with the stronger sums (compileFor), compiled once a count
	// of a killer needs more than weakFirst guesses; srs searches it.
	es  *engine
	srs *search
}

// NewSolver compiles the side, regions and rules of p; its givens are not
// used. It returns the *RuleError of Validate for a puzzle that is not
// well formed.
func NewSolver(p *Puzzle) (*Solver, error) {
	q := *p
	q.Givens = nil
	if err := q.Validate(); err != nil {
		return nil, err
	}
	return newSolver(&q), nil
}

// newSolver is NewSolver for a valid p.
func newSolver(p *Puzzle) *Solver {
	s := &Solver{p: *p, g: isClassic(p)}
	s.p.Givens = nil
	return s
}

// Count counts, as the package-level Count does, the solutions up to limit
// of the puzzle with s's side, regions and rules and these givens (Size*Size
// values, 0 for a blank; nil for none).
func (s *Solver) Count(ctx context.Context, givens []int, limit int, opt Options) (Result, error) {
	limit = max(limit, 1)
	n := s.p.Size
	if givens == nil {
		givens = make([]int, n*n)
	}
	if len(givens) != n*n {
		return Result{Limit: limit}, &RuleError{-1, "givens", ruleErr("%d givens for %d cells", len(givens), n*n)}
	}
	for i, v := range givens {
		if v < 0 || v > n {
			return Result{Limit: limit}, &RuleError{-1, "givens", ruleErr("%s holds %d, not in 0..%d", CellName(i, n), v, n)}
		}
	}
	return s.count(ctx, givens, limit, opt)
}

// count is Count for givens of the right size and range.
func (s *Solver) count(ctx context.Context, givens []int, limit int, opt Options) (Result, error) {
	if !s.g && s.e == nil {
		s.e = compile(&s.p)
	}
	// The all-different engine meets a clash of givens at once (then
	// the checker says which); other engines check the givens first.
	late := !s.g && s.e.fast != nil
	if !late && slices.ContainsFunc(givens, func(v int) bool { return v != 0 }) {
		if err := s.check(givens); err != nil {
			return Result{Limit: limit}, err
		}
	}
	if s.g {
		if g, err := sudoku.FromValues(windokuSide(s.p.Size), givens); err == nil {
			r, err := sudoku.Count(ctx, g, limit, sudoku.Options{MaxGuesses: opt.MaxNodes, CountOnly: opt.CountOnly})
			res := Result{Count: r.Count, Limit: r.Limit, Guesses: r.Guesses}
			if r.Solution != nil {
				res.Solution = r.Solution.Values()
			}
			return res, err
		}
		s.e = compile(&s.p)
	}
	if s.sr == nil {
		s.sr = newSearch(s.e, givens, limit, opt)
	}
	// Killers start with the generators' reasoning on sums; past
	// weakFirst guesses the count starts again with the 45 rule over
	// unions of units (addInniesStrong), which costs more to compile and
	// to run than easy killers save.
	first := opt
	again := s.e.sums && (opt.MaxNodes == 0 || opt.MaxNodes > weakFirst)
	if again {
		first.MaxNodes = weakFirst
	}
	res, err := s.sr.runWith(ctx, givens, limit, first)
	if again && errors.Is(err, sudoku.ErrLimit) {
		if s.es == nil {
			s.es = compileFor(&s.p, true)
			s.srs = newSearch(s.es, givens, limit, opt)
			s.srs.guessW = strongGuessW
		}
		rest := opt
		if rest.MaxNodes > 0 {
			if rest.MaxNodes -= res.Guesses; rest.MaxNodes <= 0 {
				return res, err
			}
		}
		spent := res.Guesses
		res, err = s.srs.runWith(ctx, givens, limit, rest)
		res.Guesses += spent
	}
	sr := s.sr
	if late && sr.f.clash {
		if err := s.check(givens); err != nil {
			return Result{Limit: limit}, err
		}
	}
	return res, err
}

// weakFirst is the guesses a count of a killer makes before it compiles
// the stronger sums and starts again (Solver.count). Instructions of a
// count (callgrind; weakFirst 15, 20, 30, 50, and before the stronger
// sums): the generator's killers (BenchmarkKillerGen) 3.60M, 3.77M,
// 4.12M, 4.54M against 4.82M; the grower's easy killers
// (BenchmarkKiller, 0.9 guesses) 964k, 970k, 974k, 953k against 951k.
const weakFirst = 15

// strongGuessW is search.guessW in the strong killer search: on the
// peer's 42 hard killers (TAREK_ALL) a median of 258 guesses without it,
// 277 with the guessed cell alone weighted (1, no wdeg), and 252, 207,
// 223, 224 and 230 with weight 1, 4, 8, 16 and 32 added to wdeg's.
const strongGuessW = 4

// runWith runs a count's search (dom²/wdeg branching and the stronger
// reasoning on) for these givens and bounds.
func (sr *search) runWith(ctx context.Context, givens []int, limit int, opt Options) (Result, error) {
	sr.givens, sr.limit, sr.opt = givens, limit, opt
	sr.weighted = true
	sr.strong = true
	res, err := sr.run(ctx)
	sr.givens = nil
	return res, err
}

// check returns a *CheckError if givens break a rule (without validating
// the puzzle again).
func (s *Solver) check(givens []int) error {
	ck := checker{p: &s.p, n: s.p.Size, v: givens}
	ck.run()
	if len(ck.out) > 0 {
		return &CheckError{ck.out}
	}
	return nil
}

// classic returns p as a sudoku.Grid if it is a classic sudoku: no rules
// and square boxes.
func classic(p *Puzzle) *sudoku.Grid {
	if !isClassic(p) {
		return nil
	}
	g, err := sudoku.FromValues(windokuSide(p.Size), givensOf(p))
	if err != nil {
		return nil
	}
	return g
}

// isClassic reports whether p is a classic sudoku: no rules and square
// boxes.
func isClassic(p *Puzzle) bool {
	if len(p.Rules) > 0 {
		return false
	}
	r, c, ok := p.BoxDims()
	return ok && r == c
}

func givensOf(p *Puzzle) []int {
	if p.Givens == nil {
		return make([]int, p.Size*p.Size)
	}
	return p.Givens
}

// search is one depth-first search over an engine.
type search struct {
	s       *state
	givens  []int
	limit   int
	opt     Options
	levels  [][]uint64
	count   int
	guesses int64
	sol     []int
	ctx     context.Context
	err     error
	rng     *rand.Rand // tries values in random order (generators)
	keep2   bool       // keep the second solution in sol2 (generators)
	exclude []int      // cell, value pairs no solution may have (generators)
	sol2    []int
	f       *fastRun // the all-different engine's buffers (e.fast)
	// weighted branches on the fewest candidates per weight of past
	// contradictions (dom²/wdeg; wdeg[i] counts the contradictions met
	// in the groups of cell i); otherwise on the fewest candidates, the
	// first such cell (generators: their puzzles stay as they were).
	weighted bool
	wdeg     []uint32
	// guessW, if not 0, is the weight a contradiction adds to the cell
	// whose guess led to it (guessed[d] is the cell guessed at level d),
	// besides wdeg's groups: the counts' strong killer search.
	guessW  uint32
	guessed []int
	// strong adds the all-different engine's subset rules (pairs,
	// pointing over peers): fewer guesses; generators leave it off so
	// their puzzles stay as they were.
	strong bool
}

func newSearch(e *engine, givens []int, limit int, opt Options) *search {
	if e.fast != nil {
		return &search{s: &state{e: e}, givens: givens, limit: limit, opt: opt}
	}
	return &search{s: newState(e), givens: givens, limit: limit, opt: opt}
}

func (sr *search) run(ctx context.Context) (Result, error) {
	e := sr.s.e
	sr.ctx = ctx
	sr.count, sr.guesses, sr.sol, sr.sol2, sr.err = 0, 0, nil, nil, nil
	if e.fast != nil {
		sr.runFast()
		if sr.err == errDone {
			sr.err = nil
		}
		return Result{Count: sr.count, Limit: sr.limit, Guesses: sr.guesses, Solution: sr.sol}, sr.err
	}
	if len(sr.levels) == 0 {
		sr.levels = append(sr.levels, make([]uint64, e.cells))
	}
	sr.s.strong = sr.strong
	root := sr.levels[0]
	copy(root, e.dom)
	sr.s.cand = root
	ok := true
	for i, v := range sr.givens {
		if v != 0 && !sr.s.restrict(i, 1<<(v-1), RuleGivens) {
			ok = false
			sr.s.reset()
			break
		}
	}
	for k := 0; ok && k+1 < len(sr.exclude); k += 2 {
		if !sr.s.restrict(sr.exclude[k], ^(uint64(1) << (sr.exclude[k+1] - 1)), RuleGivens) {
			ok = false
			sr.s.reset()
		}
	}
	if sr.weighted {
		if sr.wdeg == nil {
			sr.wdeg = make([]uint32, e.cells)
		}
		clear(sr.wdeg)
	}
	if ok {
		sr.s.wakeAll()
		for k := range e.props {
			sr.s.inpq[k] = true
			sr.s.pq = append(sr.s.pq, int32(k))
		}
		sr.dfs(0)
	}
	if sr.err == errDone {
		sr.err = nil
	}
	res := Result{Count: sr.count, Limit: sr.limit, Guesses: sr.guesses, Solution: sr.sol}
	return res, sr.err
}

// dfs propagates level d and branches on the cell with fewest candidates.
func (sr *search) dfs(d int) {
	s := sr.s
	if !s.propagate() {
		if sr.weighted && s.fail >= 0 {
			e := s.e
			for _, g := range e.cellG[e.cellGOff[s.fail]:e.cellGOff[s.fail+1]] {
				for _, c := range e.gCells[e.gOff[g]:e.gOff[g+1]] {
					sr.wdeg[c]++
				}
			}
		}
		if sr.guessW > 0 && d > 0 {
			sr.wdeg[sr.guessed[d-1]] += sr.guessW
		}
		return
	}
	cand := sr.levels[d]
	best, bestN := -1, 65
	if sr.weighted {
		best = sr.chooseWeighted(cand)
		bestN = 0
	}
	for i, m := range cand {
		if bestN == 0 {
			break
		}
		if m&(m-1) != 0 {
			if k := bits.OnesCount64(m); k < bestN {
				best, bestN = i, k
				if k == 2 {
					break
				}
			}
		}
	}
	if best < 0 {
		sr.solution(cand)
		return
	}
	if len(sr.levels) <= d+1 {
		sr.levels = append(sr.levels, make([]uint64, len(cand)))
	}
	next := sr.levels[d+1]
	for m := cand[best]; m != 0; {
		v := m & -m
		if sr.rng != nil {
			v = pick(sr.rng, m)
		}
		m &^= v
		if !sr.guess() {
			return
		}
		copy(next, cand)
		s.cand = next
		s.restrict(best, v, RuleGivens)
		if sr.guessW > 0 {
			if len(sr.guessed) <= d {
				sr.guessed = append(sr.guessed, 0)
			}
			sr.guessed[d] = best
		}
		sr.dfs(d + 1)
		s.cand = cand
		if sr.err != nil {
			return
		}
	}
}

// chooseWeighted returns the open cell with the least squared count of
// candidates per weight, or -1.
func (sr *search) chooseWeighted(cand []uint64) int {
	best := -1
	var bestN, bestW uint64 = 1, 0
	for i, m := range cand {
		if m&(m-1) == 0 {
			continue
		}
		n := uint64(bits.OnesCount64(m))
		n *= n
		if wt := uint64(sr.wdeg[i]) + 1; n*bestW < bestN*wt {
			best, bestN, bestW = i, n, wt
		}
	}
	return best
}

// errDone stops the search once the limit is reached; run clears it.
var errDone = errors.New("done")
