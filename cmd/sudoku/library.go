package main

import (
	"bytes"
	"cmp"
	"context"
	"encoding/binary"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/gosudoku/sudoku/format"
	"github.com/gosudoku/sudoku/internal/vtext"
	"github.com/gosudoku/sudoku/library"
	"github.com/gosudoku/sudoku/logic"
)

var cmdLibrary = &Command{
	Name:      "library",
	UsageLine: "add|find|export|stats -db FILE_OR_URL [flags] [file ...]",
	Short:     "keep a library of rated puzzles of every order and variants: add files, find by rating, technique, order and variant",
	Long: `Library keeps puzzles in a library: a SQLite file (created if needed)
or, for -db postgres://user@host/db, a PostgreSQL database that several
servers may share; one entry per class of equivalent puzzles (the same up to transposition,
band, row, stack and column moves and relabelling: the minlex form of
"sudoku canon"), classic puzzles of every order (4x4 to 64x64) rated on
the way in as "sudoku rate" does. Variant puzzles (f-puzzles JSON, links,
rules JSON lines, jigsaw and killer text) are stored unrated, their
solution checked unique; X, windoku and jigsaw puzzles by the canonical
form of "sudoku canon" (a disguise is a copy), other variants (killer,
thermo ...) by their exact text (a disguise is another entry).

	sudoku library add -db lib.db [-j N] [-tag t,...] [file ...]
	sudoku library find -db lib.db [filters] [-limit N] [-offset N] [-o format]
	sudoku library export -db lib.db [filters] [-o format]
	sudoku library stats -db lib.db [filters]

add reads puzzles of any format from the files (standard input for none or
"-"), rates each new one on -j goroutines and stores them in batches, with
where each came from (file, line, comment). A puzzle equivalent to one in
the library counts as a copy and is not stored again; a record that cannot
be read or has not exactly one solution is named on standard error and
the rest are imported. add may be interrupted (Ctrl-C) and run again: the
batches stored stay, and the records of a file up to the last one stored
are skipped. A summary goes to standard error.

find writes the entries that match the filters, by ER, one puzzle per line
(-o another format) with its facts as the comment: ED=ER/EP/ED, the level,
the hardest technique, the clue count, the size (other than 9x9), the
symmetry of the givens, the copies added, the source and every technique
used; a variant "unrated variant=KINDS" instead of the ratings. Variants
are written as rules JSON lines (-o fpuzzles, link, jigsaw or killer for
those forms); a format that cannot hold an entry names it on standard
error and the others are written. A filter on ratings or techniques leaves
the unrated entries out and says how many on standard error. export writes
the entries with their own comments as read (the provenance), variants in
the form they were read in. stats counts
the entries by size, variant, level and technique and draws a histogram
of ER.

Filters (every one given must hold):
	-er, -ep, -ed RANGE   ratings: 6.0-7.0, 6.5, 6- or -2.5
	-level L,...          easy, medium, hard, expert or extreme (any of them)
	-technique ID,...     the path uses every one (IDs as "sudoku rate -o json"
	                      names them: xy-wing, forcing-chain, ...)
	-hardest ID,...       the hardest step is one of them
	-clues RANGE          clue count: 17-20, 24, -22
	-symmetry NAME        the givens keep it: central, rotational, mirror-lr,
	                      mirror-tb, diagonal, antidiagonal, diagonals, full
	-order N              box size: 2 (4x4) to 8 (64x64)
	-variant KIND,...     every one of these variant kinds: x, windoku,
	                      jigsaw, killer, thermo ... (the rule kinds of
	                      "sudoku help solve"), classic for none
	-source FILE          the first puzzle came from FILE (as add named it)
	-tag TAG              tagged so by add -tag`,
	Setup: func(fs *flag.FlagSet) RunFunc { return runLibrary },
}

