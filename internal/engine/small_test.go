package engine

import (
	"math/bits"
	"testing"
)

// TestCellSetLayout checks what the small-grid propagation relies on: every
// cell has one place in the two-word cell sets, rows and boxes lie in one
// word, and folding the second word onto the first (shifted by one) keeps
// the side cells of every unit apart.
func TestCellSetLayout(t *testing.T) {
	for _, n := range []int{2, 3} {
		g := newGeom(n)
		seen := map[[2]uint64]bool{}
		for i := range g.ncell {
			var k [2]uint64
			k[g.posWord[i]] = g.posBit[i]
			if bits.OnesCount64(g.posBit[i]) != 1 || seen[k] {
				t.Fatalf("order %d: cell %d has place %v, not one of its own", n, i, k)
			}
			seen[k] = true
		}
		for u := range g.nunit {
			c := g.unitCells[u]
			if u < g.side || u >= 2*g.side { // a row or a box
				if c[0] != 0 && c[1] != 0 {
					t.Errorf("order %d: unit %d spans both words", n, u)
				}
			}
			if got := bits.OnesCount64(c[0] | c[1]<<1); got != g.side {
				t.Errorf("order %d: unit %d folds to %d cells, want %d", n, u, got, g.side)
			}
		}
	}
}
