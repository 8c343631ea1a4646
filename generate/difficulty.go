package generate

import (
	"context"
	"errors"
	"fmt"

	"github.com/gosudoku/sudoku/logic"
)

// Difficulty asks for puzzles of a Sudoku Explainer rating: each dug
// puzzle is rated (logic.Rate) and kept only if its ER lies in
// MinER..MaxER and, with HasTechnique, its hardest step is of Technique.
// Ratings are in tenths (45 is 4.5). Logic steps exist for every order,
// but most techniques work at 9x9 only.
//
// With HasTechnique at 9x9 a dug puzzle is rated only if its path with
// the techniques up to the target (in SE's rule order) solves it with a
// step of the target; others cannot fit (see technique.go). That finds
// the same puzzles as rating every dig, 3 to 7 times faster.
type Difficulty struct {
	MinER, MaxER int // MaxER 0: no upper bound
	// HasTechnique asks that the hardest step of the path be of Technique.
	HasTechnique bool
	Technique    logic.Technique
	// Step, if set, also asks that the hardest step be of this variant of
	// Technique, by its name in logic.Step.Name (for example "Skyscraper"
	// or "2-String Kite" of TurbotFish).
	Step string
	// Techniques is the technique set of the ratings (0: the default).
	Techniques logic.TechniqueSet

	// filter turns the technique search off: every dug puzzle is rated,
	// as before it existed (for benchmarks).
	filter bool
	// lead, if set, leads the dig (ForOrder): a clue goes only if the
	// puzzle stays solvable with these techniques.
	lead logic.TechniqueSet
}

// ErrUnreachable is returned (wrapped) by New when the technique asked for
// cannot be, or practically never is, the hardest step of a puzzle.
var ErrUnreachable = errors.New("is never, or practically never, the hardest step")

// variants are the step names SetTechnique takes besides the techniques'.
var variants = []struct {
	id   string
	tech logic.Technique
	name string
}{
	{"skyscraper", logic.TurbotFish, "Skyscraper"},
	{"2-string-kite", logic.TurbotFish, "2-String Kite"},
	{"empty-rectangle", logic.TurbotFish, "Empty Rectangle"},
}

// SetTechnique asks for puzzles whose hardest step is of the technique
// named s: a technique's ID or name (logic.ParseTechnique), or one of the
// step variants skyscraper, 2-string-kite and empty-rectangle.
func (d *Difficulty) SetTechnique(s string) error {
	for _, v := range variants {
		if s == v.id || s == v.name {
			d.HasTechnique, d.Technique, d.Step = true, v.tech, v.name
			return nil
		}
	}
	t, err := logic.ParseTechnique(s)
	if err != nil {
		return fmt.Errorf("%w (or one of skyscraper, 2-string-kite, empty-rectangle)", err)
	}
	d.HasTechnique, d.Technique, d.Step = true, t, ""
	return nil
}

// target names what d asks the hardest step to be.
func (d *Difficulty) target() string {
	if d.Step != "" {
		return d.Step
	}
	return d.Technique.String()
}

// guided reports whether puzzles of d are searched for by technique.
func (d *Difficulty) guided(order int) bool {
	return d.HasTechnique && order == 3 && !d.filter
}

// ForLevel returns the Difficulty of a named level.
func ForLevel(l logic.Level) *Difficulty {
	lo, hi := l.Bounds()
	return &Difficulty{MinER: lo, MaxER: hi}
}

