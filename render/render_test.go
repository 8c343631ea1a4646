package render

import (
	"bytes"
	"context"
	"encoding/xml"
	"errors"
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gosudoku/sudoku"
	"github.com/gosudoku/sudoku/format"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

const (
	puzzle9  = "..9748...7.........2.1.9.....7...24..64.1.59..98...3.....8.3.2.........6...2759.."
	puzzle4  = "1..4..2..4..3..2"
	puzzle16 = ".F.471....E2.....8.3.5A....F..146.79.E.B.A.53....B2....3D....F...A.6...........B.G.1EA39....6C.....EF...B4.9.85.2.8D.7...61..........37.A...2.......C..A6....4...3.C..2...5.1.....G...189..7.A..91EB......C...45.....2.....D.B...6.5.9.C.7F.G3..C...D..E..46...."
)

func mustParse(t testing.TB, s string) *sudoku.Grid {
	t.Helper()
	g, err := sudoku.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func mustSolve(t testing.TB, g *sudoku.Grid) *sudoku.Grid {
	t.Helper()
	res, err := sudoku.Solve(context.Background(), g, sudoku.Options{})
	if err != nil || res.Solution == nil {
		t.Fatalf("solve %v: %v", g, err)
	}
	return res.Solution
}

// svgText is a <text> element with the class of its group.
type svgText struct {
	class string
	x, y  float64
	size  float64
	s     string
}

// parseSVG decodes an SVG image with encoding/xml and returns its size
// and texts.
func parseSVG(t *testing.T, data []byte) (w, h float64, texts []svgText) {
	t.Helper()
	var doc struct {
		XMLName xml.Name `xml:"svg"`
		ViewBox string   `xml:"viewBox,attr"`
		Groups  []struct {
			Class string `xml:"class,attr"`
			Texts []struct {
				X    float64 `xml:"x,attr"`
				Y    float64 `xml:"y,attr"`
				Size float64 `xml:"font-size,attr"`
				S    string  `xml:",chardata"`
			} `xml:"text"`
		} `xml:"g"`
	}
	if err := xml.Unmarshal(data, &doc); err != nil {
		t.Fatalf("SVG does not parse: %v", err)
	}
	if _, err := fmt.Sscanf(doc.ViewBox, "0 0 %g %g", &w, &h); err != nil {
		t.Fatalf("viewBox %q: %v", doc.ViewBox, err)
	}
	for _, g := range doc.Groups {
		for _, x := range g.Texts {
			texts = append(texts, svgText{g.Class, x.X, x.Y, x.Size, x.S})
		}
	}
	return w, h, texts
}

// cellsOf maps the texts of classes given and filled to the cells of a
// grid at (x0, y0) with cells of side cell: each text's centre (its
// baseline less half a capital) must be within a tenth of a cell of its
// cell's centre.
func cellsOf(t *testing.T, texts []svgText, side int, x0, y0, cell float64) (given, filled map[int]string) {
	t.Helper()
	given, filled = map[int]string{}, map[int]string{}
	for _, tx := range texts {
		if tx.class != "given" && tx.class != "filled" {
			continue
		}
		cy := tx.y - CapHeight*tx.size/2
		c, r := (tx.x-x0)/cell-0.5, (cy-y0)/cell-0.5
		rc, cc := math.Round(r), math.Round(c)
		if math.Abs(r-rc) > 0.1 || math.Abs(c-cc) > 0.1 || rc < 0 || cc < 0 || int(rc) >= side || int(cc) >= side {
			t.Errorf("%s %q at (%g, %g) is not centred on a cell", tx.class, tx.s, tx.x, tx.y)
			continue
		}
		i := int(rc)*side + int(cc)
		m := given
		if tx.class == "filled" {
			m = filled
		}
		if _, dup := m[i]; dup {
			t.Errorf("two %s texts in %s", tx.class, sudoku.CellName(i, side))
		}
		m[i] = tx.s
	}
	return given, filled
}

func TestSVGDigitsInCells(t *testing.T) {
	for _, tc := range []struct {
		name   string
		puzzle string
		cell   int
	}{
		{"4x4", puzzle4, 0},
		{"9x9", puzzle9, 30},
		{"16x16", puzzle16, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := mustParse(t, tc.puzzle)
			sol := mustSolve(t, g)
			for _, withSol := range []bool{false, true} {
				opt := Options{CellSize: tc.cell, Caption: "a caption & more"}
				if withSol {
					opt.Solution = sol
				}
				var b bytes.Buffer
				if err := SVG(&b, g, opt); err != nil {
					t.Fatal(err)
				}
				w, h, texts := parseSVG(t, b.Bytes())
				cell := float64(tc.cell)
				if cell == 0 {
					cell = DefaultCellSize
				}
				l := layoutGrid(g.Side(), cell, true)
				if w != l.w || h != l.h {
					t.Errorf("size %gx%g, want %gx%g", w, h, l.w, l.h)
				}
				given, filled := cellsOf(t, texts, g.Side(), l.x, l.y, cell)
				for i := range g.NumCells() {
					want := string(sudoku.SymbolByte(g.Cell(i)))
					if g.Cell(i) == 0 {
						if _, ok := given[i]; ok {
							t.Errorf("given text in blank %s", sudoku.CellName(i, g.Side()))
						}
						want = ""
						if withSol {
							want = string(sudoku.SymbolByte(sol.Cell(i)))
						}
						if filled[i] != want {
							t.Errorf("filled %s = %q, want %q", sudoku.CellName(i, g.Side()), filled[i], want)
						}
						continue
					}
					if given[i] != want {
						t.Errorf("given %s = %q, want %q", sudoku.CellName(i, g.Side()), given[i], want)
					}
				}
				if len(given) != g.Givens() {
					t.Errorf("%d givens drawn, want %d", len(given), g.Givens())
				}
				if !strings.Contains(b.String(), ">a caption &amp; more</text>") {
					t.Errorf("caption missing or not escaped")
				}
			}
		})
	}
}

// TestSVGOrders draws every order from 2 to 8 and counts the values.
func TestSVGOrders(t *testing.T) {
	for o := sudoku.MinOrder; o <= sudoku.MaxOrder; o++ {
		g, _ := sudoku.New(o)
		side := g.Side()
		for r := range side { // a diagonal of values 1..side
			g.Set(r, r, r+1)
		}
		var b bytes.Buffer
		if err := SVG(&b, g, Options{CellSize: 10}); err != nil {
			t.Fatalf("order %d: %v", o, err)
		}
		_, _, texts := parseSVG(t, b.Bytes())
		given, _ := cellsOf(t, texts, side, 8, 8, 10)
		for r := range side {
			if want := string(sudoku.SymbolByte(r + 1)); given[r*side+r] != want {
				t.Errorf("order %d: r%dc%d = %q, want %q", o, r+1, r+1, given[r*side+r], want)
			}
		}
		if len(given) != side {
			t.Errorf("order %d: %d texts, want %d", o, len(given), side)
		}
		// Box lines: side/order+1 thick lines each way, the rest thin.
		if n := strings.Count(b.String(), `stroke="#000000"`); n != 2*(o+1) {
			t.Errorf("order %d: %d thick lines, want %d", o, n, 2*(o+1))
		}
	}
}

func TestSVGGolden(t *testing.T) {
	g := mustParse(t, puzzle4)
	for _, tc := range []struct {
		file string
		opt  Options
	}{
		{"grid4.svg", Options{}},
		{"grid4_solution.svg", Options{Solution: mustSolve(t, g), Caption: "4x4 · easy"}},
	} {
		var b bytes.Buffer
		if err := SVG(&b, g, tc.opt); err != nil {
			t.Fatal(err)
		}
		golden(t, tc.file, b.Bytes())
	}
	s := Sheet{PerPage: 2, Solutions: true, Paper: Letter,
		Puzzles: []Item{{Grid: g, Solution: mustSolve(t, g), Caption: "first"}}}
	var b bytes.Buffer
	if err := SheetSVG(&b, s, 1); err != nil {
		t.Fatal(err)
	}
	golden(t, "sheet4_solutions.svg", b.Bytes())
}

// golden compares got with testdata/name, or rewrites it with -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to make it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the output; if the change is meant, run go test -update and look at it", path)
	}
}

