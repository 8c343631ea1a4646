package logic

import (
	"math/bits"
	"strings"
	"sync"

	"github.com/gosudoku/sudoku/internal/units"
)

// cellSet is a set of cells of a 9x9 grid: bit i%64 of word i/64 holds
// cell i (cells 0 to 80, in reading order).
type cellSet [2]uint64

func (s cellSet) has(i int) bool           { return s[i>>6]&(1<<(i&63)) != 0 }
func (s *cellSet) add(i int)               { s[i>>6] |= 1 << (i & 63) }
func (s *cellSet) remove(i int)            { s[i>>6] &^= 1 << (i & 63) }
func (s cellSet) and(t cellSet) cellSet    { return cellSet{s[0] & t[0], s[1] & t[1]} }
func (s cellSet) or(t cellSet) cellSet     { return cellSet{s[0] | t[0], s[1] | t[1]} }
func (s cellSet) andNot(t cellSet) cellSet { return cellSet{s[0] &^ t[0], s[1] &^ t[1]} }
func (s cellSet) empty() bool              { return s[0]|s[1] == 0 }
func (s cellSet) count() int               { return bits.OnesCount64(s[0]) + bits.OnesCount64(s[1]) }

// subsetOf reports whether every cell of s is in t.
func (s cellSet) subsetOf(t cellSet) bool { return s[0]&^t[0] == 0 && s[1]&^t[1] == 0 }

// first returns the lowest cell of s, or -1 if s is empty.
func (s cellSet) first() int {
	if s[0] != 0 {
		return bits.TrailingZeros64(s[0])
	}
	if s[1] != 0 {
		return 64 + bits.TrailingZeros64(s[1])
	}
	return -1
}

// cells appends the cells of s to dst in increasing order.
func (s cellSet) cells(dst []int) []int {
	for w := range 2 {
		for m := s[w]; m != 0; m &= m - 1 {
			dst = append(dst, w*64+bits.TrailingZeros64(m))
		}
	}
	return dst
}

// tables9 are the 9x9 geometry as cell sets: the cells of each unit, the
// peers of each cell.
type tables9 struct {
	unit  [27]cellSet
	peers [81]cellSet
}

var geo9 = sync.OnceValue(func() *tables9 {
	geo := units.Of(3)
	t := &tables9{}
	for u, cells := range geo.Units {
		for _, i := range cells {
			t.unit[u].add(i)
		}
	}
	for i, ps := range geo.Peers {
		for _, j := range ps {
			t.peers[i].add(j)
		}
	}
	return t
})

// seesAll returns the cells that see every cell of s (not s's cells).
func (t *tables9) seesAll(s cellSet) cellSet {
	r := cellSet{^uint64(0), 1<<17 - 1}
	for w := range 2 {
		for m := s[w]; m != 0; m &= m - 1 {
			r = r.and(t.peers[w*64+bits.TrailingZeros64(m)])
		}
	}
	return r
}

// candCells returns the blank cells of g where v is a candidate.
func (g *Grid) candCells(v int) cellSet {
	var s cellSet
	bit := units.Set(1) << (v - 1)
	for i, c := range g.cands {
		if c&bit != 0 {
			s.add(i)
		}
	}
	return s
}

// groupName names a group of cells: "r4c4" for one cell, "r4c4/r4c6" for
// more.
func (g *Grid) groupName(s cellSet) string {
	var names []string
	for _, i := range s.cells(nil) {
		names = append(names, g.cellName(i))
	}
	return strings.Join(names, "/")
}