// ForOrder returns the Difficulty of a named level for puzzles of the
// given order (box width: 3 for 9x9, 4 for 16x16). Use it, not ForLevel,
// for a level at any order:
//
//	gen, err := generate.New(generate.Options{Order: 4, Difficulty: generate.ForOrder(4, logic.Hard), Seed: seed})
//	p, err := gen.Puzzle(ctx, 0) // p.Rating.Level == logic.Hard when p.TargetMet
//
// At 9x9 it is ForLevel. At the other orders plain digs are nearly all
// extreme (16x16: ER 9.0 to 12.0, dynamic and nested forcing chains) or,
// at 4x4, all easy (MaxER4: only Easy can be asked for there), so the dig
// itself is led by the logic: a clue goes only if the puzzle stays
// solvable with the techniques of the level (hidden singles for Easy; up
// to direct hidden triples for Medium; up to hidden triples for Hard; up
// to quads, forcing X-chains and XY-chains for Expert; up to cell and
// region forcing chains for Extreme, below 25x25) and its path with them
// rates at most the level's top; once the puzzle reaches the level's
// bottom, it must also stay there. The puzzle kept is rated as any other.
// Such a puzzle is "level-minimal" (Puzzle.Kind): no clue can go without
// the puzzle leaving its level. CPU time a 16x16 puzzle, median and 95th
// percentile over seeds 1-24 (one core): Easy 0.04 and 0.06 s, Medium 0.05
// and 0.08 s, Hard 0.15 and 0.21 s, Expert 0.34 and 0.81 s (ER 5.0-6.8),
// Extreme 2.0 and 5.8 s (ER 8.1-8.7: rating such a puzzle takes 0.16 s,
// where plain digs of ER 9.2-11.9 took up to 7 s). Give the levels a
// context with a deadline.
func ForOrder(order int, l logic.Level) *Difficulty {
	d := ForLevel(l)
	if order == 3 {
		return d
	}
	last := map[logic.Level]logic.Technique{
		logic.Easy:    logic.HiddenSingle,
		logic.Medium:  logic.DirectHiddenTriple,
		logic.Hard:    logic.HiddenTriple,
		logic.Expert:  logic.XYChain,
		logic.Extreme: logic.BigMultipleChain,
	}
	if l == logic.Extreme && order > 4 {
		delete(last, l) // not measured beyond 16x16: plain digs, rated
	}
	if t, ok := last[l]; ok {
		d.lead = logic.TechniqueSet(0).With(logic.FullHouse)
		for _, u := range logic.RuleOrder(order) {
			d.lead = d.lead.With(u)
			if u == t {
				break
			}
		}
		d.lead = d.lead & logic.DefaultTechniques()
	}
	return d
}

// MaxER4 is the highest rating of any 4x4 puzzle: hidden singles (1.2)
// solve every one. Measured: all 566,000 puzzles with one solution made
// by blanking any set of cells of 12 random grids rate 1.0 or 1.2.
const MaxER4 = 12

// ErrTooHard is returned (wrapped) by New when the ratings asked for are
// above every puzzle of the order (see MaxER4).
var ErrTooHard = errors.New("no puzzle of this size rates so high")

func (d *Difficulty) validate(order int) error {
	if d.MinER < 0 || d.MaxER < 0 || d.MaxER != 0 && d.MaxER < d.MinER {
		return fmt.Errorf("generate: rating range %s-%s is empty", logic.FormatRating(d.MinER), logic.FormatRating(d.MaxER))
	}
	if order == 2 && d.MinER > MaxER4 {
		return fmt.Errorf("generate: ER %s and up at 4x4: %w: hidden singles solve every 4x4 puzzle (ER %s at most), so easy is its only level",
			logic.FormatRating(d.MinER), ErrTooHard, logic.FormatRating(MaxER4))
	}
	if d.HasTechnique {
		if why := d.unreachable(order); why != "" {
			return fmt.Errorf("generate: %s %w: %s", d.target(), ErrUnreachable, why)
		}
	}
	return nil
}

// unreachable says why d's technique is never the hardest step of a
// puzzle of the order, or returns "".
func (d *Difficulty) unreachable(order int) string {
	set := d.Techniques
	if set == 0 {
		set = logic.DefaultTechniques()
	}
	t := d.Technique
	switch {
	case t < 0 || int(t) >= len(logic.Techniques()):
		return "no such technique"
	case !set.Has(t):
		return "it is not in the technique set (see -techniques)"
	case order == 3 && t >= logic.XChain:
		return "it is a rule for grids other than 9x9; SE's chains take its place at 9x9"
	case order != 3 && !anyOrder(t):
		return "it works at 9x9 only"
	}
	if order == 3 {
		for _, u := range rare {
			if u.tech == t {
				return u.why
			}
		}
	}
	return ""
}

