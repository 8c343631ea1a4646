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
puzzle with every cell given.

-candidates (for setters) prints instead the true candidates of each
puzzle: every value some solution puts in each cell, as a grid with a
blank line after it. It is exact and does not list the solutions: a
unique puzzle costs one count, and each other value is tried as a given.`,
	Setup: setup((*solveFlags).register, runSolve),
}

// solveFlags are solve's flags.
type solveFlags struct {
	filterFlags
	out     formatFlag // -o
	first   bool       // -first: no uniqueness proof
	comment bool       // -comment: echo each puzzle's comment
	cands   bool       // -candidates: print the true candidates
}

func (f *solveFlags) register(fs *flag.FlagSet) {
	f.filterFlags.register(fs, searchFlags|streamFlags)
	fs.Var(&f.out, "o", "output `format`: "+formatList+" (auto: the input's format)")
	fs.BoolVar(&f.first, "first", false, "print the first solution found; do not prove it unique")
	fs.BoolVar(&f.comment, "comment", false, "echo the text after each one-line puzzle after its solution")
	fs.BoolVar(&f.cands, "candidates", false, "print the true candidates of each puzzle (every value some solution puts in each cell)")
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
	if f.cands {
		if f.first || f.out.Format != format.Auto || f.out.vforced {
			return usageError(env, "solve", errors.New("-candidates prints a grid of candidates: leave out -first and -o"))
		}
		return runCandidates(ctx, j, f, args)
	}
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
