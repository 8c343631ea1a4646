package logic

import (
	"fmt"
	"math/bits"
	"slices"
	"sync"

	"github.com/gosudoku/sudoku"
	"github.com/gosudoku/sudoku/internal/units"
)

// Region kinds in Sudoku Explainer's numbering, which sets its scan order.
const (
	seBlock = iota
	seRow
	seColumn
)

// unitsOfKind returns the unit indexes of one SE region kind, in order.
// The slice is shared: do not modify it.
func (g *Grid) unitsOfKind(kind int) []int { return g.tab.kind[kind] }

// tables are the unit orders of one grid order, built once and shared.
type tables struct {
	kind    [4][]int // the units of each SE region kind, and a variant's extra houses (seExtra)
	subsets []int    // boxes, then columns, then rows
}

var tableCache [units.MaxOrder + 1]struct {
	once sync.Once
	t    *tables
}

func tablesOf(order int) *tables {
	c := &tableCache[order]
	c.once.Do(func() {
		side := order * order
		t := &tables{}
		for kind, base := range [3]int{2 * side, 0, side} {
			for k := range side {
				t.kind[kind] = append(t.kind[kind], base+k)
			}
		}
		for _, kind := range []int{seBlock, seColumn, seRow} {
			t.subsets = append(t.subsets, t.kind[kind]...)
		}
		c.t = t
	})
	return c.t
}

// combos calls f with every set of k positions out of n as a bitmask, in
// increasing order of the mask (the order of SE's Permutations), until f
// returns false.
func combos(k, n int, f func(mask uint64) bool) {
	if k > n || k <= 0 {
		return
	}
	m := uint64(1)<<k - 1
	for m < uint64(1)<<n {
		if !f(m) {
			return
		}
		low := m & -m
		ripple := m + low
		m = ripple | ((m^ripple)>>2)/low
	}
}

// combosOf calls f with every set of k of the positions in elig, as a
// bitmask, in the order combos gives them over all positions (increasing
// masks), until f returns false.
func combosOf(k int, elig uint64, f func(mask uint64) bool) {
	var idx [64]uint8
	n := 0
	for p := elig; p != 0; p &= p - 1 {
		idx[n] = uint8(bits.TrailingZeros64(p))
		n++
	}
	combos(k, n, func(m uint64) bool {
		var mask uint64
		for p := m; p != 0; p &= p - 1 {
			mask |= 1 << idx[bits.TrailingZeros64(p)]
		}
		return f(mask)
	})
}

// findHiddenSingles finds full houses (the last blank cell of a unit,
// rated 1.0), then hidden singles (a value with one place in a unit: 1.2 in
// a box, 1.5 in a row or column), boxes first, then columns, then rows.
func findHiddenSingles(e *env, g *Grid, yield func(*Step) bool) {
	for _, alone := range []bool{true, false} {
		for _, kind := range []int{seBlock, seColumn, seRow, seExtra} {
			for _, u := range g.unitsOfKind(kind) {
				once, twice, empty := g.scanUnit(g.geo.Units[u])
				if (empty == 1) != alone {
					continue
				}
				for v := range (once &^ twice).Values() {
					i := g.geo.Units[u][bits.TrailingZeros64(g.places(u, v))]
					if !yield(g.singleStep(u, i, v, alone, kind)) {
						return
					}
				}
			}
		}
	}
}

// scanUnit returns the values with a place among cells (once), those with
// two or more (twice), and the number of blank cells. It is kept out of
// line: inlined, the loop of findHiddenSingles spilled its registers.
//
//go:noinline
func (g *Grid) scanUnit(cells []int) (once, twice units.Set, empty int) {
	for _, i := range cells {
		c := g.cands[i]
		twice |= once & c
		once |= c
		if g.values[i] == 0 {
			empty++
		}
	}
	return once, twice, empty
}

func (g *Grid) singleStep(u, i, v int, alone bool, kind int) *Step {
	st := &Step{
		Technique:  HiddenSingle,
		Name:       "Hidden Single",
		Placements: []sudoku.Candidate{{Cell: i, Value: v}},
		Cells:      []int{i},
		Candidates: []sudoku.Candidate{{Cell: i, Value: v}},
		Units:      []sudoku.Unit{g.unit(u)},
	}
	sym := sudoku.SymbolByte(v)
	switch {
	case alone:
		st.Technique, st.Name, st.Rating = FullHouse, "Full House", 10
		st.Text = fmt.Sprintf("%s is the last blank cell of %s, so %s = %c", g.cellName(i), g.unitName(u), g.cellName(i), sym)
	case kind == seBlock:
		st.Rating = 12
	default:
		st.Rating = 15
	}
	if !alone {
		st.Text = fmt.Sprintf("In %s, %c fits only %s, so %s = %c", g.unitName(u), sym, g.cellName(i), g.cellName(i), sym)
	}
	return st
}

