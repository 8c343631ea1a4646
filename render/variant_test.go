package render

import (
	"bytes"
	"context"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gosudoku/sudoku/variant"
)

func vc(r, c int) variant.Cell { return variant.Cell{Row: r, Col: c} }

// showcase is a 9x9 puzzle with a rule of every kind drawn (not a proper
// puzzle: only drawn).
func showcase() *variant.Puzzle {
	p := variant.New(9)
	p.Givens[4] = 5
	p.Rules = []variant.Rule{
		variant.Cage{Cells: []variant.Cell{vc(1, 1), vc(1, 2), vc(2, 1)}, Sum: 15},
		variant.Thermo{Cells: []variant.Cell{vc(3, 1), vc(4, 1), vc(5, 1), vc(5, 2)}},
		variant.Arrow{Circle: []variant.Cell{vc(4, 4)}, Line: []variant.Cell{vc(3, 4), vc(2, 3)}},
		variant.Whisper{Cells: []variant.Cell{vc(1, 6), vc(1, 7), vc(2, 8)}},
		variant.Renban{Cells: []variant.Cell{vc(7, 1), vc(7, 2), vc(7, 3)}},
		variant.Palindrome{Cells: []variant.Cell{vc(9, 4), vc(8, 5), vc(9, 6)}},
		variant.Kropki{Cells: [2]variant.Cell{vc(6, 6), vc(6, 7)}},
		variant.Kropki{Cells: [2]variant.Cell{vc(7, 6), vc(7, 7)}, Black: true},
		variant.XV{Cells: [2]variant.Cell{vc(6, 8), vc(6, 9)}, Sum: 10},
		variant.Parity{Cell: vc(9, 9)},
		variant.Parity{Cell: vc(9, 8), Even: true},
		variant.ExtraRegion{Cells: []variant.Cell{vc(4, 8), vc(4, 9)}},
		variant.Diagonal{Positive: true},
		variant.LittleKiller{Cells: []variant.Cell{vc(1, 2), vc(2, 3), vc(3, 4)}, Sum: 12},
		variant.Sandwich{Column: true, Index: 5, Sum: 17},
	}
	return p
}

