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
type Difficulty struct {
	MinER, MaxER int // MaxER 0: no upper bound
	// HasTechnique asks that the hardest step of the path be of Technique.
	HasTechnique bool
	Technique    logic.Technique
	// Techniques is the technique set of the ratings (0: the default).
	Techniques logic.TechniqueSet
}

// ForLevel returns the Difficulty of a named level.
func ForLevel(l logic.Level) *Difficulty {
	lo, hi := l.Bounds()
	return &Difficulty{MinER: lo, MaxER: hi}
}

func (d *Difficulty) validate() error {
	if d.MinER < 0 || d.MaxER < 0 || d.MaxER != 0 && d.MaxER < d.MinER {
		return fmt.Errorf("generate: rating range %s-%s is empty", logic.FormatRating(d.MinER), logic.FormatRating(d.MaxER))
	}
	return nil
}

// fits reports whether a rating meets d.
func (d *Difficulty) fits(r *logic.Rating) bool {
	if r == nil || r.ER < d.MinER || d.MaxER > 0 && r.ER > d.MaxER {
		return false
	}
	return !d.HasTechnique || r.HardestTechnique == d.Technique
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
	if d.HasTechnique && r.HardestTechnique != d.Technique {
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