// findNakedSingles finds cells with one candidate left (2.3), in reading
// order.
func findNakedSingles(e *env, g *Grid, yield func(*Step) bool) {
	for i, c := range g.cands {
		if g.values[i] != 0 || c.Count() != 1 {
			continue
		}
		v := c.Min()
		st := &Step{
			Technique:  NakedSingle,
			Name:       "Naked Single",
			Rating:     23,
			Placements: []sudoku.Candidate{{Cell: i, Value: v}},
			Cells:      []int{i},
			Candidates: []sudoku.Candidate{{Cell: i, Value: v}},
			Units:      []sudoku.Unit{g.unit(g.boxOf(i))},
			Text: fmt.Sprintf("%s has one candidate left, %c, so %s = %c",
				g.cellName(i), sudoku.SymbolByte(v), g.cellName(i), sudoku.SymbolByte(v)),
		}
		if !yield(st) {
			return
		}
	}
}

// crosses reports whether units a and b differ and share a cell: a row
// and a column always do, a line and a box when the line runs through the
// box, two lines or two boxes never.
func (g *Grid) crosses(a, b int) bool {
	if g.hv != nil {
		if a == b {
			return false
		}
		for _, i := range g.geo.Units[a] {
			if slices.Contains(g.hv.cellUnits[i], b) {
				return true
			}
		}
		return false
	}
	side, n := g.geo.Side, g.geo.Order
	ka, kb := a/side, b/side // 0 row, 1 column, 2 box
	if ka == kb {
		return false
	}
	if ka == 2 {
		a, b, ka, kb = b, a, kb, ka
	}
	if kb != 2 {
		return true
	}
	line, box := a%side, b-2*side
	if ka == 0 {
		return line/n == box/n
	}
	return line/n == box%n
}

// inUnit reports whether cell i lies in unit u.
func (g *Grid) inUnit(i, u int) bool {
	if g.hv != nil {
		return slices.Contains(g.hv.cellUnits[i], u)
	}
	cu := &g.geo.CellUnits[i]
	return cu[0] == u || cu[1] == u || cu[2] == u
}

// intersectionPairs lists the (region1, region2) kinds that
// Sudoku Explainer scans for intersections, in its order.
var intersectionPairs = [][2]int{{seBlock, seColumn}, {seBlock, seRow}, {seColumn, seBlock}, {seRow, seBlock}}

// forIntersections calls f for every value v and pair of crossing units
// (u1, u2) where v's places in u1 all lie in u2 (at least two places), in
// SE's order, until f returns false.
func forIntersections(g *Grid, f func(v, u1, u2 int, kind1 int) bool) {
	if g.hv != nil {
		forHouseIntersections(g, f)
		return
	}
	forBoxIntersections(g, f)
}

// forBoxIntersections is forIntersections on the rows, columns and boxes
// of a classic grid.
func forBoxIntersections(g *Grid, f func(v, u1, u2 int, kind1 int) bool) {
	side, n := g.geo.Side, g.geo.Order
	for _, kinds := range intersectionPairs {
		for v := 1; v <= side; v++ {
			for _, u1 := range g.unitsOfKind(kinds[0]) {
				pos := g.places(u1, v)
				if bits.OnesCount64(pos) < 2 {
					continue
				}
				// The segment (row or column of a box, box of a line) of
				// each place; all the same: the places lie in u2.
				var segs uint64
				for p := pos; p != 0; p &= p - 1 {
					k := bits.TrailingZeros64(p)
					switch kinds {
					case [2]int{seBlock, seColumn}:
						segs |= 1 << (k % n)
					default: // a box's rows, or a line's boxes
						segs |= 1 << (k / n)
					}
				}
				if bits.OnesCount64(segs) != 1 {
					continue
				}
				seg := bits.TrailingZeros64(segs)
				var u2 int
				switch idx := u1 % side; kinds {
				case [2]int{seBlock, seColumn}:
					u2 = side + idx%n*n + seg
				case [2]int{seBlock, seRow}:
					u2 = idx/n*n + seg
				case [2]int{seColumn, seBlock}:
					u2 = 2*side + seg*n + idx/n
				case [2]int{seRow, seBlock}:
					u2 = 2*side + idx/n*n + seg
				}
				if !f(v, u1, u2, kinds[0]) {
					return
				}
			}
		}
	}
}

