// Package detail makes the errors of bad input that name what is wrong in
// their own words while errors.Is still finds the kind: "80 cells, want
// 81" is an error wrapping sudoku.ErrCellCount, without its text. Package
// sudoku and package format make their messages with it.
package detail

import "fmt"

// Errorf returns an error whose message is the format applied to args
// and which wraps sentinel (for errors.Is and errors.As).
func Errorf(sentinel error, format string, args ...any) error {
	return &detailError{msg: fmt.Sprintf(format, args...), err: sentinel}
}

// detailError is a message that wraps a sentinel error without repeating
// the sentinel's text.
type detailError struct {
	msg string
	err error
}

func (e *detailError) Error() string { return e.msg }
func (e *detailError) Unwrap() error { return e.err }
