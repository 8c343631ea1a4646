package library

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"slices"
	"strconv"
	"strings"

	"github.com/gosudoku/sudoku"
	"github.com/gosudoku/sudoku/generate"
	"github.com/gosudoku/sudoku/logic"
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
	Source     string            // the file the first puzzle came from, as the import named it
	Tag        string
	Limit      int // at most this many; 0 for no limit
	Offset     int // skip this many first (for pages)
}

// Entry is one class of equivalent puzzles in the library.
type Entry struct {
	ID            int64
	Puzzle        *sudoku.Grid // the first puzzle of the class added
	Canon         *sudoku.Grid // the minlex form
	Clues         int
	ER, EP, ED    int // in tenths
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

// Each calls fn on the entries that match q, by ER and then in the order
// they were added, reading them as it goes (a whole library need not fit
// in memory). It stops at fn's first error and returns it.
func (l *Library) Each(ctx context.Context, q Query, fn func(*Entry) error) error {
	where, args, err := l.where(q)
	if err != nil {
		return err
	}
	query := `SELECT e.id, e.puzzle, e.canon, e.clues, e.er, e.ep, e.ed, e.hardest, e.techniques, e.symmetry,
		e.automorphisms, s.name, e.line, e.comment, e.copies
		FROM (SELECT * FROM entries` + where + ` ORDER BY er, id`
	if q.Limit > 0 {
		query += fmt.Sprintf(" LIMIT %d", q.Limit)
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
		var puzzle, form []byte
		var hardest, sym int
		var uses int64
		if err := rows.Scan(&e.ID, &puzzle, &form, &e.Clues, &e.ER, &e.EP, &e.ED, &hardest, &uses, &sym,
			&e.Automorphisms, &e.Source.File, &e.Source.Line, &e.Source.Comment, &e.Copies); err != nil {
			return err
		}
		pc, err1 := unpack(puzzle)
		fc, err2 := unpack(form)
		if err := errors.Join(err1, err2); err != nil {
			return fmt.Errorf("entry %d: %w", e.ID, err)
		}
		e.Puzzle, e.Canon = gridOf(&pc), gridOf(&fc)
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
}

// Stats counts the entries that match q (Limit and Offset aside).
func (l *Library) Stats(ctx context.Context, q Query) (*Stats, error) {
	q.Limit, q.Offset = 0, 0
	where, args, err := l.where(q)
	if err != nil {
		return nil, err
	}
	st := &Stats{Levels: map[logic.Level]int{}, Hardest: map[logic.Technique]int{}, Uses: map[logic.Technique]int{}, ER: map[int]int{}}
	if err := l.db.QueryRowContext(ctx, l.d.rebind(`SELECT COUNT(*), COALESCE(SUM(copies), 0), COUNT(DISTINCT source) FROM entries`+where), args...).
		Scan(&st.Entries, &st.Copies, &st.Sources); err != nil {
		return nil, err
	}
	rows, err := l.db.QueryContext(ctx, l.d.rebind(`SELECT er, hardest, techniques, COUNT(*) FROM entries`+where+` GROUP BY er, hardest, techniques`), args...)
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
// could match no puzzle of a library, which holds 9x9 puzzles: t has no rule
// at 9x9. The error names the technique that 9x9 paths report such steps
// under, when there is one (xy-chain: forcing-chain, as Sudoku Explainer
// rates them). It returns nil for the techniques of 9x9 paths.
func Searchable(t logic.Technique) error {
	if slices.Contains(logic.RuleOrder(3), t) {
		return nil
	}
	if u, ok := techniqueAt9x9[t]; ok {
		return fmt.Errorf("%s: 9x9 paths rate these steps as Sudoku Explainer does, under %s (%s)", t.ID(), u.ID(), u)
	}
	return fmt.Errorf("%s: no 9x9 path uses it", t.ID())
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
// every one) and "hardest" (comma-separated lists), "symmetry", "source"
// and "tag". The error joins a *FilterError for each filter that cannot be
// read; the Query holds the others.
func ParseQuery(get func(key string) string) (Query, error) {
	var q Query
	var errs []error
	bad := func(key string, err error) { errs = append(errs, &FilterError{key, err}) }
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
				err = Searchable(t)
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
