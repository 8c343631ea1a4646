// Package units lists the units (rows, columns and boxes) of a Sudoku grid
// of any order, for the engines and the generator.
package units

// Cells returns the cells of the 3*side units of a grid of order n (side
// n*n), side cells each, as row-major indexes: the rows, then the columns,
// then the boxes (left to right, top to bottom), each in reading order.
func Cells(n int) []int32 {
	side := n * n
	cells := make([]int32, 0, 3*side*side)
	for r := range side {
		for c := range side {
			cells = append(cells, int32(r*side+c))
		}
	}
	for c := range side {
		for r := range side {
			cells = append(cells, int32(r*side+c))
		}
	}
	for b := range side {
		r0, c0 := b/n*n, b%n*n
		for k := range side {
			cells = append(cells, int32((r0+k/n)*side+c0+k%n))
		}
	}
	return cells
}
