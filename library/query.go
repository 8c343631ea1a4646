package library

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math/bits"
	"slices"
	"strconv"
	"strings"

	"github.com/gosudoku/sudoku"
	"github.com/gosudoku/sudoku/generate"
	"github.com/gosudoku/sudoku/internal/vtext"
	"github.com/gosudoku/sudoku/logic"
	"github.com/gosudoku/sudoku/variant"
)

// Range is an inclusive range of integers; a bound of 0 is no bound.
type Range struct{ Min, Max int }

// ParseRatingRange reads a range of ratings, in tenths: "6.0-7.0", "6.5"
// (exactly), "6-" (6.0 and up) or "-2.5".
func ParseRatingRange(s string) (Range, error) {
	return parseRange(s, func(v string) (int, error) {
		f, err := strconv.ParseFloat(v, 64)
		if err != nil || f < 0 || f > 1000 || f*10 != float64(int(f*10+0.5)) {
			return 0, fmt.Errorf("%q is not a rating like 6.5", v)
		}
		return int(f*10 + 0.5), nil
	})
}

// ParseCountRange reads a range of counts: "17-20", "24", "-22" or "30-".
func ParseCountRange(s string) (Range, error) {
	return parseRange(s, func(v string) (int, error) {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 || n > 1<<20 {
			return 0, fmt.Errorf("%q is not a count", v)
		}
		return n, nil
	})
}

func parseRange(s string, num func(string) (int, error)) (Range, error) {
	lo, hi, dash := strings.Cut(s, "-")
	var r Range
	var err error
	if !dash {
		hi = lo
	}
	if lo == "" && hi == "" {
		return r, fmt.Errorf("range %q: want lo-hi, lo-, -hi or one value", s)
	}
	if lo != "" {
		if r.Min, err = num(lo); err != nil {
			return r, fmt.Errorf("range %q: %v", s, err)
		}
	}
	if hi != "" {
		if r.Max, err = num(hi); err != nil {
			return r, fmt.Errorf("range %q: %v", s, err)
		}
	}
	if r.Max != 0 && r.Min > r.Max {
		return r, fmt.Errorf("range %q: the low end is above the high end", s)
	}
	return r, nil
}

// Query selects entries; its zero value selects every one.
type Query struct {
	ER, EP, ED Range             // ratings, in tenths
	Levels     []logic.Level     // any of these levels (by ER)
	Uses       []logic.Technique // the path uses every one of these
	Hardest    []logic.Technique // the hardest step is one of these
	Clues      Range
	Symmetry   generate.Symmetry // the pattern of givens keeps (at least) these
	Order      int               // the box size: 2 (4x4) to 8 (64x64); 0 any
	Variant    []string          // every one of these variant kinds (Kinds); "classic" for none
	Source     string            // the file the first puzzle came from, as the import named it
	Tag        string
	Limit      int // at most this many; 0 for no limit
	Offset     int // skip this many first (for pages)
}

// Entry is one class of equivalent puzzles in the library.
type Entry struct {
	ID            int64
	Puzzle        *sudoku.Grid    // the givens of the first puzzle of the class added
	Variant       *variant.Puzzle // that puzzle, rules and all, if a variant; nil for a classic one
	Kinds         []string        // its variant kinds (see Kinds); none for a classic puzzle
	Canon         *sudoku.Grid    // the minlex form of a classic puzzle; nil for a variant
	Exact         bool            // a variant keyed by its exact text: its disguises are other entries
	Form          string          // the variant's text form as first read (Item.Form), if said
	Clues         int
	Rated         bool // false for variants: the ratings, level and techniques are zero
	ER, EP, ED    int  // in tenths
	Level         logic.Level
	Hardest       logic.Technique   // of the step that sets ER
	Uses          []logic.Technique // every technique of the path, in logic's order
	Symmetry      generate.Symmetry // of the pattern of givens
	Automorphisms int
	Source        Source // of the first puzzle added
	Copies        int    // puzzles of the class added
}

