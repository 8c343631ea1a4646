package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"strconv"
	"strings"
	"sync"

	"github.com/gosudoku/sudoku/canon"
	"github.com/gosudoku/sudoku/internal/vtext"
	"github.com/gosudoku/sudoku/variant"
)

var cmdCanon = &Command{
	Name:      "canon",
	UsageLine: "[flags] [file ...]",
	Short:     "the canonical form (minlex up to 9x9) of each puzzle or grid, to find equivalent puzzles",
	Long: `Canon reads puzzles or solution grids from the files (or standard input)
and prints, one line a puzzle in input order, its canonical form: two
puzzles are equivalent (one becomes the other by a transposition, band, row,
stack and column permutations and a relabelling of the digits) exactly when
their forms are the same. 4x4 and 9x9 puzzles get the minlex form: the
smallest row-major string (blanks 0, written '.') over every such
transformation.

16x16 and larger get the refined form instead, also a true canonical form
(equivalent puzzles exactly share it) but not the minlex one: each row and
column gets a class from invariants of the grid around it (its givens per
stack; for every other line, how many values their parts in each pair of
stacks share; refined by the other lines' classes), the lines go in the
smallest order of classes (bands by their sorted classes, lines by class
inside), and among the orders left the smallest string is the form. A
complete 16x16 grid takes some 1.6 million instructions (a millisecond or
less), a 25x25 one 5 million. -minlex gives the exact minlex form there
too, which fails on grids whose rows tie in too many ways (complete 16x16
grids). A grid so symmetric that its lines keep tying (a pattern grid)
gets its refined form from an individualization-refinement search
instead, as nauty does on graphs: some 14 million instructions for a
16x16 pattern grid, 33 million for a 25x25 one.

Variant puzzles (X, windoku, anti-king, anti-knight, non-consecutive,
disjoint groups, jigsaw, read from f-puzzles JSON, links, the rules JSON
line or the jigsaw text form, or classic lines with -variant) get the form
under the symmetries that keep their rules, written as a rules JSON line:
for X, windoku and disjoint groups the transformations of the classic group
that keep the diagonals, windows or groups; with anti-king, anti-knight or
non-consecutive, and for a jigsaw, the 8 symmetries of the square that keep
the rules (a jigsaw's layout mapped and compared first). Non-consecutive
keeps the digits or reverses them (v to 10-v on 9x9) instead of relabelling
them. Other rules (cages, thermometers, kropki ...) fail.

-pattern prints the pattern-first form instead (the smallest pattern of
givens first, then the smallest digits: the form of dobrichev's
sudoku-minlexing-tool); on complete grids it is the minlex form.
-auto adds the number of automorphisms (the transformations that map the
puzzle to itself; 1 for most puzzles) and -map the transformation that maps
the puzzle to its form: "T" if it transposes first ("-" if not), the source
row of each row of the result (1-based, after the transposition), the
source column of each column, and the new label of each digit 1-9.

-dedup prints only the first puzzle of each equivalence class (its form) and
reports each later one on standard error ("b.txt:7: same as a.txt:3"), with
a summary per file of the puzzles that an earlier file already holds.

Grids that repeat a digit in a row or column fail, named by file and line;
-pattern is for 9x9 classic puzzles only.`,
	Setup: setup((*canonFlags).register, runCanon),
}

// canonFlags are canon's flags.
type canonFlags struct {
	filterFlags
	pattern bool   // -pattern: the pattern-first form
	minlex  bool   // -minlex: the minlex form past 9x9
	auto    bool   // -auto: the automorphism count
	showMap bool   // -map: the transformation
	dedup   bool   // -dedup: the first of each class only
	variant string // -variant: the rules classic lines are read with
}

