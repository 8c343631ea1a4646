package logic

import (
	"fmt"
	"math/bits"

	"github.com/gosudoku/sudoku"
	"github.com/gosudoku/sudoku/internal/units"
)

// findXYWing finds XY-Wings (4.2): a pivot cell with two candidates x and
// y seeing a cell with x and z and a cell with y and z; whichever value the
// pivot takes, one wing is z, so z goes from every cell seeing both wings.
// Pivots are scanned in reading order, then the first wing, then the
// second, among the pivot's peers in reading order (as SE does).
func findXYWing(e *env, g *Grid, yield func(*Step) bool) { findXYWings(g, false, yield) }

// findXYZWing finds XYZ-Wings (4.4): as XY-Wings, but the pivot also
// holds z, so z goes only from cells seeing the pivot and both wings.
func findXYZWing(e *env, g *Grid, yield func(*Step) bool) { findXYWings(g, true, yield) }

func findXYWings(g *Grid, xyz bool, yield func(*Step) bool) {
	t := geo9()
	want := 2
	if xyz {
		want = 3
	}
	for p, pc := range g.cands {
		if pc.Count() != want {
			continue
		}
		for _, a := range g.geo.Peers[p] {
			ac := g.cands[a]
			if ac.Count() != 2 || (pc&^ac).Count() != 1 {
				continue
			}
			for _, b := range g.geo.Peers[p] {
				bc := g.cands[b]
				if bc.Count() != 2 || (pc|ac|bc).Count() != 3 {
					continue
				}
				if xyz {
					if (pc & ac & bc).Count() != 1 {
						continue
					}
				} else if pc&ac&bc != 0 {
					continue
				}
				z := (ac & bc).Min()
				victims := t.peers[a].and(t.peers[b])
				if xyz {
					victims = victims.and(t.peers[p])
				}
				victims.remove(p)
				victims = victims.and(g.candCells(z))
				if victims.empty() {
					continue
				}
				if !yield(g.xyWingStep(p, a, b, z, xyz, victims)) {
					return
				}
			}
		}
	}
}

func (g *Grid) xyWingStep(p, a, b, z int, xyz bool, victims cellSet) *Step {
	st := &Step{Technique: XYWing, Name: "XY-Wing", Rating: 42, Cells: []int{p, a, b}}
	if xyz {
		st.Technique, st.Name, st.Rating = XYZWing, "XYZ-Wing", 44
	}
	for _, i := range st.Cells {
		for v := range g.cands[i].Values() {
			st.Candidates = append(st.Candidates, sudoku.Candidate{Cell: i, Value: v})
		}
	}
	for _, i := range victims.cells(nil) {
		st.Eliminations = append(st.Eliminations, sudoku.Candidate{Cell: i, Value: z})
	}
	st.Units = []sudoku.Unit{unitOf(sharedUnit(g, p, a), g.geo.Side), unitOf(sharedUnit(g, p, b), g.geo.Side)}
	zs := sudoku.SymbolByte(z)
	if xyz {
		st.Text = fmt.Sprintf("%s holds %s, and %s (%s) and %s (%s) see it: whatever %s holds, one of the three is %c, so %s",
			g.cellName(p), valueList(setValues(g.cands[p]), "/"), g.cellName(a), valueList(setValues(g.cands[a]), "/"),
			g.cellName(b), valueList(setValues(g.cands[b]), "/"), g.cellName(p), zs, g.elimText(st.Eliminations))
		return st
	}
	x := (g.cands[p] & g.cands[a]).Min()
	y := (g.cands[p] & g.cands[b]).Min()
	st.Text = fmt.Sprintf("%s holds %c or %c: if %c, %s is %c; if %c, %s is %c; either way one of them is %c, so %s",
		g.cellName(p), sudoku.SymbolByte(min(x, y)), sudoku.SymbolByte(max(x, y)),
		sudoku.SymbolByte(x), g.cellName(a), zs, sudoku.SymbolByte(y), g.cellName(b), zs, zs, g.elimText(st.Eliminations))
	return st
}

// sharedUnit returns a unit holding cells i and j (row, then column, then
// box), or -1.
func sharedUnit(g *Grid, i, j int) int {
	ci, cj := &g.geo.CellUnits[i], &g.geo.CellUnits[j]
	for k := range 3 {
		if ci[k] == cj[k] {
			return ci[k]
		}
	}
	return -1
}

// wingSpec describes one of SukakuExplainer's ALS wings: an almost locked
// set of size cells (size+1 candidates between them, cells seeing each
// other) and a bivalue cell.
type wingSpec struct {
	tech Technique
	name string
	size int
	// rating returns the rating from the largest candidate count of the
	// set's cells.
	rating func(biggest int) int
}

