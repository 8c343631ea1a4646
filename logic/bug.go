package logic

import (
	"fmt"
	"math/bits"

	"github.com/gosudoku/sudoku"
	"github.com/gosudoku/sudoku/internal/units"
)

// findBUG finds a bivalue universal grave (SE's rule with lkSudoku's fix,
// the default): if every blank cell but a few had two candidates and every
// value two places in each unit, the puzzle would have two solutions; so
// the extra candidates of the few cells ("BUG values") cannot all be
// false. Type 1 (5.6): one cell with extra candidates holds its BUG
// value. Type 2 (5.7): the BUG cells share one BUG value, which goes from
// the cells seeing them all. Type 3 (5.8-6.2): the BUG cells, in one unit,
// act as one cell holding their BUG values, forming a naked set with other
// cells of the unit. Type 4 (5.7): two BUG cells in a unit share a
// non-BUG value besides their BUG values; the BUG cells lose their other
// non-BUG value. The first found is applied, as SE does.
func findBUG(e *env, g *Grid, yield func(*Step) bool) {
	t := geo9()
	var bugCells []int
	var bugValues [81]units.Set
	var all units.Set
	common := cellSet{^uint64(0), 1<<17 - 1}
	var isBug cellSet
	var allExtra cellSet
	haveExtra, oneValue, onlyValue := false, true, 0
	rest := append([]units.Set(nil), g.cands...)
	addBug := func(c, v int) bool {
		if !isBug.has(c) {
			isBug.add(c)
			bugCells = append(bugCells, c)
		}
		bugValues[c] = bugValues[c].Add(v)
		rest[c] = rest[c].Remove(v)
		common = common.and(t.peers[c]).andNot(isBug)
		return !(len(bugCells) > 1 && all.Count() > 1 && common.empty())
	}
	for _, kind := range [3]int{seBlock, seRow, seColumn} {
		for _, u := range g.unitsOfKind(kind) {
			for v := 1; v <= 9; v++ {
				pos := g.places(u, v)
				n := bits.OnesCount64(pos)
				if n == 0 || n == 2 {
					continue
				}
				var newBug []int
				for p := pos; p != 0; p &= p - 1 {
					c := g.geo.Units[u][bits.TrailingZeros64(p)]
					if g.cands[c].Count() >= 3 {
						newBug = append(newBug, c)
					}
				}
				if !haveExtra {
					haveExtra, onlyValue = true, v
					for _, c := range newBug {
						allExtra.add(c)
					}
				} else if oneValue {
					if v == onlyValue {
						for _, c := range newBug {
							allExtra.add(c)
						}
					} else {
						oneValue = false
					}
				}
				if len(newBug) == 1 {
					all = all.Add(v)
					if !addBug(newBug[0], v) {
						return
					}
				}
				if len(newBug) == 0 {
					return
				}
			}
		}
	}
	if oneValue && haveExtra && allExtra.count() > len(bugCells) {
		all = all.Add(onlyValue)
		for _, c := range allExtra.andNot(isBug).cells(nil) {
			if !addBug(c, onlyValue) {
				return
			}
		}
	}
	if len(bugCells) == 0 {
		return
	}
	// without the BUG values, a grave: every blank cell two candidates,
	// every value two places (or none) in every unit
	for c, s := range rest {
		if g.values[c] == 0 && s.Count() != 2 {
			return
		}
	}
	for u := range g.geo.Units {
		var once, twice, more units.Set
		for _, c := range g.geo.Units[u] {
			s := rest[c]
			more |= twice & s
			twice |= once & s
			once |= s
		}
		if once&^twice != 0 || more != 0 {
			return
		}
	}
	switch {
	case len(bugCells) == 1:
		c := bugCells[0]
		st := g.bugStep(1, 56, bugCells, all)
		for v := range (g.cands[c] &^ all).Values() {
			st.Eliminations = append(st.Eliminations, sudoku.Candidate{Cell: c, Value: v})
		}
		st.Text = fmt.Sprintf("Without %s's BUG value %s every blank cell would have two candidates and every value two places per unit, which has two solutions, so %s",
			g.cellName(c), valueList(setValues(all), ""), g.elimText(st.Eliminations))
		yield(st)
	case all.Count() == 1:
		if g.bug2(bugCells, all, common, yield) && len(bugCells) == 2 {
			g.bug4(bugCells, &bugValues, all, yield)
		}
	case !common.empty():
		if len(bugCells) == 2 && !g.bug4(bugCells, &bugValues, all, yield) {
			return
		}
		g.bug3(bugCells, all, common, yield)
	}
}