func (f *canonFlags) register(fs *flag.FlagSet) {
	f.filterFlags.register(fs, streamFlags)
	fs.BoolVar(&f.pattern, "pattern", false, "print the pattern-first form (dobrichev's) instead of the minlex form")
	fs.BoolVar(&f.minlex, "minlex", false, "past 9x9, print the exact minlex form instead of the refined form (fails on complete grids)")
	fs.BoolVar(&f.auto, "auto", false, "add the number of automorphisms")
	fs.BoolVar(&f.showMap, "map", false, "add the transformation that maps the puzzle to its form")
	fs.BoolVar(&f.dedup, "dedup", false, "print only the first puzzle of each equivalence class; report the others on standard error")
	fs.StringVar(&f.variant, "variant", "", "read classic puzzles as the variant `families` joined by commas: x, windoku, antiking, antiknight, nonconsecutive, disjoint")
}

// variantRules returns the rules that -variant names.
func variantRules(names string) ([]variant.Rule, error) {
	var rules []variant.Rule
	for _, name := range strings.Split(names, ",") {
		switch strings.ToLower(strings.TrimSpace(name)) {
		case "", "classic":
		case "x":
			rules = append(rules, variant.Diagonal{}, variant.Diagonal{Positive: true})
		case "windoku":
			rules = append(rules, variant.Windoku{})
		case "antiking":
			rules = append(rules, variant.AntiKing{})
		case "antiknight":
			rules = append(rules, variant.AntiKnight{})
		case "disjoint":
			rules = append(rules, variant.Disjoint{})
		case "nonconsecutive":
			rules = append(rules, variant.NonConsecutive{})
		default:
			return nil, fmt.Errorf("-variant: unknown or unsupported variant %q (known: x, windoku, antiking, antiknight, nonconsecutive, disjoint; jigsaws come with their layout)", name)
		}
	}
	return rules, nil
}

// runCanon prints the canonical form of each puzzle.
func runCanon(ctx context.Context, env *Env, f *canonFlags, args []string) int {
	if err := f.validate(); err != nil {
		return usageError(env, "canon", err)
	}
	rules, err := variantRules(f.variant)
	if err != nil {
		return usageError(env, "canon", err)
	}
	kind := canon.Minlex
	if f.pattern {
		kind = canon.PatternFirst
	}
	j := newJob(env, &f.filterFlags, 0)
	j.variants = true
	j.tally.checks = true
	pool := sync.Pool{New: func() any { return new(canon.Canonicalizer) }}
	type result = canonResult
	work := func(ctx context.Context, rec *record) result {
		if rec.err != nil {
			return result{err: rec.err}
		}
		if rec.v == nil && len(rules) > 0 {
			rec.v = asVariant(rec.p.Grid)
			rec.v.Rules = rules
		}
		switch {
		case rec.v != nil && f.pattern:
			return result{err: errors.New("-pattern: only for classic 9x9 puzzles, not variants")}
		case rec.v != nil:
			return canonVariant(ctx, f, rec.v)
		case rec.p.Grid.Order() != 3 && f.pattern:
			return result{err: fmt.Errorf("-pattern: only for 9x9 puzzles, not %dx%d", rec.p.Grid.Side(), rec.p.Grid.Side())}
		case rec.p.Grid.Order() != 3:
			general := canon.General
			if rec.p.Grid.Order() > 3 && !f.minlex {
				general = canon.Refined
			}
			form, err := general(ctx, rec.p.Grid)
			if err != nil {
				return result{err: err}
			}
			return f.line([]byte(form.Grid.String()), form.Automorphisms.String(), form.Map)
		}
		c := pool.Get().(*canon.Canonicalizer)
		defer pool.Put(c)
		form, err := c.Canon(rec.p.Grid, kind)
		return result{form: form, err: err}
	}
	d := newDeduper()
	var buf []byte // the line being written
	emit := func(rec *record, r result) error {
		if r.err != nil {
			j.tally.add(invalidOutcome, 0, 0)
			return j.fail(rec, r.err)
		}
		j.tally.add(solvedOutcome, 0, 0)
		if r.text != nil {
			if f.dedup {
				if first, ok := d.add(string(r.text[:r.formLen]), rec); !ok {
					j.rep.errorf("%s: same as %s", rec.place(), first)
					return nil
				}
			}
			return j.out.text(string(r.text))
		}
		b := r.form.AppendText(buf[:0])
		if f.dedup {
			if first, ok := d.add(string(b), rec); !ok {
				j.rep.errorf("%s: same as %s", rec.place(), first)
				return nil
			}
		}
		if f.auto {
			b = append(b, ' ')
			b = strconv.AppendInt(b, int64(r.form.Automorphisms), 10)
		}
		if f.showMap {
			b = append(b, ' ')
			b = append(b, r.form.Map.String()...)
		}
		buf = append(b, '\n')
		return j.out.raw(buf)
	}
	code := filter(ctx, j, args, work, emit)
	if f.dedup {
		d.summary(j)
	}
	return code
}