var (
	wxyzSpec    = wingSpec{WXYZWing, "WXYZ-Wing", 3, func(b int) int { return 55 + (1 - abs(3-b)) }}
	vwxyzSpec   = wingSpec{VWXYZWing, "VWXYZ-Wing", 4, func(b int) int { return 62 + (2 - abs(3-b)) }}
	uvwxyzSpec  = wingSpec{UVWXYZWing, "UVWXYZ-Wing", 5, func(int) int { return 66 }}
	tuvwxyzSpec = wingSpec{TUVWXYZWing, "TUVWXYZ-Wing", 6, func(int) int { return 75 }}
)

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// findWXYZWing finds WXYZ-Wings (5.5-5.6): three cells seeing each other
// with four candidates between them, and a bivalue cell.
func findWXYZWing(e *env, g *Grid, yield func(*Step) bool) { findALSWings(e, g, wxyzSpec, yield) }

// findVWXYZWing finds VWXYZ-Wings (6.2-6.4): four cells, five values.
func findVWXYZWing(e *env, g *Grid, yield func(*Step) bool) { findALSWings(e, g, vwxyzSpec, yield) }

// findUVWXYZWing finds UVWXYZ-Wings (6.6): five cells, six values.
func findUVWXYZWing(e *env, g *Grid, yield func(*Step) bool) { findALSWings(e, g, uvwxyzSpec, yield) }

// findTUVWXYZWing finds TUVWXYZ-Wings (7.5): six cells, seven values.
func findTUVWXYZWing(e *env, g *Grid, yield func(*Step) bool) { findALSWings(e, g, tuvwxyzSpec, yield) }

// alsWing is one wing found: the set's cells, the bivalue cell, the
// restricted value x (or both, doubly linked) and the eliminations.
type alsWing struct {
	cells   [6]int
	n       int
	pivot   int
	x, z    int
	double  bool
	biggest int
	size    int // sum of the set's candidate counts
	rating  int
	elims   []sudoku.Candidate
}

// suffix is SE's tie-break key for wings of equal rating and elimination
// count (compared in reverse).
func (w *alsWing) suffix() string {
	d := 1
	if w.double {
		d = 2
	}
	return fmt.Sprintf("%d%d%d", d, w.biggest, w.size)
}

// findALSWings finds the wings of spec: an almost locked set of spec.size
// cells, pairwise peers, with spec.size+1 candidates, and a bivalue cell
// (not in the set) whose two values both lie in the set. A value x of the
// bivalue cell is restricted if every cell of the set holding x sees the
// bivalue cell; then the other value z goes from cells seeing the bivalue
// cell and every z of the set. With both values restricted (doubly
// linked), x and z go likewise and the set's other values from cells
// seeing all their places in the set. SE gathers all wings and takes the
// easiest, then the one removing most, then by its suffix; so does this.
func findALSWings(e *env, g *Grid, spec wingSpec, yield func(*Step) bool) {
	t := geo9()
	var best *alsWing
	var cells [6]int
	var cand [65]cellSet
	for v := 1; v <= g.geo.Side; v++ {
		cand[v] = g.candCells(v)
	}
	var rec func(depth int, allowed cellSet, union units.Set, biggest, size int)
	rec = func(depth int, allowed cellSet, union units.Set, biggest, size int) {
		if depth == spec.size {
			if union.Count() != spec.size+1 {
				return
			}
			for _, w := range g.alsWingsOf(cells[:depth], union, biggest, size, spec, &cand) {
				if best == nil || w.rating < best.rating ||
					w.rating == best.rating && (len(w.elims) > len(best.elims) ||
						len(w.elims) == len(best.elims) && w.suffix() > best.suffix()) {
					best = w
				}
			}
			return
		}
		for w := range 2 {
			for m := allowed[w]; m != 0; m &= m - 1 {
				i := w*64 + bits.TrailingZeros64(m)
				c := g.cands[i]
				if c.Count() < 2 {
					continue
				}
				u := union | c
				if u.Count() > spec.size+1 {
					continue
				}
				cells[depth] = i
				// keep only cells after i (each set once, in increasing order)
				next := allowed.and(t.peers[i]).andNot(below(i + 1))
				rec(depth+1, next, u, max(biggest, c.Count()), size+c.Count())
			}
		}
	}
	for i := range g.cands {
		if e.stopped() {
			return
		}
		c := g.cands[i]
		if c.Count() < 2 || c.Count() > spec.size+1 {
			continue
		}
		cells[0] = i
		rec(1, t.peers[i].andNot(below(i+1)), c, c.Count(), c.Count())
	}
	if best != nil {
		yield(g.alsWingStep(best, spec))
	}
}

// below returns the cells 0 to n-1.
func below(n int) cellSet {
	var s cellSet
	if n >= 64 {
		s[0] = ^uint64(0)
		if n > 64 {
			s[1] = 1<<(n-64) - 1
		}
	} else {
		s[0] = 1<<n - 1
	}
	return s
}

