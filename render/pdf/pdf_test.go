package pdf

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"flag"
	"fmt"
	"image/color"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/gosudoku/sudoku"
	"github.com/gosudoku/sudoku/render"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

const puzzle9 = "..9748...7.........2.1.9.....7...24..64.1.59..98...3.....8.3.2.........6...2759.."

func item(t testing.TB, s, caption string) render.Item {
	t.Helper()
	g, err := sudoku.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	res, err := sudoku.Solve(context.Background(), g, sudoku.Options{})
	if err != nil || res.Solution == nil {
		t.Fatalf("solve: %v", err)
	}
	return render.Item{Grid: g, Solution: res.Solution, Caption: caption}
}

var testConfig = config{date: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)}

// text is one text shown on a page: where fpdf put its baseline start,
// in its font and size.
type text struct {
	font string // the BaseFont
	size float64
	x, y float64 // PDF coordinates: y grows up from the bottom
	s    string
}

var (
	streamRE = regexp.MustCompile(`(?s)stream\n(.*?)\nendstream`)
	fontRE   = regexp.MustCompile(`(\d+) 0 obj\s*<</Type /Font\s*/BaseFont /([A-Za-z-]+)`)
	resRE    = regexp.MustCompile(`/(F[0-9a-f]+) (\d+) 0 R`)
	opRE     = regexp.MustCompile(`/(F[0-9a-f]+) ([\d.]+) Tf|BT ([\d.-]+) ([\d.-]+) Td \(((?:[^()\\]|\\.)*)\) Tj ET`)
	pageRE   = regexp.MustCompile(`/Type /Page\b[^s]`)
)

// parse reads an uncompressed document fpdf wrote: the texts of each page
// in order, and the number of page objects.
func parse(t *testing.T, doc []byte) (pages [][]text, pageObjects int) {
	t.Helper()
	if !bytes.HasPrefix(doc, []byte("%PDF-")) || !bytes.HasSuffix(bytes.TrimSpace(doc), []byte("%%EOF")) {
		t.Fatalf("not a PDF document: %.20q", doc)
	}
	// The resources name each font object; the font objects name their
	// fonts.
	objects := map[string]string{}
	for _, m := range fontRE.FindAllSubmatch(doc, -1) {
		objects[string(m[1])] = string(m[2])
	}
	fonts := map[string]string{}
	for _, m := range resRE.FindAllSubmatch(doc, -1) {
		fonts[string(m[1])] = objects[string(m[2])]
	}
	for _, m := range streamRE.FindAllSubmatch(doc, -1) {
		var page []text
		font, size := "", 0.0
		for _, op := range opRE.FindAllSubmatch(m[1], -1) {
			if op[1] != nil {
				font = fonts[string(op[1])]
				size, _ = strconv.ParseFloat(string(op[2]), 64)
				continue
			}
			x, _ := strconv.ParseFloat(string(op[3]), 64)
			y, _ := strconv.ParseFloat(string(op[4]), 64)
			page = append(page, text{font, size, x, y, string(op[5])})
		}
		pages = append(pages, page)
	}
	return pages, len(pageRE.FindAll(doc, -1))
}

func TestWrite(t *testing.T) {
	s := render.Sheet{PerPage: 6, Solutions: true, SolutionsPerPage: 4}
	for k := range 7 {
		s.Puzzles = append(s.Puzzles, item(t, puzzle9, fmt.Sprint("clues=25 #", k+1)))
	}
	var b bytes.Buffer
	if err := write(&b, s, testConfig); err != nil {
		t.Fatal(err)
	}
	pages, objects := parse(t, b.Bytes())
	// 7 puzzles at 6 a page, 7 solutions at 4 a page.
	if objects != 4 || len(pages) != 4 || s.Pages() != 4 {
		t.Fatalf("%d page objects, %d content streams, Pages %d; want 4", objects, len(pages), s.Pages())
	}
	g := s.Puzzles[0].Grid
	for p, want := range []struct {
		grids    int
		captions []string
	}{
		{6, []string{"1 \xb7 clues=25 #1", "6 \xb7 clues=25 #6"}},
		{1, []string{"7 \xb7 clues=25 #7"}},
		{4, []string{"Solution 1", "Solution 4"}},
		{3, []string{"Solution 5", "Solution 7"}},
	} {
		bold, regular, seen := 0, 0, map[string]bool{}
		for _, tx := range pages[p] {
			seen[tx.s] = true
			if len(tx.s) != 1 {
				continue
			}
			switch tx.font {
			case "Helvetica-Bold":
				bold++
			case "Helvetica":
				regular++
			}
		}
		if bold != want.grids*g.Givens() {
			t.Errorf("page %d: %d bold values, want %d givens", p+1, bold, want.grids*g.Givens())
		}
		filled := 0
		if p >= 2 {
			filled = want.grids * (g.NumCells() - g.Givens())
		}
		// The page number is a regular one-character text too.
		if regular != filled+1 {
			t.Errorf("page %d: %d regular one-character texts, want %d filled values and the page number", p+1, regular, filled)
		}
		for _, c := range append(want.captions, strconv.Itoa(p+1)) {
			if !seen[c] {
				t.Errorf("page %d: no text %q", p+1, c)
			}
		}
	}
}