// lockingStep builds the step of value v locked in u1 within u2: v goes
// from the cells of u2 outside u1.
func (g *Grid) lockingStep(v, u1, u2 int) *Step {
	st := &Step{Units: []sudoku.Unit{g.unit(u1), g.unit(u2)}}
	for _, i := range g.geo.Units[u1] {
		if g.Has(i, v) {
			st.Cells = append(st.Cells, i)
			st.Candidates = append(st.Candidates, sudoku.Candidate{Cell: i, Value: v})
		}
	}
	for _, i := range g.geo.Units[u2] {
		if !g.inUnit(i, u1) && g.Has(i, v) {
			st.Eliminations = append(st.Eliminations, sudoku.Candidate{Cell: i, Value: v})
		}
	}
	return st
}

// findDirectIntersections finds a pointing or claiming that leaves a
// hidden single in another unit (direct pointing 1.7, direct claiming 1.9).
func findDirectIntersections(e *env, g *Grid, yield func(*Step) bool) {
	forIntersections(g, func(v, u1, u2, kind1 int) bool {
		for _, u3 := range g.unitsOfKind(kind1) {
			if u3 == u1 || !g.crosses(u3, u2) {
				continue
			}
			pos3 := g.places(u3, v)
			if bits.OnesCount64(pos3) <= 1 {
				continue
			}
			remain, cell := 0, -1
			for p := pos3; p != 0; p &= p - 1 {
				i := g.geo.Units[u3][bits.TrailingZeros64(p)]
				// (in a variant, u3 may share cells with u1: those keep v)
				if !g.inUnit(i, u2) || g.hv != nil && g.inUnit(i, u1) {
					remain++
					cell = i
				}
			}
			if remain != 1 {
				continue
			}
			st := g.lockingStep(v, u1, u2)
			st.Technique, st.Name, st.Rating = DirectPointing, "Direct Pointing", 17
			if kind1 == seRow || kind1 == seColumn {
				st.Name, st.Rating = "Direct Claiming", 19
			}
			// As in SE, a direct step only places its value: the
			// eliminations that lead to it are part of the reasoning.
			st.Eliminations = nil
			st.Placements = []sudoku.Candidate{{Cell: cell, Value: v}}
			st.Units = append(st.Units, g.unit(u3))
			sym := sudoku.SymbolByte(v)
			st.Text = fmt.Sprintf("In %s, %c lies only in %s, so it goes from the rest of %s; then in %s, %c fits only %s, so %s = %c",
				g.unitName(u1), sym, g.unitName(u2), g.unitName(u2), g.unitName(u3), sym, g.cellName(cell), g.cellName(cell), sym)
			if !yield(st) {
				return false
			}
		}
		return true
	})
}

// findIntersections finds pointing (2.6: a box's places of a value in one
// row or column) and claiming (2.8: a row's or column's in one box).
func findIntersections(e *env, g *Grid, yield func(*Step) bool) {
	forIntersections(g, func(v, u1, u2, kind1 int) bool {
		st := g.lockingStep(v, u1, u2)
		if len(st.Eliminations) == 0 {
			return true
		}
		st.Technique, st.Name, st.Rating = Intersection, "Pointing", 26
		if kind1 == seRow || kind1 == seColumn {
			st.Name, st.Rating = "Claiming", 28
		}
		st.Text = fmt.Sprintf("In %s, %c lies only in %s, so %s",
			g.unitName(u1), sudoku.SymbolByte(v), g.unitName(u2), g.elimText(st.Eliminations))
		return yield(st)
	})
}

// subsetUnits are the units SE scans for naked and hidden sets: boxes,
// then columns, then rows. The slice is shared: do not modify it.
func (g *Grid) subsetUnits() []int { return g.tab.subsets }

var setNames = [...]string{2: "Pair", 3: "Triplet", 4: "Quad"}