// anyOrder reports whether the logic has technique t at every order.
func anyOrder(t logic.Technique) bool {
	switch t {
	case logic.FullHouse, logic.HiddenSingle, logic.DirectPointing, logic.DirectHiddenPair, logic.NakedSingle,
		logic.DirectHiddenTriple, logic.Intersection, logic.NakedPair, logic.XWing, logic.HiddenPair,
		logic.NakedTriple, logic.Swordfish, logic.HiddenTriple, logic.NakedQuad, logic.Jellyfish, logic.HiddenQuad:
		return true
	}
	return t >= logic.XChain
}

// rare lists the 9x9 techniques that practically never set the ER of a
// minimal puzzle of the default set, and why (measured on plain digs of
// random grids: none in 20,000 to 40,000; for comparison, swordfish is
// the hardest step of one in 4,000, 4 strong-linked fishes of one in
// 7,000, the TUVWXYZ-Wing of one in 4,000 to 20,000).
var rare = []struct {
	tech logic.Technique
	why  string
}{
	{logic.FullHouse, "a path of full houses alone needs units of 8 clues, which minimal puzzles do not have (none in 20,000)"},
	{logic.AlignedPairExclusion, "the wings and strong-link fishes before it in SE's rule order take its place (none in 40,000 puzzles)"},
	{logic.DynamicForcingChainPlus, "puzzles that need it (ER 9 and up) are too rare among random ones to find by digging (none in 24,000)"},
	{logic.NestedForcingChain, "puzzles that need it (ER 9.5 and up) are too rare among random ones to find by digging (none in 24,000)"},
}

// odds are the rare 9x9 techniques that are the hardest step of one
// plain dug puzzle in so many (measured on 20,000 to 40,000 random
// minimal puzzles of the default set; for comparison, x-wing is one in
// 430 and swordfish one in 4,000).
var odds = []struct {
	tech logic.Technique
	in   int
}{
	{logic.Jellyfish, 20000},
	{logic.HiddenQuad, 40000},
	{logic.FourStrongLinks, 13000},
	{logic.TUVWXYZWing, 24000},
}

// Odds returns, for a technique that is rarely the hardest step of a
// 9x9 puzzle, how many plain dug puzzles there are per puzzle whose
// hardest step it is (measured), so that a caller can warn that many
// searches will stop at Options.Attempts; 0 when it is not rare, or d
// asks for no technique.
func (d *Difficulty) Odds(order int) int {
	if !d.HasTechnique || order != 3 {
		return 0
	}
	for _, o := range odds {
		if o.tech == d.Technique {
			return o.in
		}
	}
	return 0
}

// fits reports whether a rating meets d.
func (d *Difficulty) fits(r *logic.Rating) bool {
	if r == nil || r.ER < d.MinER || d.MaxER > 0 && r.ER > d.MaxER {
		return false
	}
	return !d.HasTechnique || r.HardestTechnique == d.Technique && (d.Step == "" || r.Hardest == d.Step)
}

// distance is how far a rating lies from d's range, in tenths (0 inside;
// a missing technique counts 1).
func (d *Difficulty) distance(r *logic.Rating) int {
	if r == nil {
		return 1 << 30
	}
	n := 0
	switch {
	case r.ER < d.MinER:
		n = d.MinER - r.ER
	case d.MaxER > 0 && r.ER > d.MaxER:
		n = r.ER - d.MaxER
	}
	if d.HasTechnique && (r.HardestTechnique != d.Technique || d.Step != "" && r.Hardest != d.Step) {
		n++
	}
	return n
}

// rate rates p's puzzle for the Difficulty option. A puzzle the logic
// cannot solve gets no rating (it never fits).
func (w *worker) rate(p *Puzzle) error {
	d := w.opt.Difficulty
	r, err := logic.Rate(w.ctx, p.Grid, logic.Options{Techniques: d.Techniques, AssumeUnique: true})
	switch {
	case err == nil:
		p.Rating = &r
	case errors.Is(err, logic.ErrStuck):
		p.Rating = nil
	case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		return err
	default:
		return fmt.Errorf("generate: rating puzzle %d: %w", p.Index, err)
	}
	return nil
}

// ratingComment words a puzzle's rating for its comment.
func ratingComment(r *logic.Rating) string {
	if r == nil {
		return " er=?"
	}
	return fmt.Sprintf(" er=%s level=%s hardest=%q", logic.FormatRating(r.ER), r.Level, r.Hardest)
}
