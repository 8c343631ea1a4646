package format

import (
	"bytes"
	"context"
	"errors"
	"io"
	"math/bits"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gosudoku/sudoku"
)

func TestMarksAPI(t *testing.T) {
	g := MustParse(p4) // 1..4..1.2..1...2
	if g.HasMarks() {
		t.Fatal("a parsed line has marks")
	}
	if m := g.Marks(0); m != 0b0001 {
		t.Errorf("Marks of a given 1 = %b, want 1", m)
	}
	if m := g.Marks(1); m != 0b1111 {
		t.Errorf("Marks of a blank without marks = %b, want 1111", m)
	}
	h := g.Clone()
	if err := h.SetMarks(1, 0b1010); err != nil {
		t.Fatal(err)
	}
	if !h.HasMarks() || h.Marks(1) != 0b1010 || h.Marks(2) != 0b1111 || g.HasMarks() {
		t.Errorf("after SetMarks: HasMarks %v, %b %b; the original has marks: %v", h.HasMarks(), h.Marks(1), h.Marks(2), g.HasMarks())
	}
	if g.Equal(h) || h.Equal(g) {
		t.Error("grids with different marks are equal")
	}
	c := h.Clone()
	if !c.Equal(h) || c.Marks(1) != 0b1010 {
		t.Error("Clone loses the marks")
	}
	c.SetMarks(1, 0b0010)
	if h.Marks(1) != 0b1010 {
		t.Error("the clone shares its marks")
	}
	h.SetMarks(1, 0b1111)
	if !g.Equal(h) {
		t.Error("a grid whose marks are every value is not equal to one without marks")
	}
	for _, tc := range []struct {
		cell int
		m    uint64
		want string
	}{
		{16, 1, "sudoku: cell 16 is outside the 4x4 grid"},
		{1, 0b10000, "sudoku: r1c2: candidate 5 out of range 1-4"},
		{0, 0b0110, "sudoku: r1c1 holds 1, which the marks 23 leave out"},
	} {
		if err := h.SetMarks(tc.cell, tc.m); err == nil || err.Error() != tc.want {
			t.Errorf("SetMarks(%d, %b) = %v, want %s", tc.cell, tc.m, err, tc.want)
		}
	}
	h.ClearMarks()
	if h.HasMarks() || h.Marks(1) != 0b1111 {
		t.Error("ClearMarks keeps marks")
	}
	big, _ := sudoku.New(8)
	if big.Marks(0) != ^uint64(0) {
		t.Errorf("64x64 blank: %x", big.Marks(0))
	}
	if err := big.SetMarks(0, 1<<63); err != nil || big.Marks(0) != 1<<63 {
		t.Errorf("64x64 SetMarks: %v", err)
	}
}

// solutionOf returns the unique solution of g.
func solutionOf(t *testing.T, g *sudoku.Grid) *sudoku.Grid {
	t.Helper()
	res, err := sudoku.Count(context.Background(), g, 2, sudoku.Options{})
	if err != nil || res.Count != 1 {
		t.Fatalf("%v: %d solutions, %v", g, res.Count, err)
	}
	return res.Solution
}

