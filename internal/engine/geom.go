package engine

import "github.com/gosudoku/sudoku/internal/units"

// geom is the fixed shape of a grid of one order: units and the
// layout of a search state. It is read-only once made and shared by the
// workers of a Solver.
type geom struct {
	order, side, ncell int
	nunit              int     // 3*side: rows, then columns, then boxes
	full               uint64  // every candidate of a cell
	units              []int32 // nunit*side cells
	rcb                []rcb   // row, column and box of every cell
	// segMask[k]: the rows (columns) of band (stack) k.
	segMask []uint64
	// expand[segs]: the rows (columns) of the bands (stacks) in segs.
	expand []uint64
	// segOf[k]: the band (stack) of row (column) k, k/order.
	segOf []uint8

	// Small grids (4x4 and 9x9, at most 128 cells) place values through
	// peer masks (see assignSmall); nil from 16x16 on.
	// Cell sets in two words (peers, unitCells and the places of a value
	// in a state) keep whole bands in a word: cell i is bit i of the
	// first word if i < posBase, else bit i-posBase of the second (at
	// 9x9 bands 1 and 2 go in the first, band 3 in the second). So a row
	// or a box lies in one word, and folding the second word onto the
	// first, shifted by one, keeps the cells of any unit apart (see
	// placesLeft).
	posBase int
	posWord []uint8  // posWord[i]: the word of cell i
	posBit  []uint64 // posBit[i]: the bit of cell i in its word
	// peers[i]: the peers of cell i (its row, column and box but i).
	peers [][2]uint64
	// unitBit[i]: the units of cell i as one bitset, rows in bits
	// 0..side-1, columns next, then boxes (3*side <= 64); zero past the
	// last cell.
	unitBit *[128]uint64
	// unitCells[u]: the cells of unit u as a bitset in two words (64
	// entries, so that any index below 64 needs no bounds check).
	unitCells *[64][2]uint64

	// Layout of a state, one []uint64: the candidates of each cell (one
	// bit for a solved cell), the values placed in each unit, the
	// candidates of each row's and each column's box segments (for locked
	// candidates; a superset of the truth between unit scans), the blank
	// cells of each row (by column) and of each column (by row), a bitset
	// of solved cells, and the count of cells still blank. Small grids
	// keep the segments and the blank cells of units only at the start.
	offPlaced, offSegR, offSegC, offFree, offSolved, offLeft, size int
	// offPos: for grids of at most 128 cells, the cells that hold each
	// value as a candidate (or placed), two words per value; see small.go.
	offPos int
}

// rcb names the units of one cell, and its band (row of boxes) and stack
// (column of boxes).
type rcb struct{ r, c, b, band, stack uint8 }

// newGeom builds the engine's tables of order n from the shared
// units.Geometry: the same units, units of a cell and peers, in the
// layouts the search wants (uint8 indexes, bitsets of cells).
func newGeom(n int) *geom {
	ug := units.Of(n)
	side := ug.Side
	g := &geom{order: n, side: side, ncell: ug.NumCells, nunit: ug.NumUnits}
	g.full = uint64(units.Full(side))
	g.units = units.Cells(n)
	g.rcb = make([]rcb, g.ncell)
	for i := range g.ncell {
		r, c := ug.Row(i), ug.Col(i)
		g.rcb[i] = rcb{uint8(r), uint8(c), uint8(ug.Box(i)), uint8(r / n), uint8(c / n)}
	}
	g.segMask = make([]uint64, n)
	for k := range n {
		g.segMask[k] = (1<<n - 1) << (k * n)
	}
	g.segOf = make([]uint8, side)
	for k := range side {
		g.segOf[k] = uint8(k / n)
	}
	g.expand = make([]uint64, 1<<n)
	for segs := range g.expand {
		for k := range n {
			if segs&(1<<k) != 0 {
				g.expand[segs] |= g.segMask[k]
			}
		}
	}
	if g.ncell <= 128 {
		g.posBase = min(64/(n*side), n) * n * side
		g.posWord = make([]uint8, g.ncell)
		g.posBit = make([]uint64, g.ncell)
		for i := range g.ncell {
			if i >= g.posBase {
				g.posWord[i], g.posBit[i] = 1, 1<<(i-g.posBase)
			} else {
				g.posBit[i] = 1 << i
			}
		}
		g.peers = make([][2]uint64, g.ncell)
		g.unitBit = new([128]uint64)
		g.unitCells = new([64][2]uint64)
		for k, p := range g.units {
			g.unitCells[k/side][g.posWord[p]] |= g.posBit[p]
		}
		for i, us := range ug.CellUnits {
			g.unitBit[i] = 1<<us[0] | 1<<us[1] | 1<<us[2]
			for _, j := range ug.Peers[i] {
				g.peers[i][g.posWord[j]] |= g.posBit[j]
			}
		}
	}
	g.offPlaced = g.ncell
	g.offSegR = g.offPlaced + g.nunit
	g.offSegC = g.offSegR + side*n
	g.offFree = g.offSegC + side*n
	g.offSolved = g.offFree + 2*side
	g.offLeft = g.offSolved + (g.ncell+63)/64
	g.size = g.offLeft + 1
	if g.peers != nil {
		g.offPos = g.size
		g.size += 2 * side
		// assignSmall sees the first 128 words of a state as an array.
		g.size = max(g.size, 128)
	}
	return g
}