func decodePNG(t *testing.T, data []byte) image.Image {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	return img
}

func dark(c color.Color) bool {
	r, g, b, _ := c.RGBA()
	return r+g+b < 3*0x4000
}

func white(c color.Color) bool {
	r, g, b, _ := c.RGBA()
	return r == 0xffff && g == 0xffff && b == 0xffff
}

// inside counts the pixels of a cell's inside (clear of its lines) that
// pass f.
func inside(img image.Image, x0, y0, cell, r, c int, f func(color.Color) bool) int {
	n := 0
	for y := y0 + r*cell + 4; y < y0+(r+1)*cell-4; y++ {
		for x := x0 + c*cell + 4; x < x0+(c+1)*cell-4; x++ {
			if f(img.At(x, y)) {
				n++
			}
		}
	}
	return n
}

func TestPNGProbes(t *testing.T) {
	g := mustParse(t, puzzle9)
	sol := mustSolve(t, g)
	var b bytes.Buffer
	if err := PNG(&b, g, Options{Solution: sol}); err != nil {
		t.Fatal(err)
	}
	img := decodePNG(t, b.Bytes())
	const cell, margin = DefaultCellSize, DefaultCellSize / 2
	side := 9 * cell
	if got, want := img.Bounds().Size(), image.Pt(side+2*margin, side+2*margin); got != want {
		t.Fatalf("size %v, want %v", got, want)
	}
	// Box lines are dark across the grid; the middle of a thin line is
	// grey, not dark; outside the border is white.
	for k := 0; k <= 9; k += 3 {
		p := margin + k*cell
		for _, q := range []int{margin + cell/2, margin + side/2 + 3, margin + side - 5} {
			if !dark(img.At(p, q)) || !dark(img.At(q, p)) {
				t.Errorf("box line %d not dark at %d", k, q)
			}
		}
	}
	if c := img.At(margin+cell, margin+cell/2); dark(c) || white(c) {
		t.Errorf("thin line at x=%d is %v, want grey", margin+cell, c)
	}
	if !white(img.At(margin/2, margin/2)) {
		t.Errorf("margin not white")
	}
	blue := func(c color.Color) bool {
		r, _, b, _ := c.RGBA()
		return b > r+0x3000
	}
	for i := range g.NumCells() {
		r, c := i/9, i%9
		darkPx := inside(img, margin, margin, cell, r, c, dark)
		bluePx := inside(img, margin, margin, cell, r, c, blue)
		if g.Cell(i) != 0 && (darkPx < 20 || bluePx > 0) {
			t.Errorf("given %s: %d dark, %d blue pixels", sudoku.CellName(i, 9), darkPx, bluePx)
		}
		if g.Cell(i) == 0 && (darkPx > 0 || bluePx < 20) {
			t.Errorf("filled %s: %d dark, %d blue pixels", sudoku.CellName(i, 9), darkPx, bluePx)
		}
	}
	// Without the solution, blank cells are white inside.
	b.Reset()
	if err := PNG(&b, g, Options{}); err != nil {
		t.Fatal(err)
	}
	img = decodePNG(t, b.Bytes())
	for i := range g.NumCells() {
		notWhite := inside(img, margin, margin, cell, i/9, i%9, func(c color.Color) bool { return !white(c) })
		if g.Cell(i) == 0 && notWhite != 0 {
			t.Errorf("blank %s has %d inked pixels", sudoku.CellName(i, 9), notWhite)
		}
	}
}