// where returns the WHERE clause of q (empty for none) and its arguments.
func (l *Library) where(q Query) (string, []any, error) {
	var conds []string
	var args []any
	add := func(cond string, vs ...any) {
		conds = append(conds, cond)
		args = append(args, vs...)
	}
	for _, c := range []struct {
		col string
		r   Range
	}{{"er", q.ER}, {"ep", q.EP}, {"ed", q.ED}, {"clues", q.Clues}} {
		if c.r.Min > 0 {
			add(c.col+" >= ?", c.r.Min)
		}
		if c.r.Max > 0 {
			add(c.col+" <= ?", c.r.Max)
		}
	}
	if len(q.Levels) > 0 {
		var ors []string
		for _, lv := range q.Levels {
			lo, hi := lv.Bounds()
			ors = append(ors, "er BETWEEN ? AND ?")
			args = append(args, lo, hi)
		}
		conds = append(conds, "("+strings.Join(ors, " OR ")+")")
	}
	if len(q.Uses) > 0 {
		var mask int64
		for _, t := range q.Uses {
			bit, ok := l.bitOf[t]
			if !ok {
				return "", nil, fmt.Errorf("unknown technique %v", t)
			}
			mask |= 1 << bit
		}
		add("techniques & ? = ?", mask, mask)
	}
	if len(q.Hardest) > 0 {
		var ins []string
		for _, t := range q.Hardest {
			bit, ok := l.bitOf[t]
			if !ok {
				return "", nil, fmt.Errorf("unknown technique %v", t)
			}
			ins = append(ins, "?")
			args = append(args, bit)
		}
		conds = append(conds, "hardest IN ("+strings.Join(ins, ", ")+")")
	}
	if q.Symmetry != 0 {
		add("symmetry & ? = ?", int(q.Symmetry), int(q.Symmetry))
	}
	if q.rates() {
		add("rated = 1")
	}
	if q.Order != 0 {
		if q.Order < 2 || q.Order > 8 {
			return "", nil, fmt.Errorf("order %d: the library holds orders 2 to 8 (4x4 to 64x64)", q.Order)
		}
		add("side = ?", q.Order*q.Order)
	}
	for _, k := range q.Variant {
		if err := checkKind(k); err != nil {
			return "", nil, err
		}
		if k == "classic" {
			add("variant = ''")
		} else {
			add("variant LIKE ?", "%,"+k+",%")
		}
	}
	if q.Source != "" {
		add("source = (SELECT id FROM sources WHERE name = ?)", q.Source)
	}
	if q.Tag != "" {
		add("id IN (SELECT entry FROM tags WHERE tag = ?)", q.Tag)
	}
	if q.Limit < 0 || q.Offset < 0 {
		return "", nil, errors.New("negative limit or offset")
	}
	if len(conds) == 0 {
		return "", nil, nil
	}
	return " WHERE " + strings.Join(conds, " AND "), args, nil
}

// rates reports whether q filters on ratings or techniques, which unrated
// entries (variants) do not have.
func (q *Query) rates() bool {
	return q.ER != (Range{}) || q.EP != (Range{}) || q.ED != (Range{}) || len(q.Levels) > 0 || len(q.Uses) > 0 || len(q.Hardest) > 0
}

// Kinds returns the variant kinds a Query may name: "classic" (no
// variant), "x" (both diagonals), "jigsaw" (regions that are not boxes),
// "latin" (no regions), "rectangular-boxes", and the rule kinds of
// package variant (variant.Kinds: diagonal (one), windoku, killer ...).
func Kinds() []string {
	ks := []string{"classic", "x", "jigsaw", "latin", "rectangular-boxes"}
	for _, k := range variant.Kinds() {
		ks = append(ks, k.Name)
	}
	return ks
}

// checkKind fails if k is not one of Kinds.
func checkKind(k string) error {
	if slices.Contains(Kinds(), k) {
		return nil
	}
	return fmt.Errorf("unknown variant kind %q: want one of %s", k, strings.Join(Kinds(), ", "))
}

// Unrated returns the number of unrated entries (variants) that q would
// match but for its filters on ratings and techniques, which leave them
// out; 0 when q has none.
func (l *Library) Unrated(ctx context.Context, q Query) (int, error) {
	if !q.rates() {
		return 0, nil
	}
	q.ER, q.EP, q.ED, q.Levels, q.Uses, q.Hardest = Range{}, Range{}, Range{}, nil, nil, nil
	where, args, err := l.where(q)
	if err != nil {
		return 0, err
	}
	var n int
	err = l.db.QueryRowContext(ctx, l.d.rebind(`SELECT COUNT(*) FROM entries`+and(where, "rated = 0")), args...).Scan(&n)
	return n, err
}

