package logic

import (
	"cmp"
	"fmt"
	"math/bits"
	"slices"
	"strings"
	"sync"

	"github.com/gosudoku/sudoku"
	"github.com/gosudoku/sudoku/internal/units"
)

// ALS-XZ (not in Sudoku Explainer's rules, so not in DefaultTechniques).
//
// An almost locked set (ALS) is n blank cells of one unit holding n+1
// candidates between them: whichever one value it lacks, the others are
// locked in it. Two disjoint sets A and B share a restricted common
// candidate X when every X of A sees every X of B: X cannot be in both, so
// one of them lacks X and holds all its other values. Then every other
// common candidate Z is in A or in B, and goes from the cells that see
// every Z of both. With two restricted common candidates (doubly linked),
// each set lacks one of them, so both are locked on their other values:
// those go from every cell seeing all their places in the set, and each
// restricted candidate from every cell seeing all its places in A and B.
//
// Ratings. HoDoKu, whose ALS-XZ this is (its steps ALS_XZ), rates it
// "unfair", score 300, after X-Chains (260), XY-Chains (260) and nice
// loops (280), and tries it after them. SE has no ALS-XZ, but its
// SukakuExplainer extension has ALS-XZs whose set A is one bivalue cell:
// the XY- and XYZ-Wings (3 cells, 4.2-4.4), WXYZ-Wing (4 cells, 5.5-5.6),
// VWXYZ- (5, 6.2-6.4), UVWXYZ- (6, 6.6) and TUVWXYZ-Wing (7, 7.5). An
// ALS-XZ is rated as the hardest of those wings with as many cells: up to
// 3 cells 4.4, 4 cells 5.6, 5 cells 6.4, 6 cells 6.6, 7 or more 7.5; doubly
// linked the same (SE's wings rate their doubly linked forms alike). Where
// SukakuExplainer puts those wings in its rule order, so does this: ALS-XZs
// of up to 6 cells after the UVWXYZ-Wing (before SE's chains), larger ones
// after the TUVWXYZ-Wing. The rules work at every order; sets have at most
// alsMaxCells cells.

// alsMaxCells bounds the cells of one almost locked set (and so the
// search, which grows with the number of sets).
const alsMaxCells = 8

// alsRating returns the rating of an ALS-XZ of n cells in all.
func alsRating(n int) int {
	switch {
	case n <= 3:
		return 44
	case n == 4:
		return 56
	case n == 5:
		return 64
	case n == 6:
		return 66
	}
	return 75
}

// findALSXZ finds ALS-XZs of up to 6 cells in all.
func findALSXZ(e *env, g *Grid, yield func(*Step) bool) { findALSXZs(e, g, 2, 6, yield) }

// findBigALSXZ finds ALS-XZs of 7 cells or more in all.
func findBigALSXZ(e *env, g *Grid, yield func(*Step) bool) {
	findALSXZs(e, g, 7, 2*alsMaxCells, yield)
}

// cellBits is a set of cells of a grid of any order: bit i%64 of word i/64
// holds cell i.
type cellBits []uint64

func (s cellBits) add(i int) { s[i>>6] |= 1 << (i & 63) }

// meets reports whether s and t share a cell.
func (s cellBits) meets(t cellBits) bool {
	for k, w := range s {
		if w&t[k] != 0 {
			return true
		}
	}
	return false
}

// subsetOf reports whether every cell of s is in t.
func (s cellBits) subsetOf(t cellBits) bool {
	for k, w := range s {
		if w&^t[k] != 0 {
			return false
		}
	}
	return true
}

// alsPeers are the peers of every cell as cell sets, per order.
var alsPeers [units.MaxOrder + 1]struct {
	once  sync.Once
	peers []cellBits
}

func peerBits(g *Grid) []cellBits {
	if hv := g.hv; hv != nil {
		hv.peerOnce.Do(func() { hv.peers = makePeerBits(hv.geo) })
		return hv.peers
	}
	c := &alsPeers[g.geo.Order]
	c.once.Do(func() { c.peers = makePeerBits(g.geo) })
	return c.peers
}

