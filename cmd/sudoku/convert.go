package main

import (
	"context"
	"errors"
	"flag"

	"github.com/gosudoku/sudoku"
	"github.com/gosudoku/sudoku/format"
)

var cmdConvert = &Command{
	Name:      "convert",
	UsageLine: "-o format [flags] [file ...]",
	Short:     "convert puzzles between formats without solving them",
	Long: `Convert reads puzzles from the files (or standard input, also named -) and
writes each, in input order, in the format -o names (line if none): givens,
candidates (pencil marks) where both formats hold them, and the comment where
the output format has room for one. Nothing is solved or checked.

A format without candidates (line, pretty, ...) drops the marks of a
pencil-mark grid; for sukaku, pencil and ssmarks, a grid read without marks gets the
candidates its givens leave (no value of a cell's row, column or box), as
HoDoKu and Sudoku Explainer show them. A record that cannot be read is reported on
standard error as file:line: message, and in its place standard output gets
the comment line "# file:line: message".

Variant puzzles convert between fpuzzles, link, rules, jigsaw and killer,
keeping every rule; a classic format that cannot hold a puzzle's rules or
regions is an error, never a silent loss. A classic puzzle converts to the
variant forms too.`,
	Setup: setup((*convertFlags).register, runConvert),
}

// convertFlags are convert's flags.
type convertFlags struct {
	filterFlags
	out formatFlag // -o
}

func (f *convertFlags) register(fs *flag.FlagSet) {
	f.filterFlags.register(fs, streamFlags)
	f.out.Format = format.Line
	fs.Var(&f.out, "o", "output `format`: "+formatList+" (auto: the input's format)")
}

// runConvert writes each puzzle in the output format, or a failure marker.
func runConvert(ctx context.Context, env *Env, f *convertFlags, args []string) int {
	if err := f.validate(); err != nil {
		return usageError(env, "convert", err)
	}
	if f.out.Format == format.Counted {
		return usageError(env, "convert", errors.New("-o counted: a counted block is read only"))
	}
	j := newJob(env, &f.filterFlags, f.out.Format)
	j.variants = true
	work := func(_ context.Context, rec *record) error { return rec.err }
	emit := func(rec *record, err error) error {
		if err != nil {
			j.tally.add(invalidOutcome, 0, 0)
			return j.fail(rec, err)
		}
		if rec.v != nil {
			j.tally.add(solvedOutcome, 0, 0)
			return j.writeVariant(rec, f.out, rec.v.Givens, false)
		}
		if f.out.vforced {
			j.tally.add(solvedOutcome, 0, 0)
			return j.writeVariant(&record{file: rec.file, line: rec.line, v: asVariant(rec.p.Grid)}, f.out, rec.p.Grid.Values(), false)
		}
		g := rec.p.Grid
		if out := j.out.outFormat(rec.p.Format); (out == format.Sukaku || out == format.Pencil || out == format.SSMarks) && !g.HasMarks() {
			g = givenMarks(g, out != format.SSMarks)
		}
		err = j.out.puzzle(&format.Puzzle{Grid: g, Solution: rec.p.Solution, Comment: rec.p.Comment}, rec.p.Format)
		if errors.Is(err, format.ErrCannotHold) {
			// The output format cannot hold this record: it fails alone.
			j.tally.add(invalidOutcome, 0, 0)
			return j.fail(rec, err)
		}
		j.tally.add(solvedOutcome, 0, 0)
		return err
	}
	return filter(ctx, j, args, work, emit)
}

// givenMarks returns g with the candidates its givens leave: every value
// that no cell of a blank cell's row, column or box holds. With noSingle
// (for a format that reads a cell of one candidate as a value), a cell
// where they leave one keeps every candidate, so that it does not read
// back as a given.
func givenMarks(g *sudoku.Grid, noSingle bool) *sudoku.Grid {
	h := g.Clone()
	side, n := g.Side(), g.Order()
	var rows, cols, boxes [64]uint64
	for i := range g.NumCells() {
		if v := g.Cell(i); v != 0 {
			r, c := i/side, i%side
			rows[r] |= 1 << (v - 1)
			cols[c] |= 1 << (v - 1)
			boxes[r/n*n+c/n] |= 1 << (v - 1)
		}
	}
	for i := range g.NumCells() {
		if g.Cell(i) == 0 {
			r, c := i/side, i%side
			m := g.Marks(i) &^ (rows[r] | cols[c] | boxes[r/n*n+c/n])
			if noSingle && m != 0 && m&(m-1) == 0 {
				m = g.Marks(i)
			}
			h.SetMarks(i, m)
		}
	}
	return h
}
