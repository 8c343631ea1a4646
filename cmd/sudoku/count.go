package main

import (
	"context"
	"errors"
	"flag"
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
record that cannot be read prints "# file:line: message" instead.
Variant puzzles (see "sudoku help solve") are counted by their rules.

-why (for setters) counts to 2 and says why after the count, in comment
lines: for several solutions, two of them and the cells where they
differ; for none, a set of givens and rules that contradict, each one
needed (without any one of them the rest has a solution).`,
	Setup: setup((*countFlags).register, runCount),
}

// countFlags are count's flags.
type countFlags struct {
	filterFlags
	limit   int  // -limit: count up to
	comment bool // -comment: echo each puzzle's comment
	why     bool // -why: say why a puzzle has no solution or several
}

func (f *countFlags) register(fs *flag.FlagSet) {
	f.filterFlags.register(fs, searchFlags|streamFlags)
	fs.IntVar(&f.limit, "limit", 2, "count solutions up to `N`")
	fs.BoolVar(&f.comment, "comment", false, "echo the text after each one-line puzzle after its count")
	fs.BoolVar(&f.why, "why", false, "count to 2 and say why: two solutions and where they differ, or the givens and rules that contradict")
}

// runCount prints the number of solutions of each puzzle, up to -limit.
func runCount(ctx context.Context, env *Env, f *countFlags, args []string) int {
	if err := f.validate(); err != nil {
		return usageError(env, "count", err)
	}
	if err := inRange("-limit", f.limit, 1, maxLimit); err != nil {
		return usageError(env, "count", err)
	}
	j := newJob(env, &f.filterFlags, 0)
	j.variants = true
	if f.why {
		if f.limit != 2 {
			return usageError(env, "count", errors.New("-why counts to 2: leave out -limit"))
		}
		return runWhy(ctx, j, f, args)
	}
	work := func(ctx context.Context, rec *record) searchResult {
		return search(ctx, &f.filterFlags, rec, f.limit)
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
		if r.res.Count >= f.limit || r.out == stoppedOutcome {
			s += "+"
		}
		if f.comment && rec.p != nil && rec.p.Comment != "" {
			s += " " + oneLine(rec.p.Comment)
		}
		if r.out == stoppedOutcome || r.out == invalidOutcome {
			j.failed = true
			j.rep.errorf("%s", message(rec, r.err))
		}
		return j.out.text(s)
	}
	return filter(ctx, j, args, work, emit)
}