// nakedSetFinder finds naked pairs (3.0), triplets (3.6) and quads (5.0):
// degree cells of a unit whose candidates together are degree values,
// which then go from the unit's other cells.
func nakedSetFinder(degree int) finder {
	tech := map[int]Technique{2: NakedPair, 3: NakedTriple, 4: NakedQuad}[degree]
	rating := map[int]int{2: 30, 3: 36, 4: 50}[degree]
	return func(e *env, g *Grid, yield func(*Step) bool) {
		for _, u := range g.subsetUnits() {
			if g.emptyCells(u) < 2*degree {
				continue
			}
			cells := g.geo.Units[u]
			var elig uint64
			for k, i := range cells {
				if n := g.cands[i].Count(); n >= 2 && n <= degree {
					elig |= 1 << k
				}
			}
			stop := false
			combosOf(degree, elig, func(m uint64) bool {
				var union units.Set
				for p := m; p != 0; p &= p - 1 {
					union |= g.cands[cells[bits.TrailingZeros64(p)]]
				}
				if union.Count() != degree {
					return true
				}
				st := &Step{Technique: tech, Name: "Naked " + setNames[degree], Rating: rating,
					Units: []sudoku.Unit{g.unit(u)}}
				var set []int
				for k, i := range cells {
					if m&(1<<k) != 0 {
						set = append(set, i)
						st.Cells = append(st.Cells, i)
						for v := range g.cands[i].Values() {
							st.Candidates = append(st.Candidates, sudoku.Candidate{Cell: i, Value: v})
						}
					} else {
						for v := range (g.cands[i] & union).Values() {
							st.Eliminations = append(st.Eliminations, sudoku.Candidate{Cell: i, Value: v})
						}
					}
				}
				if len(st.Eliminations) == 0 {
					return true
				}
				vals := setValues(union)
				st.Text = fmt.Sprintf("In %s, %s hold only %s between them, so %s",
					g.unitName(u), g.cellList(set), valueList(vals, ""), g.elimText(st.Eliminations))
				if !yield(st) {
					stop = true
					return false
				}
				return true
			})
			if stop {
				return
			}
		}
	}
}

func setValues(s units.Set) []int {
	var vs []int
	for v := range s.Values() {
		vs = append(vs, v)
	}
	return vs
}

// hiddenSetFinder finds hidden pairs (3.4), triplets (4.0) and quads
// (5.4): degree values of a unit with places in only degree cells, whose
// other candidates then go. In direct mode (direct hidden pair 2.0, triplet
// 2.5) it finds only those that leave a hidden single for another value of
// the unit.
func hiddenSetFinder(degree int, direct bool) finder {
	tech := map[int]Technique{2: HiddenPair, 3: HiddenTriple, 4: HiddenQuad}[degree]
	rating := map[int]int{2: 34, 3: 40, 4: 54}[degree]
	if direct {
		tech = map[int]Technique{2: DirectHiddenPair, 3: DirectHiddenTriple}[degree]
		rating = map[int]int{2: 20, 3: 25}[degree]
	}
	return func(e *env, g *Grid, yield func(*Step) bool) {
		side := g.geo.Side
		for _, u := range g.subsetUnits() {
			empty := g.emptyCells(u)
			if !(empty > 2*degree || direct && empty > degree) {
				continue
			}
			var places [65]uint64
			var elig uint64
			for v := 1; v <= side; v++ {
				places[v] = g.places(u, v)
				if n := bits.OnesCount64(places[v]); n >= 2 && n <= degree {
					elig |= 1 << (v - 1)
				}
			}
			cells := g.geo.Units[u]
			stop := false
			combosOf(degree, elig, func(m uint64) bool {
				var common uint64
				for p := m; p != 0; p &= p - 1 {
					common |= places[bits.TrailingZeros64(p)+1]
				}
				valueSet := units.Set(m)
				if bits.OnesCount64(common) != degree {
					return true
				}
				st := &Step{Technique: tech, Rating: rating, Units: []sudoku.Unit{g.unit(u)}}
				var set []int
				for p := common; p != 0; p &= p - 1 {
					i := cells[bits.TrailingZeros64(p)]
					set = append(set, i)
					st.Cells = append(st.Cells, i)
					for v := range (g.cands[i] & valueSet).Values() {
						st.Candidates = append(st.Candidates, sudoku.Candidate{Cell: i, Value: v})
					}
					for v := range (g.cands[i] &^ valueSet).Values() {
						st.Eliminations = append(st.Eliminations, sudoku.Candidate{Cell: i, Value: v})
					}
				}
				vals := setValues(valueSet)
				what := fmt.Sprintf("In %s, %s fit only in %s", g.unitName(u), valueList(vals, ""), g.cellList(set))
				if direct {
					st.Name = "Direct Hidden " + setNames[degree]
					found := false
					for v := 1; v <= side && !found; v++ {
						if valueSet&(1<<(v-1)) != 0 || bits.OnesCount64(places[v]) <= 1 {
							continue
						}
						rest := places[v] &^ common
						if bits.OnesCount64(rest) == 1 {
							i := cells[bits.TrailingZeros64(rest)]
							// As in SE, only the placement is made.
							st.Eliminations = nil
							st.Placements = []sudoku.Candidate{{Cell: i, Value: v}}
							st.Text = fmt.Sprintf("%s, so no other value goes there; then %c fits only %s, so %s = %c",
								what, sudoku.SymbolByte(v), g.cellName(i), g.cellName(i), sudoku.SymbolByte(v))
							found = true
						}
					}
					if !found {
						return true
					}
				} else {
					if len(st.Eliminations) == 0 {
						return true
					}
					st.Name = "Hidden " + setNames[degree]
					st.Text = fmt.Sprintf("%s, so %s", what, g.elimText(st.Eliminations))
				}
				if !yield(st) {
					stop = true
					return false
				}
				return true
			})
			if stop {
				return
			}
		}
	}
}

