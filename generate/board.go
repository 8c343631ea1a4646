package generate

import "github.com/gosudoku/sudoku/internal/units"

// board is a puzzle being dug, with the values each unit holds, to spot
// cells whose value the clues force without a search.
type board struct {
	*geometry
	cells []uint8
	used  []units.Set // values present in each unit: rows, columns, boxes
	pos   []int32     // the cell of each unit holding each value in the solution
	mark  []uint32    // cells seen by chainBlank, stamped
	stamp uint32
	queue []int32
}

func newBoard(g *geometry) *board {
	return &board{geometry: g, cells: make([]uint8, g.NumCells), used: make([]units.Set, g.NumUnits), mark: make([]uint32, g.NumCells), pos: make([]int32, g.NumUnits*g.Side)}
}

// load sets the board to the complete grid sol.
func (b *board) load(sol []uint8) {
	clear(b.used)
	for i, v := range sol {
		b.cells[i] = 0
		b.set(i, v)
		for _, u := range b.CellUnits[i] {
			b.pos[u*b.Side+int(v)-1] = int32(i)
		}
	}
}

// set puts v (not 0) in the blank cell i.
func (b *board) set(i int, v uint8) {
	if b.cells[i] != 0 {
		return
	}
	bit := units.SetOf(int(v))
	u := &b.CellUnits[i]
	b.used[u[0]] |= bit
	b.used[u[1]] |= bit
	b.used[u[2]] |= bit
	b.cells[i] = v
}

// clear blanks cell i.
func (b *board) clear(i int) {
	v := b.cells[i]
	if v == 0 {
		return
	}
	bit := units.SetOf(int(v))
	u := &b.CellUnits[i]
	b.used[u[0]] &^= bit
	b.used[u[1]] &^= bit
	b.used[u[2]] &^= bit
	b.cells[i] = 0
}

// seen returns the values in the units of cell i.
func (b *board) seen(i int) units.Set {
	u := &b.CellUnits[i]
	return b.used[u[0]] | b.used[u[1]] | b.used[u[2]]
}

// forced reports whether the clues force value v in the blank cell i,
// where v is allowed: every other value is in one of its units (a naked
// single), or no other blank cell of one of its units can hold v (a hidden
// single).
func (b *board) forced(i int, v uint8) bool {
	bit := units.SetOf(int(v))
	if b.seen(i)|bit == b.full {
		return true
	}
	for _, u := range b.CellUnits[i] {
		only := true
		for _, j := range b.Units[u] {
			if j != i && b.cells[j] == 0 && b.seen(j)&bit == 0 {
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
	for v := uint8(1); int(v) <= b.Side; v++ {
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
	for _, u := range b.CellUnits[i] {
		if b.cells[b.pos[u*b.Side+int(v)-1]] != 0 {
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
		for _, u := range b.CellUnits[j] {
			p := b.pos[u*b.Side+int(other)-1]
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
