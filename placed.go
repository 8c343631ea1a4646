package sudoku

// Givens and placed values. A filled cell of a Grid holds either a given
// (a clue of the puzzle) or a value placed later by a player. Most
// formats know only givens; the formats that tell them apart (FormatWiki's
// clue flag, FormatHoDoKu's '+', Simple Sudoku's grid of values) read and
// write placed values, and every other format writes them as values.
// Solving and counting treat a placed value as a value of the grid;
// CheckPlaced tells a player which placed value is wrong.
//
// A grid without placed values carries no storage for them (as with
// marks): SetCell always puts a given, Place a placed value.

// Given reports whether cell i (row-major) holds a given: a value that
// was not placed.
func (g *Grid) Given(i int) bool {
	return g.cells[i] != 0 && (g.placed == nil || !g.placed[i])
}

// Placed reports whether cell i (row-major) holds a value placed by a
// player rather than a given.
func (g *Grid) Placed(i int) bool {
	return g.placed != nil && g.placed[i] && g.cells[i] != 0
}

// HasPlaced reports whether some cell of g holds a placed value.
func (g *Grid) HasPlaced() bool {
	for i, p := range g.placed {
		if p && g.cells[i] != 0 {
			return true
		}
	}
	return false
}

// Place puts value v in cell i (row-major) as a placed value, not a
// given; v = 0 blanks the cell, as SetCell does.
func (g *Grid) Place(i, v int) error {
	if err := g.SetCell(i, v); err != nil || v == 0 {
		return err
	}
	if g.placed == nil {
		g.placed = make([]bool, len(g.cells))
	}
	g.placed[i] = true
	return nil
}
