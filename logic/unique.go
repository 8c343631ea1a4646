package logic

import (
	"fmt"
	"math/bits"
	"slices"

	"github.com/gosudoku/sudoku"
	"github.com/gosudoku/sudoku/internal/units"
)

// Unique rectangles and loops (SE's UniqueLoops with lkSudoku's fix, the
// default): cells holding the same two values v1 and v2 that form a loop
// through rows, columns and boxes, each unit entered twice, would allow
// the two values to be swapped, so a puzzle with one solution must break
// the loop with a cell's other candidates. Type 1: one cell has more
// candidates, and loses v1 and v2. Type 2: the extra cells share one extra
// value, which goes from the cells seeing them all. Type 3: two extra cells
// in a unit act as one cell holding their extra values, forming a naked set
// with other cells of the unit (or v1, v2 and other values form a hidden
// set there). Type 4: two extra cells in a unit where v1 has no other
// place: v2 goes from both. A rectangle rates 4.5, a loop of 6 cells 4.6, 8
// cells 4.7, 10 or more 5.0; a type 3 naked set adds 0.1 per value beyond
// one, a hidden set 0.1 per value beyond two. SE gathers them all and
// applies the easiest, then the lowest type, then the first found.

type urHint struct {
	typ    int
	hidden bool // type 3 with a hidden set
	rating int
	loop   []int
	v1, v2 int
	elims  []sudoku.Candidate
	// for the text
	extra []int     // the cells with extra candidates
	value int       // type 2: the extra value; type 4: the locked value
	set   []int     // type 3: the other cells of the set
	vals  units.Set // type 3: the set's values
	unit  int       // type 3 and 4: the unit
}

func urBase(n int) int {
	r := 45
	if n >= 10 {
		r += 3
	}
	if n >= 8 {
		r += 2
	} else if n >= 6 {
		r++
	}
	return r
}

// findUniqueLoops finds unique rectangles and loops, types 1 to 4.
func findUniqueLoops(e *env, g *Grid, yield func(*Step) bool) {
	var hints []*urHint
	seen := func(h *urHint) bool {
		for _, o := range hints {
			if o.typ == h.typ && o.hidden == h.hidden && len(o.loop) == len(h.loop) && sameCells(o.loop, h.loop) {
				return true
			}
		}
		return false
	}
	add := func(h *urHint) {
		if h != nil && len(h.elims) > 0 && !seen(h) {
			hints = append(hints, h)
		}
	}
	var loops [][]int
	for i := range g.cands {
		if g.cands[i].Count() != 2 {
			continue
		}
		if e.stopped() {
			return
		}
		v1, v2 := g.cands[i].Min(), g.cands[i].Max()
		loops = g.urLoops(i, v1, v2, loops[:0])
		for _, loop := range loops {
			var extra []int
			for _, c := range loop {
				if g.cands[c].Count() > 2 {
					extra = append(extra, c)
				}
			}
			pair := units.SetOf(v1, v2)
			switch {
			case len(extra) == 1:
				h := &urHint{typ: 1, rating: urBase(len(loop)), loop: loop, v1: v1, v2: v2, extra: extra}
				for _, v := range []int{v1, v2} {
					h.elims = append(h.elims, sudoku.Candidate{Cell: extra[0], Value: v})
				}
				add(h)
			case len(extra) > 2:
				add(g.urType2(loop, extra, v1, v2))
			case len(extra) == 2:
				rest := (g.cands[extra[0]] | g.cands[extra[1]]) &^ pair
				if rest.Count() == 1 {
					add(g.urType2(loop, extra, v1, v2))
				} else if rest.Count() >= 2 {
					for _, h := range g.urType3(loop, extra[0], extra[1], v1, v2) {
						add(h)
					}
				}
				add(g.urType4(loop, extra[0], extra[1], v1, v2))
			}
		}
	}
	if len(hints) == 0 {
		return
	}
	slices.SortStableFunc(hints, func(a, b *urHint) int {
		if a.rating != b.rating {
			return a.rating - b.rating
		}
		return a.typ - b.typ
	})
	yield(g.urStep(hints[0]))
}