func makePeerBits(geo *units.Geometry) []cellBits {
	words := (geo.NumCells + 63) / 64
	slab := make([]uint64, words*geo.NumCells)
	peers := make([]cellBits, geo.NumCells)
	for i, ps := range geo.Peers {
		peers[i] = slab[i*words : (i+1)*words]
		for _, j := range ps {
			peers[i].add(j)
		}
	}
	return peers
}

// alSet is one almost locked set: its unit, cells (ascending), candidates,
// and per candidate v the cells holding v (places[v]) and the cells seeing
// all of those (sees[v]).
type alSet struct {
	unit   int
	cells  []int
	cands  units.Set
	in     cellBits
	places []cellBits // indexed by v, nil for values not in cands
	sees   []cellBits
}

// almostLockedSets returns the almost locked sets of g of at most maxCells
// cells, unit by unit in the grid's unit order (rows, columns, boxes), each
// set once (in the first unit holding it), cells in increasing order.
func almostLockedSets(g *Grid, maxCells int) []*alSet {
	geo := g.geo
	peers := peerBits(g)
	words := (geo.NumCells + 63) / 64
	seen := map[string]bool{}
	var out []*alSet
	var blank, cur []int
	for u, cells := range geo.Units {
		blank = blank[:0]
		for _, i := range cells {
			if g.values[i] == 0 {
				blank = append(blank, i)
			}
		}
		limit := min(maxCells, len(blank)-1)
		var rec func(start int, union units.Set)
		rec = func(start int, union units.Set) {
			if n := len(cur); n > 0 && union.Count() == n+1 {
				s := &alSet{unit: u, cells: slices.Clone(cur), cands: union, in: make(cellBits, words)}
				for _, i := range cur {
					s.in.add(i)
				}
				key := string(bitsKey(s.in))
				if !seen[key] {
					seen[key] = true
					s.places = make([]cellBits, geo.Side+1)
					s.sees = make([]cellBits, geo.Side+1)
					slab := make([]uint64, 2*words*union.Count())
					for v := range union.Values() {
						pl, se := cellBits(slab[:words]), cellBits(slab[words:2*words])
						slab = slab[2*words:]
						for k := range se {
							se[k] = ^uint64(0)
						}
						for _, i := range cur {
							if g.cands[i].Has(v) {
								pl.add(i)
								for k := range se {
									se[k] &= peers[i][k]
								}
							}
						}
						s.places[v], s.sees[v] = pl, se
					}
					out = append(out, s)
				}
			}
			if len(cur) == limit {
				return
			}
			for k := start; k < len(blank); k++ {
				// the set needs at least union.Count()-1 cells in the end
				u2 := union | g.cands[blank[k]]
				if u2.Count()-1 > limit || u2.Count()-1-(len(cur)+1) > len(blank)-k-1 {
					continue
				}
				cur = append(cur, blank[k])
				rec(k+1, u2)
				cur = cur[:len(cur)-1]
			}
		}
		rec(0, 0)
	}
	return out
}

// bitsKey returns the bytes of a cell set, as a map key.
func bitsKey(s cellBits) []byte {
	b := make([]byte, 0, 8*len(s))
	for _, w := range s {
		for k := range 8 {
			b = append(b, byte(w>>(8*k)))
		}
	}
	return b
}

// alsXZ is one ALS-XZ found.
type alsXZ struct {
	a, b   *alSet
	rcc    units.Set // the restricted common candidates (two: doubly linked)
	z      units.Set // the common candidates with eliminations (singly linked)
	elims  []sudoku.Candidate
	rating int
}

