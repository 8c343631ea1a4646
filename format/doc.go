// Package format reads and writes Sudoku puzzle files, in the manner of
// encoding/csv: NewReader(r) then Read per record, with a
// *sudoku.ParseError naming the file, line and column of bad input, and
// NewWriter(w, f) then Write per grid.
//
// Every format is listed under Format, with its specification; the
// Reader's documentation gives the rules for detecting a format and for
// error recovery. Parse takes one puzzle in any format, Text writes one.
//
// A filled cell holds a given or a value placed by a player
// (sudoku.Grid.Given, Placed); a blank cell may carry candidates
// (sudoku.Grid.Marks). Formats that know them keep both: a player's game
// read from HoDoKu, Simple Sudoku or sudokuwiki.org is written back as
// it was.
//
// Three formats hold a game in progress, with the player's values and
// candidates:
//
//	opensudoku  <opensudoku version="2"><folder name="Easy"><game data="version: 1&#10;7|-|1|5|-|0|..."/>  (OpenSudoku, Android)
//	sadman      #A author / [Puzzle] / 6.......7 ... / [State] / ... / [PencilMarks] / ,29,29,145,...     (SadMan Sudoku .sdk)
//	sdx         2 679 6789 1 46789 5 469 9 3  (one row of 9, "u5" a value the player placed)  (SudoCue .sdx)
package format
