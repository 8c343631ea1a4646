package engine

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gosudoku/sudoku/internal/reftest"
	"github.com/gosudoku/sudoku/internal/units"
)

// readPuzzles returns the puzzles of the given order in a testdata file,
// one per non-comment line (the i-th is on that file's i+1-th such line).
func readPuzzles(t *testing.T, name string, order int) [][]uint8 {
	t.Helper()
	var ps [][]uint8
	for i, line := range readTestdata(t, name) {
		cells, err := parseLine(line, order)
		if err != nil {
			t.Fatalf("%s:%d: %v", name, i+1, err)
		}
		ps = append(ps, cells)
	}
	return ps
}

// readTestdata returns the non-comment lines of a testdata file.
func readTestdata(t *testing.T, name string) []string {
	t.Helper()
	f, err := os.Open("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var lines []string
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<16), 1<<16)
	for sc.Scan() {
		if l := strings.TrimSpace(sc.Text()); l != "" && l[0] != '#' {
			lines = append(lines, l)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return lines
}

// checkSolution fails unless sol is a valid completed grid that keeps the
// givens of puzzle.
func checkSolution(t *testing.T, order int, puzzle, sol []uint8) {
	t.Helper()
	if err := validSolution(order, puzzle, sol); err != nil {
		t.Fatalf("%v\npuzzle   %s\nsolution %s", err, format(puzzle), format(sol))
	}
}

// validSolution checks every row, column and box of sol holds each value
// once, and that sol agrees with the givens of puzzle.
func validSolution(order int, puzzle, sol []uint8) error {
	side := order * order
	for i, v := range puzzle {
		if v != 0 && sol[i] != v {
			return fmt.Errorf("cell %d: given %d, solution %d", i, v, sol[i])
		}
	}
	for u := range 3 * side {
		seen := make([]bool, side+1)
		for k := range side {
			var r, c int
			switch {
			case u < side:
				r, c = u, k
			case u < 2*side:
				r, c = k, u-side
			default:
				b := u - 2*side
				r, c = b/order*order+k/order, b%order*order+k%order
			}
			v := sol[r*side+c]
			if v < 1 || int(v) > side || seen[v] {
				return fmt.Errorf("unit %d: value %d at r%dc%d missing or repeated", u, v, r+1, c+1)
			}
			seen[v] = true
		}
	}
	return nil
}

// solutionGrid returns a random valid completed grid: a pattern grid with
// its values, bands, stacks, and rows and columns within them shuffled.
func solutionGrid(order int, rng *rand.Rand) []uint8 {
	side := order * order
	perm := func(k int) []int { return rng.Perm(k) }
	vals := perm(side)
	bands, stacks := perm(order), perm(order)
	rowsIn, colsIn := perm(order), perm(order)
	g := make([]uint8, side*side)
	for r := range side {
		for c := range side {
			rr := bands[r/order]*order + rowsIn[r%order]
			cc := stacks[c/order]*order + colsIn[c%order]
			v := (rr*order + rr/order + cc) % side
			g[r*side+c] = uint8(vals[v] + 1)
		}
	}
	return g
}

// dig blanks cells of a grid in random order, each with probability p.
func dig(g []uint8, p float64, rng *rand.Rand) []uint8 {
	out := append([]uint8(nil), g...)
	for i := range out {
		if rng.Float64() < p {
			out[i] = 0
		}
	}
	return out
}

func solve(t *testing.T, order int, cells []uint8, o Options) (int, []uint8, Stats, error) {
	t.Helper()
	sol := make([]uint8, len(cells))
	n, st, err := Solve(context.Background(), order, cells, sol, o)
	return n, sol, st, err
}

func TestSeedPuzzles(t *testing.T) {
	for _, line := range readTestdata(t, "seed_puzzles.txt") {
		f := strings.Fields(line)
		if len(f) != 3 {
			t.Fatalf("bad testdata line %q", line)
		}
		name, puzzle, want := f[0], f[1], f[2]
		if len(puzzle) > 81 {
			// seed 001 style with spaces is not in this file; keep to lines.
			t.Fatalf("%s: puzzle of %d characters", name, len(puzzle))
		}
		cells, err := parseLine(puzzle, 3)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for _, o := range []Options{{Limit: 1}, {Limit: 2}, {Limit: 2, Workers: 2}} {
			t.Run(fmt.Sprintf("%s/limit=%d/workers=%d", name, o.Limit, o.Workers), func(t *testing.T) {
				n, sol, _, err := solve(t, 3, cells, o)
				if err != nil || n != 1 {
					t.Fatalf("got %d solutions, %v; want 1", n, err)
				}
				if got := format(sol); got != want {
					t.Errorf("solution\n%s, want\n%s", got, want)
				}
			})
		}
	}
}

// TestUnique solves puzzles with one solution of orders 3 to 5: counting to
// 2 finds exactly one, valid, with the givens kept.
func TestUnique(t *testing.T) {
	for _, tc := range []struct {
		file  string
		order int
	}{
		{"order3.txt", 3},
		{"order4.txt", 4},
		{"order5.txt", 5},
	} {
		for i, cells := range readPuzzles(t, tc.file, tc.order) {
			for _, workers := range []int{1, 2} {
				t.Run(fmt.Sprintf("%s/%d/workers=%d", tc.file, i+1, workers), func(t *testing.T) {
					n, sol, _, err := solve(t, tc.order, cells, Options{Limit: 2, Workers: workers})
					if err != nil || n != 1 {
						t.Fatalf("got %d solutions, %v; want 1", n, err)
					}
					checkSolution(t, tc.order, cells, sol)
				})
			}
		}
	}
}

// TestCounts gives puzzles with a known number of solutions.
func TestCounts(t *testing.T) {
	seed := "005300000800000020070010500400005300010070006003200080060500009004000030000009700"
	// Two cells of the solution's first row swapped with the same two of
	// another row make a second solution once the four cells are blank.
	tests := []struct {
		name   string
		order  int
		puzzle string
		limit  int
		want   int
	}{
		{"seed", 3, seed, 5, 1},
		{"empty4x4", 2, strings.Repeat(".", 16), 1000, 288},
		{"empty4x4 limit", 2, strings.Repeat(".", 16), 100, 100},
		{"4x4 one", 2, "1234341221434321", 2, 1},
		{"4x4 given clash", 2, "11..............", 2, 0},
		{"4x4 column clash", 2, "1...1...........", 2, 0},
		{"4x4 box clash", 2, "1....1..........", 2, 0},
		// r1c1 can be nothing: 2 and 3 in its row, 1 in its box, 4 in its column.
		{"4x4 no solution, no clash", 2, ".23.1.......4...", 2, 0},
		{"9x9 row clash", 3, "55" + seed[2:], 2, 0},
		// The seed's solution with a deadly rectangle blanked
		// (r2c2 r2c9 r3c2 r3c9 hold 3 7 / 7 3): two solutions.
		{"9x9 two", 3, "1453276988.965412.6.291854.496185372218473956753296481367542819984761235521839764", 10, 2},
		// r2c1 cannot be anything: 1-8 in its row, 9 in its column.
		{"9x9 no solution", 3, "9........" + ".12345678" + strings.Repeat(".", 63), 2, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cells, err := parseLine(tc.puzzle, tc.order)
			if err != nil {
				t.Fatal(err)
			}
			for _, workers := range []int{1, 2} {
				n, sol, _, err := solve(t, tc.order, cells, Options{Limit: tc.limit, Workers: workers})
				if err != nil || n != tc.want {
					t.Fatalf("workers=%d: got %d solutions, %v; want %d", workers, n, err, tc.want)
				}
				if n > 0 {
					checkSolution(t, tc.order, cells, sol)
				}
			}
		})
	}
}

