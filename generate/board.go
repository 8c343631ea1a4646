package generate

// board is a puzzle being dug, with the values each unit holds, to spot
// cells whose value the clues force without a search.
type board struct {
	*geometry
	cells []uint8
	used  []uint64 // values present in each unit: rows, columns, boxes
	pos   []int32  // the cell of each unit holding each value in the solution
	mark  []uint32 // cells seen by chainBlank, stamped
	stamp uint32
	queue []int32
}

func newBoard(g *geometry) *board {
	return &board{geometry: g, cells: make([]uint8, g.ncell), used: make([]uint64, 3*g.side), mark: make([]uint32, g.ncell), pos: make([]int32, 3*g.side*g.side)}
}

// unitsOf returns the row, column and box units of cell i.
func (b *board) unitsOf(i int) (row, col, box int) {
	r, c := i/b.side, i%b.side
	return r, b.side + c, 2*b.side + r/b.n*b.n + c/b.n
}

// load sets the board to the complete grid sol.
func (b *board) load(sol []uint8) {
	clear(b.used)
	for i, v := range sol {
		b.cells[i] = 0
		b.set(i, v)
		r, c, x := b.unitsOf(i)
		for _, u := range [3]int{r, c, x} {
			b.pos[u*b.side+int(v)-1] = int32(i)
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

// blankChain reports whether some other solution of the board's puzzle
// can be read off the complete grid sol near the blank cell i: for a value
// b, the cells holding sol[i] or b that are linked to i (a cell links to
// the cells holding the other value in its units) are all blank, so
// swapping the two values there gives a second solution. This finds, for
// instance, the four cells of a rectangle in two boxes.
func (b *board) blankChain(sol []uint8, i int) bool {
	a := sol[i]
	for v := uint8(1); int(v) <= b.side; v++ {
		if v != a && b.chainBlank(sol, i, a, v) {
			return true
		}
	}
	return false
}

// chainBlank reports whether every cell of the a-b chain through the
// blank cell i is blank.
func (b *board) chainBlank(sol []uint8, i int, a, v uint8) bool {
	// Most chains meet a clue next to i: look there first.
	r, c, x := b.unitsOf(i)
	for _, u := range [3]int{r, c, x} {
		if b.cells[b.pos[u*b.side+int(v)-1]] != 0 {
			return false
		}
	}
	b.stamp++
	if b.stamp == 0 { // wrapped: forget old marks
		clear(b.mark)
		b.stamp = 1
	}
	q := append(b.queue[:0], int32(i))
	b.mark[i] = b.stamp
	ok := true
	for k := 0; k < len(q) && ok; k++ {
		j := int(q[k])
		other := a
		if sol[j] == a {
			other = v
		}
		r, c, x := b.unitsOf(j)
		for _, u := range [3]int{r, c, x} {
			p := b.pos[u*b.side+int(other)-1]
			if b.mark[p] == b.stamp {
				continue
			}
			if b.cells[p] != 0 {
				ok = false
				break
			}
			b.mark[p] = b.stamp
			q = append(q, p)
		}
	}
	b.queue = q[:0]
	return ok
}