func sameCells(a, b []int) bool {
	var s cellSet
	for _, i := range a {
		s.add(i)
	}
	for _, i := range b {
		if !s.has(i) {
			return false
		}
	}
	return true
}

// urLoops returns the loops through start on values v1 and v2, found as
// SE does: depth first, from each cell through its box, row and column in
// turn (never twice the same kind in a row), each next cell holding both
// values; at most two cells with other candidates, unless all of those
// share one extra value. Loops where a unit is not entered exactly once at
// an odd and once at an even position are dropped.
func (g *Grid) urLoops(start, v1, v2 int, out [][]int) [][]int {
	pair := units.SetOf(v1, v2)
	var loop []int
	var inLoop cellSet
	// visits[u][parity]: how often the loop so far enters unit u at
	// that parity.
	var visits [27][2]int8
	var rec func(cell, allowed int, ex units.Set, lastKind int)
	rec = func(cell, allowed int, ex units.Set, lastKind int) {
		par := len(loop) & 1
		cu := &g.geo.CellUnits[cell]
		for _, u := range cu {
			visits[u][par]++
		}
		loop = append(loop, cell)
		inLoop.add(cell)
		ok := true
		for _, u := range cu {
			if visits[u][par] > 1 {
				ok = false // the loop cannot become valid
			}
		}
		for kind := 0; ok && kind < 3; kind++ {
			if kind == lastKind {
				continue
			}
			u := cu[[3]int{2, 0, 1}[kind]]
			for _, next := range g.geo.Units[u] {
				if next == start && len(loop) >= 4 {
					if g.validLoop(loop, &visits) {
						out = append(out, slices.Clone(loop))
					}
					continue
				}
				if inLoop.has(next) {
					continue
				}
				c := g.cands[next]
				if c&pair != pair {
					continue
				}
				nex := ex | c&^pair
				if c.Count() == 2 || nex.Count() == 1 || allowed > 0 {
					na := allowed
					if c.Count() > 2 {
						na--
					}
					rec(next, na, nex, kind)
				}
			}
		}
		loop = loop[:len(loop)-1]
		inLoop.remove(cell)
		for _, u := range cu {
			visits[u][par]--
		}
	}
	rec(start, 2, 0, -1)
	return out
}

// validLoop reports whether every unit the loop enters is entered once at
// an odd and once at an even position.
func (g *Grid) validLoop(loop []int, visits *[27][2]int8) bool {
	for _, c := range loop {
		for _, u := range g.geo.CellUnits[c] {
			if visits[u][0] != 1 || visits[u][1] != 1 {
				return false
			}
		}
	}
	return true
}

func (g *Grid) urType2(loop, extra []int, v1, v2 int) *urHint {
	t := geo9()
	value := (g.cands[extra[0]] &^ units.SetOf(v1, v2)).Min()
	common := cellSet{^uint64(0), 1<<17 - 1}
	var ex cellSet
	for _, c := range extra {
		common = common.and(t.peers[c])
		ex.add(c)
	}
	h := &urHint{typ: 2, rating: urBase(len(loop)), loop: loop, v1: v1, v2: v2, extra: extra, value: value}
	for _, c := range common.andNot(ex).and(g.candCells(value)).cells(nil) {
		h.elims = append(h.elims, sudoku.Candidate{Cell: c, Value: value})
	}
	return h
}

// sharedUnits returns the units (box, row, column: SE's order) holding
// both cells.
func (g *Grid) sharedUnitsSE(a, b int) []int {
	var us []int
	ca, cb := &g.geo.CellUnits[a], &g.geo.CellUnits[b]
	for _, k := range [3]int{2, 0, 1} {
		if ca[k] == cb[k] {
			us = append(us, ca[k])
		}
	}
	return us
}