// and adds cond to the WHERE clause where (empty for none).
func and(where, cond string) string {
	if where == "" {
		return " WHERE " + cond
	}
	return where + " AND " + cond
}

// Each calls fn on the entries that match q, by ER and then in the order
// they were added, reading them as it goes (a whole library need not fit
// in memory). It stops at fn's first error and returns it.
func (l *Library) Each(ctx context.Context, q Query, fn func(*Entry) error) error {
	where, args, err := l.where(q)
	if err != nil {
		return err
	}
	query := `SELECT e.id, e.puzzle, e.canon, e.clues, e.er, e.ep, e.ed, e.hardest, e.techniques, e.symmetry,
		e.automorphisms, s.name, e.line, e.comment, e.copies, e.side, e.variant, e.rules, e.rated, e.exact, e.form
		FROM (SELECT * FROM entries` + where + ` ORDER BY er, id`
	switch {
	case q.Limit > 0:
		query += fmt.Sprintf(" LIMIT %d", q.Limit)
	case q.Offset > 0 && l.d == sqlite:
		query += " LIMIT -1" // SQLite takes OFFSET only after a LIMIT; -1 is none
	}
	if q.Offset > 0 {
		query += fmt.Sprintf(" OFFSET %d", q.Offset)
	}
	query += `) e JOIN sources s ON s.id = e.source ORDER BY e.er, e.id`
	rows, err := l.db.QueryContext(ctx, l.d.rebind(query), args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var e Entry
		var puzzle, canonical []byte
		var hardest, sym, side, rated, exact int
		var uses int64
		var kinds string
		var rules, form sql.NullString
		if err := rows.Scan(&e.ID, &puzzle, &canonical, &e.Clues, &e.ER, &e.EP, &e.ED, &hardest, &uses, &sym,
			&e.Automorphisms, &e.Source.File, &e.Source.Line, &e.Source.Comment, &e.Copies, &side, &kinds, &rules, &rated, &exact, &form); err != nil {
			return err
		}
		e.Form = form.String
		if err := l.fill(&e, side, puzzle, canonical, kinds, rules); err != nil {
			return fmt.Errorf("entry %d: %w", e.ID, err)
		}
		e.Rated, e.Exact = rated != 0, exact != 0
		if !e.Rated {
			hardest, uses = -1, 0
		}
		e.Level = logic.LevelOf(e.ER)
		e.Hardest = l.techOf[hardest]
		e.Uses = l.techniques(uint64(uses))
		e.Symmetry = generate.Symmetry(sym)
		if err := fn(&e); err != nil {
			return err
		}
	}
	return rows.Err()
}

// fill sets the puzzle, its canonical form and its variant of e from the
// columns of its row.
func (l *Library) fill(e *Entry, side int, puzzle, form []byte, kinds string, rules sql.NullString) error {
	n := 2
	for n*n < side {
		n++
	}
	vals, err := unpackValues(side, puzzle)
	if err != nil {
		return err
	}
	if e.Puzzle, err = sudoku.FromValues(n, vals); err != nil {
		return err
	}
	if rules.Valid {
		if e.Variant, err = vtext.ReadJSON([]byte(rules.String)); err != nil {
			return err
		}
		e.Kinds = splitList(kinds)
		return nil
	}
	if side != 9 {
		if !bytes.HasPrefix(form, keyPrefix) || len(form) < len(keyPrefix)+2 {
			return errPacked
		}
		form = form[len(keyPrefix)+2:]
	}
	if vals, err = unpackValues(side, form); err != nil {
		return err
	}
	e.Canon, err = sudoku.FromValues(n, vals)
	return err
}

// techniques returns the techniques of the bits in mask, in logic's order.
func (l *Library) techniques(mask uint64) []logic.Technique {
	var ts []logic.Technique
	for mask != 0 {
		bit := bits.TrailingZeros64(mask)
		mask &^= 1 << bit
		if t, ok := l.techOf[bit]; ok {
			ts = append(ts, t)
		}
	}
	slices.Sort(ts)
	return ts
}

// Find returns the entries that match q, by ER and then in the order they
// were added.
func (l *Library) Find(ctx context.Context, q Query) ([]Entry, error) {
	var out []Entry
	err := l.Each(ctx, q, func(e *Entry) error {
		out = append(out, *e)
		return nil
	})
	return out, err
}

