package format

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/gosudoku/sudoku"
)

func TestReadCSV(t *testing.T) {
	k1 := string(must(os.ReadFile("testdata/kaggle_1m.csv")))
	k3 := string(must(os.ReadFile("testdata/kaggle_3m.csv")))
	const (
		q1 = "..43..2.9..5..9..1.7..6..43..6..2.8719...74...5..83...6.....1.5..35.869..4291.3.."
		s1 = "864371259325849761971265843436192587198657432257483916689734125713528694542916378"
		q3 = "1..5.37..6.3..8.9......98...1.......8761..........6...........7.8.9.76.47...6.312"
		s3 = "198543726643278591527619843914735268876192435235486179462351987381927654759864312"
	)
	tests := []struct {
		name string
		in   string
		want []string
	}{
		{"kaggle 1m", k1, []string{"2 csv " + q1 + " = " + s1}},
		{"kaggle 3m", k3, []string{"2 csv " + q3 + " | id=1 clues=27 difficulty=2.2 = " + s3}},
		{"puzzle,solution", "puzzle,solution\n" + p9 + "," + s9 + "\n" + p4 + ",\n", []string{"2 csv " + p9 + " = " + s9, "3 csv " + p4}},
		{"puzzle column alone, any case", "Puzzle\n" + p9 + "\n", []string{"2 line " + p9}},
		{"name,grid in quotes", "name,\"grid\"\n\"a, b\",\"" + p4 + "\"\n\"say \"\"hi\"\"\", " + p4 + "\n",
			[]string{"2 csv " + p4 + " | name=a, b", "3 csv " + p4 + ` | name=say "hi"`}},
		{"block ends at a line without a comma", "puzzle,solution\n" + p4 + ",\n" + p9 + "\n" + p4 + ",x\n",
			[]string{"2 csv " + p4, "3 line " + p9, "error: line 4, column 1: 18 cells, want 16"}},
		{"comments and blank lines inside", "quizzes,solutions\n# c\n\n" + p4 + ",\n", []string{"4 csv " + p4}},
		{"a second header", k1 + k3, []string{"2 csv " + q1 + " = " + s1, "4 csv " + q3 + " | id=1 clues=27 difficulty=2.2 = " + s3}},
		{"16x16", "puzzle\n" + big16 + ",\n", []string{"error: line 2: row has 2 fields, want 1 (puzzle)"}},
		{"missing column", "id,puzzle,solution\n1," + p9 + "\n2," + p9 + ",\n",
			[]string{"error: line 2: row has 2 fields, want 3 (id,puzzle,solution)", "3 csv " + p9 + " | id=2"}},
		{"bad cell", "id,puzzle\n7," + p9[:10] + "x" + p9[11:] + "\n", []string{"error: line 2, column 13: puzzle: 'x' is not a symbol for 9x9 (1-9)"}},
		{"short puzzle", "id, puzzle\n7, " + p9[:80] + "\n", []string{"error: line 2, column 4: puzzle: 80 cells, want 81"}},
		{"solution of another order", "puzzle,solution\n" + p9 + "," + p4 + "\n", []string{"error: line 2, column 83: solution: 16 cells, want 81"}},
		{"unterminated quote", "id,puzzle\n\"7," + p9 + "\n" + "8," + p4 + "\n",
			[]string{"error: line 2, column 1: quoted field does not end on its line", "3 csv " + p4 + " | id=8"}},
		{"full-width digit", "id,puzzle\n1," + strings.Replace(p9, "1", "１", 1) + "\n", []string{"error: line 2, column 15: puzzle: full-width '１' (U+FF11) is not a symbol: write '1'"}},
		{"serate output", p9 + " ED=7.1/1.2/1.2\n" + p4 + "\tED=1.2/1.2/1.2\n",
			[]string{"1 line " + p9 + " | ED=7.1/1.2/1.2", "2 line " + p4 + " | ED=1.2/1.2/1.2"}},
		{"not a header", "a.b,puzzle\n", []string{"error: line 1, column 1: 10 cells, want 16"}},
		// It said "12 cells, want 16" (issue 21).
		{"header without a puzzle column", "name,level,x\n", []string{"error: line 1, column 1: a CSV header with no puzzle column: want one named puzzle, quizzes, grid, ..."}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := summary(t, NewReader(strings.NewReader(tt.in)))
			if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
				t.Errorf("got\n\t%s\nwant\n\t%s", strings.Join(got, "\n\t"), strings.Join(tt.want, "\n\t"))
			}
		})
	}
}

