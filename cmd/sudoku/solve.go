package main

import (
	"context"
	"errors"
	"flag"

	"github.com/gosudoku/sudoku/format"
)

var cmdSolve = &Command{
	Name:      "solve",
	UsageLine: "[flags] [file ...]",
	Short:     "solve puzzles",
	Long: `Solve reads puzzles from the files (or standard input, also named -) and
prints each solution, in input order, in the input's format (-o forces one).

By default it proves each solution unique: a puzzle with no solution, with
more than one, with clashing givens or that cannot be read is reported on
standard error as file:line: message, and in its place standard output gets
the comment line "# file:line: message" (readers skip comment lines, so
output record k still belongs to input record k). -first prints the first
solution found without proving it unique.

Variant puzzles (killer, jigsaw, X, thermometers ... in f-puzzles JSON or
links, the rules JSON line, or the killer and jigsaw text forms; detected,
or named by -f) are solved by their rules; their solution is written as one
line of values, or with -o fpuzzles, link, rules, jigsaw or killer as the
puzzle with every cell given.`,
	Setup: setup((*solveFlags).register, runSolve),
}

// solveFlags are solve's flags.
type solveFlags struct {
	filterFlags
	out     formatFlag // -o
	first   bool       // -first: no uniqueness proof
	comment bool       // -comment: echo each puzzle's comment
}

func (f *solveFlags) register(fs *flag.FlagSet) {
	f.filterFlags.register(fs, searchFlags|streamFlags)
	fs.Var(&f.out, "o", "output `format`: "+formatList+" (auto: the input's format)")
	fs.BoolVar(&f.first, "first", false, "print the first solution found; do not prove it unique")
	fs.BoolVar(&f.comment, "comment", false, "echo the text after each one-line puzzle after its solution")
}

// runSolve prints the solution of each puzzle, or a failure marker.
func runSolve(ctx context.Context, env *Env, f *solveFlags, args []string) int {
	if err := f.validate(); err != nil {
		return usageError(env, "solve", err)
	}
	limit := 2
	if f.first {
		limit = 1
	}
	j := newJob(env, &f.filterFlags, f.out.Format)
	j.variants = true
	work := func(ctx context.Context, rec *record) searchResult {
		return search(ctx, &f.filterFlags, rec, limit)
	}
	emit := func(rec *record, r searchResult) error {
		j.tally.add(r.out, r.res.Guesses, r.dur)
		switch r.out {
		case solvedOutcome:
			if rec.v != nil {
				return j.writeVariant(rec, f.out, r.vsol, true)
			}
			if f.out.vforced {
				return j.writeVariant(&record{file: rec.file, line: rec.line, v: asVariant(rec.p.Grid)}, f.out, r.res.Solution.Values(), true)
			}
			c := ""
			if f.comment {
				c = rec.p.Comment
			}
			if j.out.outFormat(rec.p.Format) == format.CSV {
				// A row holds the puzzle and its solution.
				return j.out.puzzle(&format.Puzzle{Grid: rec.p.Grid, Solution: r.res.Solution, Comment: c}, rec.p.Format)
			}
			return j.out.grid(r.res.Solution, c, rec.p.Format)
		case severalOutcome:
			return j.fail(rec, errors.New("more than one solution"))
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		return j.fail(rec, r.err)
	}
	return filter(ctx, j, args, work, emit)
}