func (g *Grid) urType3(loop []int, c1, c2, v1, v2 int) []*urHint {
	pair := units.SetOf(v1, v2)
	extra := (g.cands[c1] | g.cands[c2]) &^ pair
	var out []*urHint
	shared := g.sharedUnitsSE(c1, c2)
	for degree := 2; degree <= 7; degree++ {
		for _, u := range shared {
			cells := g.geo.Units[u]
			empty := g.emptyCells(u)
			i1, i2 := slices.Index(cells, c1), slices.Index(cells, c2)
			if 2*degree <= empty && degree >= extra.Count() {
				combos(degree, 9, func(m uint64) bool {
					if m&(1<<i1) == 0 || m&(1<<i2) != 0 {
						return true
					}
					naked := extra & g.cands[c1] & g.cands[c2]
					union := extra
					var others []int
					for p := m; p != 0; p &= p - 1 {
						k := bits.TrailingZeros64(p)
						if k == i1 {
							continue
						}
						c := g.cands[cells[k]]
						if c.Count() <= 1 {
							return true
						}
						naked |= c
						union |= c
						others = append(others, cells[k])
					}
					if naked.Count() != degree || union.Count() != degree {
						return true
					}
					h := &urHint{typ: 3, rating: urBase(len(loop)) + degree - 1, loop: loop, v1: v1, v2: v2,
						extra: []int{c1, c2}, set: others, vals: union, unit: u}
					for k, c := range cells {
						if m&(1<<k) != 0 || c == c2 {
							continue
						}
						for v := range (g.cands[c] & union).Values() {
							h.elims = append(h.elims, sudoku.Candidate{Cell: c, Value: v})
						}
					}
					if len(h.elims) > 0 {
						out = append(out, h)
					}
					return true
				})
			}
			if 2*degree < empty {
				var rem []int
				for v := 1; v <= 9; v++ {
					if !pair.Has(v) && !extra.Has(v) {
						rem = append(rem, v)
					}
				}
				if degree-2 > len(rem) {
					continue
				}
				try := func(m uint64) bool {
					vals := pair
					for p := m; p != 0; p &= p - 1 {
						vals = vals.Add(rem[bits.TrailingZeros64(p)])
					}
					var union uint64
					for v := range vals.Values() {
						pos := g.places(u, v) &^ (1 << i2)
						if pos == 0 {
							return true
						}
						union |= pos
					}
					if bits.OnesCount64(union) != degree {
						return true
					}
					union &^= 1<<i1 | 1<<i2
					h := &urHint{typ: 3, hidden: true, rating: urBase(len(loop)) + bits.OnesCount64(union) - 1,
						loop: loop, v1: v1, v2: v2, extra: []int{c1, c2}, vals: vals, unit: u}
					for p := union; p != 0; p &= p - 1 {
						c := cells[bits.TrailingZeros64(p)]
						h.set = append(h.set, c)
						for v := range (g.cands[c] &^ vals).Values() {
							h.elims = append(h.elims, sudoku.Candidate{Cell: c, Value: v})
						}
					}
					if len(h.elims) > 0 {
						out = append(out, h)
					}
					return true
				}
				if degree == 2 {
					try(0)
				} else {
					combos(degree-2, len(rem), try)
				}
			}
		}
	}
	return out
}

func (g *Grid) urType4(loop []int, c1, c2, v1, v2 int) *urHint {
	r1, r2 := -1, -1
	for _, u := range g.sharedUnitsSE(c1, c2) {
		has1, has2 := false, false
		for _, c := range g.geo.Units[u] {
			if c != c1 && c != c2 {
				has1 = has1 || g.Has(c, v1)
				has2 = has2 || g.Has(c, v2)
			}
		}
		if !has1 {
			r1 = u
		}
		if !has2 {
			r2 = u
		}
	}
	lock, rem, u := v1, v2, r1
	if r1 < 0 {
		lock, rem, u = v2, v1, r2
	}
	if u < 0 {
		return nil
	}
	return &urHint{typ: 4, rating: urBase(len(loop)), loop: loop, v1: v1, v2: v2, extra: []int{c1, c2},
		value: lock, unit: u,
		elims: []sudoku.Candidate{{Cell: c1, Value: rem}, {Cell: c2, Value: rem}}}
}