// TestReference cross-checks solution counts (to 3) with the reference
// counter on random puzzles of orders 2 to 4, with and without locked
// candidates and on one and two workers.
func TestReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, tc := range []struct {
		order   int
		puzzles int
		blank   []float64
	}{
		{2, 300, []float64{0.5, 0.7, 0.9}},
		{3, 300, []float64{0.5, 0.65, 0.75}},
		{4, 20, []float64{0.3, 0.45}},
	} {
		if testing.Short() {
			tc.puzzles /= 5
		}
		counts := map[int]int{}
		for i := range tc.puzzles {
			blank := tc.blank[i%len(tc.blank)]
			cells := dig(solutionGrid(tc.order, rng), blank, rng)
			if i%7 == 0 {
				// A random extra given, often a clash or a dead end.
				cells[rng.IntN(len(cells))] = uint8(rng.IntN(tc.order*tc.order) + 1)
			}
			want, first := reftest.Count(tc.order, cells, 3)
			counts[want]++
			for _, o := range []struct {
				noLocked bool
				workers  int
			}{{false, 1}, {true, 1}, {false, 2}} {
				s, err := NewSolver(tc.order)
				if err != nil {
					t.Fatal(err)
				}
				s.noLocked = o.noLocked
				sol := make([]uint8, len(cells))
				n, _, err := s.Solve(context.Background(), cells, sol, Options{Limit: 3, Workers: o.workers})
				if err != nil || n != want {
					t.Fatalf("order %d %s, %+v: got %d solutions, %v; reference %d", tc.order, format(cells), o, n, err, want)
				}
				if n > 0 {
					checkSolution(t, tc.order, cells, sol)
				}
				if n == 1 && !slices.Equal(sol, first) {
					t.Fatalf("order %d %s, %+v: solution %s, reference %s", tc.order, format(cells), o, format(sol), format(first))
				}
			}
		}
		t.Logf("order %d: puzzles by solution count (3 = 3 or more): %v", tc.order, counts)
		if counts[0] == 0 || counts[1] == 0 || counts[3] == 0 {
			t.Errorf("order %d: the sample lacks some outcome: %v", tc.order, counts)
		}
	}
}

