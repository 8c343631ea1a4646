package logic

import (
	"fmt"
	"math/bits"

	"github.com/gosudoku/sudoku"
)

// Finned and sashimi fish (not in Sudoku Explainer's rules, so not in
// DefaultTechniques): degree base rows (columns) whose places for a value
// lie in degree columns (rows), the cover, except for some places, the
// fins, all in one box. If no fin holds the value, the fish is a plain
// one and the value goes from the cover outside the base; otherwise a fin
// holds it. Either way the value goes from the cells of the cover, outside
// the base, in the fins' box. A sashimi fish has a base line with at most
// one place left outside its fins.
//
// Ratings follow HoDoKu's order (finned fish harder than the plain one,
// sashimi harder than finned) mapped next to SE's fish: a plain fish's
// rating plus 0.2 for finned and 0.3 for sashimi, so Finned X-Wing 3.4,
// Sashimi X-Wing 3.5, Finned Swordfish 4.0, Sashimi Swordfish 4.1, Finned
// Jellyfish 5.4, Sashimi Jellyfish 5.5.

var finnedBase = [...]int{2: 32, 3: 38, 4: 52}

// findFinnedFish finds finned and sashimi X-Wings, Swordfish and
// Jellyfish: for each size, value, base kind (columns, then rows, as the
// plain fish), base lines and cover in increasing order.
func findFinnedFish(e *env, g *Grid, yield func(*Step) bool) {
	for degree := 2; degree <= 4; degree++ {
		for v := 1; v <= g.geo.Side; v++ {
			if e.stopped() {
				return
			}
			for _, kinds := range [2][2]int{{seColumn, seRow}, {seRow, seColumn}} {
				if !g.finnedFish(degree, v, kinds, yield) {
					return
				}
			}
		}
	}
}

func (g *Grid) finnedFish(degree, v int, kinds [2]int, yield func(*Step) bool) bool {
	base := g.unitsOfKind(kinds[0])
	cover := g.unitsOfKind(kinds[1])
	var pos [9]uint64
	var eligible uint64
	for k, u := range base {
		pos[k] = g.places(u, v)
		if pos[k] != 0 && bits.OnesCount64(pos[k]) <= 6 {
			eligible |= 1 << k
		}
	}
	stop := false
	combosOf(degree, eligible, func(bm uint64) bool {
		var union uint64
		for p := bm; p != 0; p &= p - 1 {
			union |= pos[bits.TrailingZeros64(p)]
		}
		if n := bits.OnesCount64(union); n <= degree || n > degree+3 {
			return true // a plain fish, or fins in more than one box
		}
		combosOf(degree, union, func(cm uint64) bool {
			// fins: places of the base outside the cover
			var fins []int
			for p := bm; p != 0; p &= p - 1 {
				k := bits.TrailingZeros64(p)
				for q := pos[k] &^ cm; q != 0; q &= q - 1 {
					fins = append(fins, g.geo.Units[base[k]][bits.TrailingZeros64(q)])
				}
			}
			box := g.geo.CellUnits[fins[0]][2]
			for _, f := range fins[1:] {
				if g.geo.CellUnits[f][2] != box {
					return true
				}
			}
			// every cover line must meet the base places (a real fish)
			var body uint64
			sashimi := false
			for p := bm; p != 0; p &= p - 1 {
				k := bits.TrailingZeros64(p)
				if pos[k]&cm == 0 {
					return true // a line of fins only
				}
				body |= pos[k] & cm
				if bits.OnesCount64(pos[k]&cm) == 1 {
					sashimi = true
				}
			}
			if body != cm {
				return true
			}
			var elims []sudoku.Candidate
			for q := cm; q != 0; q &= q - 1 {
				for k, c := range g.geo.Units[cover[bits.TrailingZeros64(q)]] {
					if bm&(1<<k) == 0 && g.Has(c, v) && g.geo.CellUnits[c][2] == box {
						elims = append(elims, sudoku.Candidate{Cell: c, Value: v})
					}
				}
			}
			if len(elims) == 0 {
				return true
			}
			if !yield(g.finnedStep(degree, v, base, cover, bm, cm, fins, sashimi, elims)) {
				stop = true
				return false
			}
			return true
		})
		return !stop
	})
	return !stop
}

