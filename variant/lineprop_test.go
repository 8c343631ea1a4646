package variant

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"
)

// lineCross compares the engine with the reference solver on random
// puzzles of side n: base rules, a random solution sol of them, the
// rules add makes (true or not of sol) and givens of sol at the given
// density; it compares the counts up to 3, and the solution when there
// is one.
func lineCross(t *testing.T, name string, n int, density float64, trials int, base []Rule,
	add func(rng *rand.Rand, p *Puzzle, sol []int) []Rule) {
	t.Helper()
	rng := rand.New(rand.NewPCG(uint64(n), 28))
	counts := [4]int{}
	for range trials {
		p := New(n)
		p.Rules = base
		sol := randomSolution(context.Background(), compile(p), make([]int, n*n), rng, 20000)
		if sol == nil {
			continue
		}
		p.Rules = append(slices.Clone(base), add(rng, p, sol)...)
		if p.Validate() != nil {
			continue
		}
		for i := range p.Givens {
			if rng.Float64() < density {
				p.Givens[i] = sol[i]
			}
		}
		want, wsol, done := refCount(p, 3, nil, 100000)
		if !done {
			continue
		}
		counts[want]++
		res, err := Count(context.Background(), p, 3, Options{})
		if err != nil {
			if _, isCheck := err.(*CheckError); isCheck && want == 0 {
				continue
			}
			t.Fatalf("%s: %v: %v", name, p.Rules, err)
		}
		if res.Count != want {
			t.Fatalf("%s %dx%d rules %v givens %v: engine counts %d, reference %d", name, n, n, p.Rules, p.Givens, res.Count, want)
		}
		if want == 1 && !slices.Equal(res.Solution, wsol) {
			t.Fatalf("%s %v: solutions differ", name, p.Rules)
		}
	}
	t.Logf("%s %dx%d: compared %d with no solution, %d unique, %d several", name, n, n, counts[0], counts[1], counts[2]+counts[3])
	if counts[0]+counts[1]+counts[2]+counts[3] < trials/4 {
		t.Errorf("%s: only %v compared of %d", name, counts, trials)
	}
}

// TestRenbanLines checks the renban propagator on puzzles of many long
// lines, most true of a solution and some not (a line of values that are
// not a run), against the reference solver.
func TestRenbanLines(t *testing.T) {
	for _, sz := range []struct {
		n, trials int
		density   float64
	}{{6, 60, 0.15}, {9, 16, 0.45}} {
		n := sz.n
		lineCross(t, "renban", n, sz.density, sz.trials, nil, func(rng *rand.Rand, p *Puzzle, sol []int) []Rule {
			var rs []Rule
			used := map[int]bool{}
			for range 2 * n {
				path := randomPath(rng, n, 2+rng.IntN(n-1), false, used)
				if len(path) < 2 {
					continue
				}
				lo, hi, seen, distinct := n, 0, map[int]bool{}, true
				for _, c := range path {
					lo, hi = min(lo, sol[c]), max(hi, sol[c])
					distinct = distinct && !seen[sol[c]]
					seen[sol[c]] = true
				}
				if !distinct || hi-lo != len(path)-1 && rng.IntN(8) != 0 {
					continue
				}
				for _, c := range path {
					used[c] = true
				}
				rs = append(rs, Renban{Cells: cellsOf(path, n)})
			}
			return rs
		})
	}
}

// TestNonConsecutiveHouses checks non-consecutive puzzles (with kropki
// dots and XV marks, and their negative rules, all sharing the pair
// tables) against the reference solver.
func TestNonConsecutiveHouses(t *testing.T) {
	for _, sz := range []struct {
		n, trials int
		density   float64
	}{{6, 50, 0.1}, {8, 20, 0.3}, {9, 16, 0.4}} {
		lineCross(t, "nonconsecutive", sz.n, sz.density, sz.trials, []Rule{NonConsecutive{}}, func(rng *rand.Rand, p *Puzzle, sol []int) []Rule {
			var rs []Rule
			n := p.Size
			for _, pr := range pairs(n, orthoMoves) {
				x, y := sol[pr[0]], sol[pr[1]]
				a, b := CellAt(pr[0], n), CellAt(pr[1], n)
				switch {
				case rng.IntN(6) != 0:
				case x == 2*y || y == 2*x:
					rs = append(rs, Kropki{Cells: [2]Cell{a, b}, Black: true})
				case x+y == 10 || x+y == 5:
					rs = append(rs, XV{Cells: [2]Cell{a, b}, Sum: x + y})
				}
			}
			switch rng.IntN(3) {
			case 0:
				rs = append(rs, KropkiNegative{Black: true})
			case 1:
				rs = append(rs, XVNegative{})
			}
			return rs
		})
	}
}

// sandwichOf returns the sandwich sum of row (or column) k, from 1, of sol.
func sandwichOf(sol []int, n, k int, col bool) int {
	at := func(x int) int {
		if col {
			return sol[x*n+k-1]
		}
		return sol[(k-1)*n+x]
	}
	lo, hi := -1, -1
	for x := range n {
		if v := at(x); v == 1 || v == n {
			if lo < 0 {
				lo = x
			} else {
				hi = x
			}
		}
	}
	sum := 0
	for x := lo + 1; x < hi; x++ {
		sum += at(x)
	}
	return sum
}

// TestSandwiches checks the sandwich propagator on puzzles of many
// sandwich clues, most true of a solution and some not, against the
// reference solver.
func TestSandwiches(t *testing.T) {
	for _, sz := range []struct {
		n, trials int
		density   float64
	}{{6, 40, 0.35}, {8, 12, 0.5}, {9, 12, 0.55}} {
		lineCross(t, "sandwich", sz.n, sz.density, sz.trials, nil, func(rng *rand.Rand, p *Puzzle, sol []int) []Rule {
			var rs []Rule
			n := p.Size
			for k := 1; k <= n; k++ {
				for _, col := range []bool{false, true} {
					if rng.IntN(3) == 0 {
						continue
					}
					sum := sandwichOf(sol, n, k, col)
					if rng.IntN(10) == 0 {
						sum = rng.IntN(n * 2)
					}
					rs = append(rs, Sandwich{Column: col, Index: k, Sum: sum})
				}
			}
			return rs
		})
	}
}
