package format

import (
	"bytes"
	"io"
	"math/bits"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/gosudoku/sudoku"
)

// gameFormats are the formats of a game in progress.
var gameFormats = []Format{OpenSudoku, SadMan, SDX}

// realGames returns the puzzles of the files that OpenSudoku, SadMan
// Sudoku and SudoCue wrote (testdata/README), with their candidates and
// comments.
func realGames(t testing.TB) []*Puzzle {
	var out []*Puzzle
	for _, name := range []string{"opensudoku_v1.xml", "opensudoku_v2.xml", "sadman.sdk", "sudocue.sdx", "sudocue.sdk"} {
		b, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			t.Fatal(err)
		}
		r := NewReader(bytes.NewReader(b))
		for i := 0; i < 6; i++ {
			p, err := r.Read()
			if err == io.EOF {
				break
			}
			if err == nil {
				out = append(out, p)
			}
		}
	}
	return out
}

// The golden files are this package's Writer's output of the real files'
// games; each reads back to the same games, detected and forced.
func TestGameFormatsGolden(t *testing.T) {
	games := realGames(t)
	if len(games) != 14 {
		t.Fatalf("%d games in the real files, want 14", len(games))
	}
	for _, f := range gameFormats {
		t.Run(f.String(), func(t *testing.T) {
			want := checkGolden(t, f.String()+".golden", f, len(games), func(i int) (*sudoku.Grid, string) {
				return games[i].Grid, games[i].Comment
			})
			readBack(t, want, f, len(games), func(forced Format, i int, p *Puzzle) {
				g := games[i]
				if forced == Auto && f == SDX && filled(g.Grid) {
					// A whole grid of digits is a grid of numbers.
					if p.Grid.String() != g.Grid.String() || p.Format != Numbers {
						t.Errorf("forced %v: game %d = %v %v, want numbers %v", forced, i, p.Format, p.Grid, g.Grid)
					}
					return
				}
				if !p.Grid.Equal(g.Grid) || p.Format != f || p.Comment != g.Comment {
					t.Errorf("forced %v: game %d = %v %v %q, want %v %q", forced, i, p.Format, p.Grid, p.Comment, g.Grid, g.Comment)
				}
			})
		})
	}
}

// gameGrid makes a grid of the given order from cells and marks, as the
// game formats keep it: values, placed where the byte's high bit is set,
// and blank cells with 2 or more candidates or none (every candidate for
// a format that cannot write none).
func gameGrid(order int, cells, marks []byte, none bool) *sudoku.Grid {
	g, _ := sudoku.New(order)
	side := g.Side()
	for i := range g.NumCells() {
		if i < len(cells) {
			if v := int(cells[i]) % (side + 1); cells[i]&0x80 != 0 {
				g.Place(i, v)
			} else {
				g.SetCell(i, v)
			}
		}
		if g.Cell(i) == 0 && len(marks) > 0 {
			var m uint64
			for k := 0; k < 8; k++ {
				m = m<<8 | uint64(marks[(i*8+k)%len(marks)])
			}
			m = bits.RotateLeft64(m, i) & allMarks(side)
			if bits.OnesCount64(m) == 1 || m == 0 && !none {
				m = allMarks(side)
			}
			g.SetMarks(i, m)
		}
	}
	return g
}

// roundTrip writes g twice with comment in format f, ends the output and
// reads it back, detected and forced: the same grids and comments, then
// the end.
func roundTrip(t *testing.T, f Format, g *sudoku.Grid, comment string) {
	t.Helper()
	var buf bytes.Buffer
	w := NewWriter(&buf, f)
	for range 2 {
		if err := w.Write(g, comment); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	want := oneLine(comment)
	checkComment := utf8.ValidString(want) && (f != OpenSudoku || xmlSafe(want))
	for _, forced := range []Format{Auto, f} {
		if forced == Auto && f == SDX && g.Order() != 3 {
			continue // detected at 9x9 only
		}
		r := NewReader(bytes.NewReader(buf.Bytes()))
		r.Format = forced
		for k := 0; k < 2; k++ {
			p, err := r.Read()
			if err != nil {
				t.Fatalf("%v (forced %v): grid %d: %v\n%s", f, forced, k, err, buf.Bytes())
			}
			if forced == Auto && f == SDX && filled(g) {
				// A whole grid of digits is a grid of numbers.
				if p.Grid.String() != g.String() || p.Format != Numbers {
					t.Fatalf("%v: grid %d: got %v %v, want numbers %v\n%s", f, k, p.Format, p.Grid, g, buf.Bytes())
				}
				continue
			}
			if !p.Grid.Equal(g) || p.Format != f {
				t.Fatalf("%v (forced %v): grid %d: got %v %v, want %v\n%s", f, forced, k, p.Format, p.Grid, g, buf.Bytes())
			}
			if checkComment && p.Comment != want {
				t.Fatalf("%v (forced %v): comment %q, want %q", f, forced, p.Comment, want)
			}
		}
		if _, err := r.Read(); err != io.EOF {
			t.Fatalf("%v (forced %v): after the grids: %v", f, forced, err)
		}
	}
}

// filled reports whether the SDX text of g holds only single
// symbols and '.': no candidates of a blank cell and no placed value, so
// that it reads as a grid of numbers when detected.
func filled(g *sudoku.Grid) bool {
	for i := range g.NumCells() {
		if g.Cell(i) == 0 && g.Marks(i) != 0 || g.Placed(i) {
			return false
		}
	}
	return true
}

// xmlSafe reports whether s has only characters that XML can hold.
func xmlSafe(s string) bool {
	for _, c := range s {
		if c < ' ' && c != '\t' || c == 0xfffe || c == 0xffff || c == utf8.RuneError {
			return false
		}
	}
	return true
}

func TestGameFormatsRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	comments := []string{"", "Easy", "#A Ruud #C Just start", "a \"b\" <c> & d", "#C x"}
	for _, f := range gameFormats {
		orders := []int{2, 3, 4, 5}
		if f == OpenSudoku {
			orders = []int{3}
		}
		for _, order := range orders {
			for k := 0; k < 20; k++ {
				side := order * order
				cells := make([]byte, side*side)
				for i := range cells {
					if rng.IntN(3) == 0 {
						cells[i] = byte(1+rng.IntN(side)) | byte(rng.IntN(2))<<7
					}
				}
				marks := make([]byte, 64)
				for i := range marks {
					marks[i] = byte(rng.Uint32())
				}
				if k%4 == 0 {
					marks = nil // no candidates
				}
				g := gameGrid(order, cells, marks, f == SDX)
				roundTrip(t, f, g, comments[k%len(comments)])
			}
		}
	}
	// OpenSudoku is 9x9 only.
	if err := NewWriter(io.Discard, OpenSudoku).Write(MustParse(p4), ""); err == nil {
		t.Error("a 4x4 OpenSudoku game was written")
	}
}