func (g *Grid) finnedStep(degree, v int, base, cover []int, bm, cm uint64, fins []int, sashimi bool, elims []sudoku.Candidate) *Step {
	name, rating := "Finned "+fishNames[degree], finnedBase[degree]+2
	if sashimi {
		name, rating = "Sashimi "+fishNames[degree], finnedBase[degree]+3
	}
	st := &Step{Technique: FinnedFish, Name: name, Rating: rating, Eliminations: elims}
	var baseNames, coverNames []string
	for p := bm; p != 0; p &= p - 1 {
		u := base[bits.TrailingZeros64(p)]
		st.Units = append(st.Units, unitOf(u, g.geo.Side))
		baseNames = append(baseNames, g.unitName(u))
		for _, c := range g.geo.Units[u] {
			if g.Has(c, v) {
				st.Cells = append(st.Cells, c)
				st.Candidates = append(st.Candidates, sudoku.Candidate{Cell: c, Value: v})
			}
		}
	}
	for p := cm; p != 0; p &= p - 1 {
		u := cover[bits.TrailingZeros64(p)]
		st.Units = append(st.Units, unitOf(u, g.geo.Side))
		coverNames = append(coverNames, g.unitName(u))
	}
	sortCandidates(st.Eliminations)
	sym := sudoku.SymbolByte(v)
	fish := fishNames[degree]
	finWord, none, some := "fins", "no fin is", "one is"
	if len(fins) == 1 {
		finWord, none, some = "fin", "the fin is not", "it is"
	}
	st.Text = fmt.Sprintf("In %s, %c lies only in %s but for the %s %s. If %s %c, that is %s %s, which takes %c from the rest of %s; if %s, %c goes from the rest of %s. Either way %s",
		joinAnd(baseNames), sym, joinAnd(coverNames), finWord, g.cellList(fins), none, sym, article(fish), fish, sym,
		joinAnd(coverNames), some, sym, g.unitName(g.geo.CellUnits[fins[0]][2]), g.elimText(st.Eliminations))
	return st
}

// findWWing finds W-Wings (not in SE's rules; rated 4.2 as the XY-Wing,
// which HoDoKu rates just above it): two cells holding only x and y that
// do not see each other, and a unit where x has two places, one seeing each
// cell; one of the two cells is y, so y goes from the cells seeing both.
// Cells are scanned in reading order, x before y, units rows, columns,
// then boxes.
func findWWing(e *env, g *Grid, yield func(*Step) bool) {
	t := geo9()
	for a, ca := range g.cands {
		if ca.Count() != 2 {
			continue
		}
		for b := a + 1; b < len(g.cands); b++ {
			if g.cands[b] != ca || g.geo.IsPeer(a, b) {
				continue
			}
			victimsBoth := t.peers[a].and(t.peers[b])
			for _, x := range []int{ca.Min(), ca.Max()} {
				y := ca.Remove(x).Min()
				victims := victimsBoth.and(g.candCells(y))
				if victims.empty() {
					continue
				}
				for u := range g.geo.Units {
					pos := g.places(u, x)
					if bits.OnesCount64(pos) != 2 {
						continue
					}
					s1 := g.geo.Units[u][bits.TrailingZeros64(pos)]
					s2 := g.geo.Units[u][63-bits.LeadingZeros64(pos)]
					if s1 == a || s1 == b || s2 == a || s2 == b {
						continue
					}
					if !(g.geo.IsPeer(a, s1) && g.geo.IsPeer(b, s2)) {
						if !(g.geo.IsPeer(a, s2) && g.geo.IsPeer(b, s1)) {
							continue
						}
						s1, s2 = s2, s1
					}
					st := &Step{Technique: WWing, Name: "W-Wing", Rating: 42,
						Cells: []int{a, b, s1, s2}, Units: []sudoku.Unit{unitOf(u, g.geo.Side)}}
					for _, c := range []int{a, b} {
						for v := range g.cands[c].Values() {
							st.Candidates = append(st.Candidates, sudoku.Candidate{Cell: c, Value: v})
						}
					}
					st.Candidates = append(st.Candidates, sudoku.Candidate{Cell: s1, Value: x}, sudoku.Candidate{Cell: s2, Value: x})
					for _, c := range victims.cells(nil) {
						st.Eliminations = append(st.Eliminations, sudoku.Candidate{Cell: c, Value: y})
					}
					xs, ys := sudoku.SymbolByte(x), sudoku.SymbolByte(y)
					st.Text = fmt.Sprintf("%s and %s hold only %c and %c; in %s, %c is in %s or %s, so one of %s and %s is not %c but %c, and %s",
						g.cellName(a), g.cellName(b), min(xs, ys), max(xs, ys), g.unitName(u), xs, g.cellName(s1), g.cellName(s2),
						g.cellName(a), g.cellName(b), xs, ys, g.elimText(st.Eliminations))
					if !yield(st) {
						return
					}
				}
			}
		}
	}
}
