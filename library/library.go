// Package library keeps a searchable library of rated 9x9 puzzles: one
// row per class of equivalent puzzles (found by their minlex form, package
// canon), rated on the way in with package logic (Sudoku Explainer's
// ER/EP/ED, the level, the hardest technique and every step used), with
// where each came from.
//
// The store is SQLite, one file, through modernc.org/sqlite: a pure-Go
// driver, so the sudoku binary stays one static binary without cgo. The
// schema is created and upgraded by numbered migrations (see migrations);
// PostgreSQL (postgres:// URLs) is not supported yet.
package library

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"github.com/gosudoku/sudoku"
	"github.com/gosudoku/sudoku/canon"
	"github.com/gosudoku/sudoku/logic"

	_ "modernc.org/sqlite" // the "sqlite" driver
)

// Library is an open library. Its methods may be called from several
// goroutines.
type Library struct {
	db *sql.DB
}

// migrations are the schema's steps, in order: migration i brings the
// schema from version i to i+1. Never edit one that has shipped; add one.
var migrations = []string{
	`CREATE TABLE puzzles (
		id INTEGER PRIMARY KEY,
		canon TEXT NOT NULL UNIQUE,   -- the minlex form, '.' for a blank
		puzzle TEXT NOT NULL,         -- the first puzzle of the class added
		clues INTEGER NOT NULL,
		er INTEGER NOT NULL,          -- ratings in tenths (12 is 1.2)
		ep INTEGER NOT NULL,
		ed INTEGER NOT NULL,
		level TEXT NOT NULL,
		hardest TEXT NOT NULL,        -- the technique ID of the hardest step
		automorphisms INTEGER NOT NULL,
		source TEXT NOT NULL,         -- where the first puzzle came from
		line INTEGER NOT NULL,
		comment TEXT NOT NULL,
		copies INTEGER NOT NULL       -- puzzles of the class added
	);
	CREATE TABLE steps (
		puzzle INTEGER NOT NULL REFERENCES puzzles(id),
		name TEXT NOT NULL,           -- a step of the path, as Sudoku Explainer names it
		rating INTEGER NOT NULL,
		count INTEGER NOT NULL,
		PRIMARY KEY (name, puzzle)
	);
	CREATE INDEX puzzles_er ON puzzles (er);
	CREATE INDEX puzzles_hardest_er ON puzzles (hardest, er);`,
}

// Open opens the library in the SQLite file path, creating it if needed,
// and brings its schema up to date.
func Open(ctx context.Context, path string) (*Library, error) {
	if strings.HasPrefix(path, "postgres://") || strings.HasPrefix(path, "postgresql://") {
		return nil, errors.New("library: PostgreSQL is not supported yet; give a file path")
	}
	db, err := sql.Open("sqlite", "file:"+path+"?_pragma=busy_timeout(5000)&_pragma=foreign_keys(1)&_pragma=journal_mode(WAL)&_pragma=synchronous(NORMAL)")
	if err != nil {
		return nil, fmt.Errorf("library: %s: %w", path, err)
	}
	l := &Library{db: db}
	if err := l.migrate(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("library: %s: %w", path, err)
	}
	return l, nil
}

// Close closes the library.
func (l *Library) Close() error { return l.db.Close() }