func TestCountRespectsMarks(t *testing.T) {
	ctx := context.Background()
	for _, src := range []string{readme9, p4, big16} {
		g := MustParse(src)
		sol := solutionOf(t, g)
		// Marks that keep the solution leave it unique.
		h := g.Clone()
		for i := range h.NumCells() {
			if h.Cell(i) == 0 {
				h.SetMarks(i, h.Marks(i)&^(1<<((sol.Cell(i))%h.Side()))) // drop one other value
			}
		}
		res, err := sudoku.Count(ctx, h, 2, sudoku.Options{})
		if err != nil || res.Count != 1 || !res.Solution.Equal(sol) {
			t.Errorf("%d: marks that keep the solution: %d solutions, %v", h.Order(), res.Count, err)
		}
		if err := sudoku.CheckMarks(ctx, h, sudoku.Options{}); err != nil {
			t.Errorf("CheckMarks of marks that keep the solution: %v", err)
		}
		// A cell that lost its value: no solution, and CheckMarks names it.
		last := h.NumCells() - 1
		for h.Cell(last) != 0 {
			last--
		}
		v := sol.Cell(last)
		h.SetMarks(last, h.Marks(last)&^(1<<(v-1)))
		res, err = sudoku.Count(ctx, h, 2, sudoku.Options{})
		if err != nil || res.Count != 0 {
			t.Errorf("%d: marks without the solution: %d solutions, %v", h.Order(), res.Count, err)
		}
		var me *sudoku.MarksError
		err = sudoku.CheckMarks(ctx, h, sudoku.Options{})
		side := h.Side()
		want := "r" + itoa(last/side+1) + "c" + itoa(last%side+1) + " lost its " + string(sudoku.SymbolByte(v)) + ", which the solution needs"
		if !errors.As(err, &me) || me.Cell != last || me.Value != v || err.Error() != want {
			t.Errorf("CheckMarks = %v, want %s", err, want)
		}
	}
	// Marks make a puzzle with many solutions unique: the empty 4x4 grid
	// with the marks of one solution.
	sol := MustParse("1234341221434321")
	g, _ := sudoku.New(2)
	for i := range g.NumCells() {
		g.SetMarks(i, 1<<(sol.Cell(i)-1)|1<<(sol.Cell(i)%4)) // its value and one more
	}
	res, err := sudoku.Count(ctx, g, 300, sudoku.Options{})
	if err != nil || res.Count == 288 || res.Count == 0 {
		t.Errorf("marks do not narrow the empty grid: %d solutions, %v", res.Count, err)
	}
	// Exclusions given in Options still count, and are not changed.
	ex := []sudoku.Candidate{{Cell: 1, Value: 2}}
	if _, err := sudoku.Count(ctx, g, 2, sudoku.Options{Exclude: ex}); err != nil || len(ex) != 1 {
		t.Errorf("Options.Exclude with marks: %v, %v", err, ex)
	}
}

// basicMarks gives the blank cells of g the candidates its values leave.
func basicMarks(g *sudoku.Grid) *sudoku.Grid {
	h := g.Clone()
	side, n := g.Side(), g.Order()
	for i := range g.NumCells() {
		if g.Cell(i) != 0 {
			continue
		}
		m := allMarks(side)
		r, c := i/side, i%side
		for k := 0; k < side; k++ {
			for _, j := range []int{r*side + k, k*side + c, (r/n*n+k/n)*side + c/n*n + k%n} {
				if v := g.Cell(j); v != 0 {
					m &^= 1 << (v - 1)
				}
			}
		}
		h.SetMarks(i, m)
	}
	return h
}

// TestReadPencilReal reads pencil-mark grids printed by other programs
// (see testdata/README).
func TestReadPencilReal(t *testing.T) {
	tests := []struct {
		file   string
		values string // the values: cells of one candidate
		cell   int
		marks  string // the candidates of cell
	}{
		{"pencil_sudopedia.txt", ".234..8..6....7......53.62...5......84.....36......1...52.96......1....7..8..521.", 0, "1579"},
		{"pencil_markers.txt", "..3..9.6.5........21............3.79..19..6......8...4....34.9.....7..8...269.5..", 0, "478"},
	}
	for _, tt := range tests {
		data, err := os.ReadFile(filepath.Join("testdata", tt.file))
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range []Format{Auto, Pencil} {
			r := NewReader(bytes.NewReader(data))
			r.Format = f
			p, err := r.Read()
			if err != nil {
				t.Fatalf("%s (%v): %v", tt.file, f, err)
			}
			if p.Format != Pencil || p.Line != 1 || !p.Grid.HasMarks() {
				t.Errorf("%s (%v): format %v line %d marks %v", tt.file, f, p.Format, p.Line, p.Grid.HasMarks())
			}
			if got := p.Grid.String(); got != strings.ReplaceAll(tt.values, " ", "") {
				t.Errorf("%s: values\n%s, want\n%s", tt.file, got, tt.values)
			}
			if got := markString(p.Grid.Marks(tt.cell)); got != tt.marks {
				t.Errorf("%s: cell %d marks %s, want %s", tt.file, tt.cell, got, tt.marks)
			}
			if _, err := r.Read(); err != io.EOF {
				t.Errorf("%s: after the grid: %v", tt.file, err)
			}
			// Written and read back, the state is the same.
			back, err := Parse(Text(p.Grid, Pencil))
			if err != nil || !back.Equal(p.Grid) {
				t.Errorf("%s: pencil round trip: %v\n%s", tt.file, err, Text(p.Grid, Pencil))
			}
			back, err = Parse(Text(p.Grid, Sukaku))
			if err != nil || !back.Equal(p.Grid) {
				t.Errorf("%s: sukaku round trip: %v", tt.file, err)
			}
		}
	}
}

