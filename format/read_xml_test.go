package format

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"
	"testing"
)

// The OpenSudoku files in testdata: lines and what they read as.
func TestReadOpenSudokuReal(t *testing.T) {
	tests := []struct {
		file string
		want []string
	}{
		{"opensudoku_v1.xml", []string{
			"11 opensudoku .5......3........2..4..786..9.3....8.2786.....35.2........81.25..39.........7.... | Hodoku Easy",
			"12 opensudoku .4.75..26.1.....7.2..36..........9....4..9532....7...1....28.5.9.35........9..... | Hodoku Easy",
			"13 opensudoku ..82975...93.86..2................765...419.................8..41......5.5.1692.. | Hodoku Easy",
			"14 opensudoku .....3...8......53.......9.98......4.5..7.9....6.84...6.......83..7.9.262.781.... | Hodoku Easy",
			"15 opensudoku .7.239........58.......8.2...1.2..8...5....4...834.27..3.6...1...7.......54.1.... | Hodoku Easy",
			"16 opensudoku ..2...48564..19...7....5.....624...3.......7......3.....4.765.1......8941........ | Hodoku Easy",
		}},
		{"opensudoku_v2.xml", []string{
			// Solved games: the player's values are read as values, the
			// notes left in filled cells are not kept.
			"4 opensudoku 754812369832967145961354728586471293219536487347298651475683912128749536693125874 | Easy",
			"5 opensudoku 256471398479283516138569247843615729917842635625397481764128953382956174591734862 | Easy",
			"6 opensudoku 978165243463298517125473869354712986789654321216389754631527498842931675597846132 | Easy",
			"7 opensudoku 482365917563179284791482356217946538834251679956837421628793145349518762175624893 | Easy",
			"8 opensudoku ..6..387.9...5.31448.91.........67.8.3.....5.5.48.........89.26628.4...1.952..4.. | Easy",
			// A game the app stored without its cells.
			"error: testdata/opensudoku_v2.xml:9:48: cell data has 0 digits, want 81",
		}},
	}
	for _, tt := range tests {
		for _, f := range []Format{Auto, OpenSudoku} {
			b, err := os.ReadFile("testdata/" + tt.file)
			if err != nil {
				t.Fatal(err)
			}
			r := NewReader(bytes.NewReader(b))
			r.File, r.Format = "testdata/"+tt.file, f
			got := summary(t, r)
			if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
				t.Errorf("%s (%v): got\n\t%s\nwant\n\t%s", tt.file, f, strings.Join(got, "\n\t"), strings.Join(tt.want, "\n\t"))
			}
		}
	}
}

// A game in progress keeps its notes as candidates: blank cells without
// notes have every candidate.
func TestReadOpenSudokuNotes(t *testing.T) {
	cells := make([]string, 81)
	for i := range cells {
		cells[i] = "0|-|1|"
	}
	cells[0] = "5|-|0|"    // a given
	cells[1] = "7|2,|1|"   // a placed value (editable), its stale note dropped
	cells[2] = "0|1,3,|1|" // candidates 1 and 3
	v1 := "version: 1&#10;" + strings.Join(cells, "")
	for i := range cells {
		cells[i] = "0|0|1|"
	}
	cells[0], cells[1], cells[2] = "5|0|0|", "7|2|1|", "0|5|1|"
	v3 := "version: 3&#10;" + strings.Join(cells, "")
	for i := range cells {
		cells[i] = "0|0|6|2|1|" // centre notes and a colour, not kept
	}
	cells[0], cells[1], cells[2] = "5|0|0|0|0|", "7|2|0|0|1|", "0|5|0|0|1|"
	v5 := "version: 5&#10;" + strings.Join(cells, "")
	for _, data := range []string{v1, v3, v5} {
		doc := `<opensudoku version="3"><folder name="In progress"><game cells_data="` + data + `"/></folder></opensudoku>`
		r := NewReader(strings.NewReader(doc))
		p, err := r.Read()
		if err != nil {
			t.Fatalf("%.20s: %v", data, err)
		}
		g := p.Grid
		if g.Cell(0) != 5 || g.Cell(1) != 7 || g.Cell(2) != 0 || g.Marks(2) != 0b101 || g.Marks(3) != allMarks(9) || p.Comment != "In progress" ||
			!g.Given(0) || !g.Placed(1) {
			t.Errorf("%.20s: got %v marks %b %b, comment %q", data, g, g.Marks(2), g.Marks(3), p.Comment)
		}
		if _, err := r.Read(); err != io.EOF {
			t.Errorf("%.20s: after the game: %v", data, err)
		}
	}
}