// runLibrary runs a library subcommand.
func runLibrary(ctx context.Context, env *Env, args []string) int {
	if len(args) == 0 {
		return usageError(env, "library", errors.New("want a subcommand: add, find, export or stats"))
	}
	sub, args := args[0], args[1:]
	var f libraryFlags
	fs := flag.NewFlagSet("library "+sub, flag.ContinueOnError)
	var msg bytes.Buffer // help to standard output, errors to standard error
	fs.SetOutput(&msg)
	fs.StringVar(&f.db, "db", "", "the library: a SQLite `file` (created if needed) or a postgres:// URL")
	var run func(context.Context, *Env, *libraryFlags, []string) int
	switch sub {
	case "add":
		f.filterFlags.register(fs, 0)
		fs.StringVar(&f.tags, "tag", "", "tag every puzzle added with these comma-separated `tags`")
		fs.DurationVar(&f.timeout, "timeout", 0, "stop rating one puzzle after `d` (0: no limit); it is then not added")
		run = runLibraryAdd
	case "find", "export", "stats":
		f.registerFilters(fs)
		if sub != "stats" {
			fs.Var(&f.out, "o", "output `format`: "+strings.Join(formatNames(), ", "))
			fs.IntVar(&f.limit, "limit", 0, "at most `N` puzzles (0: all)")
			fs.IntVar(&f.offset, "offset", 0, "skip the first `N` puzzles")
		}
		run = runLibraryFind
		if sub == "stats" {
			run = runLibraryStats
		}
		f.export = sub == "export"
	default:
		return usageError(env, "library", fmt.Errorf("unknown subcommand %q: want add, find, export or stats", oneLine(sub)))
	}
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "usage: sudoku library %s -db FILE_OR_URL [flags]%s\n\nFlags:\n", sub,
			map[bool]string{true: " [file ...]"}[sub == "add"])
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			env.Stdout.Write(msg.Bytes())
			return 0
		}
		env.Stderr.Write(msg.Bytes())
		return 2
	}
	if f.db == "" {
		return usageError(env, "library "+sub, errors.New("-db: no library given (a file or a postgres:// URL)"))
	}
	if sub != "add" && fs.NArg() > 0 {
		return usageError(env, "library "+sub, fmt.Errorf("unexpected argument %q", oneLine(fs.Arg(0))))
	}
	return run(ctx, env, &f, fs.Args())
}

// libraryFlags are the flags of the library subcommands.
type libraryFlags struct {
	filterFlags
	db      string
	tags    string        // add -tag
	timeout time.Duration // add -timeout

	er, ep, ed, clues  string // ranges
	levels, uses, hard string // lists
	symmetry, source   string
	tag, variant       string
	order              int
	out                formatFlag
	limit, offset      int
	export             bool
}

func (f *libraryFlags) registerFilters(fs *flag.FlagSet) {
	fs.StringVar(&f.er, "er", "", "ER `range`, like 6.0-7.0")
	fs.StringVar(&f.ep, "ep", "", "EP `range`")
	fs.StringVar(&f.ed, "ed", "", "ED `range`")
	fs.StringVar(&f.levels, "level", "", "any of these comma-separated `levels`")
	fs.StringVar(&f.uses, "technique", "", "the path uses every one of these comma-separated technique `IDs`")
	fs.StringVar(&f.hard, "hardest", "", "the hardest step is one of these comma-separated technique `IDs`")
	fs.StringVar(&f.clues, "clues", "", "clue count `range`, like 17-20")
	fs.StringVar(&f.symmetry, "symmetry", "", "the givens keep this `symmetry`")
	fs.IntVar(&f.order, "order", 0, "box size `N`: 2 (4x4) to 8 (64x64)")
	fs.StringVar(&f.variant, "variant", "", "every one of these comma-separated variant `kinds` (x, jigsaw, killer ...; classic for none)")
	fs.StringVar(&f.source, "source", "", "the first puzzle came from this `file`")
	fs.StringVar(&f.tag, "tag", "", "tagged with `tag`")
}

// query reads the filter flags.
func (f *libraryFlags) query() (library.Query, error) {
	values := map[string]string{
		"er": f.er, "ep": f.ep, "ed": f.ed, "clues": f.clues, "level": f.levels,
		"technique": f.uses, "hardest": f.hard, "symmetry": f.symmetry, "source": f.source, "tag": f.tag,
		"variant": f.variant,
	}
	if f.order != 0 {
		values["order"] = strconv.Itoa(f.order)
	}
	q, err := library.ParseQuery(func(key string) string { return values[key] })
	var errs []error
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		for _, e := range j.Unwrap() {
			var fe *library.FilterError
			switch {
			case !errors.As(e, &fe):
				errs = append(errs, e)
			case fe.Key == "technique" || fe.Key == "hardest":
				errs = append(errs, fmt.Errorf("-%v (see sudoku help rate for the IDs)", fe))
			default:
				errs = append(errs, fmt.Errorf("-%v", fe))
			}
		}
	}
	errs = append(errs, atLeast("-limit", f.limit, 0), atLeast("-offset", f.offset, 0))
	q.Limit, q.Offset = f.limit, f.offset
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

// openLibrary opens f.db, reporting a failure.
func openLibrary(ctx context.Context, env *Env, sub string, f *libraryFlags) *library.Library {
	open := library.OpenExisting // only add makes a library
	if sub == "add" {
		open = library.Open
	}
	l, err := open(ctx, f.db)
	if err != nil {
		fmt.Fprintf(env.Stderr, "sudoku library %s: %s\n", sub, oneLine(err.Error()))
		return nil
	}
	return l
}