// recorder is a Canvas that keeps the texts drawn.
type recorder struct{ texts []text }

func (r *recorder) Line(x1, y1, x2, y2, width float64, c color.RGBA) {}
func (r *recorder) Text(x, y, size float64, st render.Style, s string) {
	r.texts = append(r.texts, text{st.String(), size, x, y, s})
}

// TestPlaces checks that each value is drawn where the layout puts it:
// the centre of a Helvetica digit (all 0.556 em wide) at the x the layout
// asked, and its capitals centred on the layout's y (the page's height
// less the PDF's y, which grows up).
func TestPlaces(t *testing.T) {
	for _, paper := range []render.Paper{render.A4, render.Letter} {
		s := render.Sheet{Puzzles: []render.Item{item(t, puzzle9, "")}, PerPage: 2, Solutions: true, Paper: paper}
		var b bytes.Buffer
		if err := write(&b, s, testConfig); err != nil {
			t.Fatal(err)
		}
		pages, _ := parse(t, b.Bytes())
		_, h := s.PageSize()
		for p := range s.Pages() {
			var rec recorder
			if err := s.DrawPage(&rec, p); err != nil {
				t.Fatal(err)
			}
			var got []text
			for _, tx := range pages[p] {
				if len(tx.s) == 1 && tx.s[0] >= '1' && tx.s[0] <= '9' && tx.size > 12 {
					// The centre in the layout's coordinates.
					tx.x += 0.556 * tx.size / 2
					tx.y = h - tx.y - render.CapHeight*tx.size/2
					got = append(got, tx)
				}
			}
			var want []text
			for _, tx := range rec.texts {
				if tx.font == "given" || tx.font == "filled" {
					want = append(want, tx)
				}
			}
			if len(got) != len(want) || len(want) != []int{27, 81}[p] {
				t.Fatalf("%v page %d: %d values, layout %d", paper, p+1, len(got), len(want))
			}
			// The writer may reorder the texts: compare them row by row.
			byPlace := func(a, b text) int {
				return cmp.Or(cmp.Compare(math.Round(a.y), math.Round(b.y)), cmp.Compare(math.Round(a.x), math.Round(b.x)))
			}
			slices.SortFunc(got, byPlace)
			slices.SortFunc(want, byPlace)
			for i, w := range want {
				g := got[i]
				if g.s != w.s || math.Abs(g.x-w.x) > 0.02 || math.Abs(g.y-w.y) > 0.02 {
					t.Errorf("%v page %d: %q centred at (%.2f, %.2f), layout %q at (%.2f, %.2f)",
						paper, p+1, g.s, g.x, g.y, w.s, w.x, w.y)
				}
			}
		}
	}
}

func TestGolden(t *testing.T) {
	s := render.Sheet{Puzzles: []render.Item{item(t, "1..4..2..4..3..2", "4x4 · easy")}, Solutions: true}
	var b bytes.Buffer
	if err := write(&b, s, testConfig); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join("testdata", "sheet4.pdf")
	if *update {
		if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to make it)", err)
	}
	if !bytes.Equal(b.Bytes(), want) {
		t.Errorf("%s differs from the output; if the change is meant, run go test -update and look at it", path)
	}
}

func TestWriteCompressed(t *testing.T) {
	s := render.Sheet{Puzzles: []render.Item{item(t, puzzle9, "")}}
	var b bytes.Buffer
	if err := Write(&b, s); err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(b.Bytes(), []byte("%PDF-")) || !bytes.Contains(b.Bytes(), []byte("/FlateDecode")) {
		t.Errorf("not a compressed PDF: %.40q", b.Bytes())
	}
	if n := len(pageRE.FindAll(b.Bytes(), -1)); n != 1 {
		t.Errorf("%d pages, want 1", n)
	}
}

