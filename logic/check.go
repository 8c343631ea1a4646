package logic

import (
	"context"
	"errors"
	"fmt"

	"github.com/gosudoku/sudoku"
)

// A search for steps needs a puzzle with exactly one solution: on a grid
// with none, a step may place a value no solution has; on a grid with
// many (an empty 16x16 grid), the chains look for a step that does not
// exist and run for as long as the context lets them. Next, Available,
// Path, Solve and Rate therefore count the solutions first (unless
// Options.AssumeUnique), with a bounded search, and refuse the grid with
// an error that says why.

// ErrNoSolution is wrapped by the error of a search for steps on a grid
// without a solution; errors.Is also matches it with ErrNotUnique. When
// the player's placed values or marks lost the solution of the givens,
// the error names them (a *sudoku.PlacedError or *sudoku.MarksError).
var ErrNoSolution error = &uniqueError{"logic: the puzzle has no solution"}

// ErrMultiple is wrapped by the error of a search for steps on a grid with
// more than one solution; errors.Is also matches it with ErrNotUnique.
var ErrMultiple error = &uniqueError{"logic: the puzzle has more than one solution"}

// uniqueError is a reason why a grid does not have exactly one solution.
type uniqueError struct{ msg string }

func (e *uniqueError) Error() string { return e.msg }

// Is makes every uniqueError an ErrNotUnique.
func (e *uniqueError) Is(target error) bool { return target == ErrNotUnique }

// DefaultMaxGuesses bounds the search that checks that a puzzle has one
// solution, when Options.MaxGuesses is 0.
const DefaultMaxGuesses = 1 << 20

// CheckUnique reports whether p, with its placed values and pencil marks,
// has exactly one solution: it returns nil if so, ErrMultiple if it has
// more, and an error wrapping ErrNoSolution if it has none, which names
// the first placed value the givens' solution refutes (a
// *sudoku.PlacedError) or, failing that, the first cell whose marks lost
// the solution's value (a *sudoku.MarksError), as in
//
//	logic: the puzzle has no solution: r2c3 lost its 9, which the solution needs
//
// The searches stop after maxGuesses guesses each (0 means
// DefaultMaxGuesses) with an error wrapping sudoku.ErrLimit, or when ctx
// ends with its error. Clashing values are a *sudoku.ConflictError.
func CheckUnique(ctx context.Context, p *sudoku.Grid, maxGuesses int64) error {
	if maxGuesses <= 0 {
		maxGuesses = DefaultMaxGuesses
	}
	opt := sudoku.Options{MaxGuesses: maxGuesses}
	res, err := sudoku.Count(ctx, p, 2, sudoku.Options{MaxGuesses: maxGuesses, CountOnly: true})
	if err != nil {
		return unsureError(err)
	}
	switch res.Count {
	case 1:
		return nil
	case 2:
		return ErrMultiple
	}
	if err := sudoku.CheckPlaced(ctx, p, opt); err != nil {
		if pe, ok := errors.AsType[*sudoku.PlacedError](err); ok {
			return fmt.Errorf("%w: %w", ErrNoSolution, pe)
		}
		return unsureError(err)
	}
	if err := sudoku.CheckMarks(ctx, p, opt); err != nil {
		if me, ok := errors.AsType[*sudoku.MarksError](err); ok {
			return fmt.Errorf("%w: %w", ErrNoSolution, me)
		}
		return unsureError(err)
	}
	return ErrNoSolution
}

// unsureError words a count that stopped at its guess limit.
func unsureError(err error) error {
	if errors.Is(err, sudoku.ErrLimit) {
		return fmt.Errorf("logic: could not check that the puzzle has one solution: %w", err)
	}
	return err
}