func TestExclude(t *testing.T) {
	puzzle := "1453276988.965412.6.291854.496185372218473956753296481367542819984761235521839764"
	cells, _ := parseLine(puzzle, 3)
	tests := []struct {
		name  string
		excl  []Exclusion
		want  int
		first string // r2c2 of the solution
	}{
		{"none", nil, 2, ""},
		{"r2c2 not 3", []Exclusion{{10, 3}}, 1, "7"},
		{"r2c2 not 7", []Exclusion{{10, 7}}, 1, "3"},
		{"r2c2 and r3c2 not 3", []Exclusion{{10, 3}, {19, 3}}, 0, ""},
		{"a given", []Exclusion{{0, 1}}, 0, ""},
		{"empty cell", []Exclusion{{10, 3}, {10, 7}}, 0, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			for _, workers := range []int{1, 2} {
				n, sol, _, err := solve(t, 3, cells, Options{Limit: 5, Exclude: tc.excl, Workers: workers})
				if err != nil || n != tc.want {
					t.Fatalf("got %d solutions, %v; want %d", n, err, tc.want)
				}
				if tc.first != "" && format(sol[10:11]) != tc.first {
					t.Errorf("r2c2 of the solution is %s, want %s", format(sol[10:11]), tc.first)
				}
			}
		})
	}
}

func TestBadInput(t *testing.T) {
	tests := []struct {
		name  string
		order int
		cells []uint8
		excl  []Exclusion
	}{
		{"order 1", 1, make([]uint8, 1), nil},
		{"order 9", 9, make([]uint8, 6561), nil},
		{"short", 3, make([]uint8, 80), nil},
		{"value 10", 3, append(make([]uint8, 80), 10), nil},
		{"exclude cell", 3, make([]uint8, 81), []Exclusion{{81, 1}}},
		{"exclude value", 3, make([]uint8, 81), []Exclusion{{0, 0}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			sol := make([]uint8, len(tc.cells))
			n, _, err := Solve(context.Background(), tc.order, tc.cells, sol, Options{Limit: 1, Exclude: tc.excl})
			if err == nil || n != 0 {
				t.Errorf("got %d, %v; want an error", n, err)
			}
		})
	}
}

