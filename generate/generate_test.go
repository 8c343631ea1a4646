package generate

import (
	"context"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gosudoku/sudoku"
	"github.com/gosudoku/sudoku/internal/reftest"
)

// checkPuzzle fails t unless p is a well-formed puzzle of g: its clues
// agree with its valid solution, it has exactly one solution by the
// reference counter (or by sudoku.Count where that is too slow), and it is
// minimal as its Kind claims: no clue (or orbit) can be removed.
func checkPuzzle(t *testing.T, g *Generator, p *Puzzle, ref bool) {
	t.Helper()
	opt := g.Options()
	if p.Grid.Order() != opt.Order || p.Solution.Order() != opt.Order {
		t.Fatalf("puzzle %d: order %d, solution order %d, want %d", p.Index, p.Grid.Order(), p.Solution.Order(), opt.Order)
	}
	if err := reftest.Solved(opt.Order, nil, p.Solution.Values()); err != nil {
		t.Fatalf("puzzle %d: solution %s is not a valid grid: %v", p.Index, p.Solution, err)
	}
	for i := range p.Grid.NumCells() {
		if v := p.Grid.Cell(i); v != 0 && v != p.Solution.Cell(i) {
			t.Fatalf("puzzle %d: cell %d holds %d, solution %d", p.Index, i, v, p.Solution.Cell(i))
		}
	}
	if p.Clues != p.Grid.Givens() {
		t.Errorf("puzzle %d: Clues = %d, grid has %d", p.Index, p.Clues, p.Grid.Givens())
	}
	count := func(q *sudoku.Grid) int {
		if ref {
			n, _ := reftest.Count(q.Order(), q.Values(), 2)
			return n
		}
		res, err := sudoku.Count(context.Background(), q, 2, sudoku.Options{})
		if err != nil {
			t.Fatalf("puzzle %d: Count: %v", p.Index, err)
		}
		return res.Count
	}
	if n := count(p.Grid); n != 1 {
		t.Fatalf("puzzle %d %s: %d solutions, want 1", p.Index, p.Grid, n)
	}
	// Symmetry: each orbit is all clues or all blanks.
	orbits := opt.Symmetry.Orbits(opt.Order)
	if opt.Mask != nil {
		orbits = None.Orbits(opt.Order)
		for i := range p.Grid.NumCells() {
			if (p.Grid.Cell(i) != 0) != opt.Mask.Has(i) {
				t.Fatalf("puzzle %d: cell %d clue %v, mask %v", p.Index, i, p.Grid.Cell(i) != 0, opt.Mask.Has(i))
			}
		}
	}
	for _, o := range orbits {
		for _, c := range o[1:] {
			if (p.Grid.Cell(c) == 0) != (p.Grid.Cell(o[0]) == 0) {
				t.Fatalf("puzzle %d: cells %d and %d in orbit %v: one blank, one not", p.Index, o[0], c, o)
			}
		}
	}
	if p.Masked || p.Stopped > 0 {
		return
	}
	if !p.OrbitMinimal {
		t.Fatalf("puzzle %d: no check stopped, yet not orbit-minimal", p.Index)
	}
	if p.Minimal {
		// No single clue can go.
		orbits = None.Orbits(opt.Order)
	}
	for _, o := range orbits {
		if p.Grid.Cell(o[0]) == 0 {
			continue
		}
		q := p.Grid.Clone()
		for _, c := range o {
			q.SetCell(c, 0)
		}
		if n := count(q); n == 1 {
			t.Fatalf("puzzle %d %s claims %s, but orbit %v can go", p.Index, p.Grid, p.Kind(), o)
		}
	}
}

// explicitSymmetry checks the symmetry of a puzzle cell by cell from the
// definitions, independently of Orbits.
func explicitSymmetry(t *testing.T, p *Puzzle, s Symmetry) {
	t.Helper()
	side := p.Grid.Side()
	e := side - 1
	type m struct {
		s Symmetry
		f func(r, c int) (int, int)
	}
	maps := []m{
		{Central, func(r, c int) (int, int) { return e - r, e - c }},
		{Rotational, func(r, c int) (int, int) { return c, e - r }},
		{MirrorLR, func(r, c int) (int, int) { return r, e - c }},
		{MirrorTB, func(r, c int) (int, int) { return e - r, c }},
		{Diagonal, func(r, c int) (int, int) { return c, r }},
		{AntiDiagonal, func(r, c int) (int, int) { return e - c, e - r }},
	}
	for _, mm := range maps {
		if s&mm.s == 0 {
			continue
		}
		for r := range side {
			for c := range side {
				r2, c2 := mm.f(r, c)
				if (p.Grid.At(r, c) == 0) != (p.Grid.At(r2, c2) == 0) {
					t.Fatalf("puzzle %d %s: %v: r%dc%d and r%dc%d differ in being blank", p.Index, p.Grid, mm.s, r+1, c+1, r2+1, c2+1)
				}
			}
		}
	}
}