// keep writes an image to $SUDOKU_ARTIFACTS, to be looked at.
func keep(t *testing.T, name string, b []byte) {
	if dir := os.Getenv("SUDOKU_ARTIFACTS"); dir != "" {
		os.MkdirAll(dir, 0o755)
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestVariantPNG draws the showcase and checks pixels at the rules'
// places: the thermometer's bulb grey, the black dot black, the white
// dot white inside, the odd circle grey, the cage's sum box white under
// its dark digits, the region outside the rules white.
func TestVariantPNG(t *testing.T) {
	p := showcase()
	if err := p.Validate(); err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := VariantPNG(&b, p, nil, Options{CellSize: 60, Caption: "every kind"}); err != nil {
		t.Fatal(err)
	}
	keep(t, "variant-showcase.png", b.Bytes())
	img, err := png.Decode(&b)
	if err != nil {
		t.Fatal(err)
	}
	l := variantLayout(p, 60, true)
	at := func(r, c, dx, dy float64) (uint32, uint32, uint32) {
		x := l.x + (c-0.5)*60 + dx*60
		y := l.y + (r-0.5)*60 + dy*60
		cr, cg, cb, _ := img.At(int(x), int(y)).RGBA()
		return cr >> 8, cg >> 8, cb >> 8
	}
	grey := func(v uint32, lo, hi uint32) bool { return v >= lo && v <= hi }
	for _, tt := range []struct {
		what   string
		r, c   float64
		dx, dy float64
		lo, hi uint32
	}{
		{"thermometer bulb", 3, 1, 0.25, 0, 0xb0, 0xd8},
		{"black kropki dot", 7, 6, 0.5, 0, 0, 0x30}, // between r7c6 and r7c7
		{"white kropki dot", 6, 6, 0.5, 0, 0xf0, 0xff},
		{"odd circle", 9, 9, 0.2, 0.2, 0xc0, 0xe0},
		{"even square", 9, 8, 0.3, 0.3, 0xc0, 0xe0},
		{"extra region", 4, 9, 0.3, 0.3, 0xd8, 0xf0},
		{"a blank cell", 5, 5, 0.2, 0.3, 0xf0, 0xff},
	} {
		r, g, bl := at(tt.r, tt.c, tt.dx, tt.dy)
		if !grey(r, tt.lo, tt.hi) || !grey(g, tt.lo, tt.hi) || !grey(bl, tt.lo, tt.hi) {
			t.Errorf("%s: pixel (%d,%d,%d), want a grey in %#x-%#x", tt.what, r, g, bl, tt.lo, tt.hi)
		}
	}
	if got := img.Bounds().Dx(); got != int(l.w+0.99) {
		t.Errorf("image %d wide, want %.0f (a cell's margin for the clues outside)", got, l.w)
	}
	// A dashed cage: along its top inset line, both ink and paper.
	dark, light := 0, 0
	y := int(l.y + 0.08*60)
	for x := int(l.x + 10); x < int(l.x+110); x++ {
		r, _, _, _ := img.At(x, y).RGBA()
		if r>>8 < 0x60 {
			dark++
		} else if r>>8 > 0xe0 {
			light++
		}
	}
	if dark < 10 || light < 10 {
		t.Errorf("the cage's top line: %d dark and %d light pixels, want dashes", dark, light)
	}
}

// TestVariantSVGAndSheet draws generated puzzles of several families and
// sizes as SVG, and a sheet of them with solutions as pages.
func TestVariantSVGAndSheet(t *testing.T) {
	var items []Item
	for _, f := range []struct {
		fam  string
		size int
	}{{"killer", 9}, {"jigsaw", 8}, {"x", 6}, {"windoku", 9}, {"killer", 12}} {
		spec, err := variant.ParseSpec(f.fam, f.size)
		if err != nil {
			t.Fatal(err)
		}
		g, err := variant.Generate(context.Background(), spec, 2)
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if err := VariantSVG(&b, g.Puzzle, g.Solution, Options{}); err != nil {
			t.Fatal(err)
		}
		svg := b.String()
		keep(t, "variant-"+f.fam+".svg", b.Bytes())
		cages := 0
		for _, r := range g.Puzzle.Rules {
			if _, ok := r.(variant.Cage); ok {
				cages++
			}
		}
		if dashed := strings.Count(svg, "stroke-dasharray"); dashed < cages*3 {
			t.Errorf("%s: %d dashed segments for %d cages", f.fam, dashed, cages)
		}
		if f.fam == "x" && strings.Count(svg, "<path") < 2 {
			t.Errorf("x: the diagonals are not drawn")
		}
		items = append(items, Item{Variant: g.Puzzle, VariantSolution: g.Solution, Caption: f.fam})
	}
	items = append(items, Item{Variant: showcase(), Caption: "every kind"})
	s := Sheet{Puzzles: items, PerPage: 2, Title: "Variants"}
	if err := s.Check(); err != nil {
		t.Fatal(err)
	}
	s.Solutions = true
	if err := s.Check(); err == nil {
		t.Error("a sheet with solutions and a variant without one checks")
	}
	s.Puzzles = items[:5]
	for page := range s.Pages() {
		var b bytes.Buffer
		if err := SheetPNG(&b, s, page); err != nil {
			t.Fatalf("page %d: %v", page+1, err)
		}
		if page == 0 || page == s.Pages()-1 {
			keep(t, "variant-sheet-"+string(rune('1'+page))+".png", b.Bytes())
		}
		if _, _, err := image.Decode(&b); err != nil {
			t.Fatal(err)
		}
	}
	bad := Item{Variant: showcase(), VariantSolution: make([]int, 81)}
	if err := bad.Check(); err == nil {
		t.Error("a solution of zeros checks")
	}
}

// TestVariantNewerKinds draws the kinds added last (quadruples, X-sums,
// skyscrapers, extrema, clones, indexers, given marks): their clues,
// shading and circles are in the SVG, the clues outside in the margin.
func TestVariantNewerKinds(t *testing.T) {
	p := variant.New(9)
	p.Rules = []variant.Rule{
		variant.Quadruple{Cells: []variant.Cell{vc(1, 1), vc(1, 2), vc(2, 1), vc(2, 2)}, Values: []int{1, 2, 3}},
		variant.XSum{Index: 3, Sum: 15},
		variant.XSum{Column: true, Index: 2, Reverse: true, Sum: 27},
		variant.Skyscraper{Index: 5, Count: 4},
		variant.Extremum{Cell: vc(5, 5), Max: true},
		variant.Extremum{Cell: vc(7, 7)},
		variant.Clone{Cells: []variant.Cell{vc(8, 1), vc(8, 2)}, Clones: []variant.Cell{vc(8, 5), vc(8, 6)}},
		variant.Indexer{Cells: []variant.Cell{vc(4, 1)}},
		variant.Marks{Cell: vc(9, 9), Values: []int{1, 3}},
	}
	if err := p.Validate(); err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := VariantSVG(&b, p, nil, Options{}); err != nil {
		t.Fatal(err)
	}
	svg := b.String()
	for _, want := range []string{">1 2<", ">3<", ">15<", ">27<", ">4<", ">13<"} {
		if !strings.Contains(svg, want) {
			t.Errorf("the SVG has no %s", want)
		}
	}
	b.Reset()
	if err := VariantPNG(&b, p, nil, Options{CellSize: 60}); err != nil {
		t.Fatal(err)
	}
	keep(t, "variant-newer.png", b.Bytes())
	if l := variantLayout(p, 60, false); l.x < 60 {
		t.Errorf("margin %.0f for the clues outside, want a cell", l.x)
	}
}