var fishNames = [...]string{2: "X-Wing", 3: "Swordfish", 4: "Jellyfish"}

// fishFinder finds X-Wings (3.2), Swordfish (3.8) and Jellyfish (5.2):
// degree columns (then rows) whose places for a value lie in degree rows
// (columns), from which the value then goes elsewhere.
func fishFinder(degree int) finder {
	tech := map[int]Technique{2: XWing, 3: Swordfish, 4: Jellyfish}[degree]
	rating := map[int]int{2: 32, 3: 38, 4: 52}[degree]
	return func(e *env, g *Grid, yield func(*Step) bool) {
		side := g.geo.Side
		var count [65]int
		for v := 1; v <= side; v++ {
			count[v] = g.valueCount(v)
		}
		// places[v*side+k]: the places of v in the k-th base unit; elig[v]:
		// the base units where v has 2 to degree places (a fish's bases).
		places := make([]uint64, (side+1)*side)
		var elig [65]uint64
		for _, kinds := range [][2]int{{seColumn, seRow}, {seRow, seColumn}} {
			base := g.unitsOfKind(kinds[0])
			cover := g.unitsOfKind(kinds[1])
			for v := 1; v <= side; v++ {
				elig[v] = 0
				for k, u := range base {
					pos := g.places(u, v)
					places[v*side+k] = pos
					if n := bits.OnesCount64(pos); n >= 2 && n <= degree {
						elig[v] |= 1 << k
					}
				}
			}
			stop := false
			combos(degree, side, func(m uint64) bool {
				for v := 1; v <= side; v++ {
					if count[v]+2*degree > side || m&^elig[v] != 0 {
						continue
					}
					var common uint64
					for p := m; p != 0; p &= p - 1 {
						common |= places[v*side+bits.TrailingZeros64(p)]
					}
					if bits.OnesCount64(common) != degree {
						continue
					}
					st := &Step{Technique: tech, Name: fishNames[degree], Rating: rating}
					var baseNames, coverNames []string
					for p := m; p != 0; p &= p - 1 {
						u := base[bits.TrailingZeros64(p)]
						st.Units = append(st.Units, g.unit(u))
						baseNames = append(baseNames, g.unitName(u))
					}
					for p := common; p != 0; p &= p - 1 {
						u := cover[bits.TrailingZeros64(p)]
						st.Units = append(st.Units, g.unit(u))
						coverNames = append(coverNames, g.unitName(u))
						for k, i := range g.geo.Units[u] {
							if !g.Has(i, v) {
								continue
							}
							if m&(1<<k) != 0 {
								st.Cells = append(st.Cells, i)
								st.Candidates = append(st.Candidates, sudoku.Candidate{Cell: i, Value: v})
							} else {
								st.Eliminations = append(st.Eliminations, sudoku.Candidate{Cell: i, Value: v})
							}
						}
					}
					if len(st.Eliminations) == 0 {
						continue
					}
					sortCandidates(st.Eliminations)
					st.Text = fmt.Sprintf("In %s, %c lies only in %s, so %s",
						joinAnd(baseNames), sudoku.SymbolByte(v), joinAnd(coverNames), g.elimText(st.Eliminations))
					if !yield(st) {
						stop = true
						return false
					}
				}
				return true
			})
			if stop {
				return
			}
		}
	}
}