// findALSXZs finds the ALS-XZs of minCells to maxCells cells in all and
// yields them easiest first; among equal ratings, in the order of set A,
// then set B, as almostLockedSets lists them.
func findALSXZs(e *env, g *Grid, minCells, maxCells int, yield func(*Step) bool) {
	sets := almostLockedSets(g, min(alsMaxCells, maxCells-1))
	geo := g.geo
	words := (geo.NumCells + 63) / 64
	victims := make(cellBits, words)
	var found []*alsXZ
	for ia, a := range sets {
		if e.stopped() {
			return
		}
		for _, b := range sets[ia+1:] {
			n := len(a.cells) + len(b.cells)
			if n < minCells || n > maxCells {
				continue
			}
			common := a.cands & b.cands
			if common.Count() < 2 || a.in.meets(b.in) {
				continue
			}
			var rcc units.Set
			for x := range common.Values() {
				if a.places[x].subsetOf(b.sees[x]) {
					rcc = rcc.Add(x)
				}
			}
			if rcc == 0 || rcc.Count() > 2 {
				continue // more than two cannot happen in a grid with a solution
			}
			h := &alsXZ{a: a, b: b, rcc: rcc, rating: alsRating(n)}
			// elim adds the cells holding v that see all of the given sets.
			elim := func(v int, see ...cellBits) {
				for k := range victims {
					victims[k] = ^uint64(0)
					for _, s := range see {
						victims[k] &= s[k]
					}
				}
				for w, m := range victims {
					for ; m != 0; m &= m - 1 {
						i := w*64 + bits.TrailingZeros64(m)
						c := sudoku.Candidate{Cell: i, Value: v}
						if i < geo.NumCells && g.cands[i].Has(v) && !slices.Contains(h.elims, c) {
							h.elims = append(h.elims, c)
						}
					}
				}
			}
			if rcc.Count() == 1 {
				for z := range (common &^ rcc).Values() {
					before := len(h.elims)
					elim(z, a.sees[z], b.sees[z])
					if len(h.elims) > before {
						h.z = h.z.Add(z)
					}
				}
			} else {
				for x := range rcc.Values() {
					elim(x, a.sees[x], b.sees[x])
				}
				for _, s := range [2]*alSet{a, b} {
					for v := range (s.cands &^ rcc).Values() {
						elim(v, s.sees[v])
					}
				}
			}
			if len(h.elims) > 0 {
				sortCandidates(h.elims)
				found = append(found, h)
			}
		}
	}
	slices.SortStableFunc(found, func(x, y *alsXZ) int { return cmp.Compare(x.rating, y.rating) })
	for _, h := range found {
		if !yield(g.alsXZStep(h)) {
			return
		}
	}
}

// alsXZStep writes an ALS-XZ as a step.
func (g *Grid) alsXZStep(h *alsXZ) *Step {
	st := &Step{Technique: ALSXZ, Name: "ALS-XZ", Rating: h.rating, Eliminations: h.elims,
		Units: []sudoku.Unit{g.unit(h.a.unit)}}
	if h.b.unit != h.a.unit {
		st.Units = append(st.Units, g.unit(h.b.unit))
	}
	for _, s := range [2]*alSet{h.a, h.b} {
		st.Cells = append(st.Cells, s.cells...)
		for _, i := range s.cells {
			for v := range g.cands[i].Values() {
				st.Candidates = append(st.Candidates, sudoku.Candidate{Cell: i, Value: v})
			}
		}
	}
	set := func(s *alSet) string {
		names := make([]string, len(s.cells))
		for k, i := range s.cells {
			names[k] = g.cellName(i)
		}
		return "{" + strings.Join(names, ",") + "} {" + valueList(setValues(s.cands), ",") + "}"
	}
	elims := make([]string, len(h.elims))
	for k, c := range h.elims {
		elims[k] = c.Elimination(g.geo.Side)
	}
	link := "X = " + valueList(setValues(h.rcc), "")
	if h.rcc.Count() == 2 {
		st.Name = "ALS-XZ (doubly linked)"
		link += " (doubly linked: both sets are locked)"
	} else {
		link += ", Z = " + valueList(setValues(h.z), "")
	}
	st.Text = fmt.Sprintf("A = %s, B = %s, %s, so %s", set(h.a), set(h.b), link, strings.Join(elims, ", "))
	return st
}