func TestReadCSVForced(t *testing.T) {
	r := NewReader(strings.NewReader(p9 + "\npuzzle,x\n" + p4 + ",1\n"))
	r.Format = CSV
	got := summary(t, r)
	want := []string{"error: line 1, column 1: want a CSV header naming the puzzle column (puzzle, quizzes, ...)", "3 csv " + p4 + " | x=1"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n\t%s\nwant\n\t%s", strings.Join(got, "\n\t"), strings.Join(want, "\n\t"))
	}
}

func TestWriteCSV(t *testing.T) {
	var buf bytes.Buffer
	w := NewWriter(&buf, CSV)
	w.WritePuzzle(&Puzzle{Grid: MustParse(p9), Solution: MustParse(s9), Comment: "dropped"})
	w.Write(MustParse(p4), "")
	w.Flush()
	want := "puzzle,solution\n" + strings.ReplaceAll(p9, ".", "0") + "," + s9 + "\n" + strings.ReplaceAll(p4, ".", "0") + ",\n"
	if buf.String() != want {
		t.Errorf("got\n%s\nwant\n%s", buf.String(), want)
	}
	if err := NewWriter(io.Discard, CSV).WritePuzzle(&Puzzle{Grid: MustParse(p9), Solution: MustParse(p4)}); err == nil {
		t.Error("a solution of another order is written")
	}
	// Read back: the same grids and solutions; and JSON keeps solutions.
	for _, f := range []Format{CSV, JSON} {
		var out bytes.Buffer
		w := NewWriter(&out, f)
		for _, g := range goldenGrids {
			sol := solutionOrNil(MustParse(g.grid))
			if err := w.WritePuzzle(&Puzzle{Grid: MustParse(g.grid), Solution: sol}); err != nil {
				t.Fatal(err)
			}
		}
		w.Flush()
		r := NewReader(&out)
		for _, g := range goldenGrids {
			p, err := r.Read()
			if err != nil {
				t.Fatalf("%v: %v", f, err)
			}
			sol := solutionOrNil(MustParse(g.grid))
			if p.Grid.String() != g.grid || (sol == nil) != (p.Solution == nil) || sol != nil && !p.Solution.Equal(sol) {
				t.Errorf("%v: read back %v = %v", f, p.Grid, p.Solution)
			}
		}
	}
}

// solutionOrNil returns the unique solution of g, or nil.
func solutionOrNil(g *sudoku.Grid) *sudoku.Grid {
	res, err := sudoku.Count(context.Background(), g, 2, sudoku.Options{})
	if err != nil || res.Count != 1 {
		return nil
	}
	return res.Solution
}

// csvRows returns n rows of "puzzle,solution" (and the same puzzles as
// plain lines) made from the given puzzles, repeated.
func csvRows(b *testing.B, n int) (csv, lines []byte) {
	puzzles := []string{p9, readme9, "..43..2.9..5..9..1.7..6..43..6..2.8719...74...5..83...6.....1.5..35.869..4291.3.."}
	var sols []string
	for _, p := range puzzles {
		sols = append(sols, solutionOrNil(MustParse(p)).String())
	}
	var c, l bytes.Buffer
	c.WriteString("puzzle,solution\n")
	for i := 0; i < n; i++ {
		k := i % len(puzzles)
		fmt.Fprintf(&c, "%s,%s\n", strings.ReplaceAll(puzzles[k], ".", "0"), sols[k])
		fmt.Fprintf(&l, "%s\n", puzzles[k])
	}
	return c.Bytes(), l.Bytes()
}