func TestSheetPNG(t *testing.T) {
	g := mustParse(t, puzzle9)
	s := Sheet{PerPage: 4, DPI: 72}
	for range 5 {
		s.Puzzles = append(s.Puzzles, Item{Grid: g})
	}
	if s.Pages() != 2 {
		t.Fatalf("%d pages, want 2", s.Pages())
	}
	for page, grids := range []int{4, 1} {
		var b bytes.Buffer
		if err := SheetPNG(&b, s, page); err != nil {
			t.Fatal(err)
		}
		img := decodePNG(t, b.Bytes())
		if got := img.Bounds().Size(); got != image.Pt(595, 842) {
			t.Fatalf("page size %v, want 595x842 at 72 dpi", got)
		}
		// Count the grids by the dark top border crossing the slots'
		// centre columns.
		n := 0
		w, _ := s.PageSize()
		for _, x := range []int{int(w / 4), int(3 * w / 4)} {
			for y := 0; y < 842; y++ {
				if dark(img.At(x, y)) && dark(img.At(x+40, y)) && dark(img.At(x-40, y)) {
					n++
					y += 10 // one line is several pixels thick
				}
			}
		}
		// Each grid has 4 thick horizontal lines.
		if n != 4*grids {
			t.Errorf("page %d: %d thick lines, want %d", page+1, n, 4*grids)
		}
	}
}

