package format

import (
	"bytes"
	"errors"
	"io"
	"math/bits"
	"os"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/gosudoku/sudoku"
)

// fuzzSeeds are real and broken inputs in every format.
func fuzzSeeds(f *testing.F) [][]byte {
	var seeds [][]byte
	for _, name := range []string{"line", "groups", "numbers", "pretty", "sdk", "ss", "json", "sukaku", "pencil", "hodoku", "bank", "ssmarks"} {
		b, err := os.ReadFile("testdata/" + name + ".golden")
		if err != nil {
			f.Fatal(err)
		}
		seeds = append(seeds, b, b[:len(b)/2], bytes.ReplaceAll(b, []byte("\n"), []byte("\r\n")))
	}
	for _, name := range []string{"pencil_sudopedia.txt", "pencil_markers.txt", "sudokuwiki_url.txt", "kaggle_1m.csv", "kaggle_3m.csv", "hodoku_reglib.txt", "bank_grantm.txt", "ssmarks_simplesudoku.txt"} {
		b, err := os.ReadFile("testdata/" + name)
		if err != nil {
			f.Fatal(err)
		}
		seeds = append(seeds, b, b[:len(b)/2])
	}
	b, err := os.ReadFile("testdata/seed003.txt")
	if err != nil {
		f.Fatal(err)
	}
	seeds = append(seeds, b, b[:len(b)-40])
	for _, s := range []string{
		"", "\n", "#", "3", "0\n", "1234\n1234\n", "[Puzzle]", "[Puzzle]\n", "{", "{}", `{"order":9,"grid":""}`,
		"+--+\n", "|1|\n", "1 2\n3 4\n", p4 + "\n" + p4b, rowsOf(p4, " "), rowsOf(p4, ""), rowsOf(big16, ""),
		prettyNumbers(big16), prettyNumbers(p4), p9[:80] + "x\n", "99999999999\n", "5\n1 2 3 4\n", "\r\n\r\n" + p9 + "\r",
		"1 2 | 3 4\n3 4 | 1 2\n----+----\n2 1 | 4 3\n4 3 | 2 1\n", `{"grid":[[1,0,0,4],[0,0,1,0],[2,0,0,1],[0,0,0,2]],"solution":[1,3,2,4,4,2,1,3,2,4,3,1,3,1,4,2]}`, "#" + strings.Repeat("1", 63) + "\n" + strings.Repeat("2", 64) + "\n",
		p9 + "\n-----\n" + p9 + "\n", "7\n" + p9 + "\n", p9 + "\r" + p9 + "\r", utf16LE(p9+"\n"+p4, true), utf16BE(p4+"\n", false),
		"[Puzzle]\n" + p9 + "\n", strings.Replace(p9, "1", "１", 1), "\xff\xfe\x00\xd8\n\x00",
	} {
		seeds = append(seeds, []byte(s))
	}
	return seeds
}

// readAllChecked reads every record of data and checks each is a grid or
// a *ParseError with a line in the input.
func readAllChecked(t *testing.T, data []byte, f Format, order int) {
	readChecked(t, data, ReadOptions{Format: f, Order: order})
}

// readChecked is readAllChecked with every reading option (Variants too).
func readChecked(t *testing.T, data []byte, opts ReadOptions) {
	r := NewReader(bytes.NewReader(data))
	r.ReadOptions = opts
	f, order := opts.Format, opts.Order
	// A lone "\r" ends a line too; "\r\n" counted twice keeps a bound.
	lines := bytes.Count(data, []byte("\n")) + bytes.Count(data, []byte("\r")) + 1
	// An OpenSudoku document may hold several games on a line.
	records := lines + bytes.Count(data, []byte("<game"))
	for n := 0; ; n++ {
		if n > records+1 {
			t.Fatalf("format %v order %d: %d records from %d lines", f, order, n, lines)
		}
		p, err := r.Read()
		if err == io.EOF {
			return
		}
		if err != nil {
			var pe *sudoku.ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("format %v order %d: error %v (%T) is not a *ParseError", f, order, err, err)
			}
			if pe.Line < 1 || pe.Line > lines || pe.Column < 0 {
				t.Fatalf("format %v order %d: error %v: line %d column %d out of range (%d lines)", f, order, err, pe.Line, pe.Column, lines)
			}
			_ = pe.Error()
			continue
		}
		if p != nil && p.Variant != nil && p.Grid == nil && p.Line >= 1 && p.Line <= lines {
			if _, ok := vforms[p.Format]; !ok {
				t.Fatalf("format %v: a variant puzzle in format %v", f, p.Format)
			}
			continue // internal/vtext's fuzz targets check the puzzle
		}
		if p == nil || p.Grid == nil || p.Line < 1 || p.Line > lines {
			t.Fatalf("format %v order %d: bad puzzle %+v", f, order, p)
		}
		g := p.Grid
		if g.Order() < sudoku.MinOrder || g.Order() > sudoku.MaxOrder || order != 0 && g.Order() != order {
			t.Fatalf("format %v order %d: grid of order %d", f, order, g.Order())
		}
		for i := range g.NumCells() {
			if v := g.Cell(i); v < 0 || v > g.Side() {
				t.Fatalf("format %v: cell %d holds %d", f, i, v)
			}
		}
		if h, err := Parse(g.String()); err != nil || h.String() != g.String() {
			t.Fatalf("format %v: grid %v does not read back: %v", f, g, err)
		}
	}
}

