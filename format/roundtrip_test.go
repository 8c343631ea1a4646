package format

import (
	"bytes"
	"errors"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/gosudoku/sudoku"
)

// The round-trip property over every format pair: a game (givens, placed
// values, candidates, consistent or not, a comment with markup) written in
// one format reads back as what that format holds of it, and that record
// written in a second format reads back as what both hold. A format that
// cannot hold a game refuses it with ErrCannotHold; it never writes
// something that reads back as another puzzle.

// holds describes what format f keeps of a game.
type holds struct {
	placed  bool // placed values apart from givens (else they become givens)
	marks   bool // candidates (else they are dropped)
	none    bool // a blank cell without candidates (else it reads back with every one)
	comment bool // the comment, on one line
}

func holdsOf(f Format) holds {
	switch f {
	case JSON:
		return holds{placed: true, marks: true, none: true, comment: true}
	case SSMarks:
		return holds{placed: true, marks: true, none: true}
	case HoDoKu:
		return holds{placed: true, marks: true, none: true}
	case Wiki:
		return holds{placed: true, marks: true, comment: true}
	case OpenSudoku:
		return holds{placed: true, marks: true, comment: true}
	case SadMan, SDX:
		return holds{placed: true, marks: true, none: f == SDX, comment: true}
	case Sukaku:
		return holds{marks: true, none: true, comment: true}
	case Pencil:
		return holds{marks: true, none: true}
	case Line, Groups, SDK:
		return holds{comment: true}
	}
	return holds{}
}

// refuses returns why format f cannot hold g (a cell it names), or "".
func refuses(f Format, g *sudoku.Grid) string {
	if formats[f].only9 != "" && g.Order() != 3 {
		return "order"
	}
	if !g.HasMarks() {
		return ""
	}
	for i := range g.NumCells() {
		if g.Cell(i) != 0 {
			continue
		}
		m := g.Marks(i)
		switch f {
		case Sukaku, Pencil, SDX:
			// A cell of one candidate reads as a value.
			if bits.OnesCount64(m) == 1 {
				return sudoku.CellName(i, g.Side())
			}
		case HoDoKu:
			// Only the candidates that the values leave can be listed.
			if m&^g.ValueMarks(i) != 0 {
				return sudoku.CellName(i, g.Side())
			}
		}
	}
	return ""
}

// projected returns what format f keeps of g.
func projected(f Format, g *sudoku.Grid) *sudoku.Grid {
	h := holdsOf(f)
	side := g.Side()
	out, _ := sudoku.New(g.Order())
	marks := make([]uint64, g.NumCells())
	for i := range g.NumCells() {
		v := g.Cell(i)
		if g.Placed(i) && h.placed {
			out.Place(i, v)
		} else {
			out.SetCell(i, v)
		}
		marks[i] = g.Marks(i)
		if v == 0 && marks[i] == 0 && !h.none {
			marks[i] = allMarks(side)
		}
	}
	if h.marks && g.HasMarks() {
		out.SetAllMarks(marks)
	}
	if f == HoDoKu && g.HasMarks() {
		// HoDoKu lists the candidates the values leave and deletes some:
		// when none is deleted, the line has no marks.
		deleted := false
		for i := range g.NumCells() {
			deleted = deleted || g.Cell(i) == 0 && g.ValueMarks(i)&^g.Marks(i) != 0
		}
		if !deleted {
			out.ClearMarks()
		}
	}
	return out
}

// randomSolution returns a random solved grid of the order.
func randomSolution(rng *rand.Rand, order int) []uint8 {
	side := order * order
	perm := func() []int {
		p := make([]int, side)
		for b, band := range rng.Perm(order) {
			for k, r := range rng.Perm(order) {
				p[b*order+k] = band*order + r
			}
		}
		return p
	}
	rows, cols, digits := perm(), perm(), rng.Perm(side)
	cells := make([]uint8, side*side)
	for r := range side {
		for c := range side {
			rr, cc := rows[r], cols[c]
			cells[r*side+c] = uint8(digits[(rr%order*order+rr/order+cc)%side] + 1)
		}
	}
	return cells
}

// markupComments hold what escapes must keep: XML and JSON markup, header
// and comment markers, quotes, non-ASCII.
var markupComments = []string{
	"",
	"easy",
	`<stdin>:3: "a & b" </folder> -- <!-- x -->`,
	`#C {"grid":"1"} [Puzzle] 'q' \ é 数独`,
	"a\tb\nc",
	":0000:x:",
	"]]> &amp; &#10; %s",
}

// randomGame returns a game of the order: givens from a solution, values
// placed (some of them wrong), and candidates: none, consistent (the
// solution's value kept), or random (clashing, empty, single).
func randomGame(rng *rand.Rand, order int) *sudoku.Grid {
	sol := randomSolution(rng, order)
	g, _ := sudoku.New(order)
	side := g.Side()
	fill, placed := rng.Float64(), rng.Float64()/2
	for i, v := range sol {
		switch x := rng.Float64(); {
		case x < fill:
			g.SetCell(i, int(v))
		case x < fill+placed*(1-fill):
			if rng.IntN(8) == 0 {
				v = uint8(1 + rng.IntN(side))
			}
			g.Place(i, int(v))
		}
	}
	switch rng.IntN(4) {
	case 1: // consistent
		for i := range g.NumCells() {
			if g.Cell(i) == 0 {
				g.SetMarks(i, g.ValueMarks(i)&rng.Uint64()|1<<(sol[i]-1))
			}
		}
	case 2: // consistent with the values, never one candidate
		for i := range g.NumCells() {
			if m := g.ValueMarks(i) & rng.Uint64(); g.Cell(i) == 0 && bits.OnesCount64(m) != 1 {
				g.SetMarks(i, m)
			}
		}
	case 3: // anything
		for i := range g.NumCells() {
			if g.Cell(i) == 0 {
				m := rng.Uint64() & allMarks(side)
				switch rng.IntN(6) {
				case 0:
					m = 0
				case 1:
					m = 1 << rng.IntN(side)
				}
				g.SetMarks(i, m)
			}
		}
	}
	return g
}

