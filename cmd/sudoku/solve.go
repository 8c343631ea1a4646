package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
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
solution found without proving it unique.`,
	Flags: func(fs *flag.FlagSet) func(ctx context.Context, env *Env, args []string) int {
		var ff filterFlags
		ff.register(fs, searchFlags|streamFlags)
		var out formatFlag
		fs.Var(&out, "o", "output `format`: "+formatList+" (auto: the input's format)")
		first := fs.Bool("first", false, "print the first solution found; do not prove it unique")
		comment := fs.Bool("comment", false, "echo the text after each one-line puzzle after its solution")
		return func(ctx context.Context, env *Env, args []string) int {
			if err := ff.validate(); err != nil {
				return usageError(env, "solve", err)
			}
			limit := 2
			if *first {
				limit = 1
			}
			j := newJob(env, &ff, out.Format)
			work := func(ctx context.Context, rec *record) searchResult {
				return search(ctx, &ff, rec, limit)
			}
			emit := func(rec *record, r searchResult) error {
				j.tally.add(r.out, r.res.Guesses, r.dur)
				switch r.out {
				case solvedOutcome:
					c := ""
					if *comment {
						c = rec.p.Comment
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
	},
}

// usageError reports a bad flag value and returns the usage exit status.
func usageError(env *Env, cmd string, err error) int {
	fmt.Fprintf(env.Stderr, "sudoku %s: %v\nRun 'sudoku %s -h' for usage.\n", cmd, err, cmd)
	return 2
}
