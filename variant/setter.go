package variant

// Setters' tools: the true candidates of a puzzle, and why it has no
// solution or several (Diagnose). Both are built on Solver counts, so they
// serve every rule kind and every size.

import (
	"context"
	"errors"
	"fmt"
	"reflect"
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
	// A conflict of one rule, or of two things that meet (a given and a
	// rule it sees, two rules that share or see cells), is what a setter
	// meets most; the deletion below keeps the first conflict its order
	// leaves, which can be far larger, so small ones are tried first.
	if g, r, ok, limited, err := smallConflict(ctx, p, opt); err != nil {
		return Diagnosis{}, err
	} else if ok {
		d.Givens, d.Rules, d.Minimal = g, r, !limited
		return d, nil
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

// smallBudget bounds the checks smallConflict makes, and smallNodes the
// guesses of each: past them it gives up and the deletion method runs.
const (
	smallBudget = 3000
	smallNodes  = 2000
)

// smallConflict looks for a conflict of one rule, or of two parts of p
// that meet: a given and a rule with a cell in its row, column or region,
// or two such rules. It returns the givens and rules of the first found
// (each needed: no part alone contradicts, unless limited: a check of a
// smaller set stopped at its limit), ok false if none was found within
// smallBudget checks.
func smallConflict(ctx context.Context, p *Puzzle, opt Options) (givens, rules []int, ok, limited bool, err error) {
	n := p.Size
	nodes := int64(smallNodes)
	if opt.MaxNodes > 0 {
		nodes = min(nodes, opt.MaxNodes)
	}
	checks := 0
	// unsat reports whether the givens gs and the rules rs alone have no
	// solution (false when a check stopped at its limit).
	unsat := func(gs, rs []int) (bool, error) {
		checks++
		q := Puzzle{Size: n, Regions: p.Regions, Givens: make([]int, n*n)}
		for _, i := range gs {
			q.Givens[i] = p.Givens[i]
		}
		for _, k := range rs {
			q.Rules = append(q.Rules, p.Rules[k])
		}
		res, err := newSolver(&q).count(ctx, q.Givens, 1, Options{MaxNodes: nodes, CountOnly: true})
		if _, clash := errors.AsType[*CheckError](err); clash {
			return true, nil
		}
		if errors.Is(err, sudoku.ErrLimit) {
			limited = true
			return false, nil
		}
		if err != nil {
			return false, err
		}
		return res.Count == 0, nil
	}
	if bad, err := unsat(nil, nil); err != nil || bad {
		return nil, nil, bad, limited, err // the regions alone
	}
	for k := range p.Rules {
		if bad, err := unsat(nil, []int{k}); err != nil || bad {
			return nil, []int{k}, bad, limited, err
		}
	}
	region := p.Regions
	if region == nil {
		region = make([]int, n*n) // a Latin square: rows and columns only
		for i := range region {
			region[i] = -1
		}
	}
	sees := func(a, b int) bool {
		return a/n == b/n || a%n == b%n || region[a] >= 0 && region[a] == region[b]
	}
	cells := make([][]int, len(p.Rules)) // nil: a rule over the whole grid
	for k, r := range p.Rules {
		cells[k] = ruleCells(r, n)
	}
	meets := func(a []int, k int) bool {
		if a == nil || cells[k] == nil {
			return true
		}
		for _, x := range a {
			for _, y := range cells[k] {
				if sees(x, y) {
					return true
				}
			}
		}
		return false
	}
	givenAt := givensOf(p)
	for i, v := range givenAt {
		if v == 0 {
			continue
		}
		for k := range p.Rules {
			if !meets([]int{i}, k) {
				continue
			}
			if checks >= smallBudget {
				return nil, nil, false, limited, nil
			}
			if bad, err := unsat([]int{i}, []int{k}); err != nil || bad {
				return []int{i}, []int{k}, bad, limited, err
			}
		}
	}
	for a := range p.Rules {
		for b := a + 1; b < len(p.Rules); b++ {
			if !meets(cells[a], b) {
				continue
			}
			if checks >= smallBudget {
				return nil, nil, false, limited, nil
			}
			if bad, err := unsat(nil, []int{a, b}); err != nil || bad {
				return nil, []int{a, b}, bad, limited, err
			}
		}
	}
	return nil, nil, false, limited, nil
}

// ruleCells returns the cells a rule names (by index), read from its
// fields of type Cell, []Cell or [k]Cell; nil for a rule that names none
// (a rule over the whole grid: a diagonal, anti-knight ...).
func ruleCells(r Rule, n int) []int {
	var out []int
	var walk func(v reflect.Value)
	walk = func(v reflect.Value) {
		switch v.Kind() {
		case reflect.Struct:
			if c, ok := v.Interface().(Cell); ok {
				if c.on(n) {
					out = append(out, c.Index(n))
				}
				return
			}
			for i := range v.NumField() {
				if v.Type().Field(i).IsExported() {
					walk(v.Field(i))
				}
			}
		case reflect.Slice, reflect.Array:
			for i := range v.Len() {
				walk(v.Index(i))
			}
		case reflect.Pointer, reflect.Interface:
			if !v.IsNil() {
				walk(v.Elem())
			}
		}
	}
	walk(reflect.ValueOf(r))
	return out
}