// recorder is a Canvas that keeps the texts drawn.
type recorder struct{ texts []svgText }

func (r *recorder) Line(x1, y1, x2, y2, width float64, c color.RGBA) {}
func (r *recorder) Text(x, y, size float64, st Style, s string) {
	r.texts = append(r.texts, svgText{st.String(), x, y, size, s})
}

// fakeMarks is a grid with pencil marks: every blank cell holds the
// values v with (v + cell) % 3 == 0.
type fakeMarks struct{ side int }

func (f fakeMarks) Marks(i int) uint64 {
	var m uint64
	for v := 1; v <= f.side; v++ {
		if (v+i)%3 == 0 {
			m |= 1 << (v - 1)
		}
	}
	return m
}

func TestMarks(t *testing.T) {
	g := mustParse(t, puzzle9)
	var rec recorder
	drawGrid(&rec, 0, 0, 90, g, nil, fakeMarks{9})
	marks := 0
	for _, tx := range rec.texts {
		if tx.class != "mark" {
			continue
		}
		marks++
		c, r := int(tx.x/10), int(tx.y/10)
		i := r*9 + c
		v, _ := sudoku.SymbolValue(tx.s[0])
		if g.Cell(i) != 0 || (v+i)%3 != 0 {
			t.Errorf("mark %s in %s", tx.s, sudoku.CellName(i, 9))
		}
		// Value v sits in row (v-1)/3, column (v-1)%3 of the cell.
		sr, sc := int((tx.y-float64(r*10))/10*3), int((tx.x-float64(c*10))/10*3)
		if sr != (v-1)/3 || sc != (v-1)%3 {
			t.Errorf("mark %d of %s at place (%d, %d)", v, sudoku.CellName(i, 9), sr, sc)
		}
	}
	want := 0
	for i := range g.NumCells() {
		if g.Cell(i) == 0 {
			want += 3
		}
	}
	if marks != want {
		t.Errorf("%d marks, want %d", marks, want)
	}
}

func TestSheetPages(t *testing.T) {
	g := mustParse(t, puzzle4)
	sol := mustSolve(t, g)
	items := func(n int) []Item {
		out := make([]Item, n)
		for i := range out {
			out[i] = Item{Grid: g, Solution: sol, Caption: fmt.Sprint("c", i+1)}
		}
		return out
	}
	for _, tc := range []struct {
		n, per, solPer int
		solutions      bool
		pages          int
	}{
		{0, 1, 0, true, 0},
		{1, 0, 0, false, 1},
		{7, 6, 0, false, 2},
		{7, 6, 0, true, 4},
		{100, 1, 6, true, 117},
		{5, 2, 4, true, 5},
	} {
		s := Sheet{Puzzles: items(tc.n), PerPage: tc.per, SolutionsPerPage: tc.solPer, Solutions: tc.solutions}
		if got := s.Pages(); got != tc.pages {
			t.Errorf("%d puzzles %d/%d a page: %d pages, want %d", tc.n, tc.per, tc.solPer, got, tc.pages)
		}
		// Each puzzle's label appears once on the puzzle pages and once on
		// the solution pages.
		seen := map[string]int{}
		for p := range s.Pages() {
			var rec recorder
			if err := s.DrawPage(&rec, p); err != nil {
				t.Fatal(err)
			}
			for _, tx := range rec.texts {
				if tx.class == "caption" {
					seen[tx.s]++
				}
			}
		}
		for k := range tc.n {
			if seen[fmt.Sprintf("%d · c%d", k+1, k+1)] != 1 {
				t.Errorf("puzzle %d's caption seen %d times", k+1, seen[fmt.Sprintf("%d · c%d", k+1, k+1)])
			}
			if want := map[bool]int{true: 1}[tc.solutions]; seen[fmt.Sprint("Solution ", k+1)] != want {
				t.Errorf("solution %d seen %d times, want %d", k+1, seen[fmt.Sprint("Solution ", k+1)], want)
			}
		}
	}
}