func TestGenerate(t *testing.T) {
	tests := []struct {
		name  string
		opt   Options
		n     int
		ref   bool // check with the reference counter
		short bool // run in -short mode too
	}{
		{"4x4", Options{Order: 2}, 50, true, true},
		{"4x4 central", Options{Order: 2, Symmetry: Central}, 50, true, true},
		{"4x4 full", Options{Order: 2, Symmetry: Full}, 20, true, true},
		{"9x9", Options{}, 15, true, true},
		{"9x9 central", Options{Symmetry: Central, Seed: 7, Verify: true}, 30, true, true},
		{"9x9 rotational", Options{Symmetry: Rotational, Seed: 8}, 10, true, true},
		{"9x9 mirror-lr", Options{Symmetry: MirrorLR, Seed: 9}, 10, true, true},
		{"9x9 mirror-tb", Options{Symmetry: MirrorTB, Seed: 9}, 10, true, true},
		{"9x9 diagonal", Options{Symmetry: Diagonal, Seed: 10}, 10, true, true},
		{"9x9 antidiagonal", Options{Symmetry: AntiDiagonal, Seed: 10}, 10, true, true},
		{"9x9 diagonals", Options{Symmetry: Diagonals, Seed: 11}, 10, true, true},
		{"9x9 full", Options{Symmetry: Full, Seed: 12}, 10, true, true},
		{"9x9 mirrors", Options{Symmetry: MirrorLR | MirrorTB, Seed: 12}, 10, true, true},
		{"9x9 clues", Options{MaxClues: 23, Seed: 13}, 3, true, true},
		{"9x9 boxes", Options{Dig: DigBoxes, Seed: 19}, 10, true, true},
		{"9x9 central boxes", Options{Symmetry: Central, Dig: DigBoxes, Seed: 20}, 10, true, true},
		{"16x16 central boxes", Options{Order: 4, Symmetry: Central, Dig: DigBoxes, Seed: 21}, 1, false, true},
		{"9x9 central minimal", Options{Symmetry: Central, Minimal: true, Seed: 17}, 10, true, true},
		{"9x9 full minimal", Options{Symmetry: Full, Minimal: true, Seed: 18}, 5, true, true},
		{"16x16 central", Options{Order: 4, Symmetry: Central, Seed: 14}, 2, false, true},
		{"16x16", Options{Order: 4, Seed: 15}, 1, false, false},
		{"25x25 central", Options{Order: 5, Symmetry: Central, Seed: 16}, 1, false, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if testing.Short() && !tt.short {
				t.Skip("slow in -short mode")
			}
			g, err := New(tt.opt)
			if err != nil {
				t.Fatal(err)
			}
			err = g.Run(context.Background(), 0, uint64(tt.n), func(p *Puzzle) error {
				checkPuzzle(t, g, p, tt.ref)
				explicitSymmetry(t, p, tt.opt.Symmetry)
				if !p.OrbitMinimal && g.Options().Order <= 4 {
					t.Errorf("puzzle %d: not orbit-minimal", p.Index)
				}
				if want := tt.opt.Symmetry == None || (tt.opt.Minimal && p.TargetMet); p.Minimal != want && p.OrbitMinimal {
					t.Errorf("puzzle %d: Minimal %v, want %v", p.Index, p.Minimal, want)
				}
				if tt.opt.MaxClues > 0 && p.TargetMet != (p.Clues <= tt.opt.MaxClues) {
					t.Errorf("puzzle %d: TargetMet %v with %d clues for target %d", p.Index, p.TargetMet, p.Clues, tt.opt.MaxClues)
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
		})
	}
}

func TestRandomGrid(t *testing.T) {
	ctx := context.Background()
	for order := 2; order <= 8; order++ {
		seen := map[string]bool{}
		n := 10
		switch {
		case order >= 7 && testing.Short():
			continue
		case order >= 7:
			n = 1
		case order >= 5:
			n = 2
		}
		for seed := range uint64(n) {
			g, err := RandomGrid(ctx, order, rand.NewPCG(seed, 99))
			if err != nil {
				t.Fatalf("order %d seed %d: %v", order, seed, err)
			}
			if err := reftest.Solved(order, nil, g.Values()); err != nil {
				t.Fatalf("order %d seed %d: invalid grid %s: %v", order, seed, g, err)
			}
			if seen[g.String()] {
				t.Errorf("order %d seed %d: same grid as an earlier seed", order, seed)
			}
			seen[g.String()] = true
			again, _ := RandomGrid(ctx, order, rand.NewPCG(seed, 99))
			if !again.Equal(g) {
				t.Errorf("order %d seed %d: two grids from one seed", order, seed)
			}
		}
	}
}

// TestSpread checks that random grids are not one pattern relabelled: the
// first row relabels to 1..9, after which the rest of the grid must vary.
func TestSpread(t *testing.T) {
	ctx := context.Background()
	seen := map[string]bool{}
	const n = 200
	for seed := range uint64(n) {
		g, err := RandomGrid(ctx, 3, rand.NewPCG(seed, 1))
		if err != nil {
			t.Fatal(err)
		}
		relabel := make([]byte, 10)
		for c := range 9 {
			relabel[g.At(0, c)] = byte('1' + c)
		}
		var b strings.Builder
		for i := range g.NumCells() {
			b.WriteByte(relabel[g.Cell(i)])
		}
		seen[b.String()] = true
	}
	if len(seen) < n*9/10 {
		t.Errorf("%d grids give %d patterns after relabelling, want nearly %d", n, len(seen), n)
	}
}

func TestDeterminism(t *testing.T) {
	ctx := context.Background()
	every := func(opt Options, first, step, n uint64) []string {
		g, err := New(opt)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		if err := g.RunEvery(ctx, first, step, n, func(p *Puzzle) error {
			out = append(out, p.Grid.String()+" "+p.Comment())
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		return out
	}
	run := func(opt Options, first, n uint64) []string { return every(opt, first, 1, n) }
	for _, opt := range []Options{{Symmetry: Central, Seed: 42}, {Order: 2, Seed: 5}, {MaxClues: 24, Seed: 3}} {
		one := run(opt, 0, 20)
		opt.Workers = 2
		two := run(opt, 0, 20)
		opt.Workers = 3
		split := append(run(opt, 0, 7), run(opt, 7, 13)...)
		if !slices.Equal(one, two) || !slices.Equal(one, split) {
			t.Errorf("%+v: -j 1, -j 2 and split runs differ:\n%q\n%q\n%q", opt, one, two, split)
		}
		// Puzzles 3, 10, 17 (every 7th from 3), the shard 3/7 of 20.
		if got, want := every(opt, 3, 7, 3), []string{one[3], one[10], one[17]}; !slices.Equal(got, want) {
			t.Errorf("%+v: RunEvery(3, 7, 3) = %q, want %q", opt, got, want)
		}
		opt.Seed++
		other := run(opt, 0, 20)
		same := 0
		for i := range one {
			if one[i] == other[i] {
				same++
			}
		}
		if same > 0 {
			t.Errorf("%+v: %d puzzles the same for seeds %d and %d", opt, same, opt.Seed-1, opt.Seed)
		}
	}
}

// TestGolden pins the first puzzles of a seed: they must never change, on
// any machine or Go release, whatever engine counts the solutions.
func TestGolden(t *testing.T) {
	g, err := New(Options{Symmetry: Central, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"725....6.....62.....6...8.3.3..7.5..28.....39..9.2..8.8.1...2.....98.....9....648",
		".8..1.94..2.3..8..71..6...3..8.41...............83.1..8...7..14..1..2.6..75.8..9.",
		"...6.52....8.4.5.6.5...1..4...4..7.9.9.....2.4.1..2...2..7...4.7.5.1.3....42.6...",
	}
	for k, w := range want {
		p, err := g.Puzzle(context.Background(), uint64(k))
		if err != nil {
			t.Fatal(err)
		}
		if got := p.Grid.String(); got != w {
			t.Errorf("puzzle %d = %s, want %s", k, got, w)
		}
	}
}

func TestMask(t *testing.T) {
	read := func(name string) *Mask {
		f, err := os.Open(filepath.Join("testdata", name))
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		m, err := ParseMask(f)
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	m4, err := NewMask(2, []bool{
		true, false, false, false,
		false, false, true, false,
		false, true, false, false,
		false, false, false, true,
	})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name  string
		mask  *Mask
		n     int
		clues int
	}{
		{"central26", read("central26.mask"), 3, 26},
		{"diagonals28", read("diagonals28.mask"), 3, 28},
		{"4x4", m4, 10, 4},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.mask.Clues(); got != tt.clues {
				t.Fatalf("mask has %d clues, want %d", got, tt.clues)
			}
			g, err := New(Options{Mask: tt.mask, Seed: 3, Verify: true})
			if err != nil {
				t.Fatal(err)
			}
			err = g.Run(context.Background(), 0, uint64(tt.n), func(p *Puzzle) error {
				checkPuzzle(t, g, p, true)
				if p.Kind() != "mask" || p.Clues != tt.clues {
					t.Errorf("puzzle %d: kind %s, %d clues; want mask, %d", p.Index, p.Kind(), p.Clues, tt.clues)
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
		})
	}
	// No 4x4 puzzle has a unique solution with 3 clues.
	m3, _ := NewMask(2, []bool{true, true, true, false, false, false, false, false, false, false, false, false, false, false, false, false})
	g, err := New(Options{Mask: m3, Attempts: 500})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := g.Puzzle(context.Background(), 0); !errors.Is(err, ErrNotFound) {
		t.Errorf("3-clue 4x4 mask: err = %v, want ErrNotFound", err)
	}
}

func TestParseMask(t *testing.T) {
	tests := []struct {
		name, in string
		order    int
		clues    int
		err      string
	}{
		{"line", "x..x............", 2, 2, ""},
		{"rows", "x . | . x\n. . | . .\n-----+----\n. . | . .\nx . | . X\n", 2, 4, ""},
		{"puzzle", "1...\n..2.\n.3..\n...4\n", 2, 4, ""},
		{"zeros", "1000000000000000", 2, 1, ""},
		{"bad char", "x..x\n..?.\n....\n....\n", 0, 0, "line 2, column 3"},
		{"bad size", "x..x\n....\n", 0, 0, "8 cells"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, err := ParseMask(strings.NewReader(tt.in))
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("err = %v, want one with %q", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if m.Order() != tt.order || m.Clues() != tt.clues {
				t.Errorf("order %d, %d clues; want %d, %d", m.Order(), m.Clues(), tt.order, tt.clues)
			}
			again, err := ParseMask(strings.NewReader(m.String()))
			if err != nil || again.String() != m.String() {
				t.Errorf("String does not read back: %q, %v", m.String(), err)
			}
		})
	}
}

func TestSymmetry(t *testing.T) {
	tests := []struct {
		name   string
		want   Symmetry
		orbits int // orbits of a 9x9 grid
	}{
		{"none", None, 81},
		{"central", Central, 41},
		{"rot90", Rotational, 21},
		{"mirror-lr", MirrorLR, 45},
		{"mirror-tb", MirrorTB, 45},
		{"diagonal", Diagonal, 45},
		{"antidiagonal", AntiDiagonal, 45},
		{"diagonals", Diagonals, 25},
		{"full", Full, 15},
		{"mirror-lr+mirror-tb", MirrorLR | MirrorTB, 25},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := ParseSymmetry(tt.name)
			if err != nil || s != tt.want {
				t.Fatalf("ParseSymmetry = %v, %v; want %v", s, err, tt.want)
			}
			if s.String() != tt.name && tt.name != "rot90" {
				t.Errorf("String = %q, want %q", s.String(), tt.name)
			}
			orbits := s.Orbits(3)
			if len(orbits) != tt.orbits {
				t.Errorf("%d orbits, want %d", len(orbits), tt.orbits)
			}
			seen := make([]bool, 81)
			for _, o := range orbits {
				for _, c := range o {
					if seen[c] {
						t.Fatalf("cell %d in two orbits", c)
					}
					seen[c] = true
				}
			}
		})
	}
	if _, err := ParseSymmetry("spiral"); err == nil {
		t.Error("ParseSymmetry(spiral) did not fail")
	}
}

func TestNewErrors(t *testing.T) {
	m4, _ := NewMask(2, make([]bool, 16))
	tests := []struct {
		name string
		opt  Options
		want string
	}{
		{"order 1", Options{Order: 1}, "order 1 out of range"},
		{"order 9", Options{Order: 9}, "order 9 out of range"},
		{"mask order", Options{Order: 3, Mask: m4}, "mask of order 2 for puzzles of order 3"},
		{"symmetry", Options{Symmetry: 1 << 7}, "unknown symmetry"},
		{"dig", Options{Dig: 9}, "unknown dig order 9"},
		{"zero mask", Options{Mask: &Mask{}}, "not a mask of any order"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := New(tt.opt)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("New: %v, want an error with %q", err, tt.want)
			}
		})
	}
	if _, err := RandomGrid(context.Background(), 3, nil); err == nil {
		t.Error("RandomGrid without a source did not fail")
	}
	if _, err := NewMask(3, make([]bool, 16)); err == nil {
		t.Error("NewMask(3, 16 cells) did not fail")
	}
}

// TestCancel checks that an ended context stops a run, a large grid and
// the emit loop promptly.
func TestCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	g, err := New(Options{Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Run(ctx, 0, 1000, func(*Puzzle) error { return nil }); !errors.Is(err, context.Canceled) {
		t.Errorf("Run with a cancelled context: %v", err)
	}
	if _, err := RandomGrid(ctx, 8, rand.NewPCG(1, 1)); !errors.Is(err, context.Canceled) {
		t.Errorf("RandomGrid(8) with a cancelled context: %v", err)
	}
	// An emit error stops the run and comes back.
	stop := errors.New("stop")
	n := 0
	err = g.Run(context.Background(), 0, 1000, func(*Puzzle) error {
		n++
		if n == 3 {
			return stop
		}
		return nil
	})
	if err != stop || n != 3 {
		t.Errorf("Run: %v after %d puzzles, want stop after 3", err, n)
	}
	// A deadline in the middle of a 25x25 run stops it too.
	g25, _ := New(Options{Order: 5})
	ctx, cancel = context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	start := time.Now()
	err = g25.Run(ctx, 0, 100, func(*Puzzle) error { return nil })
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("25x25 run with a deadline: %v", err)
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("25x25 run took %v to stop", d)
	}
}

func FuzzParseMask(f *testing.F) {
	f.Add("x..x............")
	f.Add("x . | . x\n. . | . .\n-----+----\n. . | . .\nx . | . X\n")
	f.Add("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..")
	f.Add("x?")
	f.Fuzz(func(t *testing.T, s string) {
		m, err := ParseMask(strings.NewReader(s))
		if err != nil {
			return
		}
		again, err := ParseMask(strings.NewReader(m.String()))
		if err != nil || again.String() != m.String() || again.Order() != m.Order() {
			t.Fatalf("mask %q does not read back: %v", m.String(), err)
		}
	})
}

func TestBoard(t *testing.T) {
	const sol = "918436257765982314234157869187243695653791428429865731576318942392574186841629573"
	vals := make([]uint8, 81)
	for i := range vals {
		vals[i] = sol[i] - '0'
	}
	b := newBoard(newGeometry(3))
	b.load(vals)
	// A deadly rectangle: r2c1, r2c6, r3c1, r3c6 hold
	// 7, 2 / 2, 7 in two boxes.
	rect := []int{9, 14, 18, 23}
	for _, c := range rect[:3] {
		b.clear(c)
	}
	if b.blankChain(vals, 9) {
		t.Error("blankChain with one cell of the rectangle filled")
	}
	if !b.forced(9, vals[9]) {
		t.Error("cell 9 not forced with three of its rectangle blank")
	}
	b.clear(23)
	for _, c := range rect {
		if !b.blankChain(vals, c) {
			t.Errorf("blankChain(%d) false with the rectangle blank", c)
		}
		if b.forced(c, vals[c]) {
			t.Errorf("cell %d forced with its rectangle blank", c)
		}
	}
	if n, _ := reftest.Count(3, b.cells, 2); b.blankChain(vals, 9) != (n == 2) {
		t.Error("blankChain disagrees with the reference count")
	}
}