// One folder per run of games with the same comment.
func TestOpenSudokuFolders(t *testing.T) {
	var b strings.Builder
	w := NewWriter(&b, OpenSudoku)
	for _, c := range []string{"Easy", "Easy", "Hard & fast", "Easy"} {
		w.Write(MustParse(p9), c)
	}
	w.Close()
	z := strings.ReplaceAll(p9, ".", "0")
	want := "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<opensudoku version=\"2\">\n" +
		"  <folder name=\"Easy\">\n    <game data=\"" + z + "\" />\n    <game data=\"" + z + "\" />\n  </folder>\n" +
		"  <folder name=\"Hard &amp; fast\">\n    <game data=\"" + z + "\" />\n  </folder>\n" +
		"  <folder name=\"Easy\">\n    <game data=\"" + z + "\" />\n  </folder>\n</opensudoku>\n"
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
	if got := Text(MustParse(p9), OpenSudoku); !strings.HasSuffix(got, "</folder>\n</opensudoku>\n") {
		t.Errorf("Text is no whole document:\n%s", got)
	}
}

// gameSeeds are the real files and broken ones.
func gameSeeds(f *testing.F) [][]byte {
	var seeds [][]byte
	for _, name := range []string{"opensudoku_v1.xml", "opensudoku_v2.xml", "sadman.sdk", "sudocue.sdx", "sudocue.sdk", "opensudoku.golden", "sadman.golden", "sdx.golden"} {
		b, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			f.Fatal(err)
		}
		seeds = append(seeds, b, b[:len(b)/2], b[:len(b)*9/10])
	}
	for _, s := range []string{
		"<?xml", "<opensudoku>", "<opensudoku><game data=\"version: 1&#10;1|2|3|\"/></opensudoku>", "<opensudoku><name>x</name><game data='1'/>",
		"[Puzzle]\n" + rowsOf(p4, "") + "[State]\n" + rowsOf(p4, "") + "[PencilMarks]\n1,2,3,4\n", "[PencilMarks]\n",
		"u1 2 3 4\n12 34 u4 1\n", "<opensudoku version=\"3\"><folder name=\"a\"><game cells_data=\"version: 5&#10;\"/></folder></opensudoku>\n" + p9,
	} {
		seeds = append(seeds, []byte(s))
	}
	return seeds
}

// FuzzGameFormats reads any input as the game formats, detected and
// forced: records or *ParseErrors with their place, never a panic.
func FuzzGameFormats(f *testing.F) {
	for _, s := range gameSeeds(f) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, fm := range append([]Format{Auto}, gameFormats...) {
			readAllChecked(t, data, fm, 0)
			readAllChecked(t, data, fm, 3)
		}
	})
}

// FuzzGameRoundtrip builds a grid with candidates from the input, writes
// it in each game format and reads it back: the same values, candidates
// and comment.
func FuzzGameRoundtrip(f *testing.F) {
	f.Add(uint8(1), []byte(p9), []byte{0xff, 0x03, 0, 7}, "#A Ruud #C Just start")
	f.Add(uint8(0), []byte(p4), []byte{}, "Easy")
	f.Add(uint8(2), []byte(big16), []byte("marks"), "<a & \"b\">")
	f.Fuzz(func(t *testing.T, order uint8, cells, marks []byte, comment string) {
		o := sudoku.MinOrder + int(order)%4 // up to 25x25
		for _, fm := range gameFormats {
			if fm == OpenSudoku && o != 3 {
				continue
			}
			roundTrip(t, fm, gameGrid(o, cells, marks, fm == SDX), comment)
		}
	})
}