// addResult is the work done on one record by library add.
type addResult struct {
	item  *library.Item
	key   [16]byte // the record's key (library.RecordKey); zero for standard input
	taken int      // records of that key the library had taken: if some, item is not prepared
	err   error
}

// addBatch is how many puzzles one transaction stores at most, and
// addWait the longest a batch waits before it is stored (variables so a
// test can cut every batch short).
var (
	addBatch = 1000
	addWait  = time.Second
)

// runLibraryAdd adds the puzzles of the files.
func runLibraryAdd(ctx context.Context, env *Env, f *libraryFlags, args []string) int {
	if err := errors.Join(f.validate(), atLeast("-timeout", f.timeout, 0)); err != nil {
		return usageError(env, "library add", err)
	}
	l := openLibrary(ctx, env, "add", f)
	if l == nil {
		return 1
	}
	defer l.Close()
	j := newJob(env, &f.filterFlags, 0)
	j.variants = true
	tags := splitList(f.tags)
	var (
		batch                                 = &library.Batch{Tags: tags}
		last                                  = time.Now()
		read, added, copies, known, bad, skip int
		ours                                  = map[int64]bool{} // the entries this run added
		// seen counts the records of each key read so far (by the key's
		// first 8 bytes), so that record N of a key is told apart.
		seen = map[uint64]int{}
	)
	store := func(ctx context.Context) error {
		if len(batch.Items) == 0 {
			return nil
		}
		if err := l.Store(ctx, batch); err != nil {
			return err
		}
		for _, it := range batch.Items {
			switch {
			case it.Taken:
				// Another run (earlier, or at the same time) took this
				// very record.
				skip++
			case it.Added:
				added++
				ours[it.ID] = true
			case it.Known() && !ours[it.ID]:
				known++
			default:
				// A copy of a puzzle this run added, whether
				// it came in the same batch or a later one.
				copies++
			}
		}
		batch = &library.Batch{Tags: tags}
		last = time.Now()
		return nil
	}
	prepare := func(ctx context.Context, rec *record) (*library.Item, error) {
		if f.timeout > 0 {
			var cancel context.CancelFunc
			ctx, cancel = context.WithTimeout(ctx, f.timeout)
			defer cancel()
		}
		it := &library.Item{Variant: rec.v, Source: library.Source{File: rec.file, Line: rec.line}}
		if rec.v != nil {
			it.Form = rec.vform.String()
		}
		if rec.p != nil {
			it.Grid, it.Source.Comment = rec.p.Grid, oneLine(rec.p.Comment)
		}
		err := l.Prepare(ctx, it, logic.Options{})
		if errors.Is(err, context.DeadlineExceeded) && ctx.Err() != nil {
			err = fmt.Errorf("stopped rating at -timeout %v", f.timeout)
		}
		return it, err
	}
	work := func(ctx context.Context, rec *record) addResult {
		if rec.err != nil {
			return addResult{err: rec.err}
		}
		var r addResult
		if rec.file != stdinName {
			// Resume by content: a record of a key the library has
			// taken is most likely one of those (emit decides).
			r.key = library.RecordKey(rec.file, recordText(rec))
			n, err := l.Taken(ctx, r.key)
			if err != nil {
				return addResult{err: err}
			}
			if r.taken = n; n > 0 {
				return r
			}
		}
		r.item, r.err = prepare(ctx, rec)
		return r
	}
	emit := func(rec *record, r addResult) error {
		read++
		if rec.err == nil && rec.file != stdinName {
			k8 := binary.LittleEndian.Uint64(r.key[:8])
			n := seen[k8]
			seen[k8]++
			if n < r.taken {
				skip++ // taken by an earlier run
				return nil
			}
			if r.item == nil && r.err == nil {
				// A further record of a key of which the library took
				// fewer: prepare it now.
				r.item, r.err = prepare(ctx, rec)
			}
			if r.item != nil {
				r.item.Record = &library.Record{Key: r.key, N: n}
			}
		}
		switch {
		case r.err != nil && ctx.Err() != nil:
			return ctx.Err() // interrupted: this record is not done
		case r.err != nil:
			bad++
			j.failed = true
			err := r.err
			if rec.err == nil {
				err = errors.New(strings.TrimPrefix(err.Error(), "logic: "))
			}
			j.rep.errorf("%s", message(rec, err))
		default:
			batch.Items = append(batch.Items, r.item)
		}
		if len(batch.Items) >= addBatch || time.Since(last) > addWait {
			return store(ctx)
		}
		return nil
	}
	code := filter(ctx, j, args, work, emit)
	// What was emitted is complete: store it even after an interrupt.
	if err := store(context.WithoutCancel(ctx)); err != nil {
		j.rep.errorf("sudoku library add: %v", err)
		code = 1
	}
	j.rep.errorf("sudoku library add: %d records: %d added, %d already in the library, %d duplicates of this run, %d failed, %d skipped (taken by an earlier run)",
		read, added, known, copies, bad, skip)
	return code
}

