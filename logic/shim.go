package logic

import (
	"fmt"

	"github.com/gosudoku/sudoku"
)

// Unit names a row, column or box; to be replaced by Unit.
type Unit struct {
	Kind  sudoku.UnitKind
	Index int
}

func (u Unit) String() string { return fmt.Sprintf("%s %d", u.Kind, u.Index+1) }

func cellNameOf(i, side int) string { return fmt.Sprintf("r%dc%d", i/side+1, i%side+1) }