func TestReadOpenSudokuErrors(t *testing.T) {
	game := func(data string) string {
		return "<?xml version=\"1.0\"?>\n<opensudoku version=\"2\">\n <folder name=\"f\">\n  <game created=\"0\"\n     data=\"" + data + "\" />\n </folder>\n</opensudoku>\n"
	}
	v1 := "version: 1&#10;" + strings.Repeat("0|-|1|", 80)
	trunc, err := os.ReadFile("testdata/opensudoku_v2.xml")
	if err != nil {
		t.Fatal(err)
	}
	trunc = trunc[:bytes.Index(trunc, []byte("  </folder>"))]
	tests := []struct {
		name, in string
		want     []string
	}{
		{"never closes", string(trunc), []string{
			"4 opensudoku 754812369832967145961354728586471293219536487347298651475683912128749536693125874 | Easy",
			"5 opensudoku 256471398479283516138569247843615729917842635625397481764128953382956174591734862 | Easy",
			"6 opensudoku 978165243463298517125473869354712986789654321216389754631527498842931675597846132 | Easy",
			"7 opensudoku 482365917563179284791482356217946538834251679956837421628793145349518762175624893 | Easy",
			"8 opensudoku ..6..387.9...5.31448.91.........67.8.3.....5.5.48.........89.26628.4...1.952..4.. | Easy",
			"error: x.xml:9:48: cell data has 0 digits, want 81",
			"error: x.xml:9:52: XML ends before </opensudoku> (opened on line 2)"}},
		{"ends in a tag", "<opensudoku>\n<game data=\"" + p9, []string{"error: x.xml:2:94: XML ends before </opensudoku> (opened on line 1)"}},
		{"a letter in the digits", game(strings.Replace(strings.ReplaceAll(p9, ".", "0"), "6", "x", 1)), []string{"error: x.xml:5:21: cell data: 'x' is not a digit"}},
		{"80 digits", game(strings.ReplaceAll(p9, ".", "0")[1:]), []string{"error: x.xml:5:92: cell data has 80 digits, want 81"}},
		{"80 cells", game(v1), []string{"error: x.xml:5:507: cell data has 80 cells, want 81"}},
		{"note 0", game(v1[:15+6*7] + "0|0,|1|" + v1[15+6*7:]), []string{"error: x.xml:5:71: r1c8: notes \"0,\": '0' is not a digit 1-9"}},
		{"value x", game(v1[:15+6*3] + "x|-|1|" + v1[15+6*3:]), []string{"error: x.xml:5:45: r1c4: value \"x\", want a digit"}},
		{"editable 2", game("version: 3&#10;" + strings.Repeat("0|0|1|", 80) + "0|0|2|"), []string{"error: x.xml:5:511: r9c9: editable \"2\", want 0 or 1"}},
		{"marks 512", game("version: 2&#10;0|512||1|" + strings.Repeat("0|0|1|", 80)), []string{"error: x.xml:5:29: r1c1: notes 512, want a set of 1-9 (0 to 511)"}},
		{"version 9", game("version: 9&#10;"), []string{"error: x.xml:5:21: cell data version \"9\", want 1 to 5"}},
		{"no data", "<opensudoku><game/></opensudoku>\n" + p9 + "\n", []string{"error: x.xml:1:13: <game> without its data attribute (data or cells_data)", "2 line " + p9}},
		{"other root", "<?xml version=\"1.0\"?>\n<sudoku>\n<game data=\"1\"/>\n</sudoku>\n" + p9 + "\n",
			[]string{"error: x.xml:2:1: root element <sudoku>, want <opensudoku>", "5 line " + p9}},
		{"bad end tag", "<opensudoku>\n<folder></game>\n</opensudoku>\n" + p9 + "\n",
			[]string{"error: x.xml:2:16: XML: element <folder> closed by </game>", "4 line " + p9}},
		{"declaration only", "<?xml version=\"1.0\"?>\n", []string{"error: x.xml:1:1: XML document without an <opensudoku> element"}},
		{"lines around", p9 + "\n<opensudoku><folder name=' a '><game data='" + p9 + "'/></folder></opensudoku> " + p4 + "\n" + p9 + "\r\n",
			[]string{"1 line " + p9, "2 opensudoku " + p9 + " | a", "2 line " + p4, "3 line " + p9}},
		{"folder name of two lines", "<opensudoku><folder name='a&#10;b\tc '><game data='" + p9 + "'/></folder></opensudoku>\n",
			[]string{"1 opensudoku " + p9 + " | a b c"}},
		{"after a grid of rows", rowsOf(p9, "") + "<opensudoku><game data='" + p9 + "'/></opensudoku>\n",
			[]string{"1 sdk " + p9, "10 opensudoku " + p9}},
		{"order 4", "<opensudoku><game data='" + p9 + "'/></opensudoku>\n", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := NewReader(strings.NewReader(tt.in))
			r.File = "x.xml"
			if tt.name == "order 4" {
				r.Order = 4
				tt.want = []string{"error: x.xml:1:13: an OpenSudoku game is 9x9, want order 4"}
			}
			got := summary(t, r)
			if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
				t.Errorf("got\n\t%s\nwant\n\t%s", strings.Join(got, "\n\t"), strings.Join(tt.want, "\n\t"))
			}
		})
	}
}

