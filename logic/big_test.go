package logic

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gosudoku/sudoku"
)

var bigData = flag.String("bigdata", "", "directory of 16x16 and 25x25 puzzle files (e.g. ../../shared/data/big): solve every puzzle with checks and report times and steps by technique")

// readPuzzles reads one puzzle per line (the first field; # comments and
// blank lines skipped).
func readPuzzles(tb testing.TB, name string) []*sudoku.Grid {
	tb.Helper()
	f, err := os.Open(name)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var ps []*sudoku.Grid
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' {
			continue
		}
		p, err := sudoku.Parse(strings.Fields(line)[0])
		if err != nil {
			tb.Fatalf("%s: %v", name, err)
		}
		ps = append(ps, p)
	}
	return ps
}

// checkedPath solves p step by step and checks every step against the
// unique solution: no solution value eliminated, no wrong placement, no
// step that does nothing. It returns the steps.
func checkedPath(tb testing.TB, p *sudoku.Grid) []*Step {
	tb.Helper()
	ctx := context.Background()
	res, err := sudoku.Count(ctx, p, 2, sudoku.Options{})
	if err != nil || res.Count != 1 {
		tb.Fatalf("%d solutions (%v)", res.Count, err)
	}
	sol := res.Solution
	g, err := NewGrid(p)
	if err != nil {
		tb.Fatal(err)
	}
	s, err := newSolver(ctx, g, Options{AssumeUnique: true})
	if err != nil {
		tb.Fatal(err)
	}
	var steps []*Step
	for !g.Solved() {
		st, err := s.next(g)
		if err != nil {
			tb.Fatalf("after %d steps with %d cells blank: %v", len(steps), g.Blank(), err)
		}
		for _, c := range st.Eliminations {
			if sol.Cell(c.Cell) == c.Value || !g.Has(c.Cell, c.Value) {
				tb.Fatalf("%s removes %c from %s (solution %c, candidate %v)", st, sudoku.SymbolByte(c.Value), g.cellName(c.Cell), sudoku.SymbolByte(sol.Cell(c.Cell)), g.Has(c.Cell, c.Value))
			}
		}
		for _, c := range st.Placements {
			if sol.Cell(c.Cell) != c.Value {
				tb.Fatalf("%s places %c in %s, the solution has %c", st, sudoku.SymbolByte(c.Value), g.cellName(c.Cell), sudoku.SymbolByte(sol.Cell(c.Cell)))
			}
		}
		if len(st.Eliminations)+len(st.Placements) == 0 {
			tb.Fatalf("%s does nothing", st)
		}
		if st.Text == "" || len(st.Cells) == 0 || len(st.Candidates) == 0 {
			tb.Fatalf("%s: no text, cells or candidates", st.Name)
		}
		g.Apply(st)
		steps = append(steps, st)
	}
	return steps
}

// TestBigPaths solves the 4x4, 16x16 and 25x25 puzzles of testdata/big,
// checking every step against the solution: every puzzle must be solved
// without guessing.
func TestBigPaths(t *testing.T) {
	files, _ := filepath.Glob("testdata/big/*.txt")
	if len(files) == 0 {
		t.Fatal("no puzzles in testdata/big")
	}
	byTech := map[Technique]int{}
	for _, file := range files {
		for k, p := range readPuzzles(t, file) {
			if testing.Short() && p.Order() > 4 {
				continue
			}
			t.Run(fmt.Sprintf("%s/%d", filepath.Base(file), k+1), func(t *testing.T) {
				for _, st := range checkedPath(t, p) {
					byTech[st.Technique]++
				}
			})
		}
	}
	t.Logf("steps by technique: %v", byTech)
}

// TestBigReport solves every puzzle of the -bigdata files and reports
// how many were solved, the time per puzzle and the steps by technique.
func TestBigReport(t *testing.T) {
	if *bigData == "" {
		t.Skip("no -bigdata directory")
	}
	files, _ := filepath.Glob(filepath.Join(*bigData, "*.txt"))
	for _, file := range files {
		ps := readPuzzles(t, file)
		var times []time.Duration
		byTech := map[string]int{}
		solved := 0
		for _, p := range ps {
			g, _ := NewGrid(p)
			start := time.Now()
			steps, err := Path(context.Background(), g, Options{AssumeUnique: true})
			times = append(times, time.Since(start))
			if err == nil {
				solved++
			} else if !errors.Is(err, ErrStuck) {
				t.Errorf("%s: %v", file, err)
			}
			for _, st := range steps {
				byTech[st.Technique.ID()]++
			}
		}
		slices.Sort(times)
		t.Logf("%s: %d of %d solved; time per puzzle median %v, worst %v; steps: %v",
			filepath.Base(file), solved, len(ps), times[len(times)/2].Round(time.Millisecond), times[len(times)-1].Round(time.Millisecond), byTech)
	}
}

// BenchmarkBigPath solves the puzzles of ../shared/data/big (16x16 and
// 25x25), one file a sub-benchmark.
func BenchmarkBigPath(b *testing.B) {
	files, _ := filepath.Glob("../../shared/data/big/*.txt")
	if len(files) == 0 {
		b.Skip("benchmark data absent: ../../shared/data/big/*.txt")
	}
	for _, file := range files {
		b.Run(strings.TrimSuffix(filepath.Base(file), ".txt"), func(b *testing.B) {
			ps := readPuzzles(b, file)
			stuck := 0
			for b.Loop() {
				stuck = 0
				for _, p := range ps {
					g, _ := NewGrid(p)
					if _, err := Path(context.Background(), g, Options{AssumeUnique: true}); err != nil {
						stuck++
					}
				}
			}
			b.ReportMetric(float64(b.Elapsed().Microseconds())/1000/float64(b.N*len(ps)), "ms/puzzle")
			b.ReportMetric(float64(stuck), "stuck")
		})
	}
}

var makeBigGolden = flag.Bool("makebiggolden", false, "write testdata/techniques/ID.txtar for each chain technique of the big orders that has none yet, from the first path step of it in testdata/big")

// TestMakeBigGolden writes the golden files of the chain techniques of
// the big orders from the paths of testdata/big. It runs only with
// -makebiggolden.
func TestMakeBigGolden(t *testing.T) {
	if !*makeBigGolden {
		t.Skip("no -makebiggolden")
	}
	want := map[Technique]bool{}
	for _, tech := range []Technique{XChain, XYChain, BigMultipleChain, BigDynamicChain, BigDynamicChainPlus, BigNestedChain} {
		if _, err := os.Stat(goldenPath(tech)); err != nil {
			want[tech] = true
		}
	}
	files, _ := filepath.Glob("testdata/big/*.txt")
	for _, file := range files {
		for _, p := range readPuzzles(t, file) {
			g, _ := NewGrid(p)
			s, err := newSolver(context.Background(), g, Options{AssumeUnique: true})
			if err != nil {
				t.Fatal(err)
			}
			for !g.Solved() && len(want) > 0 {
				st, err := s.next(g)
				if err != nil {
					t.Fatal(err)
				}
				if want[st.Technique] {
					delete(want, st.Technique)
					writeGoldenFile(t, goldenPath(st.Technique), p.String(), g, firstStepOf(g, st.Technique))
				}
				g.Apply(st)
			}
		}
	}
	for tech := range want {
		t.Logf("no step of %s found", tech)
	}
}
