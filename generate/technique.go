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
//
// Near misses are repaired: a dig too hard for the prefix, whose path
// took a step of the target before it got stuck, gets clues back where
// the path sticks until it needs the target, is dug again under the logic
// (a clue goes only if the prefix still solves the puzzle with a step of
// the target) and then by uniqueness alone. Minimality: a puzzle dug
// under the logic is minimal for the prefix, not always minimal, since a
// clue may go while the puzzle stays unique, only not within the prefix;
// the last dig would take such a clue, and the repair is kept only when
// it takes none. So every puzzle is as reduced as a plain dig's (minimal,
// or orbit-minimal with a Symmetry; minimal with Options.Minimal), and
// its Kind says so.

// prefix returns the techniques of set up to and including t in the
// logic's rule order at 9x9 (logic.RuleOrder), with full houses and hidden
// singles (the first rule) always.
// Naked singles come fourth: a prefix that ends before them (at direct
// pointing) must lack them, or its path could differ from the whole set's.
func prefix(set logic.TechniqueSet, t logic.Technique) logic.TechniqueSet {
	p := logic.TechniqueSet(0).With(logic.FullHouse, logic.HiddenSingle)
	for _, u := range logic.RuleOrder(3) {
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
	s := &solvable{ctx: w.ctx, geo: w.geo, set: prefix(set, d.Technique), target: d.Technique, step: d.Step,
		orbits: w.orbits, orbitOf: make([]int, w.geo.NumCells)}
	for oi, o := range w.orbits {
		for _, c := range o {
			s.orbitOf[c] = oi
		}
	}
	var best *Puzzle
	checks, guesses := 0, int64(0)
	for attempt := 1; attempt <= w.opt.Attempts; attempt++ {
		if err := w.f.fill(w.sol); err != nil {
			return nil, err
		}
		if attempt > repairAfter {
			s.tries, s.levels = repairTries, repairLevels
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

// The repair of near misses (see repair) finds 1.5 to 2 times as many
// puzzles per grid for rare targets (x-wing, hidden triple, 2-string kite)
// for about the same CPU time per puzzle found; for common targets it
// costs more than it finds, so it starts only after repairAfter grids
// without a fit. complete tries repairTries cells at each of up to
// repairLevels stuck points.
const (
	repairAfter  = 20
	repairTries  = 4
	repairLevels = 3
)

// techniqueDig makes one puzzle of the complete grid sol for s's target:
// a plain dig, whose path with the prefix set tells cheaply whether it
// can fit. It is rated only then; otherwise Rating is nil (it misses).
// A dig too hard for the prefix whose path took a step of the target
// before it got stuck is repaired (see repair).
func (w *worker) techniqueDig(sol *sudoku.Grid, r *rng, s *solvable) (*Puzzle, error) {
	p, err := w.dig(sol, sol, r)
	if err != nil {
		return nil, err
	}
	st, steps, err := s.status(p.Grid)
	if err != nil {
		return nil, err
	}
	if st == stuck && s.tries > 0 && s.uses(steps) {
		q, err := w.repair(p, sol, r, s)
		if err != nil || q == nil {
			return p, err
		}
		p = q
		st, steps, err = s.status(p.Grid)
		if err != nil {
			return nil, err
		}
	}
	if st != needsTarget {
		return p, nil
	}
	// The path with the whole set is the path with the prefix, which
	// solved the puzzle: every rule before the prefix's last is in it.
	rt := logic.RatePath(steps)
	p.Rating = &rt
	return p, nil
}

// repair looks near the dug puzzle p for one that needs the target: clues
// of sol are added until the prefix's path solves the puzzle with a step
// of the target (complete), clues are dug again while that stays so, and
// then by uniqueness alone. It returns the result if that last dig took
// no clue (so it is as reduced as any dig's), else nil.
func (w *worker) repair(p *Puzzle, sol *sudoku.Grid, r *rng, s *solvable) (*Puzzle, error) {
	q, err := s.complete(p.Grid, sol, r)
	if err != nil || q == nil {
		return nil, err
	}
	w.keep = func(g *sudoku.Grid) (bool, error) {
		st, _, err := s.status(g)
		return st != needsTarget, err
	}
	guided, err := w.dig(sol, q, r)
	w.keep = nil
	if err != nil {
		return nil, err
	}
	d, err := w.dig(sol, guided.Grid, r)
	if err != nil || d.Clues != guided.Clues {
		return nil, err
	}
	d.Checks += p.Checks + guided.Checks
	d.Guesses += p.Guesses + guided.Guesses
	return d, nil
}

// complete returns p with clues of sol added (whole orbits) until the prefix's path
// solves it with a step of the target, or nil if it finds none. At each
// stuck point up to s.tries cells are tried in random order: the first
// whose clue makes the puzzle need the target ends the search; else the
// clue after which the path placed the most cells is added, and if every
// clue tried made it too easy, the search fails.
func (s *solvable) complete(p, sol *sudoku.Grid, r *rng) (*sudoku.Grid, error) {
	q := p.Clone()
	for range s.levels {
		s.blank = s.blank[:0]
		for i := range s.geo.NumCells {
			if q.Cell(i) == 0 {
				s.blank = append(s.blank, i)
			}
		}
		shuffle(r, s.blank)
		next, most := -1, -1
		for _, c := range s.blank[:min(s.tries, len(s.blank))] {
			orbit := s.orbits[s.orbitOf[c]]
			for _, x := range orbit {
				q.SetCell(x, sol.Cell(x))
			}
			st, steps, err := s.status(q)
			if err != nil {
				return nil, err
			}
			if st == needsTarget {
				return q, nil
			}
			for _, x := range orbit {
				q.SetCell(x, 0)
			}
			if st == stuck {
				placed := 0
				for _, x := range steps {
					placed += len(x.Placements)
				}
				if placed > most {
					next, most = c, placed
				}
			}
		}
		if next < 0 {
			return nil, nil
		}
		for _, x := range s.orbits[s.orbitOf[next]] {
			q.SetCell(x, sol.Cell(x))
		}
	}
	return nil, nil
}

// uses reports whether a step of steps is of the target (and variant).
func (s *solvable) uses(steps []*logic.Step) bool {
	for _, st := range steps {
		if st.Technique == s.target && (s.step == "" || st.Name == s.step) {
			return true
		}
	}
	return false
}

// solvable tells how unique puzzles solve with a technique set.
type solvable struct {
	ctx     context.Context
	geo     *geometry
	set     logic.TechniqueSet
	target  logic.Technique
	step    string
	cand    []units.Set
	blank   []int
	orbits  [][]int // the orbits of the Symmetry, and the orbit of each cell
	orbitOf []int
	// tries and levels bound complete; tries 0 turns repairs off.
	tries, levels int
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
	if s.uses(steps) {
		return needsTarget, steps, nil
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

// leadBy returns a keep function for dig, led by d (ForOrder): it keeps
// every clue without which the puzzle is not solvable with the techniques
// of d.lead, or its path there rates above d.MaxER, or, once the puzzle
// has reached d.MinER, rates below it again. The path with d.lead, a
// prefix of the rule order, is the puzzle's whole path when it solves
// it (see RuleOrder), so its hardest step is the puzzle's rating: the dig
// ends in the level's range unless it never reaches MinER.
func (w *worker) leadBy(d *Difficulty) func(p *sudoku.Grid) (bool, error) {
	s := &solvable{ctx: w.ctx, geo: w.geo, set: d.lead}
	opt := logic.Options{Techniques: d.lead, AssumeUnique: true}
	reached := false // the puzzle dug so far rates MinER or more
	return func(p *sudoku.Grid) (bool, error) {
		if d.lead.Has(logic.NakedSingle) && !reached && s.singles(p) {
			return false, nil // singles rate 2.3 at most: within every MaxER of a lead with naked singles
		}
		g, err := logic.NewGrid(p)
		if err != nil {
			return false, fmt.Errorf("generate: solving by logic: %w", err)
		}
		er := 0
		for !g.Solved() {
			st, err := logic.Next(w.ctx, g, opt)
			switch {
			case errors.Is(err, logic.ErrStuck):
				return true, nil
			case err != nil:
				return false, fmt.Errorf("generate: solving by logic: %w", err)
			}
			if er = max(er, st.Rating); d.MaxER > 0 && er > d.MaxER {
				return true, nil
			}
			g.Apply(st)
		}
		if er < d.MinER {
			return reached, nil
		}
		reached = true
		return false, nil
	}
}