// migrate applies the migrations the file lacks, each in a transaction.
func (l *Library) migrate(ctx context.Context) error {
	if _, err := l.db.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)`); err != nil {
		return err
	}
	var v int
	err := l.db.QueryRowContext(ctx, `SELECT version FROM schema_version`).Scan(&v)
	if errors.Is(err, sql.ErrNoRows) {
		_, err = l.db.ExecContext(ctx, `INSERT INTO schema_version VALUES (0)`)
	}
	if err != nil {
		return err
	}
	if v > len(migrations) {
		return fmt.Errorf("schema version %d is newer than this program's %d", v, len(migrations))
	}
	for ; v < len(migrations); v++ {
		tx, err := l.db.BeginTx(ctx, nil)
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, migrations[v]); err != nil {
			tx.Rollback()
			return fmt.Errorf("migration %d: %w", v+1, err)
		}
		if _, err := tx.ExecContext(ctx, `UPDATE schema_version SET version = ?`, v+1); err != nil {
			tx.Rollback()
			return err
		}
		if err := tx.Commit(); err != nil {
			return err
		}
	}
	return nil
}

// Source says where a puzzle came from.
type Source struct {
	File    string
	Line    int
	Comment string
}

// Add stores the 9x9 puzzle g, rated, unless an equivalent puzzle is
// already in the library, whose count of copies then grows. It returns the
// class's row and whether it is new. The puzzle must have exactly one
// solution.
func (l *Library) Add(ctx context.Context, g *sudoku.Grid, src Source) (id int64, added bool, err error) {
	form, err := canon.Canon(g, canon.Minlex)
	if err != nil {
		return 0, false, err
	}
	key := form.String()
	err = l.db.QueryRowContext(ctx, `UPDATE puzzles SET copies = copies + 1 WHERE canon = ? RETURNING id`, key).Scan(&id)
	if err == nil {
		return id, false, nil
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return 0, false, err
	}
	r, err := logic.Rate(ctx, g, logic.Options{})
	if err != nil {
		return 0, false, err
	}
	tx, err := l.db.BeginTx(ctx, nil)
	if err != nil {
		return 0, false, err
	}
	defer tx.Rollback()
	var copies int
	err = tx.QueryRowContext(ctx, `INSERT INTO puzzles
		(canon, puzzle, clues, er, ep, ed, level, hardest, automorphisms, source, line, comment, copies)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1)
		ON CONFLICT (canon) DO UPDATE SET copies = copies + 1
		RETURNING id, copies`,
		key, g.String(), g.Givens(), r.ER, r.EP, r.ED, r.Level.String(), r.HardestTechnique.ID(),
		form.Automorphisms, src.File, src.Line, src.Comment).Scan(&id, &copies)
	if err != nil {
		return 0, false, err
	}
	if copies > 1 { // added meanwhile by another caller
		return id, false, tx.Commit()
	}
	for _, t := range r.Techniques {
		if _, err := tx.ExecContext(ctx, `INSERT INTO steps VALUES (?, ?, ?, ?)
			ON CONFLICT DO NOTHING`, id, t.Name, t.Rating, t.Count); err != nil {
			return 0, false, err
		}
	}
	return id, true, tx.Commit()
}

// Query selects puzzles; its zero value selects every one.
type Query struct {
	ERMin, ERMax       int    // ER range in tenths, inclusive; 0 for no bound
	Hardest            string // the technique ID of the hardest step (as logic.Technique.ID)
	Step               string // a step the path takes, as Sudoku Explainer names it
	Level              string // a level name (as logic.Level.String)
	MinClues, MaxClues int    // clue range, inclusive; 0 for no bound
	Limit              int    // at most this many; 0 for no limit
}

// Entry is one class of the library.
type Entry struct {
	ID            int64
	Puzzle        string // the first puzzle added, one line
	Canon         string // the minlex form
	Clues         int
	ER, EP, ED    int // in tenths
	Level         string
	Hardest       string // technique ID
	Automorphisms int
	Source        Source // of the first puzzle added
	Copies        int    // puzzles of the class added
}

// Find returns the puzzles that match q, by ER and then as added.
func (l *Library) Find(ctx context.Context, q Query) ([]Entry, error) {
	var where []string
	var args []any
	add := func(cond string, v any) {
		where = append(where, cond)
		args = append(args, v)
	}
	if q.ERMin > 0 {
		add("er >= ?", q.ERMin)
	}
	if q.ERMax > 0 {
		add("er <= ?", q.ERMax)
	}
	if q.Hardest != "" {
		add("hardest = ?", q.Hardest)
	}
	if q.Level != "" {
		add("level = ?", q.Level)
	}
	if q.MinClues > 0 {
		add("clues >= ?", q.MinClues)
	}
	if q.MaxClues > 0 {
		add("clues <= ?", q.MaxClues)
	}
	if q.Step != "" {
		add("id IN (SELECT puzzle FROM steps WHERE name = ?)", q.Step)
	}
	query := `SELECT id, puzzle, canon, clues, er, ep, ed, level, hardest, automorphisms, source, line, comment, copies FROM puzzles`
	if len(where) > 0 {
		query += " WHERE " + strings.Join(where, " AND ")
	}
	query += " ORDER BY er, id"
	if q.Limit > 0 {
		query += fmt.Sprintf(" LIMIT %d", q.Limit)
	}
	rows, err := l.db.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Entry
	for rows.Next() {
		var e Entry
		if err := rows.Scan(&e.ID, &e.Puzzle, &e.Canon, &e.Clues, &e.ER, &e.EP, &e.ED, &e.Level, &e.Hardest,
			&e.Automorphisms, &e.Source.File, &e.Source.Line, &e.Source.Comment, &e.Copies); err != nil {
			return nil, err
		}
		out = append(out, e)
	}
	return out, rows.Err()
}
