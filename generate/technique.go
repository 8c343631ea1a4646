package generate

import (
	"context"
	"errors"
	"fmt"

	"github.com/gosudoku/sudoku"
	"github.com/gosudoku/sudoku/internal/units"
	"github.com/gosudoku/sudoku/logic"
)

// Generation by technique (Difficulty.HasTechnique, 9x9) tells cheaply
// which dug puzzles can fit, instead of rating each: it solves them with
// the prefix of the technique set up to the target in Sudoku Explainer's
// rule order (singles first, which a small solver settles at once). When
// that path solves the puzzle and takes a step of the target, it is the
// path under the whole set (SE takes the first rule that finds a step,
// and every rule before the target's is in the prefix), and its rating is
// the puzzle's; otherwise (stuck, or no step of the target) the hardest
// step is not the target, and the puzzle is dropped unrated. A puzzle
// whose hardest step is the target while a later rule of lower rating
// also steps in (a TUVWXYZ-Wing at 6.6 before a long forcing chain) is
// dropped too: it is rare, and no puzzle is wrongly kept.

// ruleOrder lists the techniques in the order the logic package tries its
// rules at 9x9: the Technique order, but for the finned fish (after hidden
// triples) and W-Wings (after XYZ-Wings), which are not in SE's rule set.
func ruleOrder() []logic.Technique {
	var ts []logic.Technique
	for _, t := range logic.Techniques() {
		switch t {
		case logic.FinnedFish, logic.WWing:
			continue
		}
		ts = append(ts, t)
		switch t {
		case logic.HiddenTriple:
			ts = append(ts, logic.FinnedFish)
		case logic.XYZWing:
			ts = append(ts, logic.WWing)
		}
	}
	return ts
}

// prefix returns the techniques of set up to and including t in rule
// order, with the singles always.
func prefix(set logic.TechniqueSet, t logic.Technique) logic.TechniqueSet {
	p := logic.TechniqueSet(0).With(logic.FullHouse, logic.HiddenSingle, logic.NakedSingle)
	for _, u := range ruleOrder() {
		if set.Has(u) {
			p = p.With(u)
		}
		if u == t {
			break
		}
	}
	return p
}

// techniquePuzzle makes puzzle k of a technique (the Attempts loop of
// puzzle, for technique digs).
func (w *worker) techniquePuzzle(k uint64, r *rng) (*Puzzle, error) {
	d := w.opt.Difficulty
	set := d.Techniques
	if set == 0 {
		set = logic.DefaultTechniques()
	}
	s := &solvable{ctx: w.ctx, geo: w.geo, set: prefix(set, d.Technique), target: d.Technique, step: d.Step}
	var best *Puzzle
	checks, guesses := 0, int64(0)
	for attempt := 1; attempt <= w.opt.Attempts; attempt++ {
		if err := w.f.fill(w.sol); err != nil {
			return nil, err
		}
		p, err := w.techniqueDig(gridOf(w.opt.Order, w.sol), r, s)
		if err != nil {
			return nil, err
		}
		checks += p.Checks
		guesses += p.Guesses
		p.Index, p.rated = k, true
		if p.Rating != nil && (best == nil || w.better(p, best)) || best == nil {
			best = p
		}
		best.Attempts = attempt
		if w.meets(best) {
			break
		}
	}
	if best.Rating == nil {
		if err := w.rate(best); err != nil {
			return nil, err
		}
	}
	best.Index = k
	best.Checks, best.Guesses = checks, guesses
	best.TargetMet = w.meets(best)
	return best, w.verify(best)
}

// techniqueDig makes one puzzle of the complete grid sol for s's target:
// a plain dig, whose path with the prefix set tells cheaply whether it
// can fit. It is rated only then; otherwise Rating is nil (it misses).
func (w *worker) techniqueDig(sol *sudoku.Grid, r *rng, s *solvable) (*Puzzle, error) {
	p, err := w.dig(sol, r)
	if err != nil {
		return nil, err
	}
	st, steps, err := s.status(p.Grid)
	if err != nil || st != needsTarget {
		return p, err
	}
	// The path with the whole set is the path with the prefix, which
	// solved the puzzle: every rule before the prefix's last is in it.
	rt := logic.RatePath(steps)
	p.Rating = &rt
	return p, nil
}

// solvable tells how unique puzzles solve with a technique set.
type solvable struct {
	ctx    context.Context
	geo    *geometry
	set    logic.TechniqueSet
	target logic.Technique
	step   string
	cand   []units.Set
}

// The outcomes of a path with the prefix set.
const (
	stuck       = iota // it gets stuck: the puzzle is too hard
	tooEasy            // it solves the puzzle without the target
	needsTarget        // it solves the puzzle with a step of the target
)

// status solves the unique puzzle p with s.set and says how it went,
// with the steps of the path.
func (s *solvable) status(p *sudoku.Grid) (int, []*logic.Step, error) {
	if s.target > logic.NakedSingle && s.set.Has(logic.NakedSingle) && s.set.Has(logic.HiddenSingle) && s.singles(p) {
		return tooEasy, nil, nil
	}
	steps, err := logic.Solve(s.ctx, p, logic.Options{Techniques: s.set, AssumeUnique: true})
	switch {
	case errors.Is(err, logic.ErrStuck):
		return stuck, steps, nil
	case err != nil:
		return 0, nil, fmt.Errorf("generate: solving by logic: %w", err)
	}
	for _, st := range steps {
		if st.Technique == s.target {
			return needsTarget, steps, nil
		}
	}
	return tooEasy, steps, nil
}

// singles reports whether naked and hidden singles alone solve p.
func (s *solvable) singles(p *sudoku.Grid) bool {
	g := s.geo
	if s.cand == nil {
		s.cand = make([]units.Set, g.NumCells)
	}
	cand := s.cand
	for i := range cand {
		cand[i] = g.full
	}
	left := g.NumCells
	place := func(i, v int) bool {
		if !cand[i].Has(v) {
			return false
		}
		cand[i] = 0
		left--
		for _, j := range g.Peers[i] {
			cand[j] = cand[j].Remove(v)
		}
		return true
	}
	for i := range cand {
		if v := p.Cell(i); v != 0 && !place(i, v) {
			return false
		}
	}
	for left > 0 {
		progress := false
		for i, c := range cand {
			if c != 0 && c&(c-1) == 0 {
				if !place(i, c.Min()) {
					return false
				}
				progress = true
			}
		}
		for _, u := range g.Units {
			var once, twice units.Set
			for _, i := range u {
				twice |= once & cand[i]
				once |= cand[i]
			}
			only := once &^ twice
			for only != 0 {
				v := only.Min()
				only = only.Remove(v)
				for _, i := range u {
					if cand[i].Has(v) {
						place(i, v)
						progress = true
						break
					}
				}
			}
		}
		if !progress {
			return false
		}
	}
	return true
}
