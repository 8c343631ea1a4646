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

// UnitKind names the three kinds of unit: rows, columns and boxes.
type UnitKind int

// The kinds of unit.
const (
	Row UnitKind = iota
	Column
	Box
)

var unitKindNames = [...]string{Row: "row", Column: "column", Box: "box"}

// String returns "row", "column" or "box".
func (k UnitKind) String() string {
	if k >= 0 && int(k) < len(unitKindNames) {
		return unitKindNames[k]
	}
	return fmt.Sprintf("UnitKind(%d)", int(k))
}

// Unit is one row, column or box of a grid.
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
// "column 4" or "box 5".
func (u Unit) String() string {
	return u.Kind.String() + " " + strconv.Itoa(u.Index+1)
}

// MarshalText returns the unit's String, so that JSON says "box 5" as
// messages do.
func (u Unit) MarshalText() ([]byte, error) {
	if u.Kind < Row || u.Kind > Box || u.Index < 0 {
		return nil, fmt.Errorf("sudoku: cannot name unit %d of kind %d", u.Index, int(u.Kind))
	}
	return []byte(u.String()), nil
}

// UnmarshalText reads a unit as String writes it, for example "box 5".
func (u *Unit) UnmarshalText(text []byte) error {
	kind, num, ok := strings.Cut(string(text), " ")
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
