// Package sudoku is the domain of the toolkit: one grid type for every order
// from 2 (4x4) to 8 (64x64), checking grids, and solving and counting
// solutions.
//
// A grid of order n has side n*n and n⁴ cells. Cell values are 0 for a blank
// and 1..side for a symbol. Symbols are written 1-9 and then A-Z, a-z, @, #
// and $ (so 16x16 uses 1-9A-G and 25x25 uses 1-9A-P); a blank is written '.'
// or '0'.
//
// A filled cell holds a given or a value placed by a player (Grid.Given,
// Grid.Placed); a blank cell may carry candidates (Grid.Marks).
//
// Parse reads a puzzle written on one line; package format reads and
// writes puzzle files in every common format, and its documentation is
// their specification.
//
// Check and CheckSolved judge grids by the rules (never by sums) and name
// the cells at fault.
//
// Solving uses candidate bitsets, constraint propagation and
// fewest-candidates-first guessing; a specialised engine solves 9x9 and a
// general one every other order, behind the same Solve and Count. Count
// tells no solution, a unique one and several apart. Every long call takes a
// context.Context and optional limits, so that no input can hang it.
package sudoku
