package logic

import (
	"context"
	"testing"

	"github.com/gosudoku/sudoku"
)

// extraFinders are the finders outside SE's rule set, which the rule table
// does not list.
var extraFinders = []struct {
	tech Technique
	find finder
}{
	{FinnedFish, findFinnedFish},
	{WWing, findWWing},
}

// TestExtraFindersSound walks the paths of sample puzzles and checks, at
// every step, every finned fish and W-Wing found against the solution. It
// fails if either finds nothing on the whole sample.
func TestExtraFindersSound(t *testing.T) {
	found := map[Technique]int{}
	names := map[string]int{}
	e := &env{ctx: context.Background()}
	n := samplePaths(t, 15, func(text string, g *Grid, sol *sudoku.Grid) {
		for _, x := range extraFinders {
			x.find(e, g, func(st *Step) bool {
				found[x.tech]++
				names[st.Name]++
				if st.Technique != x.tech || len(st.Eliminations) == 0 || st.Text == "" {
					t.Errorf("%s: bad step %v", text, st)
				}
				checkElims(t, text, st, g, sol)
				return true
			})
		}
	})
	t.Logf("%d puzzles: %v", n, names)
	for _, x := range extraFinders {
		if found[x.tech] == 0 {
			t.Errorf("no %s found", x.tech)
		}
	}
}

// TestExtraFinders checks the first step of each extra finder on grids of
// a path (a puzzle of the calibration set rated 5.7, after the given
// number of steps).
func TestExtraFinders(t *testing.T) {
	const puzzle = "000940217007800000050170008608000000070000030000000105700083040000009600246017000"
	tests := []struct {
		steps int
		find  finder
		want  string
		text  string
	}{
		{0, findFinnedFish, "name: Sashimi X-Wing\nrating: 3.5\nelim: r2c1-3\n",
			"In row 1 and row 3, 3 lies only in column 1 and column 7 but for the fins r1c2, r1c3 and r3c3. If no fin is 3, that is an X-Wing, which takes 3 from the rest of column 1 and column 7; if one is, 3 goes from the rest of box 1. Either way 3 goes from r2c1"},
		{1, findFinnedFish, "name: Finned X-Wing\nrating: 3.4\nelim: r5c4-5 r5c6-5\n",
			"In column 1 and column 5, 5 lies only in row 5 and row 8 but for the fin r4c5. If the fin is not 5, that is an X-Wing, which takes 5 from the rest of row 5 and row 8; if it is, 5 goes from the rest of box 5. Either way 5 goes from r5c4 and r5c6"},
		{4, findWWing, "name: W-Wing\nrating: 4.2\nelim: r4c5-2 r5c5-2 r6c5-2\n",
			"r5c4 and r8c5 hold only 2 and 5; in column 1, 5 is in r5c1 or r8c1, so one of r5c4 and r8c5 is not 5 but 2, and 2 goes from r4c5, r5c5 and r6c5"},
		{34, findFinnedFish, "name: Finned Swordfish\nrating: 4.0\nelim: r5c9-9\n",
			"In column 1, column 5 and column 8, 9 lies only in row 3, row 5 and row 6 but for the fin r4c8. If the fin is not 9, that is a Swordfish, which takes 9 from the rest of row 3, row 5 and row 6; if it is, 9 goes from the rest of box 6. Either way 9 goes from r5c9"},
	}
	p, err := sudoku.Parse(puzzle)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range tests {
		g, _ := NewGrid(p)
		s, err := newSolver(context.Background(), g, Options{AssumeUnique: true})
		if err != nil {
			t.Fatal(err)
		}
		for range tc.steps {
			st, err := s.next(g)
			if err != nil {
				t.Fatal(err)
			}
			g.Apply(st)
		}
		var first *Step
		tc.find(&env{ctx: context.Background()}, g, func(st *Step) bool {
			first = st
			return false
		})
		if first == nil {
			t.Errorf("after %d steps: nothing found", tc.steps)
			continue
		}
		if got := describeStep(g, first); got != tc.want || first.Text != tc.text {
			t.Errorf("after %d steps:\n%s%s\nwant:\n%s%s", tc.steps, got, first.Text, tc.want, tc.text)
		}
		checkSound(t, g, first)
	}
}
