package fast9

// The triad subsets rule, run before each branch point, and the triad words the search chooses from.

import "math/bits"

// group0 has bit 0 of each of the 18 groups of 3 bits of a triad word.
const group0 = 0x9249249249249 // bits 3j, j < 18

// triadWords writes the triad words of the 9 digits into w. The word of
// digit d has bit 9b+3r+k when row r of band b has d in box k (a row
// triad), and bit 27+9s+3b+i when column 3s+i has d in band b (a column
// triad). Each group of 3 bits is the row triads of one row (one per
// box) or the column triads of one box, so a digit fills exactly one bit
// of each group; each group of 9 bits is the 3x3 triad matrix of a band
// or a stack.
func (st *state) triadWords(w *[9]uint64) {
	b0, b1, b2 := (*[9]uint32)(st.f[0:9]), (*[9]uint32)(st.f[9:18]), (*[9]uint32)(st.f[18:27])
	for d := range 9 {
		f2 := b2[d]
		// Bands 0 and 1 side by side in one word, at bits 0 and 32.
		x := uint64(b0[d]) | uint64(b1[d])<<32
		y := (x | x>>1 | x>>2) & 0x0124924901249249
		y = y * 21 >> 4 // as in triads, in each half
		y = y&0x700000007 | y>>6&0x3800000038 | y>>12&0x1c0000001c0
		h := y&0x1ff | y>>32<<9 | uint64(triads(f2))<<18
		// The columns of each band, bit 9b+c, then transposed by 3-bit
		// groups (b, s) to bit 9s+3b+i.
		c := (x | x>>9 | x>>18) & 0x1ff000001ff
		v := c&0x1ff | c>>32<<9 | uint64((f2|f2>>9|f2>>18)&0x1ff)<<18
		t := (v>>6 ^ v) & 0x38038 // (b, s) = (0, 1) and (1, 2) with (1, 0) and (2, 1)
		v ^= t | t<<6
		t = (v>>12 ^ v) & 0x1c0 // (0, 2) with (2, 0)
		v ^= t | t<<12
		w[d] = h | v<<27
	}
}

// alone returns the bits of w that are alone in their group of 3.
func alone(w uint64) uint64 {
	a, b, c := w&group0, w>>1&group0, w>>2&group0
	one := (a ^ b ^ c) &^ (a & b & c)
	return w & (one * 7)
}

// triadSubsets applies the rule of the triads' digits: the 3 cells of a
// triad hold 3 digits. When only 3 digits can go in a triad, each of them
// must go there (it leaves the rest of the triad's row or column and box);
// when 3 digits must go in a triad, the other digits leave its cells. A
// triad with fewer than 3 possible digits, or more than 3 certain ones, is
// a contradiction. It returns the masks it changed.
func (st *state) triadSubsets(t *tables, w *[9]uint64) (uint32, bool) {
	var c [9]uint64
	var p1, p2, p3, p4, c1, c2, c3, c4 uint64
	st.triadWords(w)
	for d := range 9 {
		x := w[d]
		y := alone(x)
		c[d] = y
		p4 |= p3 & x
		p3 |= p2 & x
		p2 |= p1 & x
		p1 |= x
		c4 |= c3 & y
		c3 |= c2 & y
		c2 |= c1 & y
		c1 |= y
	}
	const all = 1<<54 - 1
	if p3 != all || c4 != 0 {
		return 0, false
	}
	act1 := p3 &^ p4 &^ (c3 &^ c4) // 3 possible digits, not all certain
	act2 := c3 & p4                // 3 certain digits, more possible
	if act1|act2 == 0 {
		return 0, true
	}
	var dirty uint32
	for d := range 9 {
		newly := w[d] & act1 &^ c[d]
		drop := w[d] & act2 &^ c[d]
		if newly|drop == 0 {
			continue
		}
		var rem [3]uint32
		for n := newly; n != 0; n &= n - 1 {
			i := bits.TrailingZeros64(n)
			if i < 27 {
				b, j := i/9, i%9
				r, k := j/3, j%3
				rem[b] |= (0x1ff<<(9*r) | 0x1c0e07<<(3*k)) &^ (7 << (9*r + 3*k))
			} else {
				j := i - 27
				b, col := j%9/3, 3*(j/9)+j%3
				cm := uint32(colRows) << col
				for o := range 3 {
					if o != b {
						rem[o] |= cm
					}
				}
				rem[b] |= 0x1c0e07 << (3 * (col / 3)) &^ cm
			}
		}
		for n := drop >> 27; n != 0; n &= n - 1 {
			j := bits.TrailingZeros64(n)
			rem[j%9/3] |= colRows << (3*(j/9) + j%3)
		}
		for b := range 3 {
			rem[b] |= t.expand[uint32(drop>>(9*b))&0x1ff]
			i := 9*b + d
			if x := st.f[i]; x&rem[b] != 0 {
				st.f[i] = x &^ rem[b]
				dirty |= 1 << i
			}
		}
	}
	return dirty, true
}
