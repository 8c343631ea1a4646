package sudoku

import (
	"fmt"
	"strconv"
	"strings"
)

// This file holds the shared words of every message: units ("row 3",
// "column 4", "box 5"), cells ("r5c4") and candidates ("r5c4=7",
// "r5c4<>7"), all 1-based, so that errors, hints, the CLI and the JSON
// name places the same way.
//
// Boxes are numbered in reading order; in a 9x9 grid:
//
//	box 1 | box 2 | box 3
//	------+-------+------
//	box 4 | box 5 | box 6
//	------+-------+------
//	box 7 | box 8 | box 9

// UnitKind names the kinds of unit: rows, columns and boxes, and the
// houses of variant puzzles (jigsaw regions and the extra regions of
// package variant's rules).
type UnitKind int

// The kinds of unit. A classic grid has rows, columns and boxes; the
// others are the houses of variant puzzles, each holding every value once:
// a jigsaw Region, a Diagonal (index 0 the main diagonal r1c1-r9c9, 1 the
// anti-diagonal r9c1-r1c9), a windoku Window, a Disjoint group (the cells
// at one place of every box) and an Extra region of the puzzle's own.
const (
	Row UnitKind = iota
	Column
	Box
	Region
	Diagonal
	Window
	Disjoint
	Extra
)

var unitKindNames = [...]string{Row: "row", Column: "column", Box: "box",
	Region: "region", Diagonal: "diagonal", Window: "window", Disjoint: "disjoint", Extra: "extra"}

// String returns the kind's short name: "row", "column", "box", "region",
// "diagonal", "window", "disjoint" or "extra".
func (k UnitKind) String() string {
	if k >= 0 && int(k) < len(unitKindNames) {
		return unitKindNames[k]
	}
	return fmt.Sprintf("UnitKind(%d)", int(k))
}

// Unit is one row, column or box of a grid, or a house of a variant
// puzzle (see UnitKind).
type Unit struct {
	Kind  UnitKind
	Index int // 0-based: rows top to bottom, columns left to right, boxes in reading order
}

// UnitAt returns unit u of a grid with side cells per unit, numbering the
// units rows first, then columns, then boxes: u in 0..side-1 is a row,
// side..2*side-1 a column, 2*side..3*side-1 a box.
func UnitAt(u, side int) Unit {
	return Unit{Kind: UnitKind(u / side), Index: u % side}
}

// String names the unit with a 1-based index, for example "row 3",
// "column 4" or "box 5"; a variant's houses are "region 4", "window 2",
// "disjoint group 3", "extra region 1", and the diagonals "main diagonal"
// and "anti-diagonal".
func (u Unit) String() string {
	switch u.Kind {
	case Diagonal:
		if u.Index == 1 {
			return "anti-diagonal"
		}
		return "main diagonal"
	case Disjoint:
		return "disjoint group " + strconv.Itoa(u.Index+1)
	case Extra:
		return "extra region " + strconv.Itoa(u.Index+1)
	}
	return u.Kind.String() + " " + strconv.Itoa(u.Index+1)
}

// MarshalText returns the unit's String, so that JSON says "box 5" as
// messages do.
func (u Unit) MarshalText() ([]byte, error) {
	if u.Kind < Row || u.Kind > Extra || u.Index < 0 || u.Kind == Diagonal && u.Index > 1 {
		return nil, fmt.Errorf("sudoku: cannot name unit %d of kind %d", u.Index, int(u.Kind))
	}
	return []byte(u.String()), nil
}

// UnmarshalText reads a unit as String writes it, for example "box 5".
func (u *Unit) UnmarshalText(text []byte) error {
	switch string(text) {
	case "main diagonal":
		*u = Unit{Kind: Diagonal, Index: 0}
		return nil
	case "anti-diagonal":
		*u = Unit{Kind: Diagonal, Index: 1}
		return nil
	}
	t := string(text)
	if rest, ok := strings.CutPrefix(t, "disjoint group "); ok {
		t = "disjoint " + rest
	} else if rest, ok := strings.CutPrefix(t, "extra region "); ok {
		t = "extra " + rest
	} else if strings.HasPrefix(t, "disjoint ") || strings.HasPrefix(t, "extra ") || strings.HasPrefix(t, "diagonal ") {
		return fmt.Errorf("sudoku: %q is not a unit such as \"row 3\" or \"box 5\"", text)
	}
	kind, num, ok := strings.Cut(t, " ")
	n, err := strconv.Atoi(num)
	if !ok || err != nil || n < 1 || n > MaxOrder*MaxOrder {
		return fmt.Errorf("sudoku: %q is not a unit such as \"row 3\" or \"box 5\"", text)
	}
	for k, name := range unitKindNames {
		if kind == name {
			*u = Unit{Kind: UnitKind(k), Index: n - 1}
			return nil
		}
	}
	return fmt.Errorf("sudoku: %q is not a unit such as \"row 3\" or \"box 5\"", text)
}

// CellName names cell i (row-major index) of a grid with side cells per
// row by its 1-based row and column, for example "r5c4".
func CellName(i, side int) string {
	return "r" + strconv.Itoa(i/side+1) + "c" + strconv.Itoa(i%side+1)
}

// Placement names the candidate as a placement, the cell then "=" then the
// value's symbol: "r5c4=7" (in a 16x16 grid, "r1c2=G").
func (c Candidate) Placement(side int) string {
	return CellName(c.Cell, side) + "=" + string(SymbolByte(c.Value))
}

// Elimination names the candidate as an elimination, the cell then "<>"
// then the value's symbol: "r5c4<>7".
func (c Candidate) Elimination(side int) string {
	return CellName(c.Cell, side) + "<>" + string(SymbolByte(c.Value))
}