// Count returns the number of entries that match q (Limit and Offset
// aside).
func (l *Library) Count(ctx context.Context, q Query) (int, error) {
	where, args, err := l.where(q)
	if err != nil {
		return 0, err
	}
	var n int
	err = l.db.QueryRowContext(ctx, l.d.rebind(`SELECT COUNT(*) FROM entries`+where), args...).Scan(&n)
	return n, err
}

// Stats summarises a library, or the entries of a query.
type Stats struct {
	Entries int                     // classes
	Copies  int                     // puzzles added, duplicates included
	Sources int                     // files imported
	Levels  map[logic.Level]int     // entries by level
	Hardest map[logic.Technique]int // entries by the technique of their hardest step
	Uses    map[logic.Technique]int // entries whose path uses the technique
	ER      map[int]int             // entries by ER, in tenths
	Sides   map[int]int             // entries by side (9 for 9x9)
	Kinds   map[string]int          // entries by variant kinds, "jigsaw,killer" ("" classic)
	Unrated int                     // entries not rated (variants), in none of Levels, Hardest, Uses, ER
	Exact   int                     // entries keyed by their exact text (variants canon has no form for)
}

// Stats counts the entries that match q (Limit and Offset aside).
func (l *Library) Stats(ctx context.Context, q Query) (*Stats, error) {
	q.Limit, q.Offset = 0, 0
	where, args, err := l.where(q)
	if err != nil {
		return nil, err
	}
	st := &Stats{Levels: map[logic.Level]int{}, Hardest: map[logic.Technique]int{}, Uses: map[logic.Technique]int{}, ER: map[int]int{},
		Sides: map[int]int{}, Kinds: map[string]int{}}
	if err := l.db.QueryRowContext(ctx, l.d.rebind(`SELECT COUNT(*), COALESCE(SUM(copies), 0), COUNT(DISTINCT source) FROM entries`+where), args...).
		Scan(&st.Entries, &st.Copies, &st.Sources); err != nil {
		return nil, err
	}
	if err := l.statsKinds(ctx, st, where, args); err != nil {
		return nil, err
	}
	rows, err := l.db.QueryContext(ctx, l.d.rebind(`SELECT er, hardest, techniques, COUNT(*) FROM entries`+and(where, "rated = 1")+` GROUP BY er, hardest, techniques`), args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var er, hardest, n int
		var uses int64
		if err := rows.Scan(&er, &hardest, &uses, &n); err != nil {
			return nil, err
		}
		st.ER[er] += n
		st.Levels[logic.LevelOf(er)] += n
		if t, ok := l.techOf[hardest]; ok {
			st.Hardest[t] += n
		}
		for _, t := range l.techniques(uint64(uses)) {
			st.Uses[t] += n
		}
	}
	return st, rows.Err()
}

// statsKinds counts the entries of where by side, variant kinds, rating
// and key into st.
func (l *Library) statsKinds(ctx context.Context, st *Stats, where string, args []any) error {
	rows, err := l.db.QueryContext(ctx, l.d.rebind(`SELECT side, variant, rated, exact, COUNT(*) FROM entries`+where+` GROUP BY side, variant, rated, exact`), args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var side, rated, exact, n int
		var kinds string
		if err := rows.Scan(&side, &kinds, &rated, &exact, &n); err != nil {
			return err
		}
		st.Sides[side] += n
		st.Kinds[strings.Join(splitList(kinds), ",")] += n
		if rated == 0 {
			st.Unrated += n
		}
		if exact != 0 {
			st.Exact += n
		}
	}
	return rows.Err()
}

// techniqueAt9x9 names, for each technique that has no rule at 9x9 (the
// big-grid chains), the technique Sudoku Explainer's 9x9 rules report such
// steps under.
var techniqueAt9x9 = map[logic.Technique]logic.Technique{
	logic.XChain:              logic.ForcingChainCycle,
	logic.XYChain:             logic.ForcingChainCycle,
	logic.BigMultipleChain:    logic.MultipleForcingChain,
	logic.BigDynamicChain:     logic.DynamicForcingChain,
	logic.BigDynamicChainPlus: logic.DynamicForcingChainPlus,
	logic.BigNestedChain:      logic.NestedForcingChain,
}

