package generate

// board is a puzzle being dug, with the values each unit holds, to spot
// cells whose value the clues force without a search.
type board struct {
	*geometry
	cells []uint8
	used  []uint64 // values present in each unit: rows, columns, boxes
}

func newBoard(g *geometry) *board {
	return &board{geometry: g, cells: make([]uint8, g.ncell), used: make([]uint64, 3*g.side)}
}

// unitsOf returns the row, column and box units of cell i.
func (b *board) unitsOf(i int) (row, col, box int) {
	r, c := i/b.side, i%b.side
	return r, b.side + c, 2*b.side + r/b.n*b.n + c/b.n
}

// load sets the board to vals.
func (b *board) load(vals []uint8) {
	clear(b.used)
	for i, v := range vals {
		b.cells[i] = 0
		if v != 0 {
			b.set(i, v)
		}
	}
}

// set puts v (not 0) in the blank cell i.
func (b *board) set(i int, v uint8) {
	if b.cells[i] != 0 {
		return
	}
	bit := uint64(1) << (v - 1)
	r, c, x := b.unitsOf(i)
	b.used[r] |= bit
	b.used[c] |= bit
	b.used[x] |= bit
	b.cells[i] = v
}

// clear blanks cell i.
func (b *board) clear(i int) {
	v := b.cells[i]
	if v == 0 {
		return
	}
	bit := uint64(1) << (v - 1)
	r, c, x := b.unitsOf(i)
	b.used[r] &^= bit
	b.used[c] &^= bit
	b.used[x] &^= bit
	b.cells[i] = 0
}

// seen returns the values in the units of cell i.
func (b *board) seen(i int) uint64 {
	r, c, x := b.unitsOf(i)
	return b.used[r] | b.used[c] | b.used[x]
}

// forced reports whether the clues force value v in the blank cell i,
// where v is allowed: every other value is in one of its units (a naked
// single), or no other blank cell of one of its units can hold v (a hidden
// single).
func (b *board) forced(i int, v uint8) bool {
	bit := uint64(1) << (v - 1)
	if b.seen(i)|bit == b.full {
		return true
	}
	r, c, x := b.unitsOf(i)
	for _, u := range [3]int{r, c, x} {
		only := true
		for _, j := range b.unit(u) {
			if int(j) != i && b.cells[j] == 0 && b.seen(int(j))&bit == 0 {
				only = false
				break
			}
		}
		if only {
			return true
		}
	}
	return false
}
