package library

import (
	"bufio"
	"context"
	"flag"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"testing"
	"time"

	"github.com/gosudoku/sudoku"
	"github.com/gosudoku/sudoku/logic"
)

var (
	dataDir = flag.String("data", "../../shared/data", "the folder of the benchmark files")
	million = flag.Int("million", 0, "BenchmarkFind: rows of the generated library (1000000 for the target; 0 skips)")
)

// BenchmarkAdd adds the 17-clue puzzles of the shared data (skips when
// absent) to a new library per iteration as sudoku library add does:
// Prepare on GOMAXPROCS goroutines, Store in batches of 1000. It reports
// puzzles/s, the share of the time spent in Prepare and the file's bytes
// per puzzle.
func BenchmarkAdd(b *testing.B) {
	f, err := os.Open(filepath.Join(*dataDir, "puzzles2_17_clue"))
	if err != nil {
		b.Skipf("benchmark data not found: %v", err)
	}
	defer f.Close()
	var ps []*sudoku.Grid
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if len(sc.Text()) < 81 || sc.Text()[0] == '#' {
			continue
		}
		g, err := sudoku.Parse(sc.Text()[:81])
		if err != nil {
			b.Fatal(err)
		}
		ps = append(ps, g)
	}
	ctx := context.Background()
	var prepare, store time.Duration
	var size int64
	cpu0 := cpuTime()
	for b.Loop() {
		path := filepath.Join(b.TempDir(), "lib.db")
		l, err := Open(ctx, path)
		if err != nil {
			b.Fatal(err)
		}
		const batch = 1000
		for k := 0; k < len(ps); k += batch {
			items := make([]*Item, min(batch, len(ps)-k))
			t0 := time.Now()
			var wg sync.WaitGroup
			workers := runtime.GOMAXPROCS(0)
			for w := range workers {
				wg.Go(func() {
					for i := w; i < len(items); i += workers {
						items[i] = &Item{Grid: ps[k+i], Source: Source{File: "puzzles2_17_clue", Line: k + i + 4}}
						if err := l.Prepare(ctx, items[i], logic.Options{}); err != nil {
							b.Error(err)
						}
					}
				})
			}
			wg.Wait()
			t1 := time.Now()
			if err := l.Store(ctx, &Batch{Items: items, Done: map[string]int{"puzzles2_17_clue": k + len(items) + 3}}); err != nil {
				b.Fatal(err)
			}
			prepare += t1.Sub(t0)
			store += time.Since(t1)
		}
		l.Close()
		if st, err := os.Stat(path); err == nil {
			size = st.Size()
		}
	}
	b.ReportMetric(float64(len(ps)*b.N)/b.Elapsed().Seconds(), "puzzles/s")
	// The machine may be shared: the CPU time of the process says what
	// the work costs on idle cores.
	b.ReportMetric((cpuTime()-cpu0).Seconds()/float64(b.N), "cpu-s/op")
	b.ReportMetric(100*prepare.Seconds()/(prepare+store).Seconds(), "%prepare")
	b.ReportMetric(float64(size)/float64(len(ps)), "bytes/puzzle")
}

// BenchmarkFind builds a library of -million generated entries in a
// temporary folder (once; rated-looking rows, not real puzzles) and times
// a find by technique and ER range (50 results, as one page) and a find
// by hardest technique. Skipped without -million.
func BenchmarkFind(b *testing.B) {
	if *million <= 0 {
		b.Skip("give -million N to build an N-row library")
	}
	ctx := context.Background()
	path := filepath.Join(b.TempDir(), "big.db")
	l, err := Open(ctx, path)
	if err != nil {
		b.Fatal(err)
	}
	defer l.Close()
	t0 := time.Now()
	if err := fill(ctx, l, *million); err != nil {
		b.Fatal(err)
	}
	b.Logf("built %d rows in %v", *million, time.Since(t0).Round(time.Millisecond))
	if st, err := os.Stat(path); err == nil {
		b.Logf("%.0f bytes per entry", float64(st.Size())/float64(*million))
	}
	for _, bc := range []struct {
		name string
		q    Query
	}{
		{"uses-er", Query{Uses: []logic.Technique{logic.XYWing}, ER: Range{Min: 60, Max: 70}, Limit: 50}},
		{"uses-rare-er", Query{Uses: []logic.Technique{logic.AlignedTripletExclusion}, ER: Range{Min: 60, Max: 90}, Limit: 50}},
		{"hardest-er", Query{Hardest: []logic.Technique{logic.ForcingChainCycle}, ER: Range{Min: 60, Max: 70}, Limit: 50}},
		{"count-uses-er", Query{Uses: []logic.Technique{logic.XYWing}, ER: Range{Min: 60, Max: 70}}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			n := 0
			for b.Loop() {
				if bc.q.Limit > 0 {
					es, err := l.Find(ctx, bc.q)
					if err != nil {
						b.Fatal(err)
					}
					n = len(es)
				} else if n, err = l.Count(ctx, bc.q); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(n), "rows")
		})
	}
	// find's count of the unrated entries a rating filter leaves out.
	b.Run("unrated-uses-er", func(b *testing.B) {
		q := Query{Uses: []logic.Technique{logic.XYWing}, ER: Range{Min: 60, Max: 70}, Limit: 50}
		for b.Loop() {
			if _, err := l.Unrated(ctx, q); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// fill inserts n generated entries: ER spread over 1.0-10.0, a hardest
// technique and a set of techniques below it, like rated puzzles.
func fill(ctx context.Context, l *Library, n int) error {
	rng := rand.New(rand.NewPCG(5, 6))
	ts := logic.Techniques()[:35] // SE's rules
	tx, err := l.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	var src int64
	if err := tx.QueryRowContext(ctx, `INSERT INTO sources (name) VALUES ('generated') RETURNING id`).Scan(&src); err != nil {
		return err
	}
	ins, err := tx.PrepareContext(ctx, `INSERT INTO entries
		(canon, puzzle, clues, er, ep, ed, hardest, techniques, symmetry, automorphisms, source, line, comment, copies)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?, '', 1)`)
	if err != nil {
		return err
	}
	for i := range n {
		var cells [81]uint8
		clues := 17 + rng.IntN(12)
		for _, c := range rng.Perm(81)[:clues] {
			cells[c] = uint8(1 + rng.IntN(9))
		}
		// The index keeps the canon unique: cell 0 and 1 hold i's digits.
		cells[0], cells[1], cells[2] = uint8(1+i%9), uint8(1+i/9%9), uint8(1+i/81%9)
		p := pack(&cells)
		h := rng.IntN(len(ts))
		uses := uint64(1) << l.bitOf[ts[h]]
		for k := range h {
			if rng.IntN(3) == 0 {
				uses |= 1 << l.bitOf[ts[k]]
			}
		}
		er := 10 + rng.IntN(91)
		if _, err := ins.ExecContext(ctx, p, p, clues, er, 12, 12, l.bitOf[ts[h]], int64(uses), 0, src, i+1); err != nil {
			return err
		}
	}
	ins.Close()
	return tx.Commit()
}