func TestBadInput(t *testing.T) {
	g := mustParse(t, puzzle9)
	sol := mustSolve(t, g)
	other := mustSolve(t, mustParse(t, puzzle4))
	wrong := sol.Clone()
	wrong.SetCell(2, 1) // r1c3 is a given 9
	for _, tc := range []struct {
		name string
		g    *sudoku.Grid
		opt  Options
		want error
	}{
		{"nil grid", nil, Options{}, ErrNoGrid},
		{"zero grid", &sudoku.Grid{}, Options{}, ErrOrder},
		{"solution of another order", g, Options{Solution: other}, ErrSolution},
		{"solution against a given", g, Options{Solution: wrong}, ErrSolution},
		{"zero solution", g, Options{Solution: &sudoku.Grid{}}, ErrOrder},
		{"negative cell", g, Options{CellSize: -1}, ErrSize},
		{"huge cell", g, Options{CellSize: MaxCellSize + 1}, ErrSize},
	} {
		for name, f := range map[string]func() error{
			"SVG": func() error { return SVG(new(bytes.Buffer), tc.g, tc.opt) },
			"PNG": func() error { return PNG(new(bytes.Buffer), tc.g, tc.opt) },
		} {
			if err := f(); !errors.Is(err, tc.want) {
				t.Errorf("%s %s: %v, want %v", name, tc.name, err, tc.want)
			}
		}
	}
	big, _ := sudoku.New(8)
	if err := PNG(new(bytes.Buffer), big, Options{CellSize: 300}); !errors.Is(err, ErrSize) {
		t.Errorf("64x64 at 300 pixels per cell: %v, want ErrSize", err)
	}
	// 6,440 pixels a side is under MaxSide, but 41 million pixels in all.
	if err := PNG(new(bytes.Buffer), big, Options{CellSize: 100}); !errors.Is(err, ErrSize) {
		t.Errorf("64x64 at 100 pixels per cell: %v, want ErrSize", err)
	}

	ok := []Item{{Grid: g, Solution: sol}}
	for _, tc := range []struct {
		name string
		s    Sheet
		page int
		want error
	}{
		{"per page 5", Sheet{Puzzles: ok, PerPage: 5}, 0, ErrPerPage},
		{"per page -1", Sheet{Puzzles: ok, PerPage: -1}, 0, ErrPerPage},
		{"solutions per page 3", Sheet{Puzzles: ok, SolutionsPerPage: 3}, 0, ErrPerPage},
		{"nil grid", Sheet{Puzzles: []Item{{}}}, 0, ErrNoGrid},
		{"missing solution", Sheet{Puzzles: []Item{{Grid: g}}, Solutions: true}, 0, ErrSolution},
		{"page past the end", Sheet{Puzzles: ok}, 1, ErrPage},
		{"negative page", Sheet{Puzzles: ok}, -1, ErrPage},
		{"no puzzles", Sheet{}, 0, ErrPage},
		{"dpi", Sheet{Puzzles: ok, DPI: MaxDPI + 1}, 0, ErrSize},
	} {
		for name, f := range map[string]func() error{
			"SheetSVG": func() error { return SheetSVG(new(bytes.Buffer), tc.s, tc.page) },
			"SheetPNG": func() error { return SheetPNG(new(bytes.Buffer), tc.s, tc.page) },
		} {
			if err := f(); !errors.Is(err, tc.want) {
				t.Errorf("%s %s: %v, want %v", name, tc.name, err, tc.want)
			}
		}
	}
	if err := (Sheet{Puzzles: []Item{ok[0], {Grid: g, Solution: wrong}}}).Check(); err == nil ||
		!strings.Contains(err.Error(), "puzzle 2: ") || !strings.Contains(err.Error(), "r1c3") {
		t.Errorf("Check names neither the puzzle nor the cell: %v", err)
	}
}

func TestPaper(t *testing.T) {
	for _, p := range []Paper{A4, Letter} {
		q, err := ParsePaper(p.String())
		if err != nil || q != p {
			t.Errorf("ParsePaper(%q) = %v, %v", p, q, err)
		}
	}
	if _, err := ParsePaper("a5"); err == nil {
		t.Errorf("ParsePaper(a5) did not fail")
	}
	if w, h := Letter.Size(); w != 612 || h != 792 {
		t.Errorf("letter %gx%g", w, h)
	}
}

