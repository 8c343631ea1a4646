package main

import (
	"context"
	"flag"
	"fmt"
	"strconv"
)

var cmdCount = &Command{
	Name:      "count",
	UsageLine: "[flags] [file ...]",
	Short:     "count the solutions of puzzles, up to a limit",
	Long: `Count reads puzzles from the files (or standard input) and prints, one line
a puzzle in input order, how many solutions each has, counted up to -limit:
"0", "1", ... or "N+" when the search stopped at N solutions (the limit), so
with the default -limit 2, "2+" means more than one solution.

A puzzle with clashing givens prints "0"; one whose search hit -timeout or
-max-guesses prints the count found so far with "+". Both are also reported
on standard error as file:line: message, and make the exit status 1. A
record that cannot be read prints "# file:line: message" instead.`,
	Flags: func(fs *flag.FlagSet) func(ctx context.Context, env *Env, args []string) int {
		var ff filterFlags
		ff.register(fs, searchFlags|streamFlags)
		limit := fs.Int("limit", 2, "count solutions up to `N`")
		comment := fs.Bool("comment", false, "echo the text after each one-line puzzle after its count")
		return func(ctx context.Context, env *Env, args []string) int {
			if err := ff.validate(); err != nil {
				return usageError(env, "count", err)
			}
			if *limit < 1 {
				return usageError(env, "count", fmt.Errorf("-limit %d: want at least 1", *limit))
			}
			j := newJob(env, &ff, 0)
			work := func(ctx context.Context, rec *record) searchResult {
				return search(ctx, &ff, rec, *limit)
			}
			emit := func(rec *record, r searchResult) error {
				j.tally.add(r.out, r.res.Guesses, r.dur)
				if rec.err != nil {
					return j.fail(rec, rec.err)
				}
				if ctx.Err() != nil {
					return ctx.Err()
				}
				s := strconv.Itoa(r.res.Count)
				if r.res.Count >= *limit || r.out == stoppedOutcome {
					s += "+"
				}
				if *comment && rec.p.Comment != "" {
					s += " " + rec.p.Comment
				}
				if r.out == stoppedOutcome || r.out == invalidOutcome {
					j.failed = true
					j.rep.errorf("%s", message(rec, r.err))
				}
				return j.out.text(s)
			}
			return filter(ctx, j, args, work, emit)
		}
	},
}