// gameStream is a generated OpenSudoku document of n games, never held
// in memory: it counts the bytes read.
type gameStream struct {
	n, i  int
	close bool // end the document
	buf   []byte
	read  int64
}

func (s *gameStream) Read(p []byte) (int, error) {
	for len(s.buf) == 0 {
		switch {
		case s.i == 0:
			s.buf = append(s.buf, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<opensudoku version=\"2\">\n  <folder name=\"big\">\n"...)
		case s.i <= s.n:
			s.buf = fmt.Appendf(s.buf, "    <game created=\"%d\" state=\"1\" time=\"0\" data=\"%s\" />\n", s.i, strings.ReplaceAll(p9, ".", "0"))
		case s.i == s.n+1 && s.close:
			s.buf = append(s.buf, "  </folder>\n</opensudoku>\n"...)
		default:
			return 0, io.EOF
		}
		s.i++
	}
	n := copy(p, s.buf)
	s.buf = s.buf[n:]
	s.read += int64(n)
	return n, nil
}

// A document is read one game at a time: the first game comes out after
// the first block of the input, and memory stays flat while a large one
// is read.
func TestReadOpenSudokuStream(t *testing.T) {
	const n = 40000 // about 5 MB
	src := &gameStream{n: n, close: true}
	r := NewReader(src)
	p, err := r.Read()
	if err != nil || p.Grid.String() != p9 || p.Comment != "big" {
		t.Fatalf("first game: %v, %v", p, err)
	}
	if src.read > 256<<10 {
		t.Errorf("the first game came out after %d bytes of input", src.read)
	}
	var ms runtime.MemStats
	heap := func() uint64 {
		runtime.GC()
		runtime.ReadMemStats(&ms)
		return ms.HeapAlloc
	}
	var before uint64
	for k := 2; ; k++ {
		p, err := r.Read()
		if err == io.EOF {
			if k != n+1 {
				t.Fatalf("%d games, want %d", k-1, n)
			}
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		if p.Line != k+3 {
			t.Fatalf("game %d on line %d, want %d", k, p.Line, k+3)
		}
		if k == 1000 {
			before = heap()
		}
	}
	if after := heap(); after > before+1<<20 {
		t.Errorf("heap grew from %d to %d bytes over %d games", before, after, n)
	}
	// Without its end, the same stream is an error at its end.
	r = NewReader(&gameStream{n: 3})
	got := summary(t, r)
	if want := "error: line 6, column 133: XML ends before </opensudoku> (opened on line 2)"; len(got) != 4 || got[3] != want {
		t.Errorf("unclosed stream: got %q, want 3 games and %q", got, want)
	}
}

// A document on one line longer than MaxLineLength (as Android's XML
// serializer writes it) is read all the same.
func TestReadOpenSudokuOneLine(t *testing.T) {
	var b bytes.Buffer
	b.ReadFrom(&gameStream{n: 20000, close: true})
	doc := bytes.ReplaceAll(b.Bytes(), []byte("\n"), nil)
	if len(doc) <= MaxLineLength {
		t.Fatalf("document of %d bytes", len(doc))
	}
	r := NewReader(io.MultiReader(bytes.NewReader(doc), strings.NewReader("\n"+p4+"\n")))
	var last *Puzzle
	n := 0
	for {
		p, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		if n++; n <= 20000 && (p.Line != 1 || p.Format != OpenSudoku || p.Grid.String() != p9) {
			t.Fatalf("record %d: %d %v %v", n, p.Line, p.Format, p.Grid)
		}
		last = p
	}
	if n != 20001 || last.Line != 2 || last.Grid.String() != p4 {
		t.Errorf("%d records, the last %+v; want 20,000 games and the 4x4 line", n, last)
	}
}

// A token larger than the bound is an error, not a reason to hold it.
func TestReadOpenSudokuLongToken(t *testing.T) {
	doc := "<opensudoku><game data=\"" + strings.Repeat("0", maxXMLToken+10) + "\"/></opensudoku>\n" + p9 + "\n"
	r := NewReader(strings.NewReader(doc))
	_, err := r.Read()
	if !errors.Is(err, ErrLineTooLong) {
		t.Fatalf("got %v, want a token too long", err)
	}
	if p, err := r.Read(); err != nil || p.Grid.String() != p9 {
		t.Fatalf("after the document: %v, %v", p, err)
	}
}

// BenchmarkReadOpenSudoku reads a generated document of 10,000 games.
func BenchmarkReadOpenSudoku(b *testing.B) {
	var doc bytes.Buffer
	doc.ReadFrom(&gameStream{n: 10000, close: true})
	b.SetBytes(int64(doc.Len()))
	for b.Loop() {
		r := NewReader(bytes.NewReader(doc.Bytes()))
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
		if n != 10000 {
			b.Fatalf("%d games", n)
		}
	}
	b.ReportMetric(b.Elapsed().Seconds()*1e9/float64(b.N)/10000, "ns/game")
}
