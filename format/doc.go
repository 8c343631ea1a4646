// Package format reads and writes Sudoku puzzle files, in the manner of
// encoding/csv: NewReader(r) then Read per record, with a
// *sudoku.ParseError naming the file, line and column of bad input, and
// NewWriter(w, f) then Write per grid.
//
// This documentation is the specification of every format (under
// Formats), of the lines a Reader reads (Lines) and of how it tells the
// format of each record (Detection). Parse takes one puzzle in any
// format, Text writes one.
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
//
// # Formats
//
// Each format by the name that Lookup takes and String gives (and the
// CLI's -f and -o), with its Format constant.
//
// # line (Line)
//
// Line is one puzzle per line: side² symbols, '.' or '0' blank,
// optionally followed by a comment that is kept.
//
// # groups (Groups)
//
// Groups is one puzzle per line as side groups of side symbols
// separated by spaces: "000007020 712030690 ...".
//
// # numbers (Numbers)
//
// Numbers is a grid of whitespace-separated numbers, one row a
// line, 0 blank. It works for every order.
//
// # counted (Counted)
//
// Counted is a count line and then that many grids, each in
// Numbers or as rows of symbols. It is read only.
//
// # pretty (Pretty)
//
// Pretty is the readable form with box lines:
//
//	+-------+-------+-------+
//	| 5 3 . | . 7 . | . . . |
//
// # sdk (SDK)
//
// SDK is SadMan Software's .sdk: rows of symbols, '.' blank, with
// optional "#" metadata lines ("#C" is the comment) and a "[puzzle]"
// header line.
//
// # ss (SS)
//
// SS is Simple Sudoku's .ss: rows with '|' box separators and
// "---+---+---" lines, '.' blank.
//
// # json (JSON)
//
// JSON is one JSON object per line: {"order":3,"grid":"..."}, with
// optional "solution" and "comment" fields. Grids are written as
// strings in Line; a reader also takes an array of rows of
// numbers, [[5,3,0,...],...], or one array of numbers. It keeps a
// player's whole state: "placed" is a string as long as "grid" with
// the symbol of each placed value ('.' elsewhere; see sudoku.Grid.Given), and
// "marks" an array with each cell's candidates as a string of symbols
// ("" for a filled cell); both are written only when the grid has them.
//
//	{"grid":"1.3.3.1..1.3.3.1","placed":"..3.............","marks":["","24",...]}
//
// # sukaku (Sukaku)
//
// Sukaku is one grid of candidates per line, cell by cell: side
// slots a cell, slot k holding symbol k if k is a candidate there and
// '.' or '0' if not; 729 characters for 9x9. A cell with one candidate
// is read as a value, so a blank cell with one cannot be written
// (ErrCannotHold). Only 9x9 is detected; other orders need
// Reader.Format.
//
//	12.......12.......12.......  (the first three cells of a 9x9 line)
//
// # pencil (Pencil)
//
// Pencil is the pencil-mark grid that HoDoKu and Sudoku
// Explainer print: boxed text with each cell's candidate string, one
// row a line. A cell of one symbol is a value (a blank cell with one
// candidate cannot be written: ErrCannotHold), "." a cell without
// candidates. Words that are no candidate string (markers such as "*"
// or a letter that is no symbol of the grid) are ignored on input.
//
//	.----------------------.-----------------------.---
//	| 1579   2      3      | 4      16     19      | ...
//	:----------------------+-----------------------+---
//	'----------------------'-----------------------'---
//
// # csv (CSV)
//
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
//
// # sudokuwiki (Wiki)
//
// Wiki is sudokuwiki.org's packed 9x9 board, as its solver's
// URLs carry it ("...sudoku.htm?bd=S9B..."): "S9B", then two base-36
// digits a cell: 1-9 a clue, 10-18 a value placed later (9 more),
// 19-529 the candidates (18 more than the bitset, bit v-1 for v). A
// whole URL is read too. Only 9x9; a cell without candidates is
// written with every candidate.
//
//	S9B9e9e06030204080a0e08050o0f090a0s0g0u0s0w0a070h0e7o8m1i857p04...
//
// # hodoku (HoDoKu)
//
// HoDoKu is HoDoKu's library line, one 9x9 grid per line:
//
//	:<technique>:<candidates>:<givens>:<deleted>:<eliminations>:<placements>[:<extra>]
//
// <givens> is 81 cells, '.' or '0' blank, '+' before a value placed
// by a player (see sudoku.Grid.Given); <deleted> lists the candidates removed
// from those that the values leave, as space-separated
// <digit><row><col> triples ("913" is r1c3 without 9). The other
// fields describe a solving step: they are kept as the comment,
// "<technique>:<candidates>:<eliminations>:<placements>[:<extra>]",
// and written back from a comment of that shape; otherwise a Writer
// writes ":0000:x:" before the grid and "::" after it, as HoDoKu does
// for a grid without a step. A line starting with ':' that holds 6 or
// 7 colons is detected. A line that deletes none has no marks. A blank
// cell with a candidate that a value of its row, column or box rules out
// cannot be written (the Writer's error wraps ErrCannotHold).
//
//	:0002:2:..23......7.+1..8+24.4..2...14.96.3...+65+7....1..+2.7.94.68.+5.7.+14.2.1....7.+7.+4..16..:845 257 259 859 865::247:
//
// # bank (Bank)
//
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
//
// # opensudoku (OpenSudoku)
//
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
// sudoku.Grid.Placed). Only 9x9. A Writer writes version 2 documents with
// version 1 cell data (the 81 digits alone for a grid without marks
// and placed values), one <folder> per run of records with the same
// comment; Close ends the document.
//
//	<opensudoku version="2"><folder name="Easy"><game data="0060038709..."/>
//
// # sadman (SadMan)
//
// SadMan is SadMan Software's .sdk file of a game in progress:
// "#" header lines, a [Puzzle] section with the givens, a [State]
// section with the values placed so far and a [PencilMarks] section
// with each cell's candidates ("," between the cells of a row); a
// [Colours] section is skipped. The header lines are the comment (one
// "#C" line: its text). Read whenever a [Puzzle] grid is followed by
// one of these sections. A value of [State] that [Puzzle] does not
// give is a placed value (see sudoku.Grid.Placed). The marks of a given must
// hold it; those of a blank cell are its candidates (none noted: every
// candidate); those of a placed value are not kept.
//
//	[Puzzle] / 6.......7 ... / [State] / 6.....387 ... / [PencilMarks] / ,29,29,145,...
//
// # sdx (SDX)
//
// SDX is SudoCue's .sdx file of a game in progress: one row a
// line, cells separated by a space; a given is its digit, a value the
// player placed is "u" and the digit, and any other cell its
// candidates ("." for none). A cell with one candidate is read as a
// value (and a blank cell with one cannot be written: ErrCannotHold). "#" header lines before it are the comment, as in
// SadMan. Detected at 9x9 only, and a grid without candidates
// or "u" is then Numbers.
//
//	2 679 6789 1 46789 5 469 9 3
//
// # ssmarks (SSMarks)
//
// SSMarks is Simple Sudoku's .ss with pencil marks, 9x9: the
// givens as an SS grid, then (if some value was placed by a
// player, see sudoku.Grid.Given) the same grid with every value, then the
// candidates as a pencil-mark grid with "*---*" borders and
// "|---+---|" lines, the grids separated by empty lines. A cell of
// the pencil-mark grid holding one candidate is a value where the
// grids above have one (it must be that value) and a candidate
// otherwise. A 9x9 SS grid followed by such a pencil-mark grid
// (or by an SS grid of values and then one) is detected.
//
//	*-----------*
//	|8..|4..|...|
//	...
//	*-----------*
//
//	*-----------------------------------------------------------------------------*
//	| 8       123     1237    | 4       135     2369    | 3579    357     39      |
//
// # fpuzzles, link, rules, jigsaw, killer (variant puzzles)
//
// The variant formats hold a puzzle of package variant, rules and all
// (killer cages, jigsaw regions, X, thermometers ...), read into
// Puzzle.Variant (Puzzle.Grid is nil then) and written by
// Writer.WritePuzzle; internal/vtext reads and writes them, and its
// documentation gives each form. FPuzzles is f-puzzles JSON, one object
// per line or one over several lines; Link an f-puzzles or SudokuPad
// link; Rules the toolkit's rules JSON line,
// {"size":6,"grid":"4.1.5...","rules":[{"kind":"diagonal"}]}; Jigsaw
// the rows of the givens, then the rows of region letters; Killer the
// rows of cage letters, then the cage sums ("A=10 B=7"). A classic grid
// written in one of them is a puzzle with no rules.
//
// With ReadOptions.Variants, Auto detects them record by record, so that
// a file mixes classic and variant records: a JSON object with "size"
// (the classic JSON has "order"), a line holding a link, or a block of
// rows of equal length followed by cage sums or holding region letters
// (looking up to 2*side+1 lines ahead). Without it (the default) only a
// forced Format reads them.
//
// # Lines
//
// Lines end in "\n", "\r\n" or a lone "\r"; a UTF-8 byte order mark at
// the start is ignored. Input that starts with a UTF-16 byte order mark,
// or with ASCII characters each next to a zero byte, is decoded from
// UTF-16. Between records, empty lines are skipped, and so are lines whose
// first non-blank character is '#' (comments). As a 64x64 grid may start
// with the symbol '#', a line is not a comment if its first word is made
// of symbols, not all '#' (a banner), and is a 64x64 grid (4096 of them),
// the first of its groups (64 symbols, then another word of 64), or its
// first row (one word of 64 symbols, and the next line is one word of 64
// too). A character that is not ASCII is named in errors as a whole
// character, with a hint for full-width digits. The text of a "#C"
// comment just before an SDK grid becomes its Comment, as in SadMan
// files.
//
// Header lines ('#' and a letter: "#A author", "#CJust start") before a
// SadMan or SDX record are its comment: the text of a lone
// "#C" line, or else every line as "#X text", separated by spaces.
//
// A grid of several lines (numbers, pretty, sdk, ss) has one line a row,
// plus box lines; an empty line or the end of the input before the last
// row is an error. So is a line that cannot be a row of the grid (such as
// a line puzzle), which is then read as the next record. After an error
// inside such a grid, Read skips the grid's remaining rows, stopping early
// at a line that cannot be one of them. A box line or a "[Puzzle]" line
// that is not followed by a grid (a separator such as "-----") is an error
// on its own line, and the line after it starts the next record.
//
// # Detection
//
// Unless Reader.Format forces one, the format of each record is found from its
// first line. Let w be the first word of the line (its characters up to a
// space or tab) and n its length; a side is 4, 9, 16, 25, 36, 49 or 64.
//
//   - A first word of more than 64 symbols is a Line grid (the
//     common case, checked first).
//   - A first word of exactly 729 characters is a 9x9 Sukaku line;
//     one of 162, or of 165 starting with "S9B", or a URL with "bd=", is
//     a Wiki board.
//   - A line that starts with ".-" starts a Pencil grid; so does a
//     boxed grid (below) whose first row holds candidate strings: words
//     side by side between its bars, as many as a side, one longer than 2
//     characters or a number above the side.
//   - A line of comma-separated names, one of them a puzzle column, is a
//     CSV header: the lines after it that hold a comma are its rows.
//   - '{' starts JSON. A line "[puzzle]" (in any case) starts a
//     SDK grid; a [State], [PencilMarks] or [Colours] section after
//     its rows makes it SadMan. A line that starts with ':' and holds 6
//     or 7 colons is a HoDoKu library line.
//   - A line whose first word is 12 hex digits and whose second word is
//     a line grid (16, 81, 256, ... symbols) is a Bank line.
//   - A line that starts with "<?xml" or "<opensudoku" starts a
//     OpenSudoku document: its games are records, read with
//     encoding/xml one token at a time (a tag or a text of at most
//     MaxLineLength bytes, elements nested at most 16 deep), whatever its
//     lines. Reading lines goes on after the end of its root element.
//     XML that is not well-formed, or that ends before its root element
//     does, is an error at its place; after it the lines that start with
//     '<' are skipped.
//   - A row of 9 words that are each a digit, "u" and a digit, or
//     candidates in ascending order ("679"), one of them candidates or
//     "u", whose next 8 lines have 9 words too, starts an SDX grid.
//   - A line starting with '+', '|', '*', '-' or '=', or whose first word
//     holds '|', or whose first word has at most 2 characters and which
//     holds '|' ("5 3 . | . 7 . | . . ."), starts a boxed grid:
//     Pretty when its rows separate cells with spaces, SS
//     otherwise. A 9x9 SS grid followed (past at most 4 empty
//     lines) by a pencil-mark grid with a "*---" top border, or by a
//     SS grid and then such a pencil-mark grid, is one SSMarks
//     record; a grid whose first row holds one symbol a cell is a
//     pencil-mark grid when its "*---*" border and that row are as
//     long as Simple Sudoku writes them (cells 3 or more wide). Lines made of '-', '=', '+',
//     '|', '*' and spaces with at least one '-' or '=' are box lines. In
//     rows, '|' and spaces are ignored; '.', '0', '_' and '*' are blanks,
//     and so are 'x' and 'X' where they are not symbols. A row whose words
//     (between spaces and '|') have at most 2 characters, some 2, and
//     whose number of words is a side is a row of numbers, as other
//     programs print 16x16 grids: "| 1 12  . 16 | ..."
//   - If n is a side and the second word has n characters too, it is
//     Groups: n groups of n symbols; words after them are the
//     comment. For n = 16 (a 4x4 line puzzle may have a comment of 16
//     characters) the line must have 16 such words.
//   - A line that is one word of at most 9 digits is a count line
//     (Counted), unless n is a side and the next line is one word of
//     the same length: then both are rows of symbols. A count above 0 whose
//     next line (past blank and '#' lines) cannot start a grid of several
//     lines is a stray number: an error on its line, and the lines after
//     it are read as usual.
//   - A line that is one word whose length is a side other than 16 is the
//     first row of a grid written as rows of symbols (SDK).
//   - A line of two or more words whose first word has at most 2
//     characters is the first row of a Numbers grid; the number of
//     words is the side. A word is a decimal number (0 blank) or one
//     symbol ('.' blank).
//   - Anything else is Line: w is the grid and the rest of the line
//     the comment.
//
// A line that is one word of 16 symbols is ambiguous: a 4x4 puzzle in
// Line, or the first row of a 16x16 grid. It is a row if the next 15
// lines are each one word of 16 characters too and one of the 16 holds a
// symbol above 4; otherwise it is a 4x4 puzzle. Set Reader.Order to 2 or 4 to
// decide.
//
// In a counted block the count line is not a puzzle; the grids after it
// are detected as above (a count line there is an error) and returned
// with Format Counted. A file that ends before the count is reached
// gives an error on the count line. Grids after the count are read as
// usual.
package format
