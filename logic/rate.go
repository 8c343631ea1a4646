package logic

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/gosudoku/sudoku"
)

// Rating is a puzzle's difficulty as Sudoku Explainer (serate) reports it,
// each figure in tenths (12 is 1.2).
type Rating struct {
	// ER is the rating of the hardest step of the path.
	ER int
	// EP is the hardest step up to the first step that places a value.
	EP int
	// ED is the rating of the first step.
	ED int
	// Level names the band of ER (see Level).
	Level Level
	// Steps is the number of steps of the path.
	Steps int
	// Hardest, HardestEP and HardestED name the steps that set ER, EP
	// and ED.
	Hardest, HardestEP, HardestED string
	// HardestTechnique is the technique of the step that set ER.
	HardestTechnique Technique
	// Techniques counts the steps of each name, hardest first.
	Techniques []TechniqueCount
}

// TechniqueCount is how many steps of one name a path took, and their
// highest rating.
type TechniqueCount struct {
	Name   string
	Rating int
	Count  int
}

// String returns the rating in serate's forum convention, for example
// "ED=7.1/1.2/1.2" (ER/EP/ED).
func (r Rating) String() string {
	return fmt.Sprintf("ED=%s/%s/%s", FormatRating(r.ER), FormatRating(r.EP), FormatRating(r.ED))
}

// Level is a named band of ratings, from Easy to Extreme.
type Level int

// The levels and the ER (hardest step) each allows:
//
//	Easy     1.0-1.5  full houses and hidden singles
//	Medium   1.6-2.5  naked singles and direct techniques
//	Hard     2.6-4.4  intersections, pairs, triplets, basic fish, XY- and XYZ-Wings
//	Expert   4.5-7.0  uniqueness, quads, larger wings, strong links, cycles and X-chains
//	Extreme  7.1 on   forcing chains, dynamic and nested chains
const (
	Easy Level = iota
	Medium
	Hard
	Expert
	Extreme
	numLevels
)

var levelNames = [numLevels]string{"easy", "medium", "hard", "expert", "extreme"}

// levelMax is the highest ER of each level, in tenths.
var levelMax = [numLevels]int{15, 25, 44, 70, 1 << 30}

func (l Level) String() string {
	if l < 0 || l >= numLevels {
		return fmt.Sprintf("Level(%d)", int(l))
	}
	return levelNames[l]
}

// Bounds returns the lowest and highest ER of the level, in tenths (the
// highest of Extreme is 200, SE's "beyond solver").
func (l Level) Bounds() (lo, hi int) {
	if l > 0 {
		lo = levelMax[l-1] + 1
	}
	hi = levelMax[l]
	if l == Extreme {
		hi = 200
	}
	return lo, hi
}

// LevelOf returns the level of an ER in tenths.
func LevelOf(er int) Level {
	for l := range numLevels {
		if er <= levelMax[l] {
			return l
		}
	}
	return Extreme
}

// ParseLevel reads a level by name ("easy" ... "extreme").
func ParseLevel(s string) (Level, error) {
	for l := range numLevels {
		if s == levelNames[l] {
			return l, nil
		}
	}
	return 0, fmt.Errorf("unknown level %q (want easy, medium, hard, expert or extreme)", s)
}

// ErrNotUnique is matched (errors.Is) by the error of a search for steps
// on a puzzle that does not have exactly one solution: ErrNoSolution and
// ErrMultiple say which.
var ErrNotUnique = errors.New("logic: the puzzle does not have exactly one solution")

// Rate solves p as Sudoku Explainer does and rates it: ER is the hardest
// step, EP the hardest up to the first placement, ED the first step. The
// puzzle must have exactly one solution. Options.AssumeUnique skips that
// check when the caller has made it.
func Rate(ctx context.Context, p *sudoku.Grid, opt Options) (Rating, error) {
	steps, err := Solve(ctx, p, opt)
	if err != nil {
		return Rating{}, err
	}
	return RatePath(steps), nil
}

// Solve checks that p has exactly one solution (unless
// Options.AssumeUnique) and returns its path, as Path does.
func Solve(ctx context.Context, p *sudoku.Grid, opt Options) ([]*Step, error) {
	g, err := NewGrid(p)
	if err != nil {
		return nil, err
	}
	if !opt.AssumeUnique {
		if err := CheckUnique(ctx, p, opt.MaxGuesses); err != nil {
			return nil, err
		}
		opt.AssumeUnique = true
	}
	return Path(ctx, g, opt)
}

// RatePath returns the rating of a path of steps.
func RatePath(steps []*Step) Rating {
	var r Rating
	r.Steps = len(steps)
	placed := false
	counts := map[string]*TechniqueCount{}
	for k, st := range steps {
		if st.Rating > r.ER {
			r.ER, r.Hardest, r.HardestTechnique = st.Rating, st.Name, st.Technique
		}
		if k == 0 {
			r.ED, r.HardestED = r.ER, r.Hardest
		}
		if !placed {
			r.EP, r.HardestEP = r.ER, r.Hardest
			placed = st.Places()
		}
		c := counts[st.Name]
		if c == nil {
			c = &TechniqueCount{Name: st.Name}
			counts[st.Name] = c
		}
		c.Count++
		c.Rating = max(c.Rating, st.Rating)
	}
	for _, c := range counts {
		r.Techniques = append(r.Techniques, *c)
	}
	slices.SortFunc(r.Techniques, func(a, b TechniqueCount) int {
		if a.Rating != b.Rating {
			return b.Rating - a.Rating
		}
		if a.Name < b.Name {
			return -1
		}
		if a.Name > b.Name {
			return 1
		}
		return 0
	})
	r.Level = LevelOf(r.ER)
	return r
}
