package format

import (
	"bytes"
	"context"
	"io"
	"math/bits"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/gosudoku/sudoku"
)

// TestReadSSMarksReal reads Simple Sudoku's export with pencil marks (as
// HoDoKu quotes it) and writes it back byte for byte.
func TestReadSSMarksReal(t *testing.T) {
	data := must(os.ReadFile("testdata/ssmarks_simplesudoku.txt"))
	ctx := context.Background()
	for _, forced := range []Format{Auto, SSMarks} {
		r := NewReader(bytes.NewReader(data))
		r.Format = forced
		p, err := r.Read()
		if err != nil {
			t.Fatalf("forced %v: %v", forced, err)
		}
		if _, err := r.Read(); err != io.EOF {
			t.Fatalf("forced %v: after the record: %v", forced, err)
		}
		g := p.Grid
		if p.Format != SSMarks || p.Line != 1 {
			t.Errorf("forced %v: read as %v at line %d", forced, p.Format, p.Line)
		}
		// r2c5 = 7, r7c6 = 4 and r9c4-5 = 79 were placed; r1c1 = 8 is given.
		for _, i := range []int{13, 59, 75, 76} {
			if !g.Placed(i) {
				t.Errorf("forced %v: %s (%d) is not placed", forced, sudoku.CellName(i, 9), g.Cell(i))
			}
		}
		if !g.Given(0) || g.Cell(0) != 8 || markString(g.Marks(1)) != "123" || markString(g.Marks(37)) != "134589" {
			t.Errorf("forced %v: r1c1 %d given %v, r1c2 marks %s, r5c2 marks %s", forced, g.Cell(0), g.Given(0), markString(g.Marks(1)), markString(g.Marks(37)))
		}
		if err := sudoku.CheckPlaced(ctx, g, sudoku.Options{}); err != nil {
			t.Error(err)
		}
		if err := sudoku.CheckMarks(ctx, g, sudoku.Options{}); err != nil {
			t.Error(err)
		}
		if res, err := sudoku.Count(ctx, g, 2, sudoku.Options{}); err != nil || res.Count != 1 {
			t.Errorf("%d solutions, %v", res.Count, err)
		}
		if got := Text(g, SSMarks); got != string(data) {
			t.Errorf("forced %v: written back:\n%s", forced, got)
		}
	}
	// Without the grid of values, a one-candidate cell of the pencil-mark
	// grid where the givens are blank is a candidate, as HoDoKu reads it.
	lines := strings.SplitAfter(string(data), "\n")
	noValues := strings.Join(append(lines[:15:15], lines[30:]...), "")
	p, err := NewReader(strings.NewReader(noValues)).Read()
	if err != nil {
		t.Fatal(err)
	}
	if p.Format != SSMarks || p.Grid.HasPlaced() || p.Grid.Cell(13) != 0 || markString(p.Grid.Marks(13)) != "7" {
		t.Errorf("givens and marks: %v, placed %v, r2c5 %d marks %s", p.Format, p.Grid.HasPlaced(), p.Grid.Cell(13), markString(p.Grid.Marks(13)))
	}
	// A plain .ss grid, and .ss grids in a row, stay plain.
	plain := strings.Join(lines[:13], "")
	r := NewReader(strings.NewReader(plain + "\n" + plain + "\n\n" + strings.Join(lines[15:28], "")))
	for k := 0; k < 3; k++ {
		p, err := r.Read()
		if err != nil || p.Format != SS || p.Grid.HasMarks() {
			t.Fatalf("plain grid %d: %v, %v", k, p, err)
		}
	}
}

func TestSSMarksGolden(t *testing.T) {
	grids := hodokuGrids(t)
	want := checkGolden(t, "ssmarks.golden", SSMarks, len(grids), func(i int) (*sudoku.Grid, string) {
		return grids[i], "dropped"
	})
	readBack(t, want, SSMarks, len(grids), func(forced Format, i int, p *Puzzle) {
		if !p.Grid.Equal(grids[i]) || p.Format != SSMarks {
			t.Errorf("forced %v: record %d: %v, not the grid written", forced, i, p.Format)
		}
	})
	if err := NewWriter(io.Discard, SSMarks).Write(MustParse(p4), ""); err == nil {
		t.Error("a 4x4 grid written as Simple Sudoku's grids")
	}
}

// ssAuto reports whether the SSMarks text of g is detected: the
// first row of its pencil-mark grid has a cell of two candidates or more.
func ssAuto(g *sudoku.Grid) bool {
	for c := 0; c < 9; c++ {
		if g.Cell(c) == 0 && bits.OnesCount64(g.Marks(c)) >= 2 {
			return true
		}
	}
	return false
}

func TestSSMarksRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for k := 0; k < 200; k++ {
		g := randomPlay(rng, k%2 == 0)
		text := Text(g, SSMarks)
		for _, forced := range []Format{Auto, SSMarks} {
			if forced == Auto && !ssAuto(g) {
				continue
			}
			r := NewReader(strings.NewReader(text + "\n" + text))
			r.Format = forced
			for n := 0; n < 2; n++ {
				p, err := r.Read()
				if err != nil || !p.Grid.Equal(g) {
					t.Fatalf("grid %d, forced %v, record %d: %v\n%s", k, forced, n, err, text)
				}
			}
		}
	}
}

func TestReadSSMarksErrors(t *testing.T) {
	data := string(must(os.ReadFile("testdata/ssmarks_simplesudoku.txt")))
	lines := strings.SplitAfter(data, "\n")
	tests := []struct {
		name, in string
		f        Format
		want     string
	}{
		{"a value in the pencil marks differs", strings.Replace(data, "| 8       123", "| 6       123", 1), Auto,
			"error: line 32, column 3: r1c1 holds 8, but its pencil marks are 6"},
		{"the grid of values drops a given", strings.Replace(data, "|.65|.7.|.42|", "|.6.|.7.|.42|", 1), Auto,
			"error: line 18, column 4: r2c3: the grid of givens holds 5, the grid of values a blank"},
		{"a candidate 0", strings.Replace(data, "| 13      6 ", "| 10      6 ", 1), Auto,
			"error: line 33, column 4: '0' is not a symbol"},
		{"no pencil marks, forced", strings.Join(lines[:13], ""), SSMarks,
			"error: line 1: no pencil-mark grid after Simple Sudoku's grid of givens"},
		{"not a grid, forced", p9, SSMarks,
			"error: line 1, column 1: want Simple Sudoku's grid of givens (\"*-----------*\", \"|8..|4..|...|\", ...)"},
		{"a pretty grid, forced", Text(MustParse(p9), Pretty), SSMarks,
			"error: line 1: want Simple Sudoku's 9x9 grid of givens, \"|8..|4..|...|\", not a pretty grid"},
	}
	for _, tt := range tests {
		r := NewReader(strings.NewReader(tt.in))
		r.Format = tt.f
		got := summary(t, r)
		if len(got) != 1 || got[0] != tt.want {
			t.Errorf("%s:\ngot  %q\nwant %s", tt.name, got, tt.want)
		}
	}
}