// markedGrids are the grids of the golden files of the candidate formats:
// a puzzle with the candidates its givens leave, the same after some
// steps, and a real grid.
func markedGrids(t *testing.T) []*sudoku.Grid {
	g := basicMarks(MustParse(p9))
	for i := range g.NumCells() {
		if m := g.Marks(i); g.Cell(i) == 0 && bits.OnesCount64(m) == 1 {
			g.SetCell(i, bits.TrailingZeros64(m)+1) // a naked single
		}
	}
	h := g.Clone()
	var blanks []int
	for i := range h.NumCells() {
		if h.Cell(i) == 0 {
			blanks = append(blanks, i)
		}
	}
	h.SetMarks(blanks[0], 0b110)         // 23
	h.SetMarks(blanks[1], 0)             // no candidates
	h.SetMarks(blanks[2], 0b1_0000_0101) // 139
	data, err := os.ReadFile("testdata/pencil_sudopedia.txt")
	if err != nil {
		t.Fatal(err)
	}
	real, err := Parse(string(data))
	if err != nil {
		t.Fatal(err)
	}
	return []*sudoku.Grid{g, h, real}
}

func TestMarksGolden(t *testing.T) {
	grids := markedGrids(t)
	for _, f := range []Format{Sukaku, Pencil} {
		t.Run(f.String(), func(t *testing.T) {
			want := checkGolden(t, f.String()+".golden", f, len(grids), func(i int) (*sudoku.Grid, string) {
				return grids[i], ""
			})
			readBack(t, want, f, len(grids), func(forced Format, i int, p *Puzzle) {
				if !p.Grid.Equal(grids[i]) || p.Format != f {
					t.Errorf("forced %v: record %d: %v, not the grid written", forced, i, p.Format)
				}
			})
		})
	}
}

// randomPlay returns a 9x9 grid as a game in progress: random values (not
// a valid Sudoku), a third of them placed rather than given, and with
// marks, random candidates in the blank cells.
func randomPlay(rng *rand.Rand, marks bool) *sudoku.Grid {
	g := randomGrid(rng, 3, rng.Float64())
	for i := range g.NumCells() {
		if v := g.Cell(i); v != 0 && rng.IntN(3) == 0 {
			g.Place(i, v)
		}
	}
	if marks {
		randomMarks(rng, g)
	}
	return g
}

// randomMarks gives the blank cells of g random candidates, never exactly
// one (a cell of one candidate reads back as a value).
func randomMarks(rng *rand.Rand, g *sudoku.Grid) {
	all := allMarks(g.Side())
	for i := range g.NumCells() {
		if g.Cell(i) != 0 {
			continue
		}
		m := rng.Uint64() & all
		if bits.OnesCount64(m) == 1 {
			m = 0
		}
		g.SetMarks(i, m)
	}
}

func TestMarksRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, order := range []int{2, 3, 4, 5} {
		for i := 0; i < 10; i++ {
			g := randomGrid(rng, order, rng.Float64())
			if i > 0 {
				randomMarks(rng, g)
			}
			for _, f := range []Format{Sukaku, Pencil} {
				var buf bytes.Buffer
				w := NewWriter(&buf, f)
				w.Write(g, "a comment")
				w.Write(g, "")
				w.Flush()
				forced := []Format{f}
				if f == Pencil || order == 3 {
					forced = append(forced, Auto)
				}
				for _, fm := range forced {
					r := NewReader(bytes.NewReader(buf.Bytes()))
					r.Format = fm
					for k := 0; k < 2; k++ {
						p, err := r.Read()
						if err != nil {
							t.Fatalf("%v order %d read as %v: %v\n%s", f, order, fm, err, buf.Bytes())
						}
						if !p.Grid.Equal(g) {
							t.Fatalf("%v order %d read as %v: not the grid written\n%s", f, order, fm, buf.Bytes())
						}
						if f == Sukaku && k == 0 && p.Comment != "a comment" {
							t.Errorf("sukaku comment %q", p.Comment)
						}
					}
				}
			}
		}
	}
}

