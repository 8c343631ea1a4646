// Package library keeps a searchable library of rated 9x9 puzzles: one
// entry per class of equivalent puzzles (found by their minlex form,
// package canon), rated on the way in with package logic (Sudoku
// Explainer's ER/EP/ED, the level, the hardest technique and every
// technique the path uses), with where the first of each came from and
// how many copies were added.
//
// The store is SQLite, one file, through modernc.org/sqlite, or
// PostgreSQL (a postgres:// URL) through github.com/jackc/pgx, so that
// several servers share one library: both pure-Go drivers, so the sudoku
// binary stays one static binary without cgo. The same queries run on
// both. The schema is created and upgraded by numbered migrations (see
// migrations).
// Grids are packed (see pack.go) and the techniques a path uses are the
// bits of one integer, so an entry takes about 150 bytes.
//
// Adding is split so that it runs in parallel: Prepare (the minlex form,
// a look-up and, for a new class, the rating) on many goroutines, then
// Store of a Batch in one transaction, which also records how far each
// source file is in, so that an interrupted import resumes (Resume).
package library

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"github.com/gosudoku/sudoku"
	"github.com/gosudoku/sudoku/canon"
	"github.com/gosudoku/sudoku/generate"
	"github.com/gosudoku/sudoku/logic"

	_ "modernc.org/sqlite" // the "sqlite" driver
)

// Library is an open library. Its methods may be called from several
// goroutines.
type Library struct {
	db *sql.DB
	d  dialect
	// The bit of each technique in entries.techniques, and back; set by
	// Open, then only read.
	bitOf  map[logic.Technique]int
	techOf map[int]logic.Technique
}

// IsURL reports whether dsn names a PostgreSQL database rather than a
// SQLite file.
func IsURL(dsn string) bool {
	return strings.HasPrefix(dsn, "postgres://") || strings.HasPrefix(dsn, "postgresql://")
}

// Open opens the library dsn, creating it if needed, and brings its
// schema up to date: a SQLite file path, or a postgres:// (or
// postgresql://) URL of a PostgreSQL database, which several programs may
// share.
func Open(ctx context.Context, dsn string) (*Library, error) {
	if IsURL(dsn) {
		return openPostgres(ctx, dsn)
	}
	if dsn == "" {
		return nil, errors.New("library: no database file given")
	}
	// Write transactions begin IMMEDIATE: one that began by reading
	// could not take the write lock later while another program writes
	// (SQLITE_BUSY at once, past the busy timeout); this way it waits for
	// it, up to busy_timeout.
	db, err := sql.Open("sqlite", "file:"+dsn+"?_pragma=busy_timeout(5000)&_pragma=foreign_keys(1)&_pragma=journal_mode(WAL)&_pragma=synchronous(NORMAL)&_txlock=immediate")
	if err != nil {
		return nil, fmt.Errorf("library: %s: %w", dsn, err)
	}
	l := &Library{db: db, d: sqlite}
	if err := l.migrate(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("library: %s: %w", dsn, err)
	}
	return l, nil
}

// Close closes the library.
func (l *Library) Close() error { return l.db.Close() }

// Source says where a puzzle came from.
type Source struct {
	File    string
	Line    int
	Comment string
}

// Item is one puzzle on its way into the library: Prepare fills in its
// class and rating, Store stores it.
type Item struct {
	Grid   *sudoku.Grid
	Source Source

	// Set by Prepare.
	cells  [81]uint8
	form   canon.Form
	known  int64 // the entry of the class, if it was in the library
	rating logic.Rating
	uses   uint64 // technique bits
	sym    generate.Symmetry

	// Set by Store.
	ID    int64 // the entry of the puzzle's class
	Added bool  // the class is new
}

// Known reports whether Prepare found the puzzle's class already in the
// library (and so did not rate it).
func (it *Item) Known() bool { return it.known != 0 }

// Prepare computes the class of it.Grid, a 9x9 puzzle with exactly one
// solution, and, unless the library holds the class already, rates it
// with opt. It does not write; call it on as many goroutines as there are
// cores, then Store the items.
func (l *Library) Prepare(ctx context.Context, it *Item, opt logic.Options) error {
	return l.prepare(ctx, l.db, it, opt)
}

