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
// Store of a Batch in one transaction, which also records the records
// taken by content (Record), so that an import run again, interrupted or
// not, concurrent with another or not, takes exactly the records the
// library does not hold.
package library

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/gosudoku/sudoku"
	"github.com/gosudoku/sudoku/canon"
	"github.com/gosudoku/sudoku/generate"
	"github.com/gosudoku/sudoku/internal/vtext"
	"github.com/gosudoku/sudoku/logic"
	"github.com/gosudoku/sudoku/variant"

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
	return openAt(ctx, dsn, len(migrations), true)
}

// OpenExisting is Open for a library that must exist already: a SQLite
// file that is missing, empty or not a library is an error naming it,
// and nothing is created. Only adding makes a library; a search of a
// mistyped name says so.
func OpenExisting(ctx context.Context, dsn string) (*Library, error) {
	return openAt(ctx, dsn, len(migrations), false)
}

// sqliteHeader starts every SQLite database file.
const sqliteHeader = "SQLite format 3\x00"

// checkLibraryFile fails if the file path is not a SQLite database: a
// file of other text, or, unless create, a missing or empty one (which
// SQLite would make a database of).
func checkLibraryFile(path string, create bool) error {
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		if !create {
			return fmt.Errorf("library: %s: no such library (library add makes one)", path)
		}
		// SQLite says "unable to open database file (14)" for a folder
		// that does not exist.
		if dir := filepath.Dir(path); dir != "" {
			if st, err := os.Stat(dir); err != nil || !st.IsDir() {
				return fmt.Errorf("library: %s: no folder %s to make it in", path, dir)
			}
		}
		return nil
	}
	if err != nil {
		return fmt.Errorf("library: %w", err)
	}
	defer f.Close()
	if st, err := f.Stat(); err == nil && st.IsDir() {
		return fmt.Errorf("library: %s: a directory, not a library", path)
	}
	head := make([]byte, len(sqliteHeader))
	n, _ := io.ReadFull(f, head)
	switch {
	case n == 0 && create:
		return nil // a library another program is making, or a file made for one
	case n == 0:
		return fmt.Errorf("library: %s: an empty file, not a library", path)
	case string(head[:n]) != sqliteHeader:
		return fmt.Errorf("library: %s: not a library (not an SQLite database)", path)
	}
	return nil
}

// looksLikeConnString reports whether dsn is a PostgreSQL key=value
// connection string ("host=db user=me password=..."), not a file name.
func looksLikeConnString(dsn string) bool {
	for _, k := range []string{"host=", "password=", "user=", "dbname=", "sslmode=", "port="} {
		if strings.HasPrefix(dsn, k) || strings.Contains(dsn, " "+k) {
			return true
		}
	}
	return false
}

