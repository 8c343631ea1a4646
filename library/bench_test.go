package library

import (
	"bufio"
	"context"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/gosudoku/sudoku"
)

var dataDir = flag.String("data", "../../shared/data", "the folder of the benchmark files")

// BenchmarkAdd adds the 17-clue puzzles of the shared data (skips when
// absent) to a new library on one goroutine, and reports puzzles/s and the
// file's bytes per puzzle.
func BenchmarkAdd(b *testing.B) {
	f, err := os.Open(filepath.Join(*dataDir, "puzzles2_17_clue"))
	if err != nil {
		b.Skipf("benchmark data not found: %v", err)
	}
	defer f.Close()
	var ps []*sudoku.Grid
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if len(sc.Text()) < 81 || sc.Text()[0] == '#' {
			continue
		}
		g, err := sudoku.Parse(sc.Text()[:81])
		if err != nil {
			b.Fatal(err)
		}
		ps = append(ps, g)
	}
	ctx := context.Background()
	path := filepath.Join(b.TempDir(), "lib.db")
	l, err := Open(ctx, path)
	if err != nil {
		b.Fatal(err)
	}
	defer l.Close()
	n := 0
	for b.Loop() {
		if _, _, err := l.Add(ctx, ps[n%len(ps)], Source{File: "puzzles2_17_clue", Line: n + 5}); err != nil {
			b.Fatal(err)
		}
		n++
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "puzzles/s")
	if st, err := os.Stat(path); err == nil {
		b.ReportMetric(float64(st.Size())/float64(min(n, len(ps))), "bytes/puzzle")
	}
}
