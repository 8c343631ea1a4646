package library

import (
	"context"
	"database/sql"
	"net/url"
	"strings"
	"testing"

	"github.com/gosudoku/sudoku/logic"
)

// TestPostgresGoesAway: the server drops every connection of the library
// (a restart, a failover) between two batches of an import. The next
// batch may fail on a dropped connection (sudoku library add then stops
// with the error), storing nothing of it; run again, it is stored on new
// connections, and the batch before stays whole.
func TestPostgresGoesAway(t *testing.T) {
	ctx := context.Background()
	dsn := postgresURL(t)
	l, err := Open(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	ps := readPuzzles(t)
	store := func(from, to int) error {
		b := &Batch{Done: map[string]int{"f": to}}
		for i := from; i < to; i++ {
			it := &Item{Grid: ps[i], Source: Source{File: "f", Line: i + 1}}
			if err := l.Prepare(ctx, it, logic.Options{}); err != nil {
				return err
			}
			b.Items = append(b.Items, it)
		}
		return l.Store(ctx, b)
	}
	if err := store(0, 4); err != nil {
		t.Fatal(err)
	}
	u, _ := url.Parse(dsn)
	admin, err := sql.Open("pgx", strings.Replace(dsn, u.Path, "/postgres", 1))
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close()
	var n int
	if err := admin.QueryRow(`SELECT COUNT(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE datname = $1`,
		strings.TrimPrefix(u.Path, "/")).Scan(&n); err != nil || n == 0 {
		t.Fatalf("terminated %d connections: %v", n, err)
	}
	for try := 1; ; try++ {
		err := store(4, 8)
		if err == nil {
			break
		}
		t.Logf("try %d: %v", try, err)
		if try == 3 {
			t.Fatalf("the batch after the connections went, 3 tries: %v", err)
		}
		if got, err := l.Count(ctx, Query{}); err == nil && got != 4 {
			t.Fatalf("a failed batch left %d entries, want 4", got)
		}
		if done, err := l.Resume(ctx, "f"); err == nil && done != 4 {
			t.Fatalf("a failed batch moved the mark to %d, want 4", done)
		}
	}
	if got, err := l.Count(ctx, Query{}); err != nil || got != 8 {
		t.Errorf("%d entries, %v; want 8", got, err)
	}
	if done, err := l.Resume(ctx, "f"); err != nil || done != 8 {
		t.Errorf("Resume: %d, %v; want 8", done, err)
	}
}
