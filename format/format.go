package format

// Format names a way of writing puzzles in text.
type Format int

// The formats. Reading detects the format of each record unless one is
// forced; see Reader for the rules.
const (
	// Auto detects the format of each record when reading (see
	// Detection in the package documentation). A Writer with Auto writes
	// Line.
	Auto Format = iota
	// Line is one puzzle per line: side² symbols, '.' or '0' blank,
	// optionally followed by a comment that is kept.
	// The package documentation has its specification.
	Line
	// Groups is one puzzle per line as side groups of side symbols separated
	// by spaces: "000007020 712030690 ...".
	// The package documentation has its specification.
	Groups
	// Numbers is a grid of whitespace-separated numbers, one row a line, 0
	// blank.
	// The package documentation has its specification.
	Numbers
	// Counted is a count line and then that many grids, each in Numbers or
	// as rows of symbols.
	// The package documentation has its specification.
	Counted
	// Pretty is the readable form with box lines:
	// The package documentation has its specification.
	Pretty
	// SDK is SadMan Software's .sdk: rows of symbols, '.' blank, with
	// optional "#" metadata lines ("#C" is the comment) and a "[puzzle]"
	// header line.
	// The package documentation has its specification.
	SDK
	// SS is Simple Sudoku's .ss: rows with '|' box separators and
	// "---+---+---" lines, '.' blank.
	// The package documentation has its specification.
	SS
	// JSON is one JSON object per line: {"order":3,"grid":"..."}, with
	// optional "solution" and "comment" fields.
	// The package documentation has its specification.
	JSON
	// Sukaku is one grid of candidates per line, cell by cell: side slots a
	// cell, slot k holding symbol k if k is a candidate there and '.' or '0'
	// if not; 729 characters for 9x9.
	// The package documentation has its specification.
	Sukaku
	// Pencil is the pencil-mark grid that HoDoKu and Sudoku Explainer print:
	// boxed text with each cell's candidate string, one row a line.
	// The package documentation has its specification.
	Pencil
	// CSV is comma-separated values with a header line, as the Kaggle
	// collections ship them: the puzzle column is found by its name (puzzle,
	// quizzes, quiz, grid or sudoku, in any case), the solution column too
	// (solution, solutions, answer) and becomes the Puzzle's Solution; the
	// other columns become the comment as "name=value" words.
	// The package documentation has its specification.
	CSV
	// Wiki is sudokuwiki.org's packed 9x9 board, as its solver's URLs carry
	// it ("...sudoku.htm?bd=S9B..."): "S9B", then two base-36 digits a cell:
	// 1-9 a clue, 10-18 a value placed later (9 more), 19-529 the candidates
	// (18 more than the bitset, bit v-1 for v).
	// The package documentation has its specification.
	Wiki
	// HoDoKu is HoDoKu's library line, one 9x9 grid per line: <givens> is 81
	// cells, '.' or '0' blank, '+' before a value placed by a player (see
	// Grid.Given); <deleted> lists the candidates removed from those that
	// the values leave, as space-separated <digit><row><col> triples ("913"
	// is r1c3 without 9).
	// The package documentation has its specification.
	HoDoKu
	// Bank is the puzzle-bank layout of the Sudoku Exchange collections
	// (github.com/grantm/sudoku-exchange-puzzle-bank): per line a hash (the
	// first 12 hex digits of the SHA-1 of the puzzle's digits), the puzzle
	// as in Line with '0' blanks, and a rating right-aligned in 4
	// characters, space-separated.
	// The package documentation has its specification.
	Bank
	// OpenSudoku is the XML file of the OpenSudoku Android app: an
	// <opensudoku> document of <game> elements, in <folder> elements
	// (versions 2 and 3) or after a <name> (version 1).
	// The package documentation has its specification.
	OpenSudoku
	// SadMan is SadMan Software's .sdk file of a game in progress: "#"
	// header lines, a [Puzzle] section with the givens, a [State] section
	// with the values placed so far and a [PencilMarks] section with each
	// cell's candidates ("," between the cells of a row); a [Colours]
	// section is skipped.
	// The package documentation has its specification.
	SadMan
	// SDX is SudoCue's .sdx file of a game in progress: one row a line,
	// cells separated by a space; a given is its digit, a value the player
	// placed is "u" and the digit, and any other cell its candidates ("."
	// for none).
	// The package documentation has its specification.
	SDX
	// SSMarks is Simple Sudoku's .ss with pencil marks, 9x9: the givens as
	// an SS grid, then (if some value was placed by a player, see
	// Grid.Given) the same grid with every value, then the candidates as a
	// pencil-mark grid with "*---*" borders and "|---+---|" lines, the grids
	// separated by empty lines.
	// The package documentation has its specification.
	SSMarks
	// FPuzzles is f-puzzles JSON of a variant puzzle (package variant):
	// one object per line, or one object over several lines. It and the
	// four formats after it are read into Puzzle.Variant; in Auto, only
	// when ReadOptions.Variants is set (internal/vtext reads and writes
	// them).
	FPuzzles
	// Link is an f-puzzles or SudokuPad link of a variant puzzle, one per
	// line.
	Link
	// Rules is the toolkit's rules JSON of a variant puzzle, one object
	// per line: {"size":9,"grid":"...","rules":[...]}.
	Rules
	// Jigsaw is the text form of a jigsaw puzzle: the givens' rows, then
	// the rows of region letters.
	Jigsaw
	// Killer is the text form of a killer puzzle: the rows of cage letters,
	// then the cage sums ("A=10").
	Killer
)