// recordText returns the content of a record that keys it for resuming:
// a classic puzzle's givens, marks and comment; a variant's rules JSON
// line and comment.
func recordText(rec *record) []byte {
	var b []byte
	if rec.v != nil {
		j, err := vtext.WriteJSON(rec.v)
		if err != nil {
			j = fmt.Appendf(nil, "%v", err)
		}
		b = append(append(b, "variant "...), j...)
		if rec.p != nil {
			b = append(append(b, '\n'), rec.p.Comment...)
		}
		return b
	}
	b = append(b, rec.p.Grid.String()...)
	b = append(b, '\n')
	b = append(b, format.Text(rec.p.Grid, format.Sukaku)...)
	b = append(b, '\n')
	return append(b, rec.p.Comment...)
}

// facts returns the comment find writes after a puzzle.
func facts(e *library.Entry) string {
	size := ""
	if side := e.Puzzle.Side(); side != 9 {
		size = fmt.Sprintf(" size=%dx%d", side, side)
	}
	where := fmt.Sprintf("symmetry=%s copies=%d source=%s:%d", e.Symmetry, e.Copies, e.Source.File, e.Source.Line)
	if !e.Rated {
		kinds := "none"
		if len(e.Kinds) > 0 {
			kinds = strings.Join(e.Kinds, ",")
		}
		key := ""
		if e.Exact {
			key = " key=exact-text"
		}
		return fmt.Sprintf("unrated variant=%s clues=%d%s %s%s", kinds, e.Clues, size, where, key)
	}
	uses := make([]string, len(e.Uses))
	for i, t := range e.Uses {
		uses[i] = t.ID()
	}
	variant := ""
	if len(e.Kinds) > 0 {
		variant = " variant=" + strings.Join(e.Kinds, ",")
	}
	return fmt.Sprintf("ED=%s/%s/%s %s hardest=%s%s clues=%d%s %s uses=%s",
		logic.FormatRating(e.ER), logic.FormatRating(e.EP), logic.FormatRating(e.ED), e.Level, e.Hardest.ID(), variant,
		e.Clues, size, where, strings.Join(uses, ","))
}

// entryError is an entry the output format cannot hold.
type entryError struct{ error }

// writeEntry writes e with comment: a classic puzzle in the output format
// (a variant form: as a variant without rules), a variant in a variant
// form: the one -o names, else with own the form it was read in, else a
// rules JSON line. An entry the format cannot hold is an error naming it,
// and nothing is written.
func writeEntry(out *output, of formatFlag, e *library.Entry, comment string, own bool) error {
	name := fmt.Sprintf("entry %d (%s:%d)", e.ID, e.Source.File, e.Source.Line)
	v := e.Variant
	if v == nil && of.vforced {
		v = asVariant(e.Puzzle)
	}
	if v == nil {
		err := out.grid(e.Puzzle, comment, format.Auto)
		if errors.Is(err, format.ErrCannotHold) {
			return entryError{fmt.Errorf("%s: %w", name, err)}
		}
		return err
	}
	form := vtext.FormRules
	if f, ok := vtext.LookupForm(e.Form); ok && own && f != vtext.FormDetect {
		form = f
	}
	if of.vforced {
		form = of.vform
	} else if of.Format != format.Auto {
		return entryError{fmt.Errorf("%s: -o %v cannot hold a %s puzzle: use -o %s", name, of.Format, strings.Join(e.Kinds, ","), strings.Join(variantFormNames(), ", "))}
	}
	b, err := vtext.Append(nil, v, form)
	if err != nil {
		return entryError{fmt.Errorf("%s: -o %v: %w", name, form, err)}
	}
	// The line forms keep the comment after the line.
	if comment != "" && bytes.Count(b, []byte("\n")) == 1 && form != vtext.FormJigsaw && form != vtext.FormKiller {
		b = append(append(append(b[:len(b)-1], ' '), oneLine(comment)...), '\n')
	}
	return out.raw(b)
}