// canonResult is the form of one record: a 9x9 classic Form, or the line
// to print (its first formLen bytes the form itself), or an error.
type canonResult struct {
	form    canon.Form
	text    []byte
	formLen int
	err     error
}

// line returns the result that prints form with the automorphism count
// and the map as the flags ask.
func (f *canonFlags) line(form []byte, autos string, m canon.Mapping) canonResult {
	r := canonResult{formLen: len(form)}
	b := form
	if f.auto {
		b = append(append(b, ' '), autos...)
	}
	if f.showMap {
		b = append(append(b, ' '), m.String()...)
	}
	r.text = b
	return r
}

// canonVariant returns the form of a variant puzzle, as a rules JSON line.
func canonVariant(ctx context.Context, f *canonFlags, p *variant.Puzzle) canonResult {
	form, err := canon.Variant(ctx, p)
	if err != nil {
		return canonResult{err: err}
	}
	b, err := vtext.Append(nil, form.Puzzle, vtext.FormRules)
	if err != nil {
		return canonResult{err: err}
	}
	return f.line(bytes.TrimRight(b, "\n"), strconv.Itoa(form.Automorphisms), form.Map)
}

// deduper remembers the first place of each form, and counts per file the
// puzzles seen before in the same file or in an earlier one.
type deduper struct {
	first map[string]string // form -> "file:line"
	files []string          // in the order read
	stats map[string]*dedupStats
}

type dedupStats struct {
	n, same int            // puzzles, and those seen before
	in      map[string]int // the files (maybe itself) that held them first
}

func newDeduper() *deduper {
	return &deduper{first: map[string]string{}, stats: map[string]*dedupStats{}}
}

// add records form at rec's place and reports whether it is new; if not,
// it returns the place where it was first seen.
func (d *deduper) add(form string, rec *record) (string, bool) {
	st := d.stats[rec.file]
	if st == nil {
		st = &dedupStats{in: map[string]int{}}
		d.stats[rec.file] = st
		d.files = append(d.files, rec.file)
	}
	st.n++
	if first, ok := d.first[form]; ok {
		st.same++
		st.in[first[:strings.LastIndexByte(first, ':')]]++
		return first, false
	}
	d.first[form] = rec.place()
	return "", true
}

// summary writes, for each file, how many of its puzzles were equivalent
// to earlier ones and where those were, and the number of classes.
func (d *deduper) summary(j *job) {
	for _, file := range d.files {
		st := d.stats[file]
		var where []string
		for _, other := range d.files {
			if n := st.in[other]; n > 0 {
				where = append(where, fmt.Sprintf("%d in %s", n, other))
			}
		}
		msg := fmt.Sprintf("%s: %d puzzles, %d equivalent to earlier ones", file, st.n, st.same)
		if len(where) > 0 {
			msg += " (" + strings.Join(where, ", ") + ")"
		}
		j.rep.errorf("%s", msg)
	}
	j.rep.errorf("%d distinct puzzles", len(d.first))
}
