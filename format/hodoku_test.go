package format

import (
	"bytes"
	"context"
	"errors"
	"io"
	"math/bits"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/gosudoku/sudoku"
)

// sameState reports whether g and h hold the same values, the same placed
// values and the same candidates where the values leave them (what a
// HoDoKu library line can hold).
func sameState(g, h *sudoku.Grid) bool {
	if g.Order() != h.Order() || g.String() != h.String() || !samePlaced(g, h) {
		return false
	}
	for i := range g.NumCells() {
		if g.Cell(i) == 0 && g.Marks(i)&g.ValueMarks(i) != h.Marks(i)&h.ValueMarks(i) {
			return false
		}
	}
	return true
}

// TestReadHoDoKuReal reads lines of HoDoKu's regression library and
// writes them back byte for byte.
func TestReadHoDoKuReal(t *testing.T) {
	data := must(os.ReadFile("testdata/hodoku_reglib.txt"))
	ctx := context.Background()
	for _, forced := range []Format{Auto, HoDoKu} {
		r := NewReader(bytes.NewReader(data))
		r.Format = forced
		var buf bytes.Buffer
		w := NewWriter(&buf, HoDoKu)
		n := 0
		for {
			p, err := r.Read()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatalf("forced %v: %v", forced, err)
			}
			n++
			if p.Format != HoDoKu {
				t.Errorf("forced %v: line %d read as %v", forced, p.Line, p.Format)
			}
			g := p.Grid
			if err := sudoku.CheckPlaced(ctx, g, sudoku.Options{}); err != nil {
				t.Errorf("line %d: %v", p.Line, err)
			}
			if err := sudoku.CheckMarks(ctx, g, sudoku.Options{}); err != nil {
				t.Errorf("line %d: %v", p.Line, err)
			}
			if res, err := sudoku.Count(ctx, g, 2, sudoku.Options{}); err != nil || res.Count != 1 {
				t.Errorf("line %d: %d solutions, %v", p.Line, res.Count, err)
			}
			if p.Line == 2 {
				// :0002:1:74..+2+9..6...:118 123 125 126 185::175:
				if !g.Given(0) || g.Cell(0) != 7 || !g.Placed(4) || g.Cell(4) != 2 || g.Cell(2) != 0 {
					t.Errorf("line 2: r1c1 given %v %d, r1c5 placed %v %d, r1c3 %d", g.Given(0), g.Cell(0), g.Placed(4), g.Cell(4), g.Cell(2))
				}
				if m := g.Marks(7); m&1 != 0 || m != g.ValueMarks(7)&^1 {
					t.Errorf("line 2: r1c8 marks %s, want those the values leave without 1", markString(m))
				}
				if p.Comment != "0002:1::175:" {
					t.Errorf("line 2: comment %q", p.Comment)
				}
			}
			if p.Line == 1 && g.HasMarks() {
				t.Error("line 1 has no deleted candidates, but marks")
			}
			if err := w.WritePuzzle(p); err != nil {
				t.Fatal(err)
			}
		}
		w.Flush()
		if n != 5 {
			t.Errorf("forced %v: %d records, want 5", forced, n)
		}
		if !bytes.Equal(buf.Bytes(), data) {
			t.Errorf("forced %v: written back:\n%s\nwant\n%s", forced, buf.Bytes(), data)
		}
	}
}

// hodokuGrids are the grids of hodoku.golden: the marked grids, and p9
// with placed values, with and without marks.
func hodokuGrids(t *testing.T) []*sudoku.Grid {
	grids := markedGrids(t)
	g := MustParse(p9)
	for i, v := range []byte(p9sol) {
		if g.Cell(i) == 0 && i%4 == 0 {
			g.Place(i, int(v-'0'))
		}
	}
	h := basicMarks(g)
	for i := range h.NumCells() {
		if h.Cell(i) == 0 && i%3 == 0 {
			m := h.Marks(i)
			h.SetMarks(i, m&^(1<<bits.TrailingZeros64(m)))
		}
	}
	return append(grids, g, h)
}

// hodokuHeld returns g with only the candidates that its values leave,
// which is what a HoDoKu line holds: the Writer refuses the others.
func hodokuHeld(g *sudoku.Grid) *sudoku.Grid {
	h := g.Clone()
	if !g.HasMarks() {
		return h
	}
	for i := range h.NumCells() {
		if h.Cell(i) == 0 {
			h.SetMarks(i, g.Marks(i)&g.ValueMarks(i))
		}
	}
	return h
}

func TestHoDoKuGolden(t *testing.T) {
	grids := hodokuGrids(t)
	for i, g := range grids {
		grids[i] = hodokuHeld(g)
	}
	comments := []string{"", "0000:x::", "0100:5:531 541:", "0901:3:412::7", "not a step"}
	want := checkGolden(t, "hodoku.golden", HoDoKu, len(grids), func(i int) (*sudoku.Grid, string) {
		return grids[i], comments[i]
	})
	readBack(t, want, HoDoKu, len(grids), func(forced Format, i int, p *Puzzle) {
		if !sameState(p.Grid, grids[i]) || p.Format != HoDoKu {
			t.Errorf("forced %v: record %d: %v, not the grid written", forced, i, p.Format)
		}
		wantc := comments[i]
		if _, ok := hodokuStep(wantc); !ok {
			wantc = "0000:x::"
		}
		if p.Comment != wantc {
			t.Errorf("forced %v: record %d: comment %q, want %q", forced, i, p.Comment, wantc)
		}
	})
}

func TestHoDoKuRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for k := 0; k < 200; k++ {
		g := randomPlay(rng, k%2 == 0)
		if h := hodokuHeld(g); !h.Equal(g) {
			// A candidate that a value excludes is refused, not dropped.
			err := NewWriter(io.Discard, HoDoKu).Write(g, "")
			if !errors.Is(err, ErrCannotHold) {
				t.Fatalf("grid %d: candidates a value excludes: %v", k, err)
			}
			g = h
		}
		text := Text(g, HoDoKu)
		p, err := Parse(text)
		if err != nil || !sameState(p, g) {
			t.Fatalf("grid %d: %v\n%s", k, err, text)
		}
		if again := Text(p, HoDoKu); again != text {
			t.Fatalf("grid %d: written again:\n%s\nwant\n%s", k, again, text)
		}
	}
	if err := NewWriter(io.Discard, HoDoKu).Write(MustParse(p4), ""); err == nil {
		t.Error("a 4x4 grid written as a HoDoKu library line")
	}
}

func TestReadHoDoKuErrors(t *testing.T) {
	good := ":0000:x:" + p9 + ":::"
	tests := []struct {
		in   string
		f    Format
		want string
	}{
		{good, Auto, "1 hodoku " + p9 + " | 0000:x::"},
		{":0000:x:" + p9 + "::", HoDoKu, "error: line 1, column 92: 5 fields, want 7 or 8: a HoDoKu library line is :<technique>:<candidates>:<givens>:<deleted>:<eliminations>:<placements>[:<extra>]"},
		{"0000:x:" + p9 + ":::::", HoDoKu, "error: line 1, column 1: want a HoDoKu library line, :<technique>:<candidates>:<givens>:<deleted>:<eliminations>:<placements>[:<extra>]"},
		{":0000:x:" + p9 + ":::::", HoDoKu, "error: line 1, column 94: more than 8 fields, want a HoDoKu library line, :<technique>:<candidates>:<givens>:<deleted>:<eliminations>:<placements>[:<extra>]"},
		{":0000:x:" + p9[:80] + ":::", Auto, "error: line 1, column 9: 80 cells in the givens, want 81"},
		{":0000:x:" + p9 + "1:::", Auto, "error: line 1, column 90: more than 81 cells in the givens"},
		{":0000:x:" + p9[:2] + "+" + p9[2:] + ":::", Auto, "error: line 1, column 11: '+' before a blank: a '+' marks the digit after it as placed"},
		{":0000:x:" + p9[:80] + "+:::", Auto, "error: line 1, column 89: '+' at the end of the givens: a '+' marks the digit after it as placed"},
		{":0000:x:" + p9[:80] + "++9:::", Auto, "error: line 1, column 90: '+' after '+': a '+' marks the digit after it as placed"},
		{":0000:x:" + p9[:80] + "A:::", Auto, "error: line 1, column 89: 'A' is not a symbol for 9x9 (1-9)"},
		{":0000:x:" + p9[:80] + "x:::", Auto, "error: line 1, column 89: 'x' is not a symbol for 9x9 (1-9)"},
		{":0000:x:" + p9[:80] + "?:::", Auto, "error: line 1, column 89: '?' is not a symbol"},
		{":0000:x:" + p9 + ":913 103::", Auto, "error: line 1, column 95: deleted candidate \"103\": want <digit><row><col>, each 1-9"},
		{":0000:x:" + p9 + ":9134::", Auto, "error: line 1, column 91: deleted candidate \"9134\": want <digit><row><col>, each 1-9"},
		{":0000:x:" + p9 + ":913 411::", Auto, "error: line 1, column 95: deleted candidate 411: r1c1 holds the given 5"},
		{":0000:x:" + p9[:2] + "+4" + p9[3:] + ":413::", Auto, "error: line 1, column 92: deleted candidate 413: r1c3 holds the placed value 4"},
		{":0000:x:" + p9 + ":913 é::", Auto, "error: line 1, column 95: 'é' (U+00E9) is not a symbol"},
	}
	for _, tt := range tests {
		r := NewReader(strings.NewReader(tt.in))
		r.Format = tt.f
		got := summary(t, r)
		if strings.Join(got, "|") != tt.want {
			t.Errorf("%s:\ngot  %s\nwant %s", tt.in, got, tt.want)
		}
	}
	r := NewReader(strings.NewReader(good))
	r.Order = 4
	if _, err := r.Read(); err == nil || !strings.Contains(err.Error(), "a HoDoKu library line is 9x9, want order 4") {
		t.Errorf("order 4: %v", err)
	}
}

// isStep reports whether comment is written as a HoDoKu step.
func isStep(comment string) bool {
	_, ok := hodokuStep(comment)
	return ok
}

// samePlaced reports whether g and h have the same placed values.
func samePlaced(g, h *sudoku.Grid) bool {
	for i := range g.NumCells() {
		if g.Placed(i) != h.Placed(i) {
			return false
		}
	}
	return true
}