func (g *Grid) urStep(h *urHint) *Step {
	kind := "Rectangle"
	name := fmt.Sprintf("Unique Rectangle type %d", h.typ)
	if len(h.loop) > 4 {
		kind = "Loop"
		name = fmt.Sprintf("Unique Loop %d type %d", len(h.loop), h.typ)
	}
	st := &Step{Technique: UniqueRectangle, Name: name, Rating: h.rating, Eliminations: h.elims}
	st.Cells = append(st.Cells, h.loop...)
	for _, c := range h.loop {
		for _, v := range []int{h.v1, h.v2} {
			st.Candidates = append(st.Candidates, sudoku.Candidate{Cell: c, Value: v})
		}
	}
	if h.typ >= 3 {
		st.Units = append(st.Units, unitOf(h.unit, g.geo.Side))
		st.Cells = append(st.Cells, h.set...)
	} else {
		st.Units = append(st.Units, unitOf(g.geo.CellUnits[h.loop[0]][2], g.geo.Side))
	}
	sortCandidates(st.Eliminations)
	v1, v2 := sudoku.SymbolByte(h.v1), sudoku.SymbolByte(h.v2)
	pattern := fmt.Sprintf("%s could swap %c and %c (a deadly pattern) unless the puzzle has two solutions", g.cellList(h.loop), v1, v2)
	switch h.typ {
	case 1:
		st.Text = fmt.Sprintf("%s; only %s can break it, so %s", pattern, g.cellName(h.extra[0]), g.breakText(h.extra[0], st.Eliminations))
	case 2:
		st.Text = fmt.Sprintf("%s; one of %s must be %c, so %s", pattern, g.cellList(h.extra), sudoku.SymbolByte(h.value), g.elimText(st.Eliminations))
	case 3:
		what := fmt.Sprintf("with %s they hold only %s in %s", g.cellList(h.set), valueList(setValues(h.vals), ""), g.unitName(h.unit))
		if h.hidden {
			what = fmt.Sprintf("in %s, %s then fit only %s and one of them", g.unitName(h.unit), valueList(setValues(h.vals), ""), g.cellList(h.set))
		}
		st.Text = fmt.Sprintf("%s; %s or %s must hold another value, and %s, so %s",
			pattern, g.cellName(h.extra[0]), g.cellName(h.extra[1]), what, g.elimText(st.Eliminations))
	case 4:
		st.Text = fmt.Sprintf("%s; in %s, %c lies only in %s, so %s", pattern, g.unitName(h.unit), sudoku.SymbolByte(h.value),
			g.cellList(h.extra), g.elimText(st.Eliminations))
	}
	_ = kind
	return st
}

// breakText says what a unique rectangle's or loop's type 1 removes from
// the one cell that can break the pattern: "r8c5 is neither 7 nor 9 and
// must be 3" (when one candidate is left), or "r8c5 is not 7".
func (g *Grid) breakText(cell int, elims []sudoku.Candidate) string {
	left := g.cands[cell]
	var vals []byte
	for _, c := range elims {
		left = left.Remove(c.Value)
		vals = append(vals, sudoku.SymbolByte(c.Value))
	}
	name := g.cellName(cell)
	var text string
	switch len(vals) {
	case 1:
		text = fmt.Sprintf("%s is not %c", name, vals[0])
	default:
		text = fmt.Sprintf("%s is neither %c nor %c", name, vals[0], vals[1])
	}
	if left.Count() == 1 {
		text += fmt.Sprintf(" and must be %c", sudoku.SymbolByte(left.Min()))
	}
	return text
}
