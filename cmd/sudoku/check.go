package main

import (
	"context"
	"errors"
	"flag"
	"fmt"

	"github.com/gosudoku/sudoku"
	"github.com/gosudoku/sudoku/format"
)

var cmdCheck = &Command{
	Name:      "check",
	UsageLine: "[flags] [file ...]",
	Short:     "check grids: completed grids by the rules, puzzles for clashing givens",
	Long: `Check reads grids from the files (or standard input) and prints, one line a
grid in input order, "ok" or "# file:line: message" naming what is wrong
(the message also goes to standard error). A completed grid is valid only if
every row, column and box holds each symbol exactly once; a grid with blanks
is checked for clashing givens only, unless -complete is set; a grid with
values placed by a player (not givens) also for placed values that its
givens' solution does not have ("r4c7 = 3 was placed, the solution has 5"),
a grid with candidates (pencil marks) for marks that leave out its
solution, and a puzzle given with its solution (a CSV's solution column,
JSON's "solution") for a solution that is not one: not complete, clashing,
changing a given, or another than the puzzle's only one.

-yesno is the validator mode of seed 003: each input is a count line and
then that many grids of whitespace-separated numbers, and the output is
exactly one YES or NO a grid. A grid is YES only if it is complete and valid;
any other value (0, 10, a letter, a missing number) makes it NO. Reasons go
to standard error. The exit status is 1 if any grid is NO.

A variant puzzle (see "sudoku help solve") is checked by its rules, and a
broken one is named in words: "cage r1c1-r2c1 (sum 10) holds 3+8 = 11".`,
	Setup: setup((*checkFlags).register, runCheck),
}

// checkFlags are check's flags.
type checkFlags struct {
	filterFlags
	complete bool // -complete: every cell filled
	yesno    bool // -yesno: validator mode
}

func (f *checkFlags) register(fs *flag.FlagSet) {
	f.filterFlags.register(fs, streamFlags)
	fs.BoolVar(&f.complete, "complete", false, "require every cell to be filled")
	fs.BoolVar(&f.yesno, "yesno", false, "validator mode: a count line, then that many grids; print YES or NO a grid")
}

// runCheck prints "ok" or a failure marker for each grid.
func runCheck(ctx context.Context, env *Env, f *checkFlags, args []string) int {
	if err := f.validate(); err != nil {
		return usageError(env, "check", err)
	}
	if f.yesno {
		if f.inFormat.Format != format.Auto && f.inFormat.Format != format.Counted {
			return usageError(env, "check", fmt.Errorf("-f %v with -yesno: the validator reads counted grids only", f.inFormat.Format))
		}
		if f.complete {
			return usageError(env, "check", errors.New("-complete with -yesno: the validator wants complete grids anyway"))
		}
		return validate(ctx, env, &f.filterFlags, args)
	}
	j := newJob(env, &f.filterFlags, 0)
	j.tally.checks = true
	j.variants = true
	work := func(ctx context.Context, rec *record) error {
		if rec.err != nil {
			return rec.err
		}
		if rec.v != nil {
			return checkVariant(rec, f.complete)
		}
		g := rec.p.Grid
		if f.complete || g.Givens() == g.NumCells() {
			return g.CheckSolved()
		}
		if err := g.Check(); err != nil {
			return err
		}
		if err := sudoku.CheckPlaced(ctx, g, sudoku.Options{}); err != nil {
			return err
		}
		if err := sudoku.CheckMarks(ctx, g, sudoku.Options{}); err != nil {
			return err
		}
		return checkSolution(ctx, g, rec.p.Solution)
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

// checkSolution reports whether sol, a solution given with puzzle g (a
// CSV's solution column, JSON's "solution"), is one: a complete grid
// without clashes that keeps g's givens and, if g has one solution, is it.
func checkSolution(ctx context.Context, g, sol *sudoku.Grid) error {
	if sol == nil {
		return nil
	}
	if err := sol.CheckSolved(); err != nil {
		return fmt.Errorf("solution: %w", err)
	}
	side := g.Side()
	for i := range g.NumCells() {
		if v := g.Cell(i); v != 0 && sol.Cell(i) != v {
			return fmt.Errorf("solution: %s holds %c, the puzzle %c", sudoku.CellName(i, side), sudoku.SymbolByte(sol.Cell(i)), sudoku.SymbolByte(v))
		}
	}
	res, err := sudoku.Count(ctx, g.GivensOnly(), 2, sudoku.Options{})
	if err != nil || res.Count != 1 {
		return err
	}
	for i := range g.NumCells() {
		if want := res.Solution.Cell(i); sol.Cell(i) != want {
			return fmt.Errorf("solution: %s holds %c, the puzzle's one solution %c", sudoku.CellName(i, side), sudoku.SymbolByte(sol.Cell(i)), sudoku.SymbolByte(want))
		}
	}
	return nil
}
