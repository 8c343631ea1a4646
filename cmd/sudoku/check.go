package main

import (
	"context"
	"flag"
)

var cmdCheck = &Command{
	Name:      "check",
	UsageLine: "[flags] [file ...]",
	Short:     "check grids: completed grids by the rules, puzzles for clashing givens",
	Long: `Check reads grids from the files (or standard input) and prints, one line a
grid in input order, "ok" or "# file:line: message" naming what is wrong
(the message also goes to standard error). A completed grid is valid only if
every row, column and box holds each symbol exactly once; a grid with blanks
is checked for clashing givens only, unless -complete is set.

-yesno is the validator mode of seed 003: each input is a count line and
then that many grids of whitespace-separated numbers, and the output is
exactly one YES or NO a grid. A grid is YES only if it is complete and valid;
any other value (0, 10, a letter, a missing number) makes it NO. Reasons go
to standard error. The exit status is 1 if any grid is NO.`,
	Flags: func(fs *flag.FlagSet) func(ctx context.Context, env *Env, args []string) int {
		var ff filterFlags
		ff.register(fs, streamFlags)
		complete := fs.Bool("complete", false, "require every cell to be filled")
		yesno := fs.Bool("yesno", false, "validator mode: a count line, then that many grids; print YES or NO a grid")
		return func(ctx context.Context, env *Env, args []string) int {
			if err := ff.validate(); err != nil {
				return usageError(env, "check", err)
			}
			if *yesno {
				return validate(ctx, env, args)
			}
			j := newJob(env, &ff, 0)
			j.tally.checks = true
			work := func(_ context.Context, rec *record) error {
				if rec.err != nil {
					return rec.err
				}
				g := rec.p.Grid
				if *complete || g.Givens() == g.NumCells() {
					return g.CheckSolved()
				}
				return g.Check()
			}
			emit := func(rec *record, err error) error {
				if err != nil {
					j.tally.add(invalidOutcome, 0, 0)
					return j.fail(rec, err)
				}
				j.tally.add(solvedOutcome, 0, 0)
				return j.out.text("ok")
			}
			return filter(ctx, j, args, work, emit)
		}
	},
}