func FuzzReader(f *testing.F) {
	for _, s := range fuzzSeeds(f) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		for fm := Auto; int(fm) < len(formats); fm++ {
			readAllChecked(t, data, fm, 0)
		}
		readAllChecked(t, data, Auto, 2)
		readAllChecked(t, data, Auto, 3)
		readAllChecked(t, data, Auto, 4)
		readChecked(t, data, ReadOptions{Variants: true}) // the CLI's filters
	})
}

// FuzzRoundtrip builds a grid from the input, writes it in every writable
// format and reads it back, detected and forced.
func FuzzRoundtrip(f *testing.F) {
	f.Add(uint8(3), []byte(p9), "rated 3.4")
	f.Add(uint8(2), []byte(p4), "")
	f.Add(uint8(4), []byte(big16), " # x\t")
	f.Add(uint8(8), []byte{}, "\n")
	f.Add(uint8(5), []byte(strings.Repeat("123456789", 70)), "é")
	f.Fuzz(func(t *testing.T, order uint8, cells []byte, comment string) {
		o := sudoku.MinOrder + int(order)%(sudoku.MaxOrder-sudoku.MinOrder+1)
		g, _ := sudoku.New(o)
		side := g.Side()
		for i := range g.NumCells() {
			if i < len(cells) {
				g.SetCell(i, int(cells[i])%(side+1))
			}
		}
		want := oneLine(comment)
		for _, fm := range writable {
			var buf bytes.Buffer
			w := NewWriter(&buf, fm)
			if err := w.Write(g, comment); err != nil {
				t.Fatal(err)
			}
			if err := w.Write(g, comment); err != nil {
				t.Fatal(err)
			}
			w.Flush()
			for _, tc := range []struct {
				forced Format
				order  int
			}{{Auto, o}, {fm, o}, {Auto, 0}, {fm, 0}} {
				forced := tc.forced
				if tc.order == 0 && o == 4 && fm == SDK {
					continue // rows of 16 symbols up to 4 are 4x4 line puzzles (see Reader)
				}
				r := NewReader(bytes.NewReader(buf.Bytes()))
				r.Format, r.Order = forced, tc.order
				for k := 0; k < 2; k++ {
					p, err := r.Read()
					if err != nil {
						t.Fatalf("%v (forced %v): grid %d: %v\n%s", fm, forced, k, err, buf.Bytes())
					}
					if !p.Grid.Equal(g) {
						t.Fatalf("%v (forced %v): grid %d: got %v, want %v", fm, forced, k, p.Grid, g)
					}
					if keepsComment(fm) && utf8.ValidString(want) && p.Comment != want {
						t.Fatalf("%v (forced %v): comment %q, want %q", fm, forced, p.Comment, want)
					}
				}
				if _, err := r.Read(); err != io.EOF {
					t.Fatalf("%v (forced %v): after the grids: %v", fm, forced, err)
				}
			}
		}
	})
}

