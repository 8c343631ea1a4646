package variant

import "math/bits"

// pointing is the all-different engine's locked candidates made general,
// used by counts (search.strong) and left out of the generators'
// searches, whose puzzles stay as they were: the places of a value in a
// unit all see some cells (are their peers: same row, column, region,
// diagonal, window or cage, or a knight's or king's move away), so those
// cells lose the value. It holds box-line reduction and goes beyond: a
// value confined to two cells of a box that both lie on a diagonal
// leaves the rest of the diagonal; places that all see one cell by
// knight's moves leave it.
//
// Measured against locked candidates on bench_test.go's sets (callgrind,
// instructions per count to 2 with a Solver): X 38.4 -> 24.9 guesses
// and 505k -> 388k instructions, windoku 15.0 -> 12.1 and 313k -> 271k,
// jigsaw 44.5 -> 29.1 and 595k -> 467k. Naked pairs (over peers) on top
// cut X to 22.3 guesses but cost more than they saved (405k); hidden
// pairs did not pay either. Places of more than half a unit seldom see
// a cell together: looking at them cost more than it saved (jigsaw's
// irregular regions gain up to 6, X and windoku lose past 3).
func (f *fastRun) pointing(st *fastState, v, u int) bool {
	g := f.g
	uc := &g.units[u]
	c0, c1 := st.pos[v][0]&uc[0], st.pos[v][1]&uc[1]
	k := bits.OnesCount64(c0) + bits.OnesCount64(c1)
	if k < 2 || k > g.n/2 {
		return true
	}
	e0, e1 := st.pos[v][0]&^uc[0], st.pos[v][1]&^uc[1]
	for m := c0; m != 0 && e0|e1 != 0; m &= m - 1 {
		pr := &g.peers[bits.TrailingZeros64(m)]
		e0 &= pr[0]
		e1 &= pr[1]
	}
	for m := c1; m != 0 && e0|e1 != 0; m &= m - 1 {
		pr := &g.peers[64+bits.TrailingZeros64(m)]
		e0 &= pr[0]
		e1 &= pr[1]
	}
	if e0|e1 == 0 {
		return true
	}
	return f.dropValue(st, v, e0, e1, 0)
}
