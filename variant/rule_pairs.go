package variant

// pairs returns the pairs of cells (a < b) of a grid of side n at one of
// the offsets (dr, dc) from each other.
func pairs(n int, offsets [][2]int) [][2]int {
	var ps [][2]int
	for i := range n * n {
		r, c := i/n, i%n
		for _, o := range offsets {
			r2, c2 := r+o[0], c+o[1]
			if r2 < 0 || r2 >= n || c2 < 0 || c2 >= n {
				continue
			}
			if j := r2*n + c2; j > i {
				ps = append(ps, [2]int{i, j})
			}
		}
	}
	return ps
}

var (
	knightMoves = [][2]int{{1, 2}, {2, 1}, {1, -2}, {2, -1}}
	kingMoves   = [][2]int{{1, 1}, {1, -1}}
	orthoMoves  = [][2]int{{0, 1}, {1, 0}}
)

// checkPairs reports every pair (of those at offsets) whose values break
// ok, as "r2c3 and r4c4 " + what.
func checkPairs(ck *checker, offsets [][2]int, bad func(x, y int) bool, what string) {
	for _, p := range pairs(ck.n, offsets) {
		x, y := ck.v[p[0]], ck.v[p[1]]
		if x != 0 && y != 0 && bad(x, y) {
			ck.add(p[:], "%s and %s %s", CellName(p[0], ck.n), CellName(p[1], ck.n), fmtPair(what, x, y))
		}
	}
}
