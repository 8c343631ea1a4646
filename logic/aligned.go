package logic

import (
	"fmt"
	"math/bits"
	"strings"

	"github.com/gosudoku/sudoku"
	"github.com/gosudoku/sudoku/internal/units"
)

// Aligned exclusion (SE's AlignedPairExclusion, 6.2, and
// AlignedExclusion(3), 7.5): for a pair (triplet) of base cells, every
// combination of their candidates is tried; it is impossible if two base
// cells seeing each other take one value, or if it would take every
// candidate of a cell that sees all the base cells (an excluder: a cell
// with two candidates, or two or three for triplets). A candidate of a base
// cell in no possible combination goes. As SE does, base cells have at
// least two candidates, at least one excluder and no peer with a single
// candidate left; the base cells need at least two excluders in common;
// the first step found is applied.

// findAlignedPairExclusion finds aligned pair exclusions (6.2).
func findAlignedPairExclusion(e *env, g *Grid, yield func(*Step) bool) {
	findAlignedExclusion(e, g, 2, yield)
}

// findAlignedTripletExclusion finds aligned triplet exclusions (7.5).
func findAlignedTripletExclusion(e *env, g *Grid, yield func(*Step) bool) {
	findAlignedExclusion(e, g, 3, yield)
}

func findAlignedExclusion(e *env, g *Grid, degree int, yield func(*Step) bool) {
	var base []int
	var excl [81]cellSet
	var isBase cellSet
	for i, c := range g.cands {
		if c.Count() < 2 {
			continue
		}
		single := false
		for _, j := range g.geo.Peers[i] {
			n := g.cands[j].Count()
			if n == 1 {
				single = true
				break
			}
			if n >= 2 && n <= degree {
				excl[i].add(j)
			}
		}
		if !single && !excl[i].empty() {
			base = append(base, i)
			isBase.add(i)
		}
	}
	if len(base) < degree {
		return
	}
	var tail []int
	for n2 := 1; n2 < len(base); n2++ {
		if e.stopped() {
			return
		}
		for n1 := 0; n1 < n2; n1++ {
			c0, c1 := base[n1], base[n2]
			if degree == 2 {
				if !g.alignedTry([3]int{c0, c1}, 2, excl[c0].and(excl[c1]), yield) {
					return
				}
				continue
			}
			// the tail cells: excluders of c0, then those of c1, that
			// are base cells
			tail = excl[c0].and(isBase).cells(tail[:0])
			tail = excl[c1].and(isBase).andNot(excl[c0]).cells(tail)
			for _, c2 := range tail {
				if c2 == c0 || c2 == c1 {
					continue
				}
				if !g.alignedTry([3]int{c0, c1, c2}, 3, excl[c0].and(excl[c1]).and(excl[c2]), yield) {
					return
				}
			}
		}
	}
}

// alignedTry checks one set of base cells with their common excluders;
// it reports whether to go on.
func (g *Grid) alignedTry(base [3]int, n int, common cellSet, yield func(*Step) bool) bool {
	if common.count() < 2 {
		return true
	}
	var exs [24]units.Set
	nex := 0
	for w := range 2 {
		for m := common[w]; m != 0; m &= m - 1 {
			exs[nex] = g.cands[w*64+bits.TrailingZeros64(m)]
			nex++
		}
	}
	// locked reports whether values s take every candidate of an excluder.
	locked := func(s units.Set) bool {
		for _, x := range exs[:nex] {
			if x&^s == 0 {
				return true
			}
		}
		return false
	}
	c0, c1, c2 := base[0], base[1], base[2]
	p01 := g.geo.IsPeer(c0, c1)
	var p02, p12 bool
	if n == 3 {
		p02, p12 = g.geo.IsPeer(c0, c2), g.geo.IsPeer(c1, c2)
	}
	var allowed [3]units.Set
	for a := g.cands[c0]; a != 0; a &= a - 1 {
		va := a & -a
		for b := g.cands[c1]; b != 0; b &= b - 1 {
			vb := b & -b
			if va == vb && p01 {
				continue
			}
			if n == 2 {
				if !locked(va | vb) {
					allowed[0] |= va
					allowed[1] |= vb
				}
				continue
			}
			for c := g.cands[c2]; c != 0; c &= c - 1 {
				vc := c & -c
				if vc == va && p02 || vc == vb && p12 || locked(va|vb|vc) {
					continue
				}
				allowed[0] |= va
				allowed[1] |= vb
				allowed[2] |= vc
			}
		}
	}
	cells := base[:n]
	var elims []sudoku.Candidate
	for q, c := range cells {
		for v := range (g.cands[c] &^ allowed[q]).Values() {
			elims = append(elims, sudoku.Candidate{Cell: c, Value: v})
		}
	}
	if len(elims) == 0 {
		return true
	}
	st := &Step{Technique: AlignedPairExclusion, Name: "Aligned Pair Exclusion", Rating: 62, Eliminations: elims}
	if n == 3 {
		st.Technique, st.Name, st.Rating = AlignedTripletExclusion, "Aligned Triplet Exclusion", 75
	}
	excluders := common.cells(nil)
	st.Cells = append(append(st.Cells, cells...), excluders...)
	for _, c := range st.Cells {
		for v := range g.cands[c].Values() {
			st.Candidates = append(st.Candidates, sudoku.Candidate{Cell: c, Value: v})
		}
	}
	st.Units = []sudoku.Unit{unitOf(g.geo.CellUnits[cells[0]][2], g.geo.Side)}
	sortCandidates(st.Eliminations)
	with := make([]string, len(st.Eliminations))
	for k, c := range st.Eliminations {
		with[k] = g.cellName(c.Cell) + " = " + string(sudoku.SymbolByte(c.Value))
	}
	st.Text = fmt.Sprintf("Every combination of values for %s with %s either repeats a value in a unit or takes every candidate of one of %s, so %s",
		g.cellList(cells), strings.Join(with, " or "), g.cellList(excluders), g.elimText(st.Eliminations))
	return yield(st)
}
