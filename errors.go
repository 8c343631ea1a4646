package sudoku

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"
)

// Errors: ParseError and the messages that name what is wrong.

// Errors wrapped by ParseError. A value out of range is reported as a
// *RangeError instead.
var (
	ErrSymbol      = errors.New("not a symbol")
	ErrCellCount   = errors.New("wrong number of cells")
	ErrCount       = errors.New("bad count line")
	ErrSyntax      = errors.New("syntax error")
	ErrLineTooLong = errors.New("line too long")
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

// detailError is a message that wraps a sentinel error without repeating
// the sentinel's text.
type detailError struct {
	msg string
	err error
}

func (e *detailError) Error() string { return e.msg }
func (e *detailError) Unwrap() error { return e.err }

func detailf(sentinel error, format string, args ...any) error {
	return &detailError{msg: fmt.Sprintf(format, args...), err: sentinel}
}

func (r *Reader) errAt(line, col int, err error) error {
	return &ParseError{File: r.File, Line: line, Column: col, Err: err}
}

// checkOrder checks the order of a grid against r.Order. The error names
// what (e.g. "row of") and n, the side it implies.
func (r *Reader) checkOrder(order, line, col int, what string, n int) error {
	if r.Order != 0 && order != r.Order {
		s := r.Order * r.Order
		return r.errAt(line, col, detailf(ErrCellCount, "%s %d, want order %d (%dx%d)", what, n, r.Order, s, s))
	}
	return nil
}

// cellCountError describes a line grid of n cells.
func (r *Reader) cellCountError(n int) error {
	if r.Order != 0 {
		s := r.Order * r.Order
		return detailf(ErrCellCount, "%d %s, want %d", n, plural(n, "cell"), s*s)
	}
	want := 16
	for o := MinOrder; o <= MaxOrder; o++ {
		c := o * o * o * o
		if abs(c-n) < abs(want-n) {
			want = c
		}
	}
	return detailf(ErrCellCount, "%d %s, want %d", n, plural(n, "cell"), want)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// symbolErrorAt describes the character at b[i], which is not a symbol:
// the whole character where it is UTF-8 (a full-width digit gets a hint),
// and a zero byte as a sign of UTF-16 or binary input.
func symbolErrorAt(b []byte, i int) error {
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

// notASCII returns the index of the first byte of w that is not a
// printable ASCII character or a space, or -1: a word with one is
// reported by that character rather than by its length in bytes.
func notASCII(w []byte) int {
	for i, c := range w {
		if c >= utf8.RuneSelf || c == 0 {
			return i
		}
	}
	return -1
}

// symbolError describes character c, which is not a symbol.
func symbolError(c byte) error {
	return detailf(ErrSymbol, "%s is not a symbol", quoteByte(c))
}

// rangeError describes value v, written c, at row, col of a grid with the
// given side: a *RangeError for a digit, ErrSymbol for a letter.
func rangeError(c byte, row, col, v, side int) error {
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
