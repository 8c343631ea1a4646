package sudoku

// Cells returns the values of g in row-major order, 0 for a blank: the
// grid's own storage, as image.RGBA's Pix is an image's, for readers and
// writers of whole grids (package format). A value stored in it must be
// in 0..Side(); Values returns a copy to read without that care.
func (g *Grid) Cells() []uint8 { return g.cells }

// Reset makes g a grid of the given order (2..8), without marks or
// placed values, whose values are cells (len side⁴, each in 0..side),
// kept as its storage (see Cells): a reader that allocates a grid along
// with its own values uses it on a Grid it holds by value. It panics if
// the order or the length is wrong; New allocates an empty grid.
func (g *Grid) Reset(order int, cells []uint8) {
	if order < MinOrder || order > MaxOrder || len(cells) != order*order*order*order {
		panic("sudoku: Reset of a grid with a bad order or storage")
	}
	*g = Grid{order: order, cells: cells}
}

// SetAllMarks gives g the candidates in marks, one set per cell, bit v-1
// for value v, and keeps marks as its storage; nil drops them. The set of
// a filled cell must be its value alone. SetMarks sets one cell's,
// checked.
func (g *Grid) SetAllMarks(marks []uint64) {
	if marks != nil && len(marks) != len(g.cells) {
		panic("sudoku: SetAllMarks with a wrong number of cells")
	}
	g.marks = marks
}
