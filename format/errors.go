package format

import (
	"errors"
	"fmt"
	"math/bits"
	"strings"
	"unicode/utf8"

	"github.com/gosudoku/sudoku"
	"github.com/gosudoku/sudoku/internal/detail"
)

// Errors wrapped by sudoku.ParseError besides sudoku.ErrSymbol and
// sudoku.sudoku.ErrCellCount.
var (
	ErrCount       = errors.New("bad count line")
	ErrSyntax      = errors.New("syntax error")
	ErrLineTooLong = errors.New("line too long")
)

// detailf returns an error with the message format and args that wraps
// sentinel without repeating its text (internal/detail).
func detailf(sentinel error, format string, args ...any) error {
	return detail.Errorf(sentinel, format, args...)
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
func symbolError(c byte) error { return sudoku.SymbolError([]byte{c}, 0) }

func quoteByte(c byte) string {
	if c >= ' ' && c < 0x7f && c != '\'' && c != '\\' {
		return "'" + string(rune(c)) + "'"
	}
	return fmt.Sprintf("%q", string([]byte{c}))
}

// allMarks returns the set of every value of a grid of the given side.
func allMarks(side int) uint64 {
	if side >= 64 {
		return ^uint64(0)
	}
	return 1<<side - 1
}

// markString writes the candidates in m as symbols, "-" for none.
func markString(m uint64) string {
	if m == 0 {
		return "-"
	}
	var b strings.Builder
	for ; m != 0; m &= m - 1 {
		b.WriteByte(sudoku.SymbolByte(bits.TrailingZeros64(m) + 1))
	}
	return b.String()
}

// ErrCannotHold is wrapped by the error of a Writer asked to write what
// its format cannot hold so that it reads back as written: a Sukaku,
// Pencil or SDX blank cell with one candidate (read back as a value), a
// HoDoKu candidate that a value of the cell's row, column or box excludes.
// What a format drops by design (the candidates in a format without them,
// placed values where givens are all it knows) is documented with the
// format instead.
var ErrCannotHold = errors.New("the format cannot hold it")
