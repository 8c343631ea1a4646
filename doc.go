// Package sudoku is the domain of the toolkit: one grid type for every order
// from 2 (4x4) to 8 (64x64), reading and writing puzzle files, checking
// grids, and solving and counting solutions.
//
// A grid of order n has side n*n and n⁴ cells. Cell values are 0 for a blank
// and 1..side for a symbol. Symbols are written 1-9 and then A-Z, a-z, @, #
// and $ (so 16x16 uses 1-9A-G and 25x25 uses 1-9A-P); a blank is written '.'
// or '0'.
//
// A filled cell holds a given or a value placed by a player (Grid.Given,
// Grid.Placed); a blank cell may carry candidates (Grid.Marks). Formats
// that know them keep both: a player's game read from HoDoKu, Simple
// Sudoku or sudokuwiki.org is written back as it was.
//
// Puzzle files are read by Reader and written by Writer in every format
// listed under Format; the Reader's documentation is the format
// specification, with the rules for detecting a format and for error
// recovery.
//
// Three formats hold a game in progress, with the player's values and
// candidates (see Grid.Placed and Grid.Marks):
//
//	opensudoku  <opensudoku version="2"><folder name="Easy"><game data="version: 1&#10;7|-|1|5|-|0|..."/>  (OpenSudoku, Android)
//	sadman      #A author / [Puzzle] / 6.......7 ... / [State] / ... / [PencilMarks] / ,29,29,145,...     (SadMan Sudoku .sdk)
//	sdx         2 679 6789 1 46789 5 469 9 3  (one row of 9, "u5" a value the player placed)  (SudoCue .sdx)
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