// alsWingsOf returns the wings of one almost locked set.
func (g *Grid) alsWingsOf(set []int, union units.Set, biggest, size int, spec wingSpec, cand *[65]cellSet) []*alsWing {
	t := geo9()
	var inSet, seen cellSet
	for _, i := range set {
		inSet.add(i)
		seen = seen.or(t.peers[i])
	}
	var out []*alsWing
	pivots := seen.andNot(inSet)
	for w := range 2 {
		for m := pivots[w]; m != 0; m &= m - 1 {
			p := w*64 + bits.TrailingZeros64(m)
			if w := g.alsWingOf(set, inSet, p, union, biggest, size, spec, cand); w != nil {
				out = append(out, w)
			}
		}
	}
	return out
}

// alsWingOf returns the wing of a set and bivalue cell p, or nil.
func (g *Grid) alsWingOf(set []int, inSet cellSet, p int, union units.Set, biggest, size int, spec wingSpec, cand *[65]cellSet) *alsWing {
	t := geo9()
	pc := g.cands[p]
	if pc.Count() != 2 || pc&union != pc {
		return nil
	}
	x, z := pc.Min(), pc.Max()
	xr := cand[x].and(inSet).subsetOf(t.peers[p])
	zr := cand[z].and(inSet).subsetOf(t.peers[p])
	if !xr && !zr {
		return nil
	}
	if !xr {
		x, z = z, x
	}
	double := xr && zr
	var elimSet [65]cellSet
	found := false
	// add removes v from victims: cells seeing the set's places of v
	// (and p if withPivot), outside the set.
	add := func(v int, withPivot bool) bool {
		ps := cand[v].and(inSet)
		if withPivot {
			ps.add(p)
		}
		victims := t.seesAll(ps).andNot(inSet).and(cand[v])
		victims.remove(p)
		elimSet[v] = elimSet[v].or(victims)
		if !victims.empty() {
			found = true
			return true
		}
		return false
	}
	weak, strongX := false, false
	if double {
		for v := range (union &^ pc).Values() {
			if add(v, false) {
				weak = true
			}
		}
		strongX = add(x, true)
	}
	strongZ := add(z, true)
	if !found {
		return nil
	}
	if double && !weak && (!strongZ || !strongX) {
		double = false
		if !strongZ {
			x, z = z, x
		}
	}
	w := &alsWing{n: len(set), pivot: p, x: x, z: z, double: double, biggest: biggest, size: size,
		rating: spec.rating(biggest)}
	copy(w.cells[:], set)
	for v := 1; v <= 9; v++ {
		for _, i := range elimSet[v].cells(nil) {
			w.elims = append(w.elims, sudoku.Candidate{Cell: i, Value: v})
		}
	}
	return w
}

func (g *Grid) alsWingStep(w *alsWing, spec wingSpec) *Step {
	st := &Step{Technique: spec.tech, Name: spec.name, Rating: w.rating, Eliminations: w.elims}
	set := w.cells[:w.n]
	st.Cells = append(append(st.Cells, set...), w.pivot)
	for _, i := range st.Cells {
		for v := range g.cands[i].Values() {
			st.Candidates = append(st.Candidates, sudoku.Candidate{Cell: i, Value: v})
		}
	}
	// the unit holding the set (its cells see each other)
	for _, u := range g.geo.CellUnits[set[0]] {
		all := true
		for _, i := range set[1:] {
			if !g.inUnit(i, u) {
				all = false
			}
		}
		if all {
			st.Units = append(st.Units, unitOf(u, g.geo.Side))
			break
		}
	}
	var union units.Set
	for _, i := range set {
		union |= g.cands[i]
	}
	sortCandidates(st.Eliminations)
	// The pivot holds x or z, and every x of the set sees it (so does
	// every z if double).
	x, z, pivot := sudoku.SymbolByte(w.x), sudoku.SymbolByte(w.z), g.cellName(w.pivot)
	all := valueList(setValues(union|g.cands[w.pivot]), "")
	if w.double {
		st.Text = fmt.Sprintf("%s hold only %s between them and %s holds %c or %c; every %c and every %c among them sees %s, so these %d cells hold %s once each, and %s",
			g.cellList(set), valueList(setValues(union), ""), pivot, x, z, x, z, pivot, len(set)+1, all, g.elimText(st.Eliminations))
		return st
	}
	st.Text = fmt.Sprintf("%s hold only %s between them and %s holds %c or %c: if it is %c, none of them is %c (each %c among them sees %s), so they hold the rest, one of them %c. Either way %s or one of them is %c, so %s",
		g.cellList(set), valueList(setValues(union), ""), pivot, z, x, x, x, x, pivot, z, pivot, z, g.elimText(st.Eliminations))
	return st
}
