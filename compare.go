package sudoku

// Copies and comparisons of whole grids: values, placed values and marks.

// Clone returns an independent copy of g.
func (g *Grid) Clone() *Grid {
	return &Grid{order: g.order, cells: append([]uint8(nil), g.cells...), marks: cloneMarks(g.marks), placed: clonePlaced(g.placed)}
}

// Equal reports whether g and h have the same order, the same values, the
// same placed values (see Given) and the same candidates in every cell
// (see Marks: a grid without marks equals one whose blank cells have every
// candidate).
func (g *Grid) Equal(h *Grid) bool {
	return g.order == h.order && string(g.cells) == string(h.cells) && g.sameMarks(h) && g.samePlaced(h)
}

// cloneMarks copies m, keeping nil.
func cloneMarks(m []uint64) []uint64 {
	if m == nil {
		return nil
	}
	return append([]uint64(nil), m...)
}

// sameMarks reports whether the blank cells of g and h, which hold the
// same values, have the same candidates.
func (g *Grid) sameMarks(h *Grid) bool {
	if g.marks == nil && h.marks == nil {
		return true
	}
	for i, v := range g.cells {
		if v == 0 && g.Marks(i) != h.Marks(i) {
			return false
		}
	}
	return true
}

// clonePlaced copies p, keeping nil.
func clonePlaced(p []bool) []bool {
	if p == nil {
		return nil
	}
	return append([]bool(nil), p...)
}

// samePlaced reports whether g and h, which hold the same values, have
// the same placed values.
func (g *Grid) samePlaced(h *Grid) bool {
	if g.placed == nil && h.placed == nil {
		return true
	}
	for i := range g.cells {
		if g.Placed(i) != h.Placed(i) {
			return false
		}
	}
	return true
}

// GivensOnly returns a copy of g holding only its givens: the placed values
// become blanks, with every candidate if g has marks.
func (g *Grid) GivensOnly() *Grid {
	h := g.Clone()
	if h.placed == nil {
		return h
	}
	side := g.Side()
	for i, p := range h.placed {
		if p && h.cells[i] != 0 {
			h.cells[i] = 0
			if h.marks != nil {
				h.marks[i] = allMarks(side)
			}
		}
	}
	h.placed = nil
	return h
}