// openAt is Open, bringing the schema up to version top only; a missing
// SQLite file is made only with create.
func openAt(ctx context.Context, dsn string, top int, create bool) (*Library, error) {
	if IsURL(dsn) {
		return openPostgres(ctx, dsn, top)
	}
	if dsn == "" {
		return nil, errors.New("library: no database file given")
	}
	if looksLikeConnString(dsn) {
		// Never a file named with a password, nor the password in a message.
		return nil, errors.New("library: the database looks like a PostgreSQL connection string (key=value words): give a postgres:// URL, or a file name")
	}
	if err := checkLibraryFile(dsn, create); err != nil {
		return nil, err
	}
	// Write transactions begin IMMEDIATE: one that began by reading
	// could not take the write lock later while another program writes
	// (SQLITE_BUSY at once, past the busy timeout); this way it waits for
	// it, up to busy_timeout.
	// The name is escaped for the file: URI: a '#' or '?' in it cut the
	// name short, so that two libraries ("a#1.db", "a#2.db") were one.
	name := strings.NewReplacer("%", "%25", "?", "%3F", "#", "%23").Replace(dsn)
	db, err := sql.Open("sqlite", "file:"+name+"?_pragma=busy_timeout(5000)&_pragma=foreign_keys(1)&_pragma=journal_mode(WAL)&_pragma=synchronous(NORMAL)&_txlock=immediate")
	if err != nil {
		return nil, fmt.Errorf("library: %s: %w", dsn, err)
	}
	l := &Library{db: db, d: sqlite}
	if err := l.migrateTo(ctx, top); err != nil {
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
	Grid    *sudoku.Grid    // a classic puzzle of order 2 to 8 (4x4 to 64x64), or
	Variant *variant.Puzzle // a variant puzzle (Grid nil), of side 4, 9, 16 ... 64
	Form    string          // the variant's text form as read (fpuzzles, link, rules, jigsaw, killer), if said
	Source  Source

	// Set by Prepare.
	key, blob []byte // the class key and the packed givens (see pack.go)
	vals      []int  // the givens
	side      int
	kinds     string // the variant kinds, ",kind,...," ("" for a classic puzzle)
	rules     sql.NullString
	exact     bool // the key is the exact text, not a canonical form
	rated     bool
	clues     int
	autos     int64
	known     int64 // the entry of the class, if it was in the library
	rating    logic.Rating
	uses      uint64 // technique bits
	sym       generate.Symmetry

	// Record, if set, names the record the item comes from by content:
	// Store takes the item only if the library has not taken that record
	// already (see Record).
	Record *Record

	// Set by Store.
	ID    int64 // the entry of the puzzle's class
	Added bool  // the class is new
	Taken bool  // the library had taken Record already: nothing of the item was stored
}

// A Record names a record of a source by its content: Key is RecordKey
// of the source's name and the record's text, N counts the records of the
// same key before it in the source (0 for the first). The library counts,
// per key, the records it has taken: Store takes the item of record N if
// fewer than N+1 were taken, else the item is Taken. So an import run
// again takes exactly what is missing, whatever was inserted, changed or
// fixed in the file, and two imports of one file at once take each record
// once.
type Record struct {
	Key [16]byte
	N   int
}

// RecordKey returns the key of a record of text in the source named
// source: the first 16 bytes of a SHA-256 of both.
func RecordKey(source string, text []byte) [16]byte {
	h := sha256.New()
	h.Write([]byte(source))
	h.Write([]byte{0})
	h.Write(text)
	var k [16]byte
	copy(k[:], h.Sum(nil))
	return k
}

// Taken returns how many records of key the library has taken.
func (l *Library) Taken(ctx context.Context, key [16]byte) (int, error) {
	var n int
	err := l.db.QueryRowContext(ctx, l.d.rebind(`SELECT taken FROM records WHERE key = ?`), key[:]).Scan(&n)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	return n, err
}

// take records in tx that the library takes record r, if it had taken
// at most r.N of its key; it reports false (nothing written) otherwise.
func (l *Library) take(ctx context.Context, tx *sql.Tx, r *Record) (bool, error) {
	res, err := tx.ExecContext(ctx, l.d.rebind(`UPDATE records SET taken = taken + 1 WHERE key = ? AND taken <= ?`), r.Key[:], r.N)
	if err != nil {
		return false, err
	}
	if n, err := res.RowsAffected(); err != nil || n == 1 {
		return n == 1, err
	}
	res, err = tx.ExecContext(ctx, l.d.rebind(`INSERT INTO records (key, taken) VALUES (?, 1) ON CONFLICT (key) DO NOTHING`), r.Key[:])
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// Known reports whether Prepare found the puzzle's class already in the
// library (and so did not rate it).
func (it *Item) Known() bool { return it.known != 0 }

// Prepare computes the class of the item's puzzle, which must have
// exactly one solution, and, unless the library holds the class already,
// rates it with opt: a classic puzzle (Grid, or a Variant without rules on
// square boxes) of any order 2 to 8 is rated by package logic; a variant
// puzzle is stored unrated, its solution checked unique by package
// variant. It does not write; call it on as many goroutines as there are
// cores, then Store the items.
func (l *Library) Prepare(ctx context.Context, it *Item, opt logic.Options) error {
	return l.prepare(ctx, l.db, it, opt)
}

// prepare is Prepare, looking the class up through q.
func (l *Library) prepare(ctx context.Context, q querier, it *Item, opt logic.Options) error {
	it.known, it.rated, it.exact, it.kinds, it.rules = 0, false, false, "", sql.NullString{}
	var g *sudoku.Grid
	var vp *variant.Puzzle
	var err error
	switch {
	case it.Grid != nil:
		g = it.Grid
		err = l.keyClassic(ctx, it, g)
	case it.Variant != nil:
		g, vp, err = l.keyVariant(ctx, it, it.Variant)
	default:
		err = errors.New("no puzzle")
	}
	if err != nil {
		return err
	}
	err = q.QueryRowContext(ctx, l.d.rebind(`SELECT id FROM entries WHERE canon = ?`), it.key).Scan(&it.known)
	switch {
	case err == nil:
		return nil
	case !errors.Is(err, sql.ErrNoRows):
		return err
	}
	it.blob, it.sym = packValues(it.side, it.vals), symmetryOf(it.side, it.vals)
	if vp != nil {
		// Variants have no human logic yet: unrated, the solution
		// checked unique.
		res, err := variant.Count(ctx, vp, 2, variant.Options{})
		switch {
		case err != nil:
			return err
		case res.Count == 0:
			return logic.ErrNoSolution
		case res.Count > 1:
			return logic.ErrMultiple
		}
		return nil
	}
	steps, err := logic.Solve(ctx, g, opt)
	if err != nil {
		return err
	}
	it.rating = logic.RatePath(steps)
	it.uses = 0
	for _, st := range steps {
		it.uses |= 1 << l.bitOf[st.Technique]
	}
	it.rated = true
	return nil
}

// keyClassic sets the key and facts of the classic puzzle g: the minlex
// form of package canon, Canon for 9x9 and General for the other orders.
func (l *Library) keyClassic(ctx context.Context, it *Item, g *sudoku.Grid) error {
	n := g.Order()
	if n < 2 || n > 8 {
		return fmt.Errorf("a %dx%d grid: the library holds orders 2 to 8 (4x4 to 64x64)", g.Side(), g.Side())
	}
	it.side, it.clues, it.vals = g.Side(), g.Givens(), g.Values()
	if n == 3 {
		var c canon.Canonicalizer
		form, err := c.Canon(g, canon.Minlex)
		if err != nil {
			return err
		}
		it.key, it.autos = pack(&form.Cells), int64(form.Automorphisms)
		return nil
	}
	f, err := canon.General(ctx, g)
	if err != nil {
		return err
	}
	it.key = append(keyOf('c', it.side), packValues(it.side, f.Grid.Values())...)
	it.autos = -1 // too many to count in 64 bits
	if f.Automorphisms.IsInt64() {
		it.autos = f.Automorphisms.Int64()
	}
	return nil
}

// keyVariant sets the key and facts of the variant puzzle p: the form of
// canon.Variant for the kinds it handles (X, windoku, jigsaw), else the
// exact text of the puzzle (its rules in one order). A puzzle with no
// rules on square boxes is classic: it returns its grid, else the puzzle
// to check.
func (l *Library) keyVariant(ctx context.Context, it *Item, p *variant.Puzzle) (*sudoku.Grid, *variant.Puzzle, error) {
	if err := p.Validate(); err != nil {
		return nil, nil, err
	}
	side, n := p.Size, 2
	for n*n < side {
		n++
	}
	if n*n != side || n > 8 {
		return nil, nil, fmt.Errorf("a %dx%d grid: the library holds sides 4, 9, 16 ... 64", side, side)
	}
	givens := p.Givens
	if len(givens) == 0 {
		givens = make([]int, side*side)
	}
	kinds := variantKinds(p)
	if len(kinds) == 0 {
		g, err := sudoku.FromValues(n, givens)
		if err != nil {
			return nil, nil, err
		}
		return g, nil, l.keyClassic(ctx, it, g)
	}
	it.side, it.kinds, it.vals = side, ","+strings.Join(kinds, ",")+",", givens
	it.clues = 0
	for _, v := range givens {
		if v != 0 {
			it.clues++
		}
	}
	text, err := vtext.WriteJSON(p)
	if err != nil {
		return nil, nil, err
	}
	it.rules = sql.NullString{String: string(text), Valid: true}
	it.exact = slices.ContainsFunc(kinds, func(k string) bool { return !canonKinds[k] })
	if !it.exact {
		f, err := canon.Variant(ctx, p)
		switch {
		case ctx.Err() != nil:
			return nil, nil, ctx.Err()
		case err != nil:
			it.exact = true // a shape canon does not handle yet
		default:
			key, err := variantKey(f.Puzzle)
			if err != nil {
				return nil, nil, err
			}
			it.key, it.autos = append(keyOf('v', side), key...), int64(f.Automorphisms)
			return nil, p, nil
		}
	}
	key, err := variantKey(p)
	if err != nil {
		return nil, nil, err
	}
	it.key, it.autos = append(keyOf('t', side), key...), 0
	return nil, p, nil
}

// canonKinds are the variant kinds whose puzzles canon.Variant maps to a
// canonical form; a puzzle of any other kind is keyed by its exact text.
var canonKinds = map[string]bool{"x": true, "diagonal": true, "windoku": true, "jigsaw": true}

// variantKinds returns the sorted variant kinds of p: the kinds of its
// rules (variant.Kinds), "x" for both diagonals, and "jigsaw" (regions
// that are not boxes), "latin" (no regions) or "rectangular-boxes" for
// its regions. A classic puzzle has none.
func variantKinds(p *variant.Puzzle) []string {
	var ks []string
	r, c, boxes := p.BoxDims()
	switch {
	case len(p.Regions) == 0:
		ks = append(ks, "latin")
	case !boxes:
		ks = append(ks, "jigsaw")
	case r != c:
		ks = append(ks, "rectangular-boxes")
	}
	var diags [2]bool
	for _, rule := range p.Rules {
		if d, ok := rule.(variant.Diagonal); ok {
			diags[btoi(d.Positive)] = true
			continue
		}
		ks = append(ks, rule.Kind())
	}
	switch {
	case diags[0] && diags[1]:
		ks = append(ks, "x")
	case diags[0] || diags[1]:
		ks = append(ks, "diagonal")
	}
	slices.Sort(ks)
	return slices.Compact(ks)
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// variantKey returns the text that keys the variant puzzle p: its rules
// JSON line with the rules in the order of their descriptions.
func variantKey(p *variant.Puzzle) ([]byte, error) {
	q := p.Clone()
	slices.SortStableFunc(q.Rules, func(a, b variant.Rule) int { return strings.Compare(a.String(), b.String()) })
	return vtext.WriteJSON(q)
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
	// A classic 9x9 puzzle leaves the columns of schema version 3 at their
	// defaults (so that migration 2 stores the rows of version 1 with it).
	insert9, err := tx.PrepareContext(ctx, l.d.rebind(`INSERT INTO entries
		(canon, puzzle, clues, er, ep, ed, hardest, techniques, symmetry, automorphisms, source, line, comment, copies)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1)
		ON CONFLICT (canon) DO UPDATE SET copies = entries.copies + 1
		RETURNING id, copies`))
	if err != nil {
		return err
	}
	defer insert9.Close()
	var insertAny *sql.Stmt
	for _, it := range b.Items {
		it.Taken = false
		if it.Record != nil {
			ok, err := l.take(ctx, tx, it.Record)
			if err != nil {
				return err
			}
			if !ok {
				it.Taken, it.ID, it.Added = true, 0, false
				continue
			}
		}
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
			hardest := l.bitOf[r.HardestTechnique]
			if !it.rated {
				hardest = -1
			}
			args := []any{it.key, it.blob, it.clues, r.ER, r.EP, r.ED, hardest, int64(it.uses), int(it.sym), it.autos,
				src, it.Source.Line, it.Source.Comment}
			stmt := insert9
			if it.side != 9 || it.kinds != "" || !it.rated || it.exact {
				if insertAny == nil {
					insertAny, err = tx.PrepareContext(ctx, l.d.rebind(`INSERT INTO entries
						(canon, puzzle, clues, er, ep, ed, hardest, techniques, symmetry, automorphisms, source, line, comment,
						 side, variant, rules, rated, exact, form, copies)
						VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1)
						ON CONFLICT (canon) DO UPDATE SET copies = entries.copies + 1
						RETURNING id, copies`))
					if err != nil {
						return err
					}
					defer insertAny.Close()
				}
				stmt = insertAny
				form := sql.NullString{String: it.Form, Valid: it.Form != "" && it.rules.Valid}
				args = append(args, it.side, it.kinds, it.rules, btoi(it.rated), btoi(it.exact), form)
			}
			var copies int
			if err := stmt.QueryRowContext(ctx, args...).Scan(&it.ID, &copies); err != nil {
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
// in the library (a Batch's Done), 0 if none. A line says nothing of the
// records' content (the file may have changed since): to resume an import,
// give each item its Record instead.
func (l *Library) Resume(ctx context.Context, source string) (int, error) {
	var done int
	err := l.db.QueryRowContext(ctx, l.d.rebind(`SELECT done FROM sources WHERE name = ?`), source).Scan(&done)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	return done, err
}

// Add prepares and stores one classic puzzle of order 2 to 8 with exactly
// one solution, rated with the default techniques. It returns the entry of
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
