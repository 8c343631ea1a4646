// Package sudoku is the domain of the toolkit: one grid type for every order
// from 2 (4x4) to 8 (64x64), reading and writing puzzle files, checking
// grids, and solving and counting solutions.
//
// A grid of order n has side n*n and n⁴ cells. Cell values are 0 for a blank
// and 1..side for a symbol. Symbols are written 1-9 and then A-Z, a-z, @, #
// and $ (so 16x16 uses 1-9A-G and 25x25 uses 1-9A-P); a blank is written '.'
// or '0'.
//
// Solving uses candidate bitsets, constraint propagation and
// fewest-candidates-first guessing. Every long call takes a
// context.Context and optional limits, so that no input can hang it.
package sudoku
