package format

import (
	"bytes"
	"flag"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gosudoku/sudoku"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// writable lists the formats a Writer writes.
var writable = []Format{Line, Groups, Numbers, Pretty, SDK, SS, JSON, Bank}

// keepsComment reports whether format f writes and reads back a comment.
func keepsComment(f Format) bool {
	return f == Line || f == Groups || f == JSON || f == SDK
}

// goldenGrids are the grids of the golden files, with their comments.
var goldenGrids = []struct {
	grid, comment string
}{
	{p4, "easy"},
	{p9, "rated 3.4 #classic"},
	{s9, ""},
	{big16, "order4_hard #1"},
}

// checkGolden writes n records with a Writer of format f (record(i) gives
// the i-th grid and comment), closes it, compares the output with the
// golden file testdata/name (rewritten first under -update) and
// returns the file's bytes.
func checkGolden(t *testing.T, name string, f Format, n int, record func(i int) (*sudoku.Grid, string)) []byte {
	t.Helper()
	var buf bytes.Buffer
	w := NewWriter(&buf, f)
	for i := range n {
		if err := w.Write(record(i)); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(buf.Bytes(), want) {
		t.Errorf("%s differs (run go test -update):\ngot\n%s\nwant\n%s", path, buf.Bytes(), want)
	}
	return want
}

// readBack reads n records from data twice, with the format detected and
// forced to f, hands each to check (which reports what differs from the
// record written) and wants the end of the input after them.
func readBack(t *testing.T, data []byte, f Format, n int, check func(forced Format, i int, p *Puzzle)) {
	t.Helper()
	for _, forced := range []Format{Auto, f} {
		r := NewReader(bytes.NewReader(data))
		r.Format = forced
		for i := range n {
			p, err := r.Read()
			if err != nil {
				t.Fatalf("forced %v: record %d: %v", forced, i, err)
			}
			check(forced, i, p)
		}
		if p, err := r.Read(); err != io.EOF {
			t.Errorf("forced %v: after the records: %v, %v; want EOF", forced, p, err)
		}
	}
}

func TestWriterGolden(t *testing.T) {
	for _, f := range writable {
		t.Run(f.String(), func(t *testing.T) {
			want := checkGolden(t, f.String()+".golden", f, len(goldenGrids), func(i int) (*sudoku.Grid, string) {
				return MustParse(goldenGrids[i].grid), goldenGrids[i].comment
			})
			// The golden file reads back to the grids, detected and forced.
			readBack(t, want, f, len(goldenGrids), func(forced Format, i int, p *Puzzle) {
				gg := goldenGrids[i]
				if p.Grid.String() != gg.grid || p.Format != f {
					t.Errorf("forced %v: record %d = %v %v, want %v %s", forced, i, p.Format, p.Grid, f, gg.grid)
				}
				if keepsComment(f) && p.Comment != gg.comment {
					t.Errorf("forced %v: record %d: comment %q, want %q", forced, i, p.Comment, gg.comment)
				}
			})
		})
	}
}

// randomGrid returns a grid of the given order with random values (not a
// valid Sudoku) and about the given fraction of blanks.
func randomGrid(rng *rand.Rand, order int, blanks float64) *sudoku.Grid {
	g, _ := sudoku.New(order)
	side := g.Side()
	for i := range g.NumCells() {
		if rng.Float64() >= blanks {
			g.SetCell(i, 1+rng.IntN(side))
		}
	}
	return g
}

func TestRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, order := range []int{2, 3, 4, 5, 8} {
		var grids []*sudoku.Grid
		for i := 0; i < 20; i++ {
			grids = append(grids, randomGrid(rng, order, rng.Float64()))
		}
		empty, _ := sudoku.New(order)
		grids = append(grids, empty, randomGrid(rng, order, 0))
		for _, f := range writable {
			for _, tc := range []struct {
				forced Format
				order  int
			}{{Auto, 0}, {Auto, order}, {f, 0}, {f, order}} {
				forced := tc.forced
				if tc.order == 0 && order == 4 && f == SDK {
					continue // the empty 16x16 grid is 16 empty 4x4 lines (see Reader)
				}
				var buf bytes.Buffer
				w := NewWriter(&buf, f)
				for i, g := range grids {
					w.Write(g, "c"+strings.Repeat("x", i))
				}
				w.Flush()
				r := NewReader(bytes.NewReader(buf.Bytes()))
				r.Format, r.Order = forced, tc.order
				for i, g := range grids {
					p, err := r.Read()
					if err != nil {
						t.Fatalf("order %d, %v, forced %v: grid %d: %v", order, f, forced, i, err)
					}
					if !p.Grid.Equal(g) {
						t.Fatalf("order %d, %v, forced %v: grid %d:\ngot  %v\nwant %v", order, f, forced, i, p.Grid, g)
					}
					if keepsComment(f) && p.Comment != "c"+strings.Repeat("x", i) {
						t.Errorf("order %d, %v: grid %d: comment %q", order, f, i, p.Comment)
					}
				}
				if _, err := r.Read(); err != io.EOF {
					t.Errorf("order %d, %v: after the grids: %v", order, f, err)
				}
			}
		}
	}
}

func TestWriteCounted(t *testing.T) {
	if err := NewWriter(io.Discard, Line).Write(nil, ""); err == nil {
		t.Error("writing a nil grid: no error")
	}
	w := NewWriter(io.Discard, Counted)
	if err := w.Write(MustParse(p9), ""); err == nil {
		t.Error("writing Counted: no error")
	}
	if s := Text(MustParse(p9), Counted); s != "" {
		t.Errorf("Text(Counted) = %q, want \"\"", s)
	}
}

func TestWriteCommentOneLine(t *testing.T) {
	var buf bytes.Buffer
	w := NewWriter(&buf, Line)
	w.Write(MustParse(p4), " two\nlines\r\n")
	w.Flush()
	if got, want := buf.String(), p4+" two lines\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// BenchmarkWrite writes 10,000 random 9x9 grids in each format.
func BenchmarkWrite(b *testing.B) {
	rng := rand.New(rand.NewPCG(5, 6))
	grids := make([]*sudoku.Grid, 10000)
	for i := range grids {
		grids[i] = randomGrid(rng, 3, 0.7)
	}
	for _, f := range writable {
		b.Run(f.String(), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				w := NewWriter(io.Discard, f)
				for _, g := range grids {
					w.Write(g, "")
				}
				w.Flush()
			}
			b.ReportMetric(b.Elapsed().Seconds()*1e9/float64(len(grids))/float64(b.N), "ns/puzzle")
		})
	}
}