func TestBadSheet(t *testing.T) {
	ok := item(t, puzzle9, "")
	for _, tc := range []struct {
		name string
		s    render.Sheet
		want error
	}{
		{"per page 5", render.Sheet{Puzzles: []render.Item{ok}, PerPage: 5}, render.ErrPerPage},
		{"nil grid", render.Sheet{Puzzles: []render.Item{{}}}, render.ErrNoGrid},
		{"zero grid", render.Sheet{Puzzles: []render.Item{{Grid: &sudoku.Grid{}}}}, render.ErrOrder},
		{"no solution", render.Sheet{Puzzles: []render.Item{{Grid: ok.Grid}}, Solutions: true}, render.ErrSolution},
		{"no puzzles", render.Sheet{}, nil},
	} {
		var b bytes.Buffer
		err := Write(&b, tc.s)
		if err == nil || (tc.want != nil && !errors.Is(err, tc.want)) {
			t.Errorf("%s: %v, want %v", tc.name, err, tc.want)
		}
		if b.Len() != 0 {
			t.Errorf("%s: %d bytes written", tc.name, b.Len())
		}
	}
}

// TestCaptionText checks that a caption reaches the page escaped and in
// Windows-1252, with characters it lacks as '.'.
func TestCaptionText(t *testing.T) {
	s := render.Sheet{Title: "Book (one)", Puzzles: []render.Item{item(t, puzzle9, `a (b) \ µ 日本`)}}
	var b bytes.Buffer
	if err := write(&b, s, testConfig); err != nil {
		t.Fatal(err)
	}
	pages, _ := parse(t, b.Bytes())
	want := map[string]bool{"1 \xb7 a \\(b\\) \\\\ \xb5 ..": false, `Book \(one\)`: false}
	for _, tx := range pages[0] {
		if _, ok := want[tx.s]; ok {
			want[tx.s] = true
		}
	}
	for s, seen := range want {
		if !seen {
			t.Errorf("no text %q on the page", s)
		}
	}
}

// checkXref checks a document's cross-reference table: an entry for each
// object, each at the offset where that object starts, and startxref at
// the table.
func checkXref(t *testing.T, doc []byte) {
	t.Helper()
	m := regexp.MustCompile(`startxref\n(\d+)\n%%EOF\n$`).FindSubmatch(doc)
	if m == nil {
		t.Fatalf("no startxref at the end: %q", doc[max(0, len(doc)-40):])
	}
	at, _ := strconv.Atoi(string(m[1]))
	if at >= len(doc) || !bytes.HasPrefix(doc[at:], []byte("xref\n0 ")) {
		t.Fatalf("startxref %d is not at the table", at)
	}
	var n int
	fmt.Sscanf(string(doc[at+len("xref\n0 "):]), "%d", &n)
	rows := doc[bytes.IndexByte(doc[at+5:], '\n')+at+6:]
	for k := range n {
		row := rows[k*20 : k*20+20]
		if k == 0 {
			continue
		}
		off, _ := strconv.Atoi(string(row[:10]))
		if want := fmt.Sprintf("%d 0 obj\n", k); !bytes.HasPrefix(doc[off:], []byte(want)) || row[17] != 'n' {
			t.Fatalf("object %d: xref row %q points at %.12q", k, row, doc[off:])
		}
	}
	if !bytes.HasPrefix(rows[n*20:], []byte("trailer\n<</Size "+strconv.Itoa(n))) {
		t.Fatalf("no trailer of size %d after the table: %.30q", n, rows[n*20:])
	}
}

// FuzzCaption writes sheets with any caption and title, compressed or
// not: the document's structure holds (every object where its
// cross-reference table says, one page object a page).
func FuzzCaption(f *testing.F) {
	f.Add("Book (one)", `a (b) \ µ 日本`, uint8(2))
	f.Add("", "\r\n)(", uint8(6))
	g := item(f, puzzle9, "")
	f.Fuzz(func(t *testing.T, title, caption string, n uint8) {
		s := render.Sheet{Title: title, PerPage: 1 << (n % 3), Solutions: n%2 == 0}
		for range int(n%7) + 1 {
			s.Puzzles = append(s.Puzzles, render.Item{Grid: g.Grid, Solution: g.Solution, Caption: caption})
		}
		for _, cfg := range []config{testConfig, {compress: true, date: testConfig.date}} {
			var b bytes.Buffer
			if err := write(&b, s, cfg); err != nil {
				t.Fatal(err)
			}
			checkXref(t, b.Bytes())
			if n := len(pageRE.FindAll(b.Bytes(), -1)); n != s.Pages() {
				t.Fatalf("%d page objects, want %d", n, s.Pages())
			}
		}
	})
}
