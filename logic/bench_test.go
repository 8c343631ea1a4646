package logic

import (
	"bufio"
	"context"
	"os"
	"strings"
	"testing"

	"github.com/gosudoku/sudoku"
)

// benchPuzzles reads the puzzles of a file of ../shared/data (the
// puzzle is the field before the last on rated lines, else the line),
// skipping the benchmark when the file is absent.
func benchPuzzles(b *testing.B, name string, max int) []*sudoku.Grid {
	f, err := os.Open("../../shared/data/" + name)
	if err != nil {
		b.Skipf("benchmark data absent: %v", err)
	}
	defer f.Close()
	var ps []*sudoku.Grid
	sc := bufio.NewScanner(f)
	for sc.Scan() && (max <= 0 || len(ps) < max) {
		line := sc.Text()
		if line == "" || line[0] == '#' {
			continue
		}
		fields := strings.Fields(line)
		puz := fields[0]
		if len(fields) >= 2 {
			puz = fields[len(fields)-2]
		}
		p, err := sudoku.Parse(puz)
		if err != nil {
			b.Fatal(err)
		}
		ps = append(ps, p)
	}
	return ps
}

// benchRate rates every puzzle once per iteration and reports the time
// per puzzle and how many got stuck.
func benchRate(b *testing.B, ps []*sudoku.Grid) {
	ctx := context.Background()
	stuck := 0
	for b.Loop() {
		stuck = 0
		for _, p := range ps {
			if _, err := Rate(ctx, p, Options{AssumeUnique: true}); err != nil {
				stuck++
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Microseconds())/1000/float64(b.N*len(ps)), "ms/puzzle")
	b.ReportMetric(float64(stuck), "stuck")
}

// BenchmarkRateCalibration rates the 1,026 SE-rated puzzles (ER 2.5-9.3).
func BenchmarkRateCalibration(b *testing.B) {
	benchRate(b, benchPuzzles(b, "rated/se_rated_calibration.txt", 0))
}

// BenchmarkRateEasy rates the ER 1.5-2.3 set.
func BenchmarkRateMedium(b *testing.B) {
	benchRate(b, benchPuzzles(b, "rated/se_medium_1.5-2.3.txt", 0))
}

// BenchmarkRateRandomMinimal rates typical generated puzzles.
func BenchmarkRateRandomMinimal(b *testing.B) {
	benchRate(b, benchPuzzles(b, "random_minimal_100k", 1000))
}

// BenchmarkRateForumHardest rates the first 10 of the hardest puzzles
// (ER 10-11.9).
func BenchmarkRateForumHardest(b *testing.B) {
	benchRate(b, benchPuzzles(b, "puzzles5_forum_hardest_1905_11+", 10))
}