// runLibraryFind writes the matching entries (find and export).
func runLibraryFind(ctx context.Context, env *Env, f *libraryFlags, _ []string) int {
	sub := "find"
	if f.export {
		sub = "export"
	}
	q, err := f.query()
	if err != nil {
		return usageError(env, "library "+sub, err)
	}
	l := openLibrary(ctx, env, sub, f)
	if l == nil {
		return 1
	}
	defer l.Close()
	out := newOutput(env, f.out.Format)
	code := 0
	err = l.Each(ctx, q, func(e *library.Entry) error {
		comment := facts(e)
		if f.export {
			comment = e.Source.Comment
		}
		err := writeEntry(out, f.out, e, comment, f.export)
		if errors.As(err, new(entryError)) {
			// This entry only: the others are written.
			fmt.Fprintf(env.Stderr, "sudoku library %s: %s\n", sub, oneLine(err.Error()))
			code = 1
			return nil
		}
		return err
	})
	if ferr := out.flush(); err == nil {
		err = ferr
	}
	if err != nil {
		fmt.Fprintf(env.Stderr, "sudoku library %s: %s\n", sub, oneLine(err.Error()))
		return 1
	}
	if n, err := l.Unrated(ctx, q); err != nil {
		fmt.Fprintf(env.Stderr, "sudoku library %s: %s\n", sub, oneLine(err.Error()))
		return 1
	} else if n > 0 {
		fmt.Fprintf(env.Stderr, "sudoku library %s: %d unrated entries (variants) left out by the rating and technique filters\n", sub, n)
	}
	return code
}

// runLibraryStats writes the counts of the matching entries.
func runLibraryStats(ctx context.Context, env *Env, f *libraryFlags, _ []string) int {
	q, err := f.query()
	if err != nil {
		return usageError(env, "library stats", err)
	}
	l := openLibrary(ctx, env, "stats", f)
	if l == nil {
		return 1
	}
	defer l.Close()
	st, err := l.Stats(ctx, q)
	if err != nil {
		fmt.Fprintf(env.Stderr, "sudoku library stats: %s\n", oneLine(err.Error()))
		return 1
	}
	writeStats(env.Stdout, st)
	return 0
}

// writeStats writes st as a table: totals, levels, techniques (by the
// entries whose hardest step they are, and that use them) and the ER
// histogram by whole points.
func writeStats(w io.Writer, st *library.Stats) {
	fmt.Fprintf(w, "entries %d (puzzles added %d, sources %d)\n", st.Entries, st.Copies, st.Sources)
	if len(st.Sides) > 1 || st.Sides[9] != st.Entries {
		fmt.Fprintf(w, "\nsize       entries\n")
		for _, side := range slices.Sorted(maps.Keys(st.Sides)) {
			fmt.Fprintf(w, "%-10s %7d\n", fmt.Sprintf("%dx%d", side, side), st.Sides[side])
		}
	}
	if len(st.Kinds) > 1 || st.Kinds[""] != st.Entries {
		fmt.Fprintf(w, "\nvariant    entries\n")
		for _, k := range slices.Sorted(maps.Keys(st.Kinds)) {
			name := k
			if k == "" {
				name = "classic"
			}
			fmt.Fprintf(w, "%-10s %7d\n", name, st.Kinds[k])
		}
		fmt.Fprintf(w, "unrated %d (variants: no human logic yet), keyed by exact text %d (variants canon has no form for: their disguises are other entries)\n", st.Unrated, st.Exact)
	}
	fmt.Fprintf(w, "\nlevel      entries\n")
	for lv := logic.Easy; lv <= logic.Extreme; lv++ {
		fmt.Fprintf(w, "%-10s %7d\n", lv, st.Levels[lv])
	}
	var ts []logic.Technique
	for _, t := range logic.Techniques() {
		if st.Uses[t] > 0 {
			ts = append(ts, t)
		}
	}
	slices.SortStableFunc(ts, func(a, b logic.Technique) int { return cmp.Compare(st.Uses[b], st.Uses[a]) })
	fmt.Fprintf(w, "\ntechnique                   hardest    uses\n")
	for _, t := range ts {
		fmt.Fprintf(w, "%-26s %8d %7d\n", t.ID(), st.Hardest[t], st.Uses[t])
	}
	var bins [21]int // ER 0.x to 20.x
	top := 0
	for er, n := range st.ER {
		b := min(er/10, len(bins)-1)
		bins[b] += n
		top = max(top, bins[b])
	}
	fmt.Fprintf(w, "\nER         entries\n")
	for b, n := range bins {
		if n == 0 {
			continue
		}
		bar := strings.Repeat("#", (n*40+top-1)/max(top, 1))
		fmt.Fprintf(w, "%4d.0-%d.9 %7d %s\n", b, b, n, bar)
	}
}