// FuzzMarks builds a grid with candidates from the input, writes it in
// each candidate format and reads it back: the same values and marks.
func FuzzMarks(f *testing.F) {
	f.Add(uint8(3), []byte(p9), []byte{0xff, 0x03, 0, 7})
	f.Add(uint8(2), []byte(p4), []byte{})
	f.Add(uint8(4), []byte(big16), []byte("marks"))
	f.Fuzz(func(t *testing.T, order uint8, cells, marks []byte) {
		o := sudoku.MinOrder + int(order)%4 // up to 25x25
		g, _ := sudoku.New(o)
		side := g.Side()
		for i := range g.NumCells() {
			if i < len(cells) {
				g.SetCell(i, int(cells[i])%(side+1))
			}
			if g.Cell(i) == 0 && len(marks) > 0 {
				var m uint64
				for k := 0; k < 8; k++ {
					m = m<<8 | uint64(marks[(i*8+k)%len(marks)])
				}
				m = bits.RotateLeft64(m, i) & allMarks(side)
				if bits.OnesCount64(m) == 1 {
					m = 0 // one candidate reads back as a value
				}
				g.SetMarks(i, m)
			}
		}
		formats := []Format{Sukaku, Pencil}
		if o == 3 {
			// A cell without candidates is written with every one.
			formats = append(formats, Wiki)
			for i := range g.NumCells() {
				if g.Cell(i) == 0 && g.Marks(i) == 0 {
					g.SetMarks(i, allMarks(side))
				}
			}
		}
		for _, fm := range formats {
			text := Text(g, fm)
			r := NewReader(strings.NewReader(text))
			r.Format = fm
			p, err := r.Read()
			if err != nil {
				t.Fatalf("%v: %v\n%s", fm, err, text)
			}
			if !p.Grid.Equal(g) {
				t.Fatalf("%v: read back differs\n%s", fm, text)
			}
		}
	})
}

// FuzzPlaced builds a 9x9 grid with placed values and candidates from the
// input, writes it in each format that keeps placed values and reads it
// back: the same state.
func FuzzPlaced(f *testing.F) {
	f.Add([]byte(p9), []byte{0, 1, 0, 0, 1}, []byte{0xff, 0x03, 0, 7}, "0002:1::175:")
	f.Add([]byte(p9sol), []byte{1}, []byte{}, "")
	f.Add([]byte{}, []byte{}, []byte("marks"), "x:y")
	f.Fuzz(func(t *testing.T, cells, placed, marks []byte, comment string) {
		g, _ := sudoku.New(3)
		for i := range g.NumCells() {
			if i < len(cells) {
				v := int(cells[i]) % 10
				if len(placed) > 0 && placed[i%len(placed)]&1 != 0 {
					g.Place(i, v)
				} else {
					g.SetCell(i, v)
				}
			}
			if g.Cell(i) == 0 && len(marks) > 0 {
				var m uint64
				for k := 0; k < 2; k++ {
					m = m<<8 | uint64(marks[(i*2+k)%len(marks)])
				}
				g.SetMarks(i, bits.RotateLeft64(m, i)&allMarks(9))
			}
		}
		wiki := g.Clone() // a cell without candidates is written with every one
		for i := range wiki.NumCells() {
			if wiki.Cell(i) == 0 && wiki.Marks(i) == 0 {
				wiki.SetMarks(i, allMarks(9))
			}
		}
		text := Text(wiki, Wiki)
		if p, err := Parse(text); err != nil || !p.Equal(wiki) {
			t.Fatalf("sudokuwiki: %v\n%s", err, text)
		}
		// JSON keeps the whole state, a blank cell without candidates too.
		if text := Text(g, JSON); true {
			if p, err := Parse(text); err != nil || !p.Equal(g) || p.HasPlaced() != g.HasPlaced() {
				t.Fatalf("json: %v\n%s", err, text)
			}
		}
		for _, fm := range []Format{HoDoKu, SSMarks} {
			g := g
			if fm == HoDoKu {
				if h := hodokuHeld(g); !h.Equal(g) {
					if err := NewWriter(io.Discard, fm).Write(g, ""); !errors.Is(err, ErrCannotHold) {
						t.Fatalf("hodoku wrote candidates that a value excludes")
					}
					g = h
				}
			}
			text := Text(g, fm)
			for _, forced := range []Format{Auto, fm} {
				if forced == Auto && fm == SSMarks && !ssAuto(g) {
					continue
				}
				r := NewReader(strings.NewReader(text))
				r.Format = forced
				p, err := r.Read()
				if err != nil {
					t.Fatalf("%v (forced %v): %v\n%s", fm, forced, err, text)
				}
				if !sameState(p.Grid, g) || fm == SSMarks && !p.Grid.Equal(g) || p.Format != fm {
					t.Fatalf("%v (forced %v): read back differs\n%s", fm, forced, text)
				}
			}
			var buf bytes.Buffer
			w := NewWriter(&buf, fm)
			w.Write(g, comment)
			w.Flush()
			p, err := NewReader(&buf).Read()
			if err != nil {
				t.Fatalf("%v with comment %q: %v", fm, comment, err)
			}
			if c := oneLine(comment); fm == HoDoKu && c == comment && p.Comment != c && isStep(c) {
				t.Fatalf("comment %q read back as %q", comment, p.Comment)
			}
		}
	})
}