func TestMarksErrors(t *testing.T) {
	pm := string(must(os.ReadFile("testdata/pencil_sudopedia.txt")))
	suk := Text(MustParse(p9), Sukaku)
	tests := []struct {
		name   string
		format Format
		in     string
		want   []string
	}{
		{"sukaku 728", Sukaku, suk[:728] + "\n" + p9 + "\n",
			[]string{"error: line 1, column 1: 728 candidate slots, want 64 (4x4), 729 (9x9), 4096 (16x16), ...", "error: line 2, column 1: 81 candidate slots, want 64 (4x4), 729 (9x9), 4096 (16x16), ..."}},
		{"sukaku wrong slot", Auto, suk[:20] + "5" + suk[21:] + p4 + "\n",
			[]string{"error: line 1, column 21: r1c3: slot 3 holds '5', want 3 or '.'", "2 line " + p4}},
		{"sukaku bad symbol", Auto, suk[:20] + "x" + suk[21:],
			[]string{"error: line 1, column 21: r1c3: slot 3 holds 'x', want 3 or '.'"}},
		{"sukaku bad character", Auto, suk[:20] + "?" + suk[21:],
			[]string{"error: line 1, column 21: '?' is not a symbol"}},
		{"pencil digit out of range", Auto, strings.Replace(pm, "289    128", "280    128", 1) + p4 + "\n",
			[]string{"error: line 3, column 28: '0' is not a symbol", "14 line " + p4}},
		{"pencil letter in candidates", Auto, strings.Replace(pm, "289    128", "2A9    128", 1) + p4 + "\n",
			[]string{"error: line 3, column 27: 'A' is not a symbol for 9x9 (1-9)", "14 line " + p4}},
		{"pencil short row", Auto, strings.Replace(pm, "| 8      579    159    |", "| 8      579           |", 1) + p4 + "\n",
			[]string{"error: line 1: row of 8 cells, want 4, 9, 16, 25, 36, 49 or 64", "14 line " + p4}},
		{"pencil short later row", Auto, strings.Replace(pm, "| 8      4      179    |", "| 8      4             |", 1) + p4 + "\n",
			[]string{"error: line 7: row 5 has 8 cells, want 9", "14 line " + p4}},
		{"pencil cut short", Auto, strings.Join(strings.SplitAfter(pm, "\n")[:5], "") + p4 + "\n",
			[]string{"error: line 1: grid has 3 rows, want 9: line 6 is not a row", "6 line " + p4}},
		{"pencil border alone", Auto, ".-----.-----.\n" + p4 + "\n",
			[]string{"error: line 1: box line without a grid", "2 line " + p4}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := NewReader(strings.NewReader(tt.in))
			r.Format = tt.format
			got := summary(t, r)
			if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
				t.Errorf("got\n\t%s\nwant\n\t%s", strings.Join(got, "\n\t"), strings.Join(tt.want, "\n\t"))
			}
		})
	}
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

func TestReadWiki(t *testing.T) {
	data := must(os.ReadFile("testdata/sudokuwiki_url.txt"))
	p, err := NewReader(bytes.NewReader(data)).Read()
	if err != nil {
		t.Fatal(err)
	}
	if p.Format != Wiki || markString(p.Grid.Marks(0)) != "79" || p.Grid.Cell(2) != 6 || markString(p.Grid.Marks(11)) != "23" {
		t.Errorf("read %v: %v, r1c1 %s, r2c3 %s", p.Format, p.Grid, markString(p.Grid.Marks(0)), markString(p.Grid.Marks(11)))
	}
	res, err := sudoku.Count(context.Background(), p.Grid, 2, sudoku.Options{})
	if err != nil || res.Count != 1 {
		t.Errorf("count: %d, %v", res.Count, err)
	}
	for _, f := range []Format{Wiki, Auto} {
		r := NewReader(strings.NewReader(Text(p.Grid, Wiki)))
		r.Format = f
		q, err := r.Read()
		if err != nil || !q.Grid.Equal(p.Grid) {
			t.Errorf("%v: round trip: %v", f, err)
		}
	}
	tests := []struct{ in, want string }{
		{"S9B" + strings.Repeat("0i", 80) + "!!", "error: line 1, column 164: '!' is not a base-36 digit (r9c9)"},
		{"S9B" + strings.Repeat("zz", 81), "error: line 1, column 4: r1c1: 1295 is neither a value (1-18) nor candidates (19-529)"},
		{"http://x/?bd=" + p9, "1 sudokuwiki " + p9},
	}
	for _, tt := range tests {
		got := summary(t, NewReader(strings.NewReader(tt.in)))
		if strings.Join(got, "|") != tt.want {
			t.Errorf("%.20s...: got %s, want %s", tt.in, got, tt.want)
		}
	}
	if err := NewWriter(io.Discard, Wiki).Write(MustParse(p4), ""); err == nil {
		t.Error("a 4x4 grid written as a sudokuwiki board")
	}
}
