package variant

// Setters' tools: the true candidates of a puzzle, and why it has no
// solution or several (Diagnose). Both are built on Solver counts, so they
// serve every rule kind and every size.

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/gosudoku/sudoku"
)

// TrueCandidates returns, for each cell of p in reading order, the values
// some solution of p puts there (bit v-1 for value v; a given cell holds
// its value), as f-puzzles' solver shows them. It is exact and does not
// enumerate the solutions: a puzzle with one solution costs one count to
// 2; otherwise each value that no solution found so far puts in its cell
// and that propagation leaves is tried as a given, and every solution
// found on the way confirms all of its values. A puzzle with no solution
// gets no candidate anywhere.
//
// Each search is bounded by opt.MaxNodes; a search stopped there (or by
// ctx) ends TrueCandidates with sudoku.ErrLimit (or ctx's error), since
// the answer would not be exact. It returns the *RuleError of Validate for
// a puzzle that is not well formed and a *CheckError if the givens break a
// rule.
func TrueCandidates(ctx context.Context, p *Puzzle, opt Options) ([]uint64, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	n := p.Size
	givens := slices.Clone(givensOf(p))
	s := newSolver(p)
	opt.CountOnly = false
	res, err := s.count(ctx, givens, 2, opt)
	if err != nil {
		return nil, err
	}
	cands := make([]uint64, n*n)
	if res.Count == 0 {
		return cands, nil
	}
	confirm := func(sol []int) {
		for i, v := range sol {
			cands[i] |= 1 << (v - 1)
		}
	}
	confirm(res.Solution)
	if res.Count == 1 {
		return cands, nil
	}
	// Several solutions: what propagation leaves is an upper bound; each
	// value in it not yet confirmed is tried as a given.
	dom := make([]uint64, n*n)
	all := uint64(1)<<n - 1
	for i, v := range givens {
		dom[i] = all
		if v != 0 {
			dom[i] = 1 << (v - 1)
		}
	}
	if ok, err := p.Propagate(dom, nil); err != nil || !ok {
		// The first count found solutions, so propagation cannot fail;
		// fall back on every value.
		for i, v := range givens {
			dom[i] = all
			if v != 0 {
				dom[i] = 1 << (v - 1)
			}
		}
	}
	for i := range dom {
		for m := dom[i] &^ cands[i]; m != 0; m &= m - 1 {
			if cands[i]&(m&-m) != 0 {
				continue // confirmed by a solution found meanwhile
			}
			v := lowest(m & -m)
			givens[i] = v
			r, err := s.count(ctx, givens, 1, opt)
			givens[i] = 0
			if _, clash := errors.AsType[*CheckError](err); clash {
				continue
			}
			if err != nil {
				return nil, err
			}
			if r.Count > 0 {
				confirm(r.Solution)
			}
		}
	}
	return cands, nil
}

// Diagnosis says why a puzzle has the count it has (Diagnose).
type Diagnosis struct {
	// Count is 0, 1, or 2 for two solutions or more.
	Count int
	// Solutions holds the solutions found: one, or two that differ.
	Solutions [][]int
	// Differ lists, for two solutions, the cells (in reading order) where
	// they differ.
	Differ []int
	// Givens and Rules are, for no solution, a set of given cells (by
	// index) and rules (by index into Puzzle.Rules) that contradict each
	// other with the rows, columns and regions: the puzzle with only these
	// givens and rules has no solution.
	Givens []int
	Rules  []int
	// Minimal is true when every given and rule in the conflict was shown
	// needed: without any one of them the rest has a solution. A check
	// stopped at Options.MaxNodes keeps its given or rule and leaves
	// Minimal false.
	Minimal bool
}

