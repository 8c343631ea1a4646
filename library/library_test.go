package library

import (
	"bufio"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gosudoku/sudoku"
	"github.com/gosudoku/sudoku/canon"
)

// readPuzzles reads testdata/rated.txt.
func readPuzzles(t *testing.T) []*sudoku.Grid {
	t.Helper()
	f, err := os.Open("testdata/rated.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []*sudoku.Grid
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if strings.HasPrefix(sc.Text(), "#") {
			continue
		}
		g, err := sudoku.Parse(sc.Text())
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, g)
	}
	return out
}

// open opens a library in a new temporary file.
func open(t *testing.T) (*Library, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "lib.db")
	l, err := Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { l.Close() })
	return l, path
}

func TestAddFind(t *testing.T) {
	ctx := context.Background()
	l, path := open(t)
	ps := readPuzzles(t)
	for i, g := range ps {
		if _, added, err := l.Add(ctx, g, Source{File: "rated.txt", Line: i + 3, Comment: "c"}); err != nil || !added {
			t.Fatalf("puzzle %d: added %v, %v", i, added, err)
		}
	}
	// The first puzzle in disguise (transposed, bands and digits moved) is
	// the same class: counted, not added.
	tr := canon.Identity()
	tr.Transpose = true
	tr.Rows = [9]int{6, 7, 8, 3, 4, 5, 0, 1, 2}
	tr.Digits = [10]int{0, 9, 8, 7, 6, 5, 4, 3, 2, 1}
	d, err := tr.Apply(ps[0])
	if err != nil {
		t.Fatal(err)
	}
	id, added, err := l.Add(ctx, d, Source{File: "other.txt", Line: 1})
	if err != nil || added || id != 1 {
		t.Fatalf("disguised copy: id %d, added %v, %v", id, added, err)
	}

	all, err := l.Find(ctx, Query{})
	if err != nil || len(all) != len(ps) {
		t.Fatalf("Find all: %d entries, %v", len(all), err)
	}
	for _, e := range all {
		if e.ID == 1 && (e.Copies != 2 || e.Source.File != "rated.txt" || e.Source.Line != 3) {
			t.Errorf("first entry %+v: want 2 copies from rated.txt:3", e)
		}
		if e.Puzzle != ps[e.ID-1].String() || len(e.Canon) != 81 || e.Clues != ps[e.ID-1].Givens() {
			t.Errorf("entry %+v does not hold its puzzle", e)
		}
	}
	// The ratings are Sudoku Explainer's (testdata/rated.txt says which).
	for _, tc := range []struct {
		q    Query
		want []int64 // IDs, by ER then ID
	}{
		{Query{ERMax: 12}, []int64{1, 2, 3, 4}},
		{Query{ERMin: 15}, []int64{8, 6, 5, 7}},
		{Query{ERMin: 15, Limit: 2}, []int64{8, 6}},
		{Query{ERMin: 20, ERMax: 20}, []int64{6}},
		{Query{Hardest: "hidden-single", ERMax: 15}, []int64{1, 2, 3, 4}},
		{Query{Level: "easy", MaxClues: 28}, fewClues(ps[:4], 28)},
		{Query{Step: "no such step"}, nil},
	} {
		got, err := l.Find(ctx, tc.q)
		if err != nil {
			t.Fatalf("%+v: %v", tc.q, err)
		}
		var ids []int64
		for _, e := range got {
			ids = append(ids, e.ID)
		}
		if !slicesEqual(ids, tc.want) {
			t.Errorf("%+v: IDs %v, want %v", tc.q, ids, tc.want)
		}
	}
	// A step of every easy path: the hidden single.
	if got, err := l.Find(ctx, Query{Step: "Hidden Single"}); err != nil || len(got) != len(ps) {
		t.Errorf("Find by step Hidden Single: %d entries, %v", len(got), err)
	}

	// Reopened, the library holds the same and its schema stays.
	l.Close()
	l2, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer l2.Close()
	if got, err := l2.Find(ctx, Query{}); err != nil || len(got) != len(ps) {
		t.Errorf("reopened: %d entries, %v", len(got), err)
	}
	var v int
	if err := l2.db.QueryRow(`SELECT version FROM schema_version`).Scan(&v); err != nil || v != len(migrations) {
		t.Errorf("schema version %d, %v; want %d", v, err, len(migrations))
	}
}

// fewClues returns the IDs (from 1) of the puzzles with at most n clues.
func fewClues(ps []*sudoku.Grid, n int) []int64 {
	var ids []int64
	for i, g := range ps {
		if g.Givens() <= n {
			ids = append(ids, int64(i+1))
		}
	}
	return ids
}

func slicesEqual(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestErrors(t *testing.T) {
	ctx := context.Background()
	if _, err := Open(ctx, "postgres://localhost/lib"); err == nil || !strings.Contains(err.Error(), "PostgreSQL is not supported yet") {
		t.Errorf("postgres URL: %v", err)
	}
	garbage := filepath.Join(t.TempDir(), "garbage.db")
	if err := os.WriteFile(garbage, []byte(strings.Repeat("not a database ", 100)), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Open(ctx, garbage); err == nil || !strings.Contains(err.Error(), garbage) {
		t.Errorf("a file that is not a database: %v", err)
	}
	l, _ := open(t)
	several, _ := sudoku.Parse(strings.Repeat(".", 81))
	if _, _, err := l.Add(ctx, several, Source{}); err == nil {
		t.Error("an empty grid was added")
	}
	small, _ := sudoku.New(2)
	if _, _, err := l.Add(ctx, small, Source{}); err == nil {
		t.Error("a 4x4 grid was added")
	}
	if got, err := l.Find(ctx, Query{}); err != nil || len(got) != 0 {
		t.Errorf("after failed adds: %d entries, %v", len(got), err)
	}
}
