package sudoku

import (
	"errors"
	"fmt"
	"strings"
)

// Format names a way of writing puzzles in text.
type Format int

// The formats. Reading detects the format unless one is forced.
const (
	// FormatAuto detects the format of each record when reading.
	FormatAuto Format = iota
	// FormatLine is one puzzle per line: side² symbols, '.' or '0' blank,
	// optionally followed by a comment that is kept.
	FormatLine
	// FormatGroups is one puzzle per line as side groups of side symbols
	// separated by spaces: "000007020 712030690 ...".
	FormatGroups
	// FormatNumbers is a grid of whitespace-separated numbers, one row a
	// line, 0 blank. It works for every order.
	FormatNumbers
	// FormatCounted is a count line and then that many FormatNumbers grids.
	FormatCounted
	// FormatPretty is the readable form with box lines.
	FormatPretty
	// FormatSDK is SadMan Software's .sdk: rows of symbols, '.' blank, with
	// optional "#" metadata lines and a "[Puzzle]" header.
	FormatSDK
	// FormatSS is Simple Sudoku's .ss: rows with '|' box separators and
	// "---+---+---" lines.
	FormatSS
	// FormatJSON is one JSON object a line: {"order":3,"grid":"..."}.
	FormatJSON
)

var formatNames = [...]string{"auto", "line", "groups", "numbers", "counted", "pretty", "sdk", "ss", "json"}

func (f Format) String() string {
	if f >= 0 && int(f) < len(formatNames) {
		return formatNames[f]
	}
	return fmt.Sprintf("Format(%d)", int(f))
}

// ParseFormat returns the format with the given name, as listed by
// Format.String.
func ParseFormat(name string) (Format, error) {
	for i, n := range formatNames {
		if strings.EqualFold(n, name) {
			return Format(i), nil
		}
	}
	return FormatAuto, fmt.Errorf("unknown format %q (want one of %s)", name, strings.Join(formatNames[:], ", "))
}

// Errors wrapped by ParseError.
var (
	ErrSymbol    = errors.New("not a symbol")
	ErrCellCount = errors.New("wrong number of cells")
	ErrCount     = errors.New("bad count line")
)

// ParseError is an error in a puzzle file, with its place.
type ParseError struct {
	File   string // file name, if known
	Line   int    // 1-based line of the error
	Column int    // 1-based column (byte) of the error; 0 if none applies
	Err    error  // what is wrong
}

func (e *ParseError) Error() string {
	var b strings.Builder
	if e.File != "" {
		b.WriteString(e.File)
		b.WriteByte(':')
	}
	fmt.Fprintf(&b, "%d:", e.Line)
	if e.Column > 0 {
		fmt.Fprintf(&b, "%d:", e.Column)
	}
	b.WriteByte(' ')
	b.WriteString(e.Err.Error())
	return b.String()
}

// Unwrap returns the underlying error.
func (e *ParseError) Unwrap() error { return e.Err }
