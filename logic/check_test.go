package logic

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/gosudoku/sudoku"
)

// TestNotUnique: a search for steps on a grid without exactly one solution
// ends at once with an error saying why, at every order (the empty 16x16
// and 25x25 grids ran until the context ended, the empty 64x64 grid grew
// to gigabytes, and a puzzle without a solution got a step).
func TestNotUnique(t *testing.T) {
	const readme = "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97.."
	tests := []struct {
		name   string
		puzzle func(t *testing.T) *sudoku.Grid
		want   error
		text   string // in the error
		solve  string // in Solve's error, if not text
	}{
		{"empty 9x9", empty(3), ErrMultiple, "more than one solution", ""},
		{"empty 16x16", empty(4), ErrMultiple, "more than one solution", ""},
		{"empty 25x25", empty(5), ErrMultiple, "more than one solution", ""},
		{"empty 64x64", empty(8), ErrMultiple, "more than one solution", ""},
		// r1c1 = 2 leaves no solution, though nothing clashes and every
		// cell keeps a candidate.
		{"no solution", parsed("2" + readme[1:]), ErrNoSolution, "no solution", ""},
		{"marks lost the solution", func(t *testing.T) *sudoku.Grid {
			p := parsed(readme)(t)
			// The solution has 1 in r1c1; the player's marks leave 4 and 6.
			if err := p.SetMarks(0, 1<<3|1<<5); err != nil {
				t.Fatal(err)
			}
			return p
		}, ErrNoSolution, "r1c1 lost its 1, which the solution needs", ""},
		{"placed value refuted", func(t *testing.T) *sudoku.Grid {
			p := parsed(readme)(t)
			if err := p.Place(0, 2); err != nil {
				t.Fatal(err)
			}
			return p
		}, ErrNoSolution, "no solution", "r1c1 = 2 was placed, the solution has 1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			defer cancel()
			p := tt.puzzle(t)
			g, err := NewGrid(p)
			if err != nil {
				t.Fatal(err)
			}
			check := func(what string, err error) {
				t.Helper()
				text := tt.text
				if tt.solve != "" && (what == "Solve" || what == "Rate") {
					text = tt.solve
				}
				if !errors.Is(err, tt.want) || !errors.Is(err, ErrNotUnique) || !strings.Contains(fmt.Sprint(err), text) {
					t.Errorf("%s: %v, want %v with %q", what, err, tt.want, text)
				}
			}
			st, err := Next(ctx, g, Options{})
			if st != nil {
				t.Errorf("Next gave a step: %s", st)
			}
			check("Next", err)
			steps, err := Path(ctx, g.Clone(), Options{})
			if len(steps) > 0 {
				t.Errorf("Path gave %d steps", len(steps))
			}
			check("Path", err)
			_, err = Available(ctx, g, Options{}, 0)
			check("Available", err)
			if g.Order() == 3 {
				// Solve knows which values the player placed and names a
				// wrong one; a logic grid holds only values.
				_, err = Solve(ctx, p, Options{})
				check("Solve", err)
				_, err = Rate(ctx, p, Options{})
				check("Rate", err)
			}
		})
	}
}

// TestCheckUniqueLimit: a count that stops at its guess limit says so.
func TestCheckUniqueLimit(t *testing.T) {
	p := empty(6)(t)
	err := CheckUnique(context.Background(), p, 1)
	if !errors.Is(err, sudoku.ErrLimit) || !strings.Contains(err.Error(), "could not check") {
		t.Fatalf("CheckUnique with 1 guess: %v, want sudoku.ErrLimit", err)
	}
}

func empty(order int) func(t *testing.T) *sudoku.Grid {
	return func(t *testing.T) *sudoku.Grid {
		p, err := sudoku.New(order)
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
}

func parsed(s string) func(t *testing.T) *sudoku.Grid {
	return func(t *testing.T) *sudoku.Grid {
		p, err := sudoku.Parse(s)
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
}

// TestChainBudget: on a grid with few givens the chains stop at their
// memory budget instead of holding gigabytes (an empty 64x64 grid's hint
// grew to 2.2 GB before): the search ends with ErrBudget having allocated
// a bounded amount.
func TestChainBudget(t *testing.T) {
	if testing.Short() {
		t.Skip("a 64x64 chain search")
	}
	for _, order := range []int{6, 8} {
		g, err := NewGrid(empty(order)(t))
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
		var m0, m1 runtime.MemStats
		runtime.ReadMemStats(&m0)
		_, err = Next(ctx, g, Options{AssumeUnique: true})
		runtime.ReadMemStats(&m1)
		cancel()
		if !errors.Is(err, ErrBudget) || !errors.Is(err, sudoku.ErrLimit) {
			t.Errorf("empty %dx%d: %v, want ErrBudget", order*order, order*order, err)
		}
		if mb := (m1.TotalAlloc - m0.TotalAlloc) >> 20; mb > 400 {
			t.Errorf("empty %dx%d: the search allocated %d MiB", order*order, order*order, mb)
		} else {
			t.Logf("empty %dx%d: %d MiB allocated", order*order, order*order, mb)
		}
	}
}
