package canon

import (
	"bufio"
	"flag"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/gosudoku/sudoku"
)

var long = flag.Bool("long", false, "check every grid of testdata/grids.txt against the slow reference (minutes)")

// readGrids reads testdata/grids.txt: one 9x9 grid per line, '.' blank.
func readGrids(t *testing.T) [][81]uint8 {
	t.Helper()
	f, err := os.Open("testdata/grids.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out [][81]uint8
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		s := sc.Text()
		if strings.HasPrefix(s, "#") {
			continue
		}
		p, err := parseCells(s)
		if err != nil {
			t.Fatalf("testdata/grids.txt:%d: %v", line, err)
		}
		out = append(out, p)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// parseCells reads 81 cells written with '.' or '0' for a blank.
func parseCells(s string) ([81]uint8, error) {
	var p [81]uint8
	g, err := sudoku.Parse(s)
	if err != nil {
		return p, err
	}
	for i := range p {
		p[i] = uint8(g.Cell(i))
	}
	return p, nil
}

// mustCells returns the form of p or ends the test.
func mustCells(t *testing.T, c *Canonicalizer, p *[81]uint8, k Kind) Form {
	t.Helper()
	f, err := c.Cells(p, k)
	if err != nil {
		t.Fatalf("%s %v: %v", cellsString(p), k, err)
	}
	return f
}

func cellsString(p *[81]uint8) string { return Form{Cells: *p}.String() }

// handful are the grids of testdata/grids.txt checked against the reference
// in every run: a 17-clue puzzle, a hard one, a solution grid, puzzles with
// 2 and 4 automorphisms, the grid with the most, and sparse grids whose
// blank rows and columns leave many transformations tied.
var handful = []string{
	".................1.....2.3......3.2...4....5...6.1.....3......6.7..8...952.7.....", // not in the file
	"........1..2..1.3..4..5.6.........7..6..8.5..7..3....2..56..9...9.5.8...4.6.9....",
	"..1..2..3.4..5.21.2..61..7...48..19..2.14.3..1....5..4465..1.3.817.3.5..3925....1",
	"123456789456789123789123456231564897564897231897231564312645978645978312978312645",
	"12.......3.................................................................4.....",
	".......1.2......3...4..5.6.................................................7.8.9.",
}

func TestReference(t *testing.T) {
	grids := make([][81]uint8, 0, len(handful))
	for _, s := range handful {
		p, err := parseCells(s)
		if err != nil {
			t.Fatal(err)
		}
		grids = append(grids, p)
	}
	if *long {
		grids = readGrids(t)
	} else if testing.Short() {
		grids = grids[:2]
	}
	var c Canonicalizer
	for _, p := range grids {
		for _, k := range []Kind{Minlex, PatternFirst} {
			f := mustCells(t, &c, &p, k)
			want, n := refMinlex(&p, k == PatternFirst)
			if f.Cells != want || f.Automorphisms != n {
				t.Errorf("%s %v:\n got %s, %d automorphisms\nwant %s, %d", cellsString(&p), k, f, f.Automorphisms, cellsString(&want), n)
			}
		}
	}
}

// randomTransform returns a random valid transformation.
func randomTransform(r *rand.Rand) Transform {
	var t Transform
	t.Transpose = r.IntN(2) == 1
	for _, l := range []*[9]int{&t.Rows, &t.Cols} {
		bands := r.Perm(3)
		for i, b := range bands {
			for j, x := range r.Perm(3) {
				l[3*i+j] = 3*b + x
			}
		}
	}
	for i, d := range r.Perm(9) {
		t.Digits[i+1] = d + 1
	}
	return t
}

// TestProperties checks on every grid of testdata/grids.txt that the map
// gives the form, that random transformations of a grid have the same form
// and automorphism count, and that a complete grid has the same form both
// ways.
func TestProperties(t *testing.T) {
	r := rand.New(rand.NewPCG(20, 1))
	var c Canonicalizer
	for _, p := range readGrids(t) {
		full := true
		for _, v := range p {
			full = full && v != 0
		}
		for _, k := range []Kind{Minlex, PatternFirst} {
			f := mustCells(t, &c, &p, k)
			if !f.Map.Valid() {
				t.Fatalf("%s %v: map %v is not valid", cellsString(&p), k, f.Map)
			}
			if got := f.Map.apply(&p); got != f.Cells {
				t.Errorf("%s %v: map %v gives %s, not the form %s", cellsString(&p), k, f.Map, cellsString(&got), f)
			}
			if back := f.Map.Inverse().apply(&f.Cells); back != p {
				t.Errorf("%s %v: the inverse map gives %s", cellsString(&p), k, cellsString(&back))
			}
			if f.Automorphisms < 1 {
				t.Errorf("%s %v: %d automorphisms", cellsString(&p), k, f.Automorphisms)
			}
			for range 3 {
				tr := randomTransform(r)
				q := tr.apply(&p)
				g := mustCells(t, &c, &q, k)
				if g.Cells != f.Cells || g.Automorphisms != f.Automorphisms {
					t.Errorf("%s %v: transformed by %v: form %s (%d automorphisms), want %s (%d)", cellsString(&p), k, tr, g, g.Automorphisms, f, f.Automorphisms)
				}
			}
			if full && k == PatternFirst {
				if m := mustCells(t, &c, &p, Minlex); m.Cells != f.Cells {
					t.Errorf("%s: complete grid: pattern-first form %s, minlex %s", cellsString(&p), f, m)
				}
			}
		}
	}
}

func TestTransform(t *testing.T) {
	id := Identity()
	if !id.Valid() {
		t.Fatal("identity is not valid")
	}
	if got := id.String(); got != "- rows=123456789 cols=123456789 digits=123456789" {
		t.Errorf("identity writes %q", got)
	}
	p, _ := parseCells(handful[0])
	if id.apply(&p) != p {
		t.Error("identity changes the grid")
	}
	bad := []func(*Transform){
		func(t *Transform) { t.Rows[0], t.Rows[3] = t.Rows[3], t.Rows[0] }, // rows across bands
		func(t *Transform) { t.Cols[8] = 0 },                               // a column twice
		func(t *Transform) { t.Cols[8] = 9 },                               // out of range
		func(t *Transform) { t.Digits[0] = 1; t.Digits[1] = 0 },            // a blank relabelled
		func(t *Transform) { t.Digits[2] = 1 },                             // a digit twice
	}
	for i, f := range bad {
		tr := Identity()
		f(&tr)
		if tr.Valid() {
			t.Errorf("bad transformation %d (%v) is valid", i, tr)
		}
	}
	g, _ := sudoku.Parse(handful[0])
	tr := Transform{Transpose: true, Rows: [9]int{2, 1, 0, 3, 4, 5, 6, 7, 8}, Cols: [9]int{0, 1, 2, 3, 4, 5, 8, 7, 6}, Digits: [10]int{0, 9, 8, 7, 6, 5, 4, 3, 2, 1}}
	h, err := tr.Apply(g)
	if err != nil {
		t.Fatal(err)
	}
	// Cell (r, c) of the result is cell (Cols[c], Rows[r]) of g, relabelled.
	for r := range 9 {
		for c := range 9 {
			if want := tr.Digits[g.At(tr.Cols[c], tr.Rows[r])]; h.At(r, c) != want {
				t.Errorf("r%dc%d: %d, want %d", r+1, c+1, h.At(r, c), want)
			}
		}
	}
	if back, _ := tr.Inverse().Apply(h); !back.Equal(g) {
		t.Errorf("inverse gives %v, want %v", back, g)
	}
	small, _ := sudoku.New(2)
	if _, err := tr.Apply(small); err == nil {
		t.Error("Apply took a 4x4 grid")
	}
	if _, err := Canon(small, Minlex); err == nil || !strings.Contains(err.Error(), "4x4") {
		t.Errorf("Canon of a 4x4 grid: %v", err)
	}
	tr.Rows[0] = 5
	if _, err := tr.Apply(g); err == nil {
		t.Error("Apply took an invalid transformation")
	}
}

func TestErrors(t *testing.T) {
	for _, tc := range []struct{ grid, err string }{
		{"1.......1" + strings.Repeat(".", 72), "canon: r1c1 and r1c9 both hold 1"},
		{".....5..." + strings.Repeat(".", 63) + ".....5...", "canon: r1c6 and r9c6 both hold 5"},
	} {
		g, err := sudoku.Parse(tc.grid)
		if err != nil {
			t.Fatal(err)
		}
		for _, k := range []Kind{Minlex, PatternFirst} {
			if _, err := Canon(g, k); err == nil || err.Error() != tc.err {
				t.Errorf("%s %v: error %v, want %s", tc.grid, k, err, tc.err)
			}
		}
	}
	var c Canonicalizer
	p := [81]uint8{10}
	if _, err := c.Cells(&p, Minlex); err == nil || !strings.Contains(err.Error(), "r1c1 holds 10") {
		t.Errorf("a 10 in r1c1: error %v", err)
	}
	// A box may repeat a digit: the form is about rows and columns.
	g, _ := sudoku.Parse("1........." + "1" + strings.Repeat(".", 70))
	if f, err := Canon(g, Minlex); err != nil || f.Automorphisms < 1 {
		t.Errorf("a box repeating 1: %v, %v", f, err)
	}
}

// FuzzCells checks that any 81 values give an error or a form that the map
// gives, whose own form is itself.
func FuzzCells(f *testing.F) {
	for _, s := range handful {
		p, _ := parseCells(s)
		f.Add(p[:])
	}
	f.Add(make([]byte, 81))
	f.Fuzz(func(t *testing.T, b []byte) {
		var p [81]uint8
		copy(p[:], b)
		var c Canonicalizer
		for _, k := range []Kind{Minlex, PatternFirst} {
			fm, err := c.Cells(&p, k)
			if err != nil {
				continue
			}
			if got := fm.Map.apply(&p); got != fm.Cells {
				t.Fatalf("%v %v: map gives %s, not %s", p, k, cellsString(&got), fm)
			}
			again, err := c.Cells(&fm.Cells, k)
			if err != nil || again.Cells != fm.Cells || again.Automorphisms != fm.Automorphisms {
				t.Fatalf("%v %v: the form's form is %s (%d), %v; want %s (%d)", p, k, again, again.Automorphisms, err, fm, fm.Automorphisms)
			}
		}
	})
}
