package format

import "github.com/gosudoku/sudoku"

// Records: what a Reader returns and what a Writer writes.

// Puzzle is one record read from a puzzle file. (A record that holds
// more than a grid, such as a variant's rules, will carry it in a field
// here, and Writer.WritePuzzle in record.)
type Puzzle struct {
	Grid     *sudoku.Grid // the puzzle
	Solution *sudoku.Grid // a solution given with the puzzle (JSON "solution"), or nil
	Line     int          // 1-based line where the record starts
	Comment  string       // text after the grid on its line (Line, Groups), "comment" (JSON), a "#C" line (SDK), the step fields (HoDoKu), hash and rating (Bank), the header lines (SadMan, SDX) or the folder's name (OpenSudoku), trimmed
	Format   Format       // the format the record was read in
}

// record is what a Writer writes: a grid, its solution (or nil) and the
// comment, on one line. (A puzzle's variant rules will be a field here.)
type record struct {
	g, sol  *sudoku.Grid
	comment string
	xml     *xmlWriter // the OpenSudoku document being written; nil for one of its own
	show    bool       // Text's record: shown as the format can, not refused (ErrCannotHold)
}
