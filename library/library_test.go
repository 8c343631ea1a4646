package library

import (
	"bufio"
	"context"
	"database/sql"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gosudoku/sudoku"
	"github.com/gosudoku/sudoku/canon"
	"github.com/gosudoku/sudoku/generate"
	"github.com/gosudoku/sudoku/logic"
)

// readPuzzles reads testdata/rated.txt: ERs 1.2 (4), 2.3, 2.0, 2.3, 1.7,
// 3.0, 4.2, 6.6, 8.4.
func readPuzzles(t testing.TB) []*sudoku.Grid {
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

// stores are the two stores: the driver and a new empty database.
var stores = []struct {
	name, driver string
	dsn          func(t *testing.T) string
}{
	{"sqlite", "sqlite", func(t *testing.T) string { return filepath.Join(t.TempDir(), "lib.db") }},
	{"postgres", "pgx", func(t *testing.T) string { return postgresURL(t) }},
}

// backends runs test on each store: SQLite in a temporary file, and
// PostgreSQL in a throwaway cluster (skipped when not installed; see
// postgresURL).
func backends(t *testing.T, test func(t *testing.T, open func(t *testing.T) (*Library, string))) {
	for _, b := range stores {
		t.Run(b.name, func(t *testing.T) {
			test(t, func(t *testing.T) (*Library, string) {
				t.Helper()
				dsn := b.dsn(t)
				l, err := Open(context.Background(), dsn)
				if err != nil {
					t.Fatal(err)
				}
				t.Cleanup(func() { l.Close() })
				return l, dsn
			})
		})
	}
}

// open opens a library in a new temporary SQLite file.
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

// addAll adds the puzzles of testdata/rated.txt, the last four tagged
// "hard", and returns them.
func addAll(t *testing.T, l *Library) []*sudoku.Grid {
	t.Helper()
	ctx := context.Background()
	ps := readPuzzles(t)
	var items []*Item
	for i, g := range ps {
		it := &Item{Grid: g, Source: Source{File: "rated.txt", Line: i + 5, Comment: "c"}}
		if err := l.Prepare(ctx, it, logic.Options{}); err != nil || it.Known() {
			t.Fatalf("puzzle %d: known %v, %v", i, it.Known(), err)
		}
		items = append(items, it)
	}
	if err := l.Store(ctx, &Batch{Items: items[:8], Done: map[string]int{"rated.txt": 12}}); err != nil {
		t.Fatal(err)
	}
	if err := l.Store(ctx, &Batch{Items: items[8:], Tags: []string{"hard"}, Done: map[string]int{"rated.txt": 16}}); err != nil {
		t.Fatal(err)
	}
	for i, it := range items {
		if it.ID != int64(i+1) || !it.Added {
			t.Fatalf("puzzle %d stored as entry %d, added %v", i, it.ID, it.Added)
		}
	}
	return ps
}

func ids(es []Entry) []int64 {
	var out []int64
	for _, e := range es {
		out = append(out, e.ID)
	}
	return out
}

func TestAddFind(t *testing.T) { backends(t, testAddFind) }

func testAddFind(t *testing.T, open func(t *testing.T) (*Library, string)) {
	ctx := context.Background()
	l, path := open(t)
	ps := addAll(t, l)
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
		g := ps[e.ID-1]
		form, _ := canon.Canon(g, canon.Minlex)
		steps, err := logic.Solve(ctx, g, logic.Options{})
		if err != nil {
			t.Fatal(err)
		}
		r := logic.RatePath(steps)
		var uses []logic.Technique
		for _, st := range steps {
			if !slices.Contains(uses, st.Technique) {
				uses = append(uses, st.Technique)
			}
		}
		slices.Sort(uses)
		if e.Puzzle.String() != g.String() || e.Canon.String() != form.String() || e.Clues != g.Givens() ||
			e.ER != r.ER || e.EP != r.EP || e.ED != r.ED || e.Level != r.Level || e.Hardest != r.HardestTechnique ||
			!slices.Equal(e.Uses, uses) || e.Automorphisms != form.Automorphisms {
			t.Errorf("entry %d: %+v; want puzzle %s, rating %+v, uses %v", e.ID, e, g, r, uses)
		}
		wantCopies := 1
		if e.ID == 1 {
			wantCopies = 2
		}
		if e.Copies != wantCopies || e.Source != (Source{File: "rated.txt", Line: int(e.ID) + 4, Comment: "c"}) {
			t.Errorf("entry %d: %d copies from %+v", e.ID, e.Copies, e.Source)
		}
	}
	for _, tc := range []struct {
		q    Query
		want []int64 // IDs, by ER then ID
	}{
		{Query{}, []int64{1, 2, 3, 4, 8, 6, 5, 7, 9, 10, 11, 12}},
		{Query{ER: Range{Max: 12}}, []int64{1, 2, 3, 4}},
		{Query{ER: Range{Min: 15}}, []int64{8, 6, 5, 7, 9, 10, 11, 12}},
		{Query{ER: Range{Min: 15}, Limit: 2}, []int64{8, 6}},
		{Query{ER: Range{Min: 15}, Limit: 2, Offset: 1}, []int64{6, 5}},
		// An offset without a limit (issue 32, Low 12: an SQLite syntax error before).
		{Query{ER: Range{Min: 30}, Offset: 1}, []int64{10, 11, 12}},
		{Query{ER: Range{Min: 20, Max: 20}}, []int64{6}},
		{Query{Uses: []logic.Technique{logic.XYWing}}, []int64{10, 11, 12}},
		{Query{Uses: []logic.Technique{logic.XYWing}, ER: Range{Min: 60, Max: 70}}, []int64{11}},
		{Query{Uses: []logic.Technique{logic.XYWing, logic.MultipleForcingChain}}, []int64{12}},
		{Query{Hardest: []logic.Technique{logic.XYWing}}, []int64{10}},
		{Query{Hardest: []logic.Technique{logic.XYWing, logic.NakedPair}}, []int64{9, 10}},
		{Query{Hardest: []logic.Technique{logic.HiddenSingle}, ER: Range{Max: 15}}, []int64{1, 2, 3, 4}},
		{Query{Levels: []logic.Level{logic.Extreme}}, []int64{12}},
		{Query{Levels: []logic.Level{logic.Easy, logic.Hard}}, []int64{1, 2, 3, 4, 9, 10}},
		{Query{Levels: []logic.Level{logic.Easy}, Clues: Range{Max: 28}}, fewClues(ps[:4], 28)},
		{Query{Tag: "hard"}, []int64{9, 10, 11, 12}},
		{Query{Tag: "none"}, nil},
		{Query{Source: "rated.txt", ER: Range{Min: 80}}, []int64{12}},
		{Query{Source: "other.txt"}, nil},
		{Query{Uses: []logic.Technique{logic.BigNestedChain}}, nil},
	} {
		got, err := l.Find(ctx, tc.q)
		if err != nil {
			t.Fatalf("%+v: %v", tc.q, err)
		}
		if !slices.Equal(ids(got), tc.want) {
			t.Errorf("%+v: IDs %v, want %v", tc.q, ids(got), tc.want)
		}
		n, err := l.Count(ctx, tc.q)
		if want := len(tc.want); tc.q.Limit == 0 && tc.q.Offset == 0 && (err != nil || n != want) {
			t.Errorf("%+v: Count %d, %v; want %d", tc.q, n, err, want)
		}
	}
	// Symmetry: the filter agrees with the entries' own.
	for _, s := range []generate.Symmetry{generate.Central, generate.MirrorLR, generate.Diagonal} {
		got, err := l.Find(ctx, Query{Symmetry: s})
		if err != nil {
			t.Fatal(err)
		}
		var want []int64
		for _, e := range all {
			if e.Symmetry&s == s {
				want = append(want, e.ID)
			}
		}
		if !slices.Equal(ids(got), want) {
			t.Errorf("symmetry %v: %v, want %v", s, ids(got), want)
		}
	}

	st, err := l.Stats(ctx, Query{})
	if err != nil {
		t.Fatal(err)
	}
	if st.Entries != 12 || st.Copies != 13 || st.Sources != 1 ||
		st.Levels[logic.Easy] != 4 || st.Levels[logic.Medium] != 4 || st.Levels[logic.Extreme] != 1 ||
		st.Hardest[logic.XYWing] != 1 || st.Uses[logic.XYWing] != 3 || st.Uses[logic.HiddenSingle] != 12 ||
		st.ER[12] != 4 || st.ER[23] != 2 || st.ER[84] != 1 {
		t.Errorf("stats %+v", st)
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
	if n, err := l2.Resume(ctx, "rated.txt"); err != nil || n != 16 {
		t.Errorf("Resume: %d, %v; want 16", n, err)
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

func TestResume(t *testing.T) { backends(t, testResume) }

func testResume(t *testing.T, open func(t *testing.T) (*Library, string)) {
	ctx := context.Background()
	l, _ := open(t)
	if n, err := l.Resume(ctx, "a.txt"); err != nil || n != 0 {
		t.Errorf("new source: %d, %v", n, err)
	}
	if err := l.Store(ctx, &Batch{Done: map[string]int{"a.txt": 40}}); err != nil {
		t.Fatal(err)
	}
	// A mark never goes back.
	if err := l.Store(ctx, &Batch{Done: map[string]int{"a.txt": 20}}); err != nil {
		t.Fatal(err)
	}
	if n, err := l.Resume(ctx, "a.txt"); err != nil || n != 40 {
		t.Errorf("Resume: %d, %v; want 40", n, err)
	}
	// A batch that fails stores nothing, its mark included.
	ps := readPuzzles(t)
	good := &Item{Grid: ps[0], Source: Source{File: "a.txt", Line: 41}}
	if err := l.Prepare(ctx, good, logic.Options{}); err != nil {
		t.Fatal(err)
	}
	bad := &Item{Grid: ps[1], Source: Source{File: "a.txt", Line: 42}} // not prepared
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	if err := l.Store(cctx, &Batch{Items: []*Item{good, bad}, Done: map[string]int{"a.txt": 42}}); err == nil {
		t.Error("Store on an ended context: no error")
	}
	if n, _ := l.Resume(ctx, "a.txt"); n != 40 {
		t.Errorf("after a failed batch: Resume %d, want 40", n)
	}
	if n, _ := l.Count(ctx, Query{}); n != 0 {
		t.Errorf("after a failed batch: %d entries", n)
	}
}

// TestMigrateVersion1 opens a library of schema version 1 (text columns,
// a table of steps): its rows are rated again into the new schema.
func TestMigrateVersion1(t *testing.T) {
	for _, st := range stores {
		t.Run(st.name, func(t *testing.T) { testMigrateVersion1(t, st.driver, st.dsn(t)) })
	}
}

func testMigrateVersion1(t *testing.T, driver, dsn string) {
	ctx := context.Background()
	db, err := sql.Open(driver, dsn)
	if err != nil {
		t.Fatal(err)
	}
	ps := readPuzzles(t)
	for _, s := range []string{
		`CREATE TABLE schema_version (version INTEGER NOT NULL)`,
		`INSERT INTO schema_version VALUES (1)`,
		migrations[0].sql,
		`INSERT INTO puzzles VALUES (1, 'canon', '` + ps[10].String() + `', 0, 0, 0, 0, '', '', 1, 'old.txt', 7, 'kept', 3)`,
		`INSERT INTO steps VALUES (1, 'XY-Wing', 42, 1)`,
	} {
		if _, err := db.Exec(s); err != nil {
			t.Fatal(err)
		}
	}
	db.Close()
	l, err := Open(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	got, err := l.Find(ctx, Query{})
	if err != nil || len(got) != 1 {
		t.Fatalf("after the migration: %d entries, %v", len(got), err)
	}
	e := got[0]
	if e.Puzzle.String() != ps[10].String() || e.ER != 66 || e.Copies != 3 || e.Source != (Source{"old.txt", 7, "kept"}) {
		t.Errorf("moved entry %+v", e)
	}
	if _, err := l.db.Exec(`SELECT * FROM steps`); err == nil {
		t.Error("the table of version 1 is still there")
	}
}

func TestErrors(t *testing.T) {
	ctx := context.Background()
	if _, err := Open(ctx, "postgres://someone:secret@127.0.0.1:1/lib?connect_timeout=5"); err == nil ||
		!strings.Contains(err.Error(), "postgres://someone:xxxxx@127.0.0.1:1/lib") || strings.Contains(err.Error(), "secret") {
		t.Errorf("a PostgreSQL server that is not there: %v", err)
	}
	if _, err := Open(ctx, "postgres://a b:c/%zz"); err == nil || !strings.Contains(err.Error(), "PostgreSQL URL does not parse") {
		t.Errorf("a bad URL: %v", err)
	}
	// No message repeats a password: a URL that does not parse, a
	// password as a parameter (issue 32, Medium 7).
	for _, dsn := range []string{"postgres://u:hunter2@h/%zz", "postgres://u:hunter2@[::1/db", "postgres://u@127.0.0.1:1/db?password=hunter2&connect_timeout=5"} {
		if _, err := Open(ctx, dsn); err == nil || strings.Contains(err.Error(), "hunter2") {
			t.Errorf("%s: %v", dsn, err)
		}
	}
	// A connection string is not a file name.
	dir := t.TempDir()
	if _, err := Open(ctx, filepath.Join(dir, "host=db password=hunter2")); err == nil || strings.Contains(err.Error(), "hunter2") {
		t.Errorf("a connection string: %v", err)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 0 {
		t.Errorf("a connection string made %v", ents)
	}
	// Only Open makes a library: OpenExisting names a missing or empty
	// file and makes nothing (issue 32, Low 13).
	missing := filepath.Join(dir, "typo.db")
	if _, err := OpenExisting(ctx, missing); err == nil || !strings.Contains(err.Error(), "no such library") {
		t.Errorf("a missing library: %v", err)
	}
	if _, err := os.Stat(missing); err == nil {
		t.Error("OpenExisting made a file")
	}
	empty := filepath.Join(dir, "empty.db")
	os.WriteFile(empty, nil, 0o644)
	if _, err := OpenExisting(ctx, empty); err == nil || !strings.Contains(err.Error(), "an empty file") {
		t.Errorf("an empty file: %v", err)
	}
	garbage := filepath.Join(t.TempDir(), "garbage.db")
	if err := os.WriteFile(garbage, []byte(strings.Repeat("not a database ", 100)), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Open(ctx, garbage); err == nil || !strings.Contains(err.Error(), garbage) {
		t.Errorf("a file that is not a database: %v", err)
	}
	nodir := filepath.Join(t.TempDir(), "no", "such", "lib.db")
	if _, err := Open(ctx, nodir); err == nil || !strings.Contains(err.Error(), nodir) {
		t.Errorf("a file in a missing folder: %v", err)
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
	if _, err := l.Find(ctx, Query{Limit: -1}); err == nil {
		t.Error("a negative limit: no error")
	}
}

func TestParseRange(t *testing.T) {
	for _, tc := range []struct {
		in      string
		rating  bool
		want    Range
		wantErr string
	}{
		{"6.0-7.0", true, Range{60, 70}, ""},
		{"6.5", true, Range{65, 65}, ""},
		{"6-", true, Range{60, 0}, ""},
		{"-2.5", true, Range{0, 25}, ""},
		{"7-6", true, Range{}, "low end is above"},
		{"6.55", true, Range{}, "not a rating"},
		{"x-7", true, Range{}, "not a rating"},
		{"-", true, Range{}, "want lo-hi"},
		{"", true, Range{}, "want lo-hi"},
		{"17-20", false, Range{17, 20}, ""},
		{"24", false, Range{24, 24}, ""},
		{"17.5", false, Range{}, "not a count"},
		{"30-20", false, Range{}, "low end is above"},
	} {
		parse := ParseCountRange
		if tc.rating {
			parse = ParseRatingRange
		}
		got, err := parse(tc.in)
		if tc.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) || !strings.Contains(err.Error(), tc.in) {
				t.Errorf("%q: %v, want an error with %q", tc.in, err, tc.wantErr)
			}
			continue
		}
		if err != nil || got != tc.want {
			t.Errorf("%q: %+v, %v; want %+v", tc.in, got, err, tc.want)
		}
	}
}

// FuzzParseRange checks that the range parsers never panic and that what
// they accept is a range (low end at most the high end).
func FuzzParseRange(f *testing.F) {
	for _, s := range []string{"6.0-7.0", "6.5", "6-", "-2.5", "7-6", "", "-", "17-20", "1e9", "NaN", "0.05", "--1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, parse := range []func(string) (Range, error){ParseRatingRange, ParseCountRange} {
			r, err := parse(s)
			if err == nil && (r.Min < 0 || r.Max < 0 || r.Max != 0 && r.Min > r.Max) {
				t.Fatalf("%q: %+v", s, r)
			}
		}
	})
}

// TestLockedSQLite: while another program writes to the file, Store waits
// for it (up to the busy timeout, 5 s) and then stores, rather than
// failing at once.
func TestLockedSQLite(t *testing.T) {
	ctx := context.Background()
	l1, path := open(t)
	tx, err := l1.db.BeginTx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tx.Exec(`INSERT INTO sources (name) VALUES ('other')`); err != nil {
		t.Fatal(err)
	}
	l2, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer l2.Close()
	done := make(chan error, 1)
	go func() { done <- l2.Store(ctx, &Batch{Done: map[string]int{"mine": 3}}) }()
	time.Sleep(300 * time.Millisecond)
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
	if err := <-done; err != nil {
		t.Fatalf("Store behind another writer: %v", err)
	}
	if n, err := l1.Resume(ctx, "mine"); err != nil || n != 3 {
		t.Errorf("Resume: %d, %v", n, err)
	}
}