// TestTitle checks that a title heads every page and that the grids keep
// clear of it.
func TestTitle(t *testing.T) {
	g := mustParse(t, puzzle4)
	s := Sheet{Title: "Book & co", PerPage: 2, Solutions: true}
	for range 3 {
		s.Puzzles = append(s.Puzzles, Item{Grid: g, Solution: mustSolve(t, g)})
	}
	for p := range s.Pages() {
		var rec recorder
		if err := s.DrawPage(&rec, p); err != nil {
			t.Fatal(err)
		}
		titles, lowest := 0, math.Inf(1)
		for _, tx := range rec.texts {
			if tx.s == s.Title {
				titles++
				if tx.y > pageMargin+header {
					t.Errorf("page %d: title at y=%g", p+1, tx.y)
				}
			} else if tx.class == "given" || tx.class == "filled" {
				lowest = math.Min(lowest, tx.y)
			}
		}
		if titles != 1 || lowest < pageMargin+header {
			t.Errorf("page %d: %d titles, a value at y=%g", p+1, titles, lowest)
		}
	}
	var b bytes.Buffer
	if err := SheetSVG(&b, s, 0); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), ">Book &amp; co</text>") {
		t.Errorf("SVG: no escaped title")
	}
	if !strings.Contains(b.String(), "<title>Book &amp; co, page 1 of 4</title>") {
		t.Errorf("SVG: no <title> naming the page")
	}
}

// TestRealMarks draws grids read with pencil marks (a sukaku line, a
// pencil-mark grid) and checks each mark against the grid's candidates.
func TestRealMarks(t *testing.T) {
	for _, file := range []string{"marks9.txt", "marks4.txt"} {
		f, err := os.Open(filepath.Join("testdata", file))
		if err != nil {
			t.Fatal(err)
		}
		p, err := format.NewReader(f).Read()
		f.Close()
		if err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		g := p.Grid
		if !g.HasMarks() {
			t.Fatalf("%s: read without marks", file)
		}
		side := g.Side()
		var b bytes.Buffer
		if err := SVG(&b, g, Options{Marks: true, CellSize: 60}); err != nil {
			t.Fatal(err)
		}
		_, _, texts := parseSVG(t, b.Bytes())
		l := layoutGrid(side, 60, false)
		seen := map[int]uint64{}
		for _, tx := range texts {
			if tx.class != "mark" {
				continue
			}
			cy := tx.y - CapHeight*tx.size/2
			c, r := int((tx.x-l.x)/60), int((cy-l.y)/60)
			i := r*side + c
			v, _ := sudoku.SymbolValue(tx.s[0])
			if seen[i]&(1<<(v-1)) != 0 {
				t.Errorf("%s: mark %d twice in %s", file, v, sudoku.CellName(i, side))
			}
			seen[i] |= 1 << (v - 1)
		}
		for i := range g.NumCells() {
			want := uint64(0)
			if g.Cell(i) == 0 {
				want = g.Marks(i)
			}
			if seen[i] != want {
				t.Errorf("%s: %s marks %b, want %b", file, sudoku.CellName(i, side), seen[i], want)
			}
		}
		// Without Marks, none.
		b.Reset()
		SVG(&b, g, Options{})
		if strings.Contains(b.String(), `class="mark"`) {
			t.Errorf("%s: marks drawn without Options.Marks", file)
		}
	}
}

// TestDrawPageChecksItsPuzzles checks that a page is drawn when a puzzle
// on another page is bad, and not when one of its own is.
func TestDrawPageChecksItsPuzzles(t *testing.T) {
	g := mustParse(t, puzzle4)
	s := Sheet{Puzzles: []Item{{Grid: g}, {Grid: nil}}}
	if err := s.DrawPage(&recorder{}, 0); err != nil {
		t.Errorf("page 1: %v", err)
	}
	if err := s.DrawPage(&recorder{}, 1); !errors.Is(err, ErrNoGrid) || !strings.Contains(err.Error(), "puzzle 2") {
		t.Errorf("page 2: %v, want puzzle 2's ErrNoGrid", err)
	}
	var rec recorder
	if s.DrawPage(&rec, 1); len(rec.texts) != 0 {
		t.Errorf("page 2 drew %d texts before failing", len(rec.texts))
	}
	if err := s.Check(); !errors.Is(err, ErrNoGrid) {
		t.Errorf("Check: %v, want ErrNoGrid", err)
	}
}
