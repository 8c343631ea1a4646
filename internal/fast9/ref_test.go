package fast9

import "math/bits"

// refCount is a slow, plainly correct reference: it counts the solutions
// of p up to limit by backtracking on the cell with the fewest candidates,
// with row, column and box masks. Clashing givens give 0.
func refCount(p *[81]uint8, limit int) int {
	var rows, cols, boxes [9]uint16
	g := *p
	for i, v := range g {
		if v == 0 {
			continue
		}
		r, c := i/9, i%9
		bx, m := r/3*3+c/3, uint16(1)<<v
		if (rows[r]|cols[c]|boxes[bx])&m != 0 {
			return 0
		}
		rows[r] |= m
		cols[c] |= m
		boxes[bx] |= m
	}
	n := 0
	var rec func()
	rec = func() {
		best, bestN, bestFree := -1, 10, uint16(0)
		for i, v := range g {
			if v != 0 {
				continue
			}
			r, c := i/9, i%9
			free := 0x3fe &^ (rows[r] | cols[c] | boxes[r/3*3+c/3])
			if k := bits.OnesCount16(free); k < bestN {
				best, bestN, bestFree = i, k, free
			}
		}
		if best < 0 {
			n++
			return
		}
		r, c := best/9, best%9
		bx := r/3*3 + c/3
		for f := bestFree; f != 0 && n < limit; f &= f - 1 {
			m := f & -f
			g[best] = uint8(bits.TrailingZeros16(m))
			rows[r] |= m
			cols[c] |= m
			boxes[bx] |= m
			rec()
			rows[r] &^= m
			cols[c] &^= m
			boxes[bx] &^= m
		}
		g[best] = 0
	}
	rec()
	return n
}