// prepare is Prepare, looking the class up through q.
func (l *Library) prepare(ctx context.Context, q querier, it *Item, opt logic.Options) error {
	if it.Grid == nil || it.Grid.Order() != 3 {
		return errors.New("the library holds 9x9 puzzles only")
	}
	var c canon.Canonicalizer
	form, err := c.Canon(it.Grid, canon.Minlex)
	if err != nil {
		return err
	}
	it.form, it.cells = form, cellsOf(it.Grid)
	err = q.QueryRowContext(ctx, l.d.rebind(`SELECT id FROM entries WHERE canon = ?`), pack(&form.Cells)).Scan(&it.known)
	switch {
	case err == nil:
		return nil
	case !errors.Is(err, sql.ErrNoRows):
		return err
	}
	steps, err := logic.Solve(ctx, it.Grid, opt)
	if err != nil {
		return err
	}
	it.rating = logic.RatePath(steps)
	it.uses = 0
	for _, st := range steps {
		it.uses |= 1 << l.bitOf[st.Technique]
	}
	it.sym = symmetryOf(&it.cells)
	return nil
}

// Batch is the items stored by one transaction.
type Batch struct {
	Items []*Item // prepared
	Tags  []string
	// Done records, per source file, that its records up to this line are
	// in the library (see Resume).
	Done map[string]int
}

// Store stores the prepared items of b in one transaction: a new class
// becomes an entry, a known one counts one more copy; the tags go to each
// item's entry and b.Done to the sources. It sets each item's ID and
// Added. On error nothing of b is stored.
func (l *Library) Store(ctx context.Context, b *Batch) error {
	tx, err := l.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := l.storeTx(ctx, tx, b); err != nil {
		return err
	}
	return tx.Commit()
}

// storeTx stores b inside tx.
func (l *Library) storeTx(ctx context.Context, tx *sql.Tx, b *Batch) error {
	sources := map[string]int64{}
	sourceID := func(name string) (int64, error) {
		if id, ok := sources[name]; ok {
			return id, nil
		}
		var id int64
		err := tx.QueryRowContext(ctx, l.d.rebind(`SELECT id FROM sources WHERE name = ?`), name).Scan(&id)
		if errors.Is(err, sql.ErrNoRows) {
			err = tx.QueryRowContext(ctx, l.d.rebind(`INSERT INTO sources (name) VALUES (?) RETURNING id`), name).Scan(&id)
		}
		sources[name] = id
		return id, err
	}
	insert, err := tx.PrepareContext(ctx, l.d.rebind(`INSERT INTO entries
		(canon, puzzle, clues, er, ep, ed, hardest, techniques, symmetry, automorphisms, source, line, comment, copies)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1)
		ON CONFLICT (canon) DO UPDATE SET copies = entries.copies + 1
		RETURNING id, copies`))
	if err != nil {
		return err
	}
	defer insert.Close()
	for _, it := range b.Items {
		if it.known != 0 {
			it.ID, it.Added = it.known, false
			if _, err := tx.ExecContext(ctx, l.d.rebind(`UPDATE entries SET copies = copies + 1 WHERE id = ?`), it.ID); err != nil {
				return err
			}
		} else {
			src, err := sourceID(it.Source.File)
			if err != nil {
				return err
			}
			r := &it.rating
			var copies int
			err = insert.QueryRowContext(ctx, pack(&it.form.Cells), pack(&it.cells), it.Grid.Givens(),
				r.ER, r.EP, r.ED, l.bitOf[r.HardestTechnique], int64(it.uses), int(it.sym), it.form.Automorphisms,
				src, it.Source.Line, it.Source.Comment).Scan(&it.ID, &copies)
			if err != nil {
				return err
			}
			it.Added = copies == 1
		}
		for _, tag := range b.Tags {
			if _, err := tx.ExecContext(ctx, l.d.rebind(`INSERT INTO tags (tag, entry) VALUES (?, ?) ON CONFLICT DO NOTHING`), tag, it.ID); err != nil {
				return err
			}
		}
	}
	for name, line := range b.Done {
		id, err := sourceID(name)
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, l.d.rebind(`UPDATE sources SET done = ? WHERE id = ? AND done < ?`), line, id, line); err != nil {
			return err
		}
	}
	return nil
}

// Resume returns the line up to which the records of the source file are
// in the library (a Batch's Done), 0 if none: an import interrupted and
// run again skips them.
func (l *Library) Resume(ctx context.Context, source string) (int, error) {
	var done int
	err := l.db.QueryRowContext(ctx, l.d.rebind(`SELECT done FROM sources WHERE name = ?`), source).Scan(&done)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	return done, err
}

// Add prepares and stores one puzzle: a 9x9 puzzle with exactly one
// solution, rated with the default techniques. It returns the entry of
// its class and whether the class is new.
func (l *Library) Add(ctx context.Context, g *sudoku.Grid, src Source) (id int64, added bool, err error) {
	it := &Item{Grid: g, Source: src}
	if err := l.Prepare(ctx, it, logic.Options{}); err != nil {
		return 0, false, err
	}
	if err := l.Store(ctx, &Batch{Items: []*Item{it}}); err != nil {
		return 0, false, err
	}
	return it.ID, it.Added, nil
}
