package sudoku

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/gosudoku/sudoku/internal/detail"
)

// Errors: ParseError and the messages that name what is wrong.

// Errors wrapped by ParseError. A value out of range is reported as a
// *RangeError instead. Package format adds the errors of its formats.
var (
	ErrSymbol    = errors.New("not a symbol")
	ErrCellCount = errors.New("wrong number of cells")
)

// ErrNoPuzzle is returned by Parse when its input holds no puzzle (only
// blank or comment lines).
var ErrNoPuzzle = errors.New("sudoku: no puzzle in input")

// ParseError is an error in a puzzle file, with its place. Its message is
// "file:line:column: what" when File is set, and "line L, column C: what"
// otherwise; the column is left out when it is 0.
type ParseError struct {
	File   string // file name, if known
	Line   int    // 1-based line of the error
	Column int    // 1-based column (byte) of the error; 0 if none applies
	Err    error  // what is wrong
}

func (e *ParseError) Error() string {
	var b strings.Builder
	if e.File != "" {
		fmt.Fprintf(&b, "%s:%d:", e.File, e.Line)
		if e.Column > 0 {
			fmt.Fprintf(&b, "%d:", e.Column)
		}
	} else {
		fmt.Fprintf(&b, "line %d", e.Line)
		if e.Column > 0 {
			fmt.Fprintf(&b, ", column %d", e.Column)
		}
		b.WriteByte(':')
	}
	b.WriteByte(' ')
	b.WriteString(e.Err.Error())
	return b.String()
}

// Unwrap returns the underlying error.
func (e *ParseError) Unwrap() error { return e.Err }

// detailf returns an error with the message format and args that wraps
// sentinel without repeating its text (internal/detail).
func detailf(sentinel error, format string, args ...any) error {
	return detail.Errorf(sentinel, format, args...)
}

// SymbolError describes the character at b[i], which is not a symbol, in
// an error wrapping ErrSymbol: the whole character where it is UTF-8 (a
// full-width digit gets a hint), and a zero byte as a sign of UTF-16 or
// binary input. Parse and package format name bad characters with it.
func SymbolError(b []byte, i int) error {
	c := b[i]
	switch {
	case c == 0:
		return detailf(ErrSymbol, "a zero byte is not a symbol (UTF-16 or binary input?)")
	case c < utf8.RuneSelf:
		return symbolError(c)
	}
	ru, n := utf8.DecodeRune(b[i:])
	switch {
	case ru == utf8.RuneError && n <= 1:
		return symbolError(c)
	case ru >= 0xff01 && ru <= 0xff5e:
		return detailf(ErrSymbol, "full-width %q (U+%04X) is not a symbol: write %q", ru, ru, ru-0xfee0)
	}
	return detailf(ErrSymbol, "%q (U+%04X) is not a symbol", ru, ru)
}

// symbolError describes character c, which is not a symbol.
func symbolError(c byte) error {
	return detailf(ErrSymbol, "%s is not a symbol", quoteByte(c))
}

// ValueError describes value v, written c, at row, col (0-based) of a grid
// with the given side, where it is out of range: a *RangeError for a
// digit, an error wrapping ErrSymbol that names the symbols of the grid
// for a letter.
func ValueError(c byte, row, col, v, side int) error {
	if c >= '0' && c <= '9' {
		return &RangeError{Row: row, Col: col, Value: v, Side: side}
	}
	last := string(Symbols[side-1])
	var rng string
	switch {
	case side <= 9:
		rng = "1-" + last
	case side <= 35:
		rng = "1-9, A-" + last
	case side <= 61:
		rng = "1-9, A-Z, a-" + last
	default:
		rng = "1-9, A-Z, a-z, " + Symbols[61:side]
	}
	return detailf(ErrSymbol, "%s is not a symbol for %dx%d (%s)", quoteByte(c), side, side, rng)
}

func quoteByte(c byte) string {
	if c >= ' ' && c < 0x7f && c != '\'' && c != '\\' {
		return "'" + string(rune(c)) + "'"
	}
	return fmt.Sprintf("%q", string([]byte{c}))
}