// Diagnose counts the solutions of p up to 2 and says why it has that
// many: for several, two solutions and the cells where they differ; for
// none, a small set of givens and rules that contradict (each one taken
// out in turn, and left out when the rest still has no solution, so the
// set left is minimal: the deletion method). Each search is bounded by
// opt.MaxNodes; the context ends it all. Errors are those of Count.
func Diagnose(ctx context.Context, p *Puzzle, opt Options) (Diagnosis, error) {
	if err := p.Validate(); err != nil {
		return Diagnosis{}, err
	}
	opt.CountOnly = false
	givens := givensOf(p)
	res, err := newSolver(p).count(ctx, givens, 2, opt)
	var clash *CheckError
	if err != nil && !errors.As(err, &clash) {
		return Diagnosis{}, err
	}
	if clash != nil {
		res.Count = 0
	}
	d := Diagnosis{Count: res.Count}
	switch res.Count {
	case 0:
		return conflict(ctx, p, opt)
	case 1:
		d.Solutions = [][]int{res.Solution}
		return d, nil
	}
	// A second solution: the first one forbidden as a whole.
	q := *p
	q.Givens = givens
	q.Rules = append(slices.Clip(p.Rules), notSolution{res.Solution})
	res2, err := newSolver(&q).count(ctx, givens, 1, opt)
	if err != nil {
		return Diagnosis{}, err
	}
	if res2.Count == 0 {
		return Diagnosis{}, fmt.Errorf("internal error: a second solution was counted but not found again")
	}
	d.Count = 2
	d.Solutions = [][]int{res.Solution, res2.Solution}
	for i := range res.Solution {
		if res.Solution[i] != res2.Solution[i] {
			d.Differ = append(d.Differ, i)
		}
	}
	return d, nil
}

// conflict finds, for a puzzle p with no solution, a set of givens and
// rules that contradict, by the deletion method.
func conflict(ctx context.Context, p *Puzzle, opt Options) (Diagnosis, error) {
	givens := slices.Clone(givensOf(p))
	keepRule := make([]bool, len(p.Rules))
	for k := range keepRule {
		keepRule[k] = true
	}
	d := Diagnosis{Minimal: true}
	// unsolvable reports whether the givens and the rules kept have no
	// solution; a search stopped at its limit counts as "has one", so
	// that what it tested is kept.
	unsolvable := func() (bool, error) {
		q := *p
		q.Givens = givens
		q.Rules = nil
		for k, r := range p.Rules {
			if keepRule[k] {
				q.Rules = append(q.Rules, r)
			}
		}
		res, err := newSolver(&q).count(ctx, givens, 1, Options{MaxNodes: opt.MaxNodes, CountOnly: true})
		if _, clash := errors.AsType[*CheckError](err); clash {
			return true, nil
		}
		if errors.Is(err, sudoku.ErrLimit) {
			d.Minimal = false
			return false, nil
		}
		if err != nil {
			return false, err
		}
		return res.Count == 0, nil
	}
	// Whole groups first: often the givens alone, or the rules alone,
	// contradict.
	saved := slices.Clone(givens)
	clear(givens)
	if ok, err := unsolvable(); err != nil {
		return Diagnosis{}, err
	} else if !ok {
		copy(givens, saved)
	}
	for k := range keepRule {
		keepRule[k] = false
	}
	if ok, err := unsolvable(); err != nil {
		return Diagnosis{}, err
	} else if !ok {
		for k := range keepRule {
			keepRule[k] = true
		}
	}
	// Then each one in turn.
	for k := range keepRule {
		if !keepRule[k] {
			continue
		}
		keepRule[k] = false
		ok, err := unsolvable()
		if err != nil {
			return Diagnosis{}, err
		}
		if !ok {
			keepRule[k] = true
		}
	}
	for i, v := range givens {
		if v == 0 {
			continue
		}
		givens[i] = 0
		ok, err := unsolvable()
		if err != nil {
			return Diagnosis{}, err
		}
		if !ok {
			givens[i] = v
		}
	}
	for i, v := range givens {
		if v != 0 {
			d.Givens = append(d.Givens, i)
		}
	}
	for k, keep := range keepRule {
		if keep {
			d.Rules = append(d.Rules, k)
		}
	}
	return d, nil
}

// notSolution is a private rule: the grid is not sol. Diagnose adds it to
// find a second solution.
type notSolution struct{ sol []int }

func (r notSolution) Kind() string   { return "not-solution" }
func (r notSolution) String() string { return "not the first solution" }
func (r notSolution) validate(p *Puzzle) error {
	if len(r.sol) != p.Size*p.Size {
		return ruleErr("%d values for %d cells", len(r.sol), p.Size*p.Size)
	}
	return nil
}
func (r notSolution) check(ck *checker) {
	for i, v := range ck.v {
		if v != r.sol[i] {
			return
		}
	}
	ck.add(nil, "the grid is the first solution")
}
func (r notSolution) compile(b *builder) {
	cells := make([]int, len(r.sol))
	for i := range cells {
		cells[i] = i
	}
	b.whenFull(cells, func(v []int) bool { return !slices.Equal(v, r.sol) })
}
