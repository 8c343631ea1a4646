package format

import (
	"fmt"
	"strings"
)

// Format names a way of writing puzzles in text.
type Format int

// The formats. Reading detects the format of each record unless one is
// forced; see Reader for the rules.
const (
	// Auto detects the format of each record when reading. A Writer
	// with Auto writes Line.
	Auto Format = iota
	// Line is one puzzle per line: side² symbols, '.' or '0' blank,
	// optionally followed by a comment that is kept.
	Line
	// Groups is one puzzle per line as side groups of side symbols
	// separated by spaces: "000007020 712030690 ...".
	Groups
	// Numbers is a grid of whitespace-separated numbers, one row a
	// line, 0 blank. It works for every order.
	Numbers
	// Counted is a count line and then that many grids, each in
	// Numbers or as rows of symbols. It is read only.
	Counted
	// Pretty is the readable form with box lines:
	//
	//	+-------+-------+-------+
	//	| 5 3 . | . 7 . | . . . |
	Pretty
	// SDK is SadMan Software's .sdk: rows of symbols, '.' blank, with
	// optional "#" metadata lines ("#C" is the comment) and a "[puzzle]"
	// header line.
	SDK
	// SS is Simple Sudoku's .ss: rows with '|' box separators and
	// "---+---+---" lines, '.' blank.
	SS
	// JSON is one JSON object per line: {"order":3,"grid":"..."}, with
	// optional "solution" and "comment" fields. Grids are written as
	// strings in Line; a reader also takes an array of rows of
	// numbers, [[5,3,0,...],...], or one array of numbers. It keeps a
	// player's whole state: "placed" is a string as long as "grid" with
	// the symbol of each placed value ('.' elsewhere; see Grid.Given), and
	// "marks" an array with each cell's candidates as a string of symbols
	// ("" for a filled cell); both are written only when the grid has them.
	//
	//	{"grid":"1.3.3.1..1.3.3.1","placed":"..3.............","marks":["","24",...]}
	JSON
	// Sukaku is one grid of candidates per line, cell by cell: side
	// slots a cell, slot k holding symbol k if k is a candidate there and
	// '.' or '0' if not; 729 characters for 9x9. A cell with one candidate
	// is read as a value. Only 9x9 is detected; other orders need
	// Reader.Format.
	//
	//	12.......12.......12.......  (the first three cells of a 9x9 line)
	Sukaku
	// Pencil is the pencil-mark grid that HoDoKu and Sudoku
	// Explainer print: boxed text with each cell's candidate string, one
	// row a line. A cell of one symbol is a value, "." a cell without
	// candidates. Words that are no candidate string (markers such as "*"
	// or a letter that is no symbol of the grid) are ignored on input.
	//
	//	.----------------------.-----------------------.---
	//	| 1579   2      3      | 4      16     19      | ...
	//	:----------------------+-----------------------+---
	//	'----------------------'-----------------------'---
	Pencil
	// CSV is comma-separated values with a header line, as the
	// Kaggle collections ship them: the puzzle column is found by its
	// name (puzzle, quizzes, quiz, grid or sudoku, in any case), the
	// solution column too (solution, solutions, answer) and becomes the
	// Puzzle's Solution; the other columns become the comment as
	// "name=value" words. Fields may be quoted as in encoding/csv, but not
	// across lines. The block ends at a line without a comma. A Writer
	// writes the header "puzzle,solution" and rows with '0' blanks.
	//
	//	id,puzzle,solution,clues,difficulty
	//	1,1..5.37..6.3..8.9......98...1.......8761..........6...........7.8.9.76.47...6.312,198543726643278591527619843914735268876192435235486179462351987381927654759864312,27,2.2
	CSV
	// Wiki is sudokuwiki.org's packed 9x9 board, as its solver's
	// URLs carry it ("...sudoku.htm?bd=S9B..."): "S9B", then two base-36
	// digits a cell: 1-9 a clue, 10-18 a value placed later (9 more),
	// 19-529 the candidates (18 more than the bitset, bit v-1 for v). A
	// whole URL is read too. Only 9x9; a cell without candidates is
	// written with every candidate.
	//
	//	S9B9e9e06030204080a0e08050o0f090a0s0g0u0s0w0a070h0e7o8m1i857p04...
	Wiki
	// HoDoKu is HoDoKu's library line, one 9x9 grid per line:
	//
	//	:<technique>:<candidates>:<givens>:<deleted>:<eliminations>:<placements>[:<extra>]
	//
	// <givens> is 81 cells, '.' or '0' blank, '+' before a value placed
	// by a player (see Grid.Given); <deleted> lists the candidates removed
	// from those that the values leave, as space-separated
	// <digit><row><col> triples ("913" is r1c3 without 9). The other
	// fields describe a solving step: they are kept as the comment,
	// "<technique>:<candidates>:<eliminations>:<placements>[:<extra>]",
	// and written back from a comment of that shape; otherwise a Writer
	// writes ":0000:x:" before the grid and "::" after it, as HoDoKu does
	// for a grid without a step. A line starting with ':' that holds 6 or
	// 7 colons is detected. Candidates that a value of the cell's row,
	// column or box rules out are never written.
	//
	//	:0002:2:..23......7.+1..8+24.4..2...14.96.3...+65+7....1..+2.7.94.68.+5.7.+14.2.1....7.+7.+4..16..:845 257 259 859 865::247:
	HoDoKu
	// Bank is the puzzle-bank layout of the Sudoku Exchange
	// collections (github.com/grantm/sudoku-exchange-puzzle-bank): per
	// line a hash (the first 12 hex digits of the SHA-1 of the puzzle's
	// digits), the puzzle as in Line with '0' blanks, and a rating
	// right-aligned in 4 characters, space-separated. The hash and the
	// rating are kept as the comment. A Writer computes the hash and
	// takes the rating from the comment's last word if it is a number (or
	// serate's "ED=7.2/..."), "0.0" if none. A line whose first word is 12
	// hex digits and whose second is a line grid is detected.
	//
	//	00015097c6c3 083020090000800100029300008000098700070000060006740000300006980002005000010030540  7.2
	Bank
	// OpenSudoku is the XML file of the OpenSudoku Android app: an
	// <opensudoku> document of <game> elements, in <folder> elements
	// (versions 2 and 3) or after a <name> (version 1). Each game is a
	// record; the folder's name (or the version 1 <name>) is its comment.
	// Its cell data (attribute data, or cells_data in version 3) is 81
	// digits, '0' or '.' blank, or "version: N", a line end ("&#10;") and
	// per cell its fields, each ending in '|':
	//
	//	version 1: value|notes|editable|   notes "1,5,7," or "-"
	//	version 2, 3: value|notes|editable|   notes a set: 1 for 1, 2 for 2, 4 for 3, ...
	//	version 4: value|notes|centre notes|editable|
	//	version 5: value|notes|centre notes|colour|editable|
	//
	// The notes of a blank cell are its candidates (when some cell has
	// notes, a blank cell without has every candidate); the notes of a
	// filled cell, the centre notes and colours are not kept, and a value
	// that is editable (1) is a value the player placed (see
	// Grid.Placed). Only 9x9. A Writer writes version 2 documents with
	// version 1 cell data (the 81 digits alone for a grid without marks
	// and placed values), one <folder> per run of records with the same
	// comment; Close ends the document.
	//
	//	<opensudoku version="2"><folder name="Easy"><game data="0060038709..."/>
	OpenSudoku
	// SadMan is SadMan Software's .sdk file of a game in progress:
	// "#" header lines, a [Puzzle] section with the givens, a [State]
	// section with the values placed so far and a [PencilMarks] section
	// with each cell's candidates ("," between the cells of a row); a
	// [Colours] section is skipped. The header lines are the comment (one
	// "#C" line: its text). Read whenever a [Puzzle] grid is followed by
	// one of these sections. A value of [State] that [Puzzle] does not
	// give is a placed value (see Grid.Placed). The marks of a given must
	// hold it; those of a blank cell are its candidates (none noted: every
	// candidate); those of a placed value are not kept.
	//
	//	[Puzzle] / 6.......7 ... / [State] / 6.....387 ... / [PencilMarks] / ,29,29,145,...
	SadMan
	// SDX is SudoCue's .sdx file of a game in progress: one row a
	// line, cells separated by a space; a given is its digit, a value the
	// player placed is "u" and the digit, and any other cell its
	// candidates ("." for none). A cell with one candidate is read as a
	// value. "#" header lines before it are the comment, as in
	// SadMan. Detected at 9x9 only, and a grid without candidates
	// or "u" is then Numbers.
	//
	//	2 679 6789 1 46789 5 469 9 3
	SDX
	// SSMarks is Simple Sudoku's .ss with pencil marks, 9x9: the
	// givens as a SS grid, then (if some value was placed by a
	// player, see Grid.Given) the same grid with every value, then the
	// candidates as a pencil-mark grid with "*---*" borders and
	// "|---+---|" lines, the grids separated by empty lines. A cell of
	// the pencil-mark grid holding one candidate is a value where the
	// grids above have one (it must be that value) and a candidate
	// otherwise. A 9x9 SS grid followed by such a pencil-mark grid
	// (or by a SS grid of values and then one) is detected.
	//
	//	*-----------*
	//	|8..|4..|...|
	//	...
	//	*-----------*
	//
	//	*-----------------------------------------------------------------------------*
	//	| 8       123     1237    | 4       135     2369    | 3579    357     39      |
	SSMarks
)

var formatNames = [...]string{"auto", "line", "groups", "numbers", "counted", "pretty", "sdk", "ss", "json", "sukaku", "pencil", "csv", "sudokuwiki", "hodoku", "bank", "opensudoku", "sadman", "sdx", "ssmarks"}

// String returns the name of the format, as accepted by Lookup.
func (f Format) String() string {
	if f >= 0 && int(f) < len(formatNames) {
		return formatNames[f]
	}
	return fmt.Sprintf("Format(%d)", int(f))
}

// Lookup returns the format with the given name, as listed by
// Format.String.
func Lookup(name string) (Format, error) {
	for i, n := range formatNames {
		if strings.EqualFold(n, name) {
			return Format(i), nil
		}
	}
	return Auto, fmt.Errorf("unknown format %q (want one of %s)", name, strings.Join(formatNames[:], ", "))
}