// writeOne writes g in format f with comment, as a Writer does.
func writeOne(f Format, g *sudoku.Grid, comment string) ([]byte, error) {
	var buf bytes.Buffer
	w := NewWriter(&buf, f)
	if err := w.Write(g, comment); err != nil {
		return nil, err
	}
	if err := w.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// readAll reads every record of text, forced to format f (Auto detects).
func readAll(text []byte, f Format, order int) ([]*Puzzle, error) {
	r := NewReader(bytes.NewReader(text))
	r.Format, r.Order = f, order
	var ps []*Puzzle
	for {
		p, err := r.Read()
		if err != nil {
			if err.Error() == "EOF" {
				return ps, nil
			}
			return ps, err
		}
		ps = append(ps, p)
	}
}

// pairTrip writes g with comment in format f and reads it back, forced
// and detected: the one record that f keeps of g. It returns nil if f
// refuses g, as it must.
func pairTrip(t *testing.T, f Format, g *sudoku.Grid, comment string) *Puzzle {
	t.Helper()
	text, err := writeOne(f, g, comment)
	why := refuses(f, g)
	switch {
	case why != "" && err == nil:
		t.Fatalf("%v wrote a game it cannot hold (%s):\n%s\nread back from\n%s", f, why, text, Text(g, JSON))
	case why != "" && !errors.Is(err, ErrCannotHold) && why != "order":
		t.Fatalf("%v: %v, want ErrCannotHold", f, err)
	case why != "":
		if why != "order" && !strings.Contains(err.Error(), why) {
			t.Fatalf("%v: %q does not name %s", f, err, why)
		}
		return nil
	case err != nil:
		t.Fatalf("%v: %v\n%s", f, err, Text(g, JSON))
	}
	want := projected(f, g)
	var first *Puzzle
	forced := []Format{f}
	if g.Order() == 3 {
		forced = append(forced, Auto)
	}
	for _, as := range forced {
		ps, err := readAll(text, as, g.Order())
		if err != nil || len(ps) != 1 {
			t.Fatalf("%v read as %v: %d records, %v\n%s", f, as, len(ps), err, text)
		}
		p := ps[0]
		if !p.Grid.Equal(want) || p.Grid.HasPlaced() != want.HasPlaced() {
			t.Fatalf("%v read as %v: read back\n%s\nwant\n%s\nfrom\n%s", f, as, Text(p.Grid, JSON), Text(want, JSON), text)
		}
		if c := oneLine(comment); holdsOf(f).comment && p.Comment != c {
			t.Fatalf("%v read as %v: comment %q, want %q\n%s", f, as, p.Comment, c, text)
		}
		if first == nil {
			first = p
		}
	}
	return first
}

// writable are the formats a Writer writes one record at a time.
func roundTripFormats() []Format {
	var fs []Format
	for f := range formats {
		if formats[f].write != nil && Format(f) != Auto && formats[f].rules&variants == 0 { // variants_test.go has the variant formats
			fs = append(fs, Format(f))
		}
	}
	return fs
}

func TestRoundTripPairs(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 3))
	fs := roundTripFormats()
	n := 60
	if testing.Short() {
		n = 15
	}
	for k := range n {
		order := []int{3, 3, 3, 2, 4}[k%5]
		g := randomGame(rng, order)
		comment := markupComments[k%len(markupComments)]
		for _, a := range fs {
			t.Run(fmt.Sprintf("%d/%v", k, a), func(t *testing.T) {
				p := pairTrip(t, a, g, comment)
				if p == nil {
					return
				}
				c := comment
				if !holdsOf(a).comment {
					c = p.Comment
				}
				for _, b := range fs {
					if b == a {
						continue
					}
					if q := pairTrip(t, b, p.Grid, c); q != nil && !slices.Equal(q.Grid.Cells(), p.Grid.Cells()) {
						t.Fatalf("%v then %v: values differ", a, b)
					}
				}
			})
		}
	}
}

// TestRoundTripByteForByte writes what a format read back: the same bytes.
func TestRoundTripByteForByte(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 4))
	for k := range 40 {
		g := randomGame(rng, 3)
		comment := markupComments[k%len(markupComments)]
		for _, f := range roundTripFormats() {
			text, err := writeOne(f, g, comment)
			if err != nil {
				continue
			}
			ps, err := readAll(text, f, 3)
			if err != nil || len(ps) != 1 {
				t.Fatalf("%v: %d records, %v\n%s", f, len(ps), err, text)
			}
			again, err := writeOne(f, ps[0].Grid, ps[0].Comment)
			if err != nil || !bytes.Equal(again, text) {
				t.Fatalf("%v: written again (%v):\n%s\nfirst:\n%s", f, err, again, text)
			}
		}
	}
}
