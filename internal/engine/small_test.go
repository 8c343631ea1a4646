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

// TestQueueGrows fills the queue of a 9x9 worker almost to its capacity
// before a placement that finds hidden singles: placesLeft writes past the
// end of the queue, so it must make room first, and nothing found may be
// lost.
func TestQueueGrows(t *testing.T) {
	// 5 can go only in r1c1 and r1c5 of row 1.
	w, st := newTestState(t, false, map[int][]int{5: row(1, 2, 3, 4, 6, 7, 8, 9)})
	// Filler entries: r9c9 solved as 9, so popping them does nothing.
	filler := rc(9, 9)
	if !w.assignSmall(st, filler, 1<<8) {
		t.Fatal("placing 9 in r9c9 failed")
	}
	c := cap(w.queue)
	w.queue = w.queue[:0]
	for len(w.queue) < c-2 {
		w.queue = append(w.queue, int32(filler))
	}
	// Placing 1 in r1c1 leaves 5 at r1c5 as the only place in row 1,
	// which placesLeft finds while the queue is nearly full.
	if !w.assignSmall(st, rc(1, 1), 1) {
		t.Fatal("placing 1 in r1c1 failed")
	}
	if cap(w.queue) <= c {
		t.Errorf("queue capacity %d, want more than %d", cap(w.queue), c)
	}
	if !w.propagateSmall(st) {
		t.Fatal("contradiction")
	}
	if st[rc(1, 5)] != 1<<4 || st[w.g.offSolved]&(1<<rc(1, 5)) == 0 {
		t.Errorf("r1c5 = %b, want 5 placed", st[rc(1, 5)])
	}
}
