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
)

// ruleSet is a set of the rules a format's grids can hold.
type ruleSet uint8

// classic is the rules of every grid: rows, columns and boxes hold each
// symbol once. (Variant formats add their rules here.)
const classic ruleSet = 1

// spec is a format's row in the table of formats.
type spec struct {
	name string // as Lookup takes it and String gives it
	// detect says how Reader tells a record of the format when none is
	// forced; Reader.auto makes the tests, in the order of the Reader's
	// documentation.
	detect string
	// read reads a record whose first line is the current line, text,
	// its first non-blank byte text[s]: nil and no error for a line that
	// only starts a block (a count line, a CSV header, an XML document).
	read func(r *Reader, text []byte, s int) (*Puzzle, error)
	// write appends a record; nil for a format that is read only.
	write func(dst []byte, rec *record) ([]byte, error)
	// only9 is "" for a format that holds every order (2..8), and for a
	// 9x9 format what Write's error says: "<only9> 9x9, not 4x4".
	only9     string
	rules     ruleSet // the rules its grids can hold
	multiLine bool    // a record is several lines; a Writer puts an empty line between records
	head      string  // what a Writer writes before the first record
}

// formats is the table of formats, one row per Format. A new format is a
// constant above, a row here, a file with its reader and writer side by
// side (lines.go is a small one), its specification in doc.go, its
// detection, if it is detected, in Reader.auto (detect.go), and, for a
// record that holds more than a grid (variant rules), a field of Puzzle
// and of record.
var formats = [...]spec{
	Auto: {name: "auto", detect: "every record on its own (see Reader)", read: (*Reader).auto1,
		write: writeLine, rules: classic},
	Line: {name: "line", detect: "a word of side² symbols, or anything no other test claims", read: (*Reader).lineOrFast,
		write: writeLine, rules: classic},
	Groups: {name: "groups", detect: "side words of side symbols on one line", read: (*Reader).groupsRecord,
		write: writeGroups, rules: classic},
	Numbers: {name: "numbers", detect: "a line of two or more words, the first of at most 2 characters", read: (*Reader).numbers,
		write: writeNumbers, rules: classic, multiLine: true},
	Counted: {name: "counted", detect: "a line holding one number, then grids", read: (*Reader).countRecord,
		rules: classic},
	Pretty: {name: "pretty", detect: "a line starting with + | * - = or holding '|'", read: (*Reader).boxed1,
		write: writePretty, rules: classic, multiLine: true},
	SDK: {name: "sdk", detect: "a line of one word of side symbols, or a \"[\" section line", read: (*Reader).sdk1,
		write: writeSDK, rules: classic, multiLine: true},
	SS: {name: "ss", detect: "as Pretty (both read any boxed grid)", read: (*Reader).boxed1,
		write: writeSS, rules: classic, multiLine: true},
	JSON: {name: "json", detect: "a line starting with '{'", read: (*Reader).jsonRecord,
		write: writeJSON, rules: classic},
	Sukaku: {name: "sukaku", detect: "a word of 729 symbols (9x9 only)", read: (*Reader).sukakuRecord,
		write: writeSukaku, rules: classic},
	Pencil: {name: "pencil", detect: "a line starting with \".-\"", read: (*Reader).pencil1,
		write: writePencil, rules: classic, multiLine: true},
	CSV: {name: "csv", detect: "a header line naming the puzzle column", read: (*Reader).csvStart,
		write: writeCSV, rules: classic, head: "puzzle,solution\n"},
	Wiki: {name: "sudokuwiki", detect: "a word \"S9B\" and 162 base-36 digits, or a URL with \"bd=\"", read: (*Reader).wikiRecord,
		write: writeWiki, only9: "a sudokuwiki board is", rules: classic},
	HoDoKu: {name: "hodoku", detect: "a line starting with ':' that holds 6 or 7 colons", read: (*Reader).hodokuRecord,
		write: writeHoDoKu, only9: "a HoDoKu library line is", rules: classic},
	Bank: {name: "bank", detect: "a word of 12 hex digits, then a line grid", read: (*Reader).bankRecord,
		write: writeBank, rules: classic},
	OpenSudoku: {name: "opensudoku", detect: "an XML document, <?xml or <opensudoku", read: (*Reader).xmlStart,
		write: writeOpenSudoku, only9: "an OpenSudoku game is", rules: classic},
	SadMan: {name: "sadman", detect: "a \"[Puzzle]\" section followed by [State] or [PencilMarks]", read: (*Reader).sdk1,
		write: writeSadMan, rules: classic, multiLine: true},
	SDX: {name: "sdx", detect: "rows of 9 words of candidates, \"u5\" a placed value", read: (*Reader).sdx1,
		write: writeSDX, rules: classic, multiLine: true},
	SSMarks: {name: "ssmarks", detect: "a 9x9 SS grid followed by a grid of values or of pencil marks", read: (*Reader).ssMarks1,
		write: writeSSMarks, only9: "Simple Sudoku's grids are", rules: classic, multiLine: true},
}

// spec returns the row of f, or Auto's for a value that is no format.
func (f Format) spec() *spec {
	if f < 0 || int(f) >= len(formats) {
		return &formats[Auto]
	}
	return &formats[f]
}

// String returns the name of the format, as accepted by Lookup.
func (f Format) String() string {
	if f >= 0 && int(f) < len(formats) {
		return formats[f].name
	}
	return fmt.Sprintf("Format(%d)", int(f))
}

// Lookup returns the format with the given name, as listed by
// Format.String.
func Lookup(name string) (Format, error) {
	names := make([]string, len(formats))
	for i := range formats {
		if strings.EqualFold(formats[i].name, name) {
			return Format(i), nil
		}
		names[i] = formats[i].name
	}
	return Auto, fmt.Errorf("unknown format %q (want one of %s)", name, strings.Join(names, ", "))
}