// Searchable says why a filter on technique t (Query.Uses, Query.Hardest)
// could match no 9x9 puzzle: t has no rule at 9x9. The error names the
// technique that 9x9 paths report such steps under, when there is one
// (xy-chain: forcing-chain, as Sudoku Explainer rates them). It returns
// nil for the techniques of 9x9 paths. SearchableAt is the same for any
// order.
func Searchable(t logic.Technique) error { return SearchableAt(t, 3) }

// SearchableAt says why a filter on technique t could match no puzzle of
// order n (0: of any order 2 to 8): t has no rule at that order.
func SearchableAt(t logic.Technique, n int) error {
	if n == 0 {
		for k := 2; k <= 8; k++ {
			if slices.Contains(logic.RuleOrder(k), t) {
				return nil
			}
		}
		return fmt.Errorf("%s: no path of any order uses it", t.ID())
	}
	if slices.Contains(logic.RuleOrder(n), t) {
		return nil
	}
	if u, ok := techniqueAt9x9[t]; ok && n == 3 {
		return fmt.Errorf("%s: 9x9 paths rate these steps as Sudoku Explainer does, under %s (%s)", t.ID(), u.ID(), u)
	}
	return fmt.Errorf("%s: no %dx%d path uses it", t.ID(), n*n, n*n)
}

// FilterError is a filter of ParseQuery that cannot be read: Key names it
// as ParseQuery's get was asked for it ("er", "technique" ...).
type FilterError struct {
	Key string
	Err error
}

func (e *FilterError) Error() string { return e.Key + ": " + e.Err.Error() }

func (e *FilterError) Unwrap() error { return e.Err }

// ParseQuery reads the filters of a search, each by its key through get
// ("" when not given): "er", "ep" and "ed" (rating ranges such as
// "6.0-7.0"), "clues" (a count range), "level", "technique" (the path uses
// every one; a technique no path of the order uses is an error) and
// "hardest" (comma-separated lists), "symmetry", "order" (2 to 8),
// "variant" (comma-separated kinds, every one: see Kinds), "source" and
// "tag". The error joins a *FilterError for each filter that cannot be
// read; the Query holds the others.
func ParseQuery(get func(key string) string) (Query, error) {
	var q Query
	var errs []error
	bad := func(key string, err error) { errs = append(errs, &FilterError{key, err}) }
	if s := get("order"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 2 || n > 8 {
			bad("order", fmt.Errorf("%q: want a box size 2 to 8 (4x4 to 64x64)", s))
		} else {
			q.Order = n
		}
	}
	for _, k := range splitList(get("variant")) {
		if err := checkKind(k); err != nil {
			bad("variant", err)
			continue
		}
		q.Variant = append(q.Variant, k)
	}
	for _, r := range []struct {
		key   string
		dst   *Range
		parse func(string) (Range, error)
	}{
		{"er", &q.ER, ParseRatingRange},
		{"ep", &q.EP, ParseRatingRange},
		{"ed", &q.ED, ParseRatingRange},
		{"clues", &q.Clues, ParseCountRange},
	} {
		if s := get(r.key); s != "" {
			rg, err := r.parse(s)
			if err != nil {
				bad(r.key, err)
			}
			*r.dst = rg
		}
	}
	for _, name := range splitList(get("level")) {
		l, err := logic.ParseLevel(name)
		if err != nil {
			bad("level", err)
		}
		q.Levels = append(q.Levels, l)
	}
	for _, f := range []struct {
		key string
		dst *[]logic.Technique
	}{{"technique", &q.Uses}, {"hardest", &q.Hardest}} {
		for _, id := range splitList(get(f.key)) {
			t, err := logic.ParseTechnique(id)
			if err == nil {
				err = SearchableAt(t, q.Order)
			}
			if err != nil {
				bad(f.key, err)
			}
			*f.dst = append(*f.dst, t)
		}
	}
	if s := get("symmetry"); s != "" {
		sym, err := generate.ParseSymmetry(s)
		if err != nil {
			bad("symmetry", err)
		}
		q.Symmetry = sym
	}
	q.Source, q.Tag = get("source"), get("tag")
	return q, errors.Join(errs...)
}

// splitList splits a comma-separated list, dropping empty items.
func splitList(s string) []string {
	var out []string
	for item := range strings.SplitSeq(s, ",") {
		if item = strings.TrimSpace(item); item != "" {
			out = append(out, item)
		}
	}
	return out
}