func (g *Grid) bugStep(typ, rating int, cells []int, all units.Set) *Step {
	st := &Step{Technique: BUG, Name: fmt.Sprintf("BUG type %d", typ), Rating: rating, Cells: append([]int(nil), cells...)}
	for _, c := range cells {
		for v := range (g.cands[c] & all).Values() {
			st.Candidates = append(st.Candidates, sudoku.Candidate{Cell: c, Value: v})
		}
	}
	st.Units = []sudoku.Unit{unitOf(g.geo.CellUnits[cells[0]][2], g.geo.Side)}
	return st
}

// bug2 yields type 2 if it eliminates; it reports whether to go on.
func (g *Grid) bug2(cells []int, all units.Set, common cellSet, yield func(*Step) bool) bool {
	v := all.Min()
	victims := common.and(g.candCells(v))
	if victims.empty() {
		return true
	}
	st := g.bugStep(2, 57, cells, all)
	for _, c := range victims.cells(nil) {
		st.Eliminations = append(st.Eliminations, sudoku.Candidate{Cell: c, Value: v})
	}
	st.Text = fmt.Sprintf("Without BUG value %c in %s the grid would have two solutions, so one of them is %c, and %s",
		sudoku.SymbolByte(v), g.cellList(cells), sudoku.SymbolByte(v), g.elimText(st.Eliminations))
	return yield(st)
}

// bug4 yields type 4 for each unit the two cells share (box, row,
// column); it reports whether to go on.
func (g *Grid) bug4(cells []int, bugValues *[81]units.Set, all units.Set, yield func(*Step) bool) bool {
	c1, c2 := cells[0], cells[1]
	shared := (g.cands[c1] & g.cands[c2]) &^ all
	if shared.Count() != 1 {
		return true
	}
	v := shared.Min()
	for _, u := range g.sharedUnitsSE(c1, c2) {
		st := g.bugStep(4, 57, cells, all)
		st.Units = []sudoku.Unit{unitOf(u, g.geo.Side)}
		for _, c := range cells {
			for x := range (g.cands[c] &^ bugValues[c]).Remove(v).Values() {
				st.Eliminations = append(st.Eliminations, sudoku.Candidate{Cell: c, Value: x})
			}
		}
		sortCandidates(st.Eliminations)
		st.Text = fmt.Sprintf("Without their BUG values %s the grid would have two solutions; in %s, %s and %s share %c besides, so one holds its BUG value and the other %c, and %s",
			valueList(setValues(all), ""), g.unitName(u), g.cellName(c1), g.cellName(c2), sudoku.SymbolByte(v), sudoku.SymbolByte(v), g.elimText(st.Eliminations))
		if !yield(st) {
			return false
		}
	}
	return true
}

// bug3 yields type 3 steps: the BUG cells in one unit with degree-1 other
// cells seeing them all hold degree values between them.
func (g *Grid) bug3(cells []int, all units.Set, common cellSet, yield func(*Step) bool) {
	for degree := 2; degree <= 6; degree++ {
		for _, kind := range [3]int{seBlock, seRow, seColumn} {
			k := [3]int{2, 0, 1}[kind]
			u := g.geo.CellUnits[cells[0]][k]
			same := true
			for _, c := range cells[1:] {
				if g.geo.CellUnits[c][k] != u {
					same = false
				}
			}
			if !same {
				continue
			}
			var region []int
			for _, c := range common.cells(nil) {
				if g.geo.CellUnits[c][k] == u {
					region = append(region, c)
				}
			}
			if len(region) < degree {
				continue
			}
			stop := false
			combos(degree-1, len(region), func(m uint64) bool {
				var union units.Set
				var naked []int
				for p := m; p != 0; p &= p - 1 {
					c := region[bits.TrailingZeros64(p)]
					if g.cands[c].Count() <= 1 {
						return true
					}
					naked = append(naked, c)
					union |= g.cands[c]
				}
				if union.Count() != degree || all.Count() <= 1 || (union|all).Count() != degree {
					return true
				}
				set := union | all
				st := g.bugStep(3, 57+degree-1, cells, all)
				st.Units = []sudoku.Unit{unitOf(u, g.geo.Side)}
				st.Cells = append(st.Cells, naked...)
				for q, c := range region {
					if m&(1<<q) != 0 {
						continue
					}
					for v := range (g.cands[c] & set).Values() {
						st.Eliminations = append(st.Eliminations, sudoku.Candidate{Cell: c, Value: v})
					}
				}
				if len(st.Eliminations) == 0 {
					return true
				}
				st.Text = fmt.Sprintf("Without their BUG values %s the grid would have two solutions, so %s hold one of them; with %s they hold only %s in %s, so %s",
					valueList(setValues(all), ""), g.cellList(cells), g.cellList(naked), valueList(setValues(set), ""), g.unitName(u), g.elimText(st.Eliminations))
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
