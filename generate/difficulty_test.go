package generate

import (
	"context"
	"testing"

	"github.com/gosudoku/sudoku"
	"github.com/gosudoku/sudoku/logic"
)

func TestDifficulty(t *testing.T) {
	tests := []struct {
		name string
		d    *Difficulty
	}{
		{"easy", ForLevel(logic.Easy)},
		{"hard", ForLevel(logic.Hard)},
		{"x-wing", &Difficulty{HasTechnique: true, Technique: logic.XWing}},
		{"2.6-3.0", &Difficulty{MinER: 26, MaxER: 30}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, err := New(Options{Seed: 7, Difficulty: tt.d, Workers: 2, Attempts: 5000})
			if err != nil {
				t.Fatal(err)
			}
			var got []*Puzzle
			err = g.Run(context.Background(), 0, 3, func(p *Puzzle) error {
				got = append(got, p)
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			for _, p := range got {
				if !p.TargetMet || !tt.d.fits(p.Rating) {
					t.Fatalf("puzzle %d: rating %v does not fit %+v", p.Index, p.Rating, *tt.d)
				}
				// The rating is the logic package's, made afresh.
				r, err := logic.Rate(context.Background(), p.Grid, logic.Options{})
				if err != nil || r.ER != p.Rating.ER {
					t.Fatalf("puzzle %d: rated %v (%v) again, generator said %s", p.Index, r, err, p.Rating)
				}
				res, err := sudoku.Count(context.Background(), p.Grid, 2, sudoku.Options{})
				if err != nil || res.Count != 1 || !p.Minimal {
					t.Fatalf("puzzle %d: %d solutions, minimal %v", p.Index, res.Count, p.Minimal)
				}
			}
			// The same seed gives the same puzzles, one worker or two.
			g1, _ := New(Options{Seed: 7, Difficulty: tt.d, Attempts: 5000})
			p, err := g1.Puzzle(context.Background(), 2)
			if err != nil || !p.Grid.Equal(got[2].Grid) {
				t.Fatalf("puzzle 2 differs when made alone: %v", err)
			}
		})
	}
	if _, err := New(Options{Difficulty: &Difficulty{MinER: 50, MaxER: 40}}); err == nil {
		t.Error("an empty rating range was accepted")
	}
}
