package logic

import (
	"fmt"

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
				if !g.alignedTry([]int{c0, c1}, excl[c0].and(excl[c1]), yield) {
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
				if !g.alignedTry([]int{c0, c1, c2}, excl[c0].and(excl[c1]).and(excl[c2]), yield) {
					return
				}
			}
		}
	}
}

// alignedTry checks one set of base cells with their common excluders;
// it reports whether to go on.
func (g *Grid) alignedTry(cells []int, common cellSet, yield func(*Step) bool) bool {
	if common.count() < 2 {
		return true
	}
	var exs [81]units.Set
	nex := 0
	for _, c := range common.cells(nil) {
		exs[nex] = g.cands[c]
		nex++
	}
	n := len(cells)
	var allowed [3]units.Set
	var vals [3]int
	var rec func(k int)
	rec = func(k int) {
		if k == n {
			var s units.Set
			for _, v := range vals[:n] {
				s = s.Add(v)
			}
			for _, x := range exs[:nex] {
				if x&^s == 0 {
					return
				}
			}
			for q, v := range vals[:n] {
				allowed[q] = allowed[q].Add(v)
			}
			return
		}
		for v := range g.cands[cells[k]].Values() {
			ok := true
			for q := 0; q < k; q++ {
				if vals[q] == v && g.geo.IsPeer(cells[q], cells[k]) {
					ok = false
					break
				}
			}
			if ok {
				vals[k] = v
				rec(k + 1)
			}
		}
	}
	rec(0)
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
	st.Text = fmt.Sprintf("Every combination of values for %s that uses one of these candidates either repeats a value in a unit or takes every candidate of one of %s, so %s",
		g.cellList(cells), g.cellList(excluders), g.elimText(st.Eliminations))
	return yield(st)
}
