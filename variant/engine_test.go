package variant

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/gosudoku/sudoku"
)

func parseGivens(t testing.TB, s string) []int {
	t.Helper()
	v := make([]int, len(s))
	for i := range s {
		if s[i] >= '1' && s[i] <= '9' {
			v[i] = int(s[i] - '0')
		}
	}
	return v
}

func TestLatinAndBoxes(t *testing.T) {
	// A 9x9 puzzle solved by the variant engine (an extra one-cell region
	// keeps it off the classic path) must agree with the classic engine.
	const puz = "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97.."
	const sol = "145327698839654127672918543496185372218473956753296481367542819984761235521839764"
	p := New(9)
	p.Givens = parseGivens(t, puz)
	p.Rules = []Rule{ExtraRegion{Cells: []Cell{{1, 1}}}}
	r, err := Count(context.Background(), p, 2, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if r.Count != 1 {
		t.Fatalf("count %d, want 1", r.Count)
	}
	for i, v := range r.Solution {
		if v != int(sol[i]-'0') {
			t.Fatalf("solution differs at %s: %d, want %c", CellName(i, 9), v, sol[i])
		}
	}
}

// TestLimits: a search with too many solutions stops at the context's
// deadline or at MaxNodes, with a partial count, never hangs.
func TestLimits(t *testing.T) {
	p := &Puzzle{Size: 12, Rules: []Rule{AntiKing{}}} // a Latin square: countless solutions
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	t0 := time.Now()
	r, err := Count(ctx, p, 1<<40, Options{CountOnly: true})
	if !errors.Is(err, context.DeadlineExceeded) || r.Count == 0 {
		t.Errorf("Count = %d, %v; want some solutions and the deadline", r.Count, err)
	}
	if d := time.Since(t0); d > 5*time.Second {
		t.Errorf("stopped after %v", d)
	}
	r, err = Count(context.Background(), p, 1<<40, Options{MaxNodes: 1000, CountOnly: true})
	if !errors.Is(err, sudoku.ErrLimit) || r.Guesses != 1001 {
		t.Errorf("Count = %d guesses, %v; want ErrLimit after 1000", r.Guesses, err)
	}
}

// TestConcurrent: searches and generators share nothing mutable (run
// with -race).
func TestConcurrent(t *testing.T) {
	spec, err := ParseSpec("killer", 6)
	if err != nil {
		t.Fatal(err)
	}
	errs := make(chan error, 4)
	for w := range 4 {
		go func() {
			for seed := range uint64(3) {
				g, err := Generate(context.Background(), spec, seed+uint64(10*w))
				if err == nil {
					var r Result
					r, err = Count(context.Background(), g.Puzzle, 2, Options{})
					if err == nil && r.Count != 1 {
						err = errors.New("not unique")
					}
				}
				if err != nil {
					errs <- err
					return
				}
			}
			errs <- nil
		}()
	}
	for range 4 {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
}