func TestMaxGuesses(t *testing.T) {
	hard := readTestdata(t, "order3.txt")[4] // a forum-hardest puzzle: needs guesses
	cells, _ := parseLine(hard, 3)
	for _, workers := range []int{1, 2} {
		n, _, st, err := solve(t, 3, cells, Options{Limit: 2, MaxGuesses: 3, Workers: workers})
		if !errors.Is(err, ErrLimit) {
			t.Errorf("workers=%d: got %d solutions, %v; want ErrLimit", workers, n, err)
		}
		if st.Guesses < 3 || (workers == 1 && st.Guesses != 4) {
			t.Errorf("workers=%d: %d guesses at the stop", workers, st.Guesses)
		}
		// With room enough it finishes.
		n, _, _, err = solve(t, 3, cells, Options{Limit: 2, MaxGuesses: 1 << 20, Workers: workers})
		if err != nil || n != 1 {
			t.Errorf("workers=%d: got %d, %v; want 1 solution", workers, n, err)
		}
	}
	// A 64x64 empty grid counted far: the limit ends it.
	empty := make([]uint8, 64*64)
	n, _, _, err := solve(t, 8, empty, Options{Limit: 1 << 30, MaxGuesses: 2000})
	if !errors.Is(err, ErrLimit) {
		t.Errorf("64x64 empty: %d solutions, %v; want ErrLimit", n, err)
	}
}

// TestContext: an empty 64x64 grid counted without end stops promptly when
// the context ends, and a cancelled context stops the search at once.
func TestContext(t *testing.T) {
	empty := make([]uint8, 64*64)
	for _, workers := range []int{1, 2} {
		ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
		start := time.Now()
		sol := make([]uint8, len(empty))
		n, _, err := Solve(ctx, 8, empty, sol, Options{Limit: 1 << 30, Workers: workers})
		cancel()
		if d := time.Since(start); d > 5*time.Second {
			t.Errorf("workers=%d: stopped after %v", workers, d)
		}
		if !errors.Is(err, context.DeadlineExceeded) {
			t.Errorf("workers=%d: got %d solutions, %v; want the deadline", workers, n, err)
		}
		if n > 0 {
			checkSolution(t, 8, empty, sol)
		}
		ctx, cancel = context.WithCancel(context.Background())
		cancel()
		if _, _, err := Solve(ctx, 8, empty, sol, Options{Limit: 1, Workers: workers}); !errors.Is(err, context.Canceled) {
			t.Errorf("workers=%d: cancelled: %v", workers, err)
		}
	}
}

// TestEmptyGrids solves the empty grid of every order.
func TestEmptyGrids(t *testing.T) {
	for order := units.MinOrder; order <= units.MaxOrder; order++ {
		t.Run(fmt.Sprint(order), func(t *testing.T) {
			cells := make([]uint8, order*order*order*order)
			n, sol, _, err := solve(t, order, cells, Options{Limit: 1})
			if err != nil || n != 1 {
				t.Fatalf("got %d, %v", n, err)
			}
			checkSolution(t, order, cells, sol)
		})
	}
}

// TestWorkers: two and three workers count as one does on sparse puzzles
// with many solutions, where the tree is split many times, at 9x9 and
// 16x16.
func TestWorkers(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	const limit = 1000
	between := 0 // puzzles with more than one solution but fewer than limit
	for i := range 24 {
		order, blank := 3, 0.62
		if i%4 == 3 {
			order, blank = 4, 0.55
		}
		cells := dig(solutionGrid(order, rng), blank, rng)
		var counts [3]int
		for j, workers := range []int{1, 2, 3} {
			n, sol, _, err := solve(t, order, cells, Options{Limit: limit, Workers: workers})
			if err != nil {
				t.Fatal(err)
			}
			counts[j] = n
			if n > 0 {
				checkSolution(t, order, cells, sol)
			}
		}
		if counts[0] != counts[1] || counts[0] != counts[2] {
			t.Errorf("puzzle %d %s: counts %v by workers 1, 2, 3", i, format(cells), counts)
		}
		if counts[0] > 1 && counts[0] < limit {
			between++
		}
	}
	if between < 5 {
		t.Errorf("only %d puzzles with 2 to %d solutions: the sample tests little", between, limit-1)
	}
}
