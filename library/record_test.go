package library

import (
	"context"
	"fmt"
	"path/filepath"
	"sync"
	"testing"

	"github.com/gosudoku/sudoku"
	"github.com/gosudoku/sudoku/logic"
)

// importRun adds the records recs (indexes into ps) of source "a.txt" as
// library add does: a record whose key the library has taken as often as
// the records of that key before it is skipped; the others are prepared
// and stored with their Record, in batches of batch, at most stop batches
// (an interrupted run). It returns the items stored and skipped.
func importRun(t testing.TB, l *Library, ps []*sudoku.Grid, recs []int, batch, stop int) (stored, skipped int) {
	t.Helper()
	ctx := context.Background()
	seen := map[[16]byte]int{}
	var b Batch
	batches := 0
	flush := func() {
		if len(b.Items) == 0 {
			return
		}
		if err := l.Store(ctx, &b); err != nil {
			t.Fatal(err)
		}
		for _, it := range b.Items {
			if it.Taken {
				skipped++
			} else {
				stored++
			}
		}
		b = Batch{}
		batches++
	}
	for _, r := range recs {
		if batches == stop {
			break
		}
		key := RecordKey("a.txt", []byte(ps[r].String()))
		n := seen[key]
		seen[key]++
		taken, err := l.Taken(ctx, key)
		if err != nil {
			t.Fatal(err)
		}
		if n < taken {
			skipped++
			continue
		}
		it := &Item{Grid: ps[r], Source: Source{File: "a.txt", Line: r + 1}, Record: &Record{Key: key, N: n}}
		if err := l.Prepare(ctx, it, logic.Options{}); err != nil {
			t.Fatal(err)
		}
		b.Items = append(b.Items, it)
		if len(b.Items) == batch {
			flush()
		}
	}
	if batches != stop {
		flush()
	}
	return stored, skipped
}

// copiesTotal returns the copies of every entry added up.
func copiesTotal(t testing.TB, l *Library) int {
	var n int
	if err := l.db.QueryRow(`SELECT COALESCE(SUM(copies), 0) FROM entries`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// TestRecordResume: an import interrupted after some batches and run
// again stores exactly the records it had not (each copy counted once),
// whatever the order of the records and their repeats; a file changed
// under the same name (records inserted) adds the new ones only. Before,
// a run again skipped records by line number: a new file of the same
// name was skipped whole (issue 32, High 3).
func TestRecordResume(t *testing.T) { backends(t, testRecordResume) }

func testRecordResume(t *testing.T, open func(t *testing.T) (*Library, string)) {
	l, _ := open(t)
	ps := readPuzzles(t)
	recs := []int{0, 1, 2, 1, 3, 4, 1, 5, 6}
	if s, k := importRun(t, l, ps, recs, 2, 2); s != 4 || k != 0 {
		t.Fatalf("interrupted run: %d stored, %d skipped; want 4, 0", s, k)
	}
	if s, k := importRun(t, l, ps, recs, 2, -1); s != 5 || k != 4 {
		t.Fatalf("run again: %d stored, %d skipped; want 5, 4", s, k)
	}
	if n := copiesTotal(t, l); n != len(recs) {
		t.Errorf("%d copies counted, want %d", n, len(recs))
	}
	// The file changed: two records inserted at the top, one more copy of
	// record 1 at the end.
	more := append(append([]int{7, 8}, recs...), 1)
	if s, k := importRun(t, l, ps, more, 3, -1); s != 3 || k != len(recs) {
		t.Fatalf("changed file: %d stored, %d skipped; want 3, %d", s, k, len(recs))
	}
	if n := copiesTotal(t, l); n != len(more) {
		t.Errorf("%d copies counted, want %d", n, len(more))
	}
}

// TestRecordConcurrent: imports of one file at once store each record
// once. Before, each counted the other's records as copies.
func TestRecordConcurrent(t *testing.T) { backends(t, testRecordConcurrent) }

func testRecordConcurrent(t *testing.T, open func(t *testing.T) (*Library, string)) {
	_, dsn := open(t)
	ps := readPuzzles(t)
	recs := []int{0, 1, 2, 3, 1, 4, 5}
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			l, err := Open(context.Background(), dsn)
			if err != nil {
				t.Error(err)
				return
			}
			defer l.Close()
			importRun(t, l, ps, recs, 1, -1)
		})
	}
	wg.Wait()
	l, err := Open(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	if n := copiesTotal(t, l); n != len(recs) {
		t.Errorf("%d copies counted after 4 imports at once, want %d", n, len(recs))
	}
}

// TestFreshSQLiteManyOpeners: programs opening one new SQLite file at
// once all open it. Before, some failed with "another program is
// upgrading the schema".
func TestFreshSQLiteManyOpeners(t *testing.T) {
	for round := range 5 {
		path := filepath.Join(t.TempDir(), fmt.Sprintf("lib%d.db", round))
		var wg sync.WaitGroup
		for range 6 {
			wg.Go(func() {
				l, err := Open(context.Background(), path)
				if err != nil {
					t.Errorf("round %d: %v", round, err)
					return
				}
				l.Close()
			})
		}
		wg.Wait()
	}
}

// FuzzRecordResume: an import cut after any number of batches, of any
// records with repeats, and run again counts every record once.
func FuzzRecordResume(f *testing.F) {
	f.Add([]byte{0, 1, 1, 2, 0, 3}, uint8(2), uint8(1))
	f.Add([]byte{5, 5, 5, 5}, uint8(1), uint8(3))
	ps := readPuzzles(f)
	f.Fuzz(func(t *testing.T, raw []byte, batch, stop uint8) {
		if len(raw) > 12 {
			raw = raw[:12]
		}
		recs := make([]int, len(raw))
		for i, b := range raw {
			recs[i] = int(b) % 6 // the easy puzzles: fast to rate
		}
		l, err := Open(context.Background(), filepath.Join(t.TempDir(), "lib.db"))
		if err != nil {
			t.Fatal(err)
		}
		defer l.Close()
		bs := int(batch%4) + 1
		s1, _ := importRun(t, l, ps, recs, bs, int(stop%5))
		s2, k2 := importRun(t, l, ps, recs, bs, -1)
		if s1+s2 != len(recs) || s1 != k2 {
			t.Errorf("records %v, batches of %d cut after %d: stored %d then %d (skipped %d)", recs, bs, stop%5, s1, s2, k2)
		}
		if n := copiesTotal(t, l); n != len(recs) {
			t.Errorf("records %v: %d copies counted, want %d", recs, n, len(recs))
		}
	})
}

// TestOpenNameWithHash: files whose names hold '#' or '?' are libraries
// of their own. Before, the name was cut at the '#' (a URI fragment).
func TestOpenNameWithHash(t *testing.T) {
	dir := t.TempDir()
	ps := readPuzzles(t)
	for i, name := range []string{"a#1.db", "a#2.db", "b?x.db", "c%41.db"} {
		l, err := Open(context.Background(), filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		if _, _, err := l.Add(context.Background(), ps[i], Source{File: name}); err != nil {
			t.Fatal(err)
		}
		if n, err := l.Count(context.Background(), Query{}); err != nil || n != 1 {
			t.Errorf("%s: %d entries, %v; want 1", name, n, err)
		}
		l.Close()
	}
	ents, _ := filepath.Glob(filepath.Join(dir, "*.db"))
	if len(ents) != 4 {
		t.Errorf("files %v, want 4", ents)
	}
}