// BenchmarkReadCSV reads 1 million CSV rows (puzzle and solution, made
// here) and the same puzzles as plain lines: the CSV must take at most
// 1.5 times as long.
func BenchmarkReadCSV(b *testing.B) {
	csv, lines := csvRows(b, 1_000_000)
	read := func(b *testing.B, data []byte) {
		b.SetBytes(int64(len(data)))
		for b.Loop() {
			r := NewReader(bytes.NewReader(data))
			n := 0
			for {
				_, err := r.Read()
				if err == io.EOF {
					break
				}
				if err != nil {
					b.Fatal(err)
				}
				n++
			}
			if n != 1_000_000 {
				b.Fatalf("%d records", n)
			}
		}
		b.ReportMetric(b.Elapsed().Seconds()*1e9/1e6/float64(b.N), "ns/puzzle")
	}
	b.Run("csv", func(b *testing.B) { read(b, csv) })
	b.Run("lines", func(b *testing.B) { read(b, lines) })
}

// FuzzCSV reads arbitrary input after a CSV header: rows or errors with
// their place, never a panic; a row read back from -o csv is the same.
func FuzzCSV(f *testing.F) {
	f.Add([]byte(string(must(os.ReadFile("testdata/kaggle_3m.csv")))))
	f.Add([]byte(string(must(os.ReadFile("testdata/kaggle_1m.csv")))))
	f.Add([]byte("name,\"grid\"\n\"a, b\",\"" + p4 + "\"\n\"x\"\"\n"))
	f.Add([]byte("puzzle\n" + p9 + ",\n1,2,3\n\"\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, fm := range []Format{Auto, CSV} {
			readAllChecked(t, data, fm, 0)
		}
		r := NewReader(bytes.NewReader(data))
		for {
			p, err := r.Read()
			if err == io.EOF {
				break
			}
			var pe *sudoku.ParseError
			if err != nil && !errors.As(err, &pe) {
				t.Fatal(err)
			}
			if err != nil || p.Format != CSV {
				continue
			}
			var buf bytes.Buffer
			w := NewWriter(&buf, CSV)
			if err := w.WritePuzzle(p); err != nil {
				t.Fatal(err)
			}
			w.Flush()
			q, err := NewReader(&buf).Read()
			if err != nil || !q.Grid.Equal(p.Grid) || (q.Solution == nil) != (p.Solution == nil) || q.Solution != nil && !q.Solution.Equal(p.Solution) {
				t.Fatalf("%q does not read back: %v", buf.Bytes(), err)
			}
		}
	})
}

// TestFill9 checks the eight-at-a-time 9x9 fill against SymbolValue for
// every byte in every lane of a word.
func TestFill9(t *testing.T) {
	r := NewReader(strings.NewReader(""))
	cells := make([]uint8, 81)
	for pos := 0; pos < 81; pos++ {
		for c := 0; c < 256; c++ {
			w := []byte(p9)
			w[pos] = byte(c)
			ok := r.d.in.fill9(cells, w)
			v, isSym := sudoku.SymbolValue(byte(c))
			if want := isSym && v <= 9; ok != want {
				t.Fatalf("byte %#x at %d: fill9 %v, want %v", c, pos, ok, want)
			}
			if ok && (int(cells[pos]) != v || MustParse(string(w)).String() != grid9(cells).String()) {
				t.Fatalf("byte %#x at %d: cells %v", c, pos, cells)
			}
		}
	}
}

// grid9 returns a 9x9 grid holding cells.
func grid9(cells []uint8) *sudoku.Grid {
	g, _ := sudoku.New(3)
	copy(g.Cells(), cells)
	return g
}
