package fast9

// Propagation: the band rule, hidden and naked singles, and the stack rule.

import "math/bits"

// nz27 is nz for x of at most 27 bits, as a band mask: bit 27 of
// x+full27 (an add and a shift, one instruction fewer).
func nz27(x uint32) uint32 {
	return (x + full27) >> 27
}

// otherBands returns the masks of the same digit as mask i in the two
// other bands.
func otherBands(i int) (uint, uint) {
	o1, o2 := uint(i+9), uint(i+18)
	if o1 >= 27 {
		o1 -= 27
	}
	if o2 >= 27 {
		o2 -= 27
	}
	return o1, o2
}

// propagate applies the rules until nothing changes, starting with the
// band masks in dirty. It reports false on a contradiction.
func (st *state) propagate(dirty uint32) bool {
	if asmKernels && kernel != kernelGo {
		return st.propagateAsm(dirty)
	}
	t := tab
	// The masks changed since the last stacks check: only their digits
	// need checking again.
	var sinceStacks uint32
	for {
		changed, ok := st.bandRule(t, dirty)
		if !ok {
			return false
		}
		// Only the bands that changed can have new naked singles.
		if dirty, ok = st.nakedSingles(t, changed); !ok {
			return false
		}
		sinceStacks |= changed
		if dirty != 0 {
			continue
		}
		if dirty, ok = st.stacks(t, (sinceStacks|sinceStacks>>9|sinceStacks>>18)&0x1ff); !ok {
			return false
		}
		sinceStacks = 0
		if dirty == 0 {
			return true
		}
	}
}

// bandRule applies the band rule to the masks in dirty (bit 9*b+d for
// band b, digit d), and to the masks that changes, until none is left.
// It returns the masks it looked at.
func (st *state) bandRule(t *tables, dirty uint32) (uint32, bool) {
	_, _ = st.f[0], t.perm[0] // their nil checks, here, not in the loop

	seen := dirty // and every mask queued below
	for dirty != 0 {
		i := bits.TrailingZeros32(dirty)
		dirty &= dirty - 1
		s := st.f[i]
		// The rows' singles and, from bit 32, the band's 3x3 triad mask.
		x := t.rows[0][s&0x1ff] | t.rows[1][s>>9&0x1ff] | t.rows[2][s>>18&0x1ff]
		m := uint32(x>>32) & 0x1ff
		p := uint32(t.perm[m])
		st.tri[i] = uint16(p)
		if p != m {
			if p&0x1ff == 0 { // no permutation, or no cell
				return seen, false
			}
			s &= t.expand[p&0x1ff]
			st.f[i] = s
			x = t.rows[0][s&0x1ff] | t.rows[1][s>>9&0x1ff] | t.rows[2][s>>18&0x1ff]
		}
		b := i * 57 >> 9 // i/9 for i < 27
		nw := uint32(x) & st.u[b]
		if nw == 0 {
			continue
		}
		// The rows with one cell left are solved as d. As each row keeps
		// one triad of a permutation, the triad rule has already cleared
		// the box and row of each in the band: they leave the unsolved
		// cells and the other digits' masks, and their columns lose d in
		// the other bands. (The cells already solved as d have no work
		// left: placing them cleared their peers.) This is written out
		// here, not called, as it runs once for every 2 passes: as a call
		// it cost 1.5-3.5% more instructions.
		st.u[b] &^= nw
		d := i - 9*b
		f := (*[9]uint32)(st.f[9*b : 9*b+9])
		var ch uint32 // the digits whose masks lose cells
		if nw&(nw-1) == 0 {
			// One cell, bit q: each f[e]&nw is 0 or 1<<q, and shifted
			// by e lands on bit q+e. The masks then lose the cell, each
			// by an and in memory (no copy, as with f[e] ^= f[e]&nw).
			y := uint64(f[0]&nw) | uint64(f[1]&nw)<<1 | uint64(f[2]&nw)<<2 |
				uint64(f[3]&nw)<<3 | uint64(f[4]&nw)<<4 | uint64(f[5]&nw)<<5 |
				uint64(f[6]&nw)<<6 | uint64(f[7]&nw)<<7 | uint64(f[8]&nw)<<8
			k := ^nw
			f[0] &= k
			f[1] &= k
			f[2] &= k
			f[3] &= k
			f[4] &= k
			f[5] &= k
			f[6] &= k
			f[7] &= k
			f[8] &= k
			ch = uint32(y >> (bits.TrailingZeros32(nw) & 31))
		} else {
			c0, c1, c2 := f[0]&nw, f[1]&nw, f[2]&nw
			c3, c4, c5 := f[3]&nw, f[4]&nw, f[5]&nw
			c6, c7, c8 := f[6]&nw, f[7]&nw, f[8]&nw
			f[0], f[1], f[2] = f[0]^c0, f[1]^c1, f[2]^c2
			f[3], f[4], f[5] = f[3]^c3, f[4]^c4, f[5]^c5
			f[6], f[7], f[8] = f[6]^c6, f[7]^c7, f[8]^c8
			ch = nz27(c0) | nz27(c1)<<1 | nz27(c2)<<2 | nz27(c3)<<3 | nz27(c4)<<4 | nz27(c5)<<5 | nz27(c6)<<6 | nz27(c7)<<7 | nz27(c8)<<8
		}
		st.f[i] |= nw // f[d]
		// The columns: d's masks in the other bands lose them.
		cm := (nw | nw>>9 | nw>>18) & 0x1ff * colRows
		o1, o2 := otherBands(i)
		c1, c2 := st.f[o1]&cm, st.f[o2]&cm
		st.f[o1] &^= cm
		st.f[o2] &^= cm
		changed := (ch&^(1<<d))<<(9*b) | nz27(c1)<<o1 | nz27(c2)<<o2
		dirty |= changed
		seen |= changed
	}
	return seen, true
}

// nakedSingles solves the cells with one candidate and reports false if a
// cell has none, in the bands of the masks in changed. It returns the masks
// it changed.
func (st *state) nakedSingles(t *tables, changed uint32) (uint32, bool) {
	var dirty uint32
	_ = st.f[0] // its nil check, here, not in the loop
	for b := range 3 {
		if changed>>(9*b)&0x1ff == 0 {
			continue
		}
		f := (*[9]uint32)(st.f[9*b : 9*b+9])
		// The cells with at least one and at least two candidates: a
		// bit-sliced adder over the 9 digits, unrolled.
		one, two := f[0], f[0]&f[1]
		one |= f[1]
		two |= one & f[2]
		one |= f[2]
		two |= one & f[3]
		one |= f[3]
		two |= one & f[4]
		one |= f[4]
		two |= one & f[5]
		one |= f[5]
		two |= one & f[6]
		one |= f[6]
		two |= one & f[7]
		one |= f[7]
		two |= one & f[8]
		one |= f[8]
		if one != full27 {
			return 0, false
		}
		if ns := one &^ two & st.u[b]; ns != 0 {
			dirty |= st.placeSingles(t, b, ns)
		}
	}
	return dirty, true
}

// placeSingles solves the cells of ns in band b, each with one candidate,
// and returns the masks it changed. The digit of each cell comes from bit
// planes of d; a cell of ns is in one mask only. The planes are taken
// before any cell is placed, so two cells of ns that see each other are
// both placed and remove each other (the next count finds an empty cell).
// The loop runs once per cell, not once per digit with a test: the test
// mispredicted.
func (st *state) placeSingles(t *tables, b int, ns uint32) uint32 {
	var dirty uint32
	f := (*[9]uint32)(st.f[9*b : 9*b+9])
	p0 := f[1] | f[3] | f[5] | f[7]
	p1 := f[2] | f[3] | f[6] | f[7]
	p2 := f[4] | f[5] | f[6] | f[7]
	p3 := f[8]
	st.u[b] &^= ns
	for m := ns; m != 0; m &= m - 1 {
		c := uint(bits.TrailingZeros32(m)) & 31
		i := 9*b + int(p0>>c&1|p1>>c&1<<1|p2>>c&1<<2|p3>>c&1<<3)
		// The cell holds no other digit: no need to clear it. Its
		// column loses d in the other bands.
		st.f[i] &^= t.peers[c]
		cm := t.column[c]
		o1, o2 := otherBands(i)
		c1, c2 := st.f[o1]&cm, st.f[o2]&cm
		st.f[o1] &^= cm
		st.f[o2] &^= cm
		dirty |= nz27(c1)<<o1 | nz27(c2)<<o2 | 1<<i
	}
	return dirty
}

// stacks applies the stack rule to the digits in the 9-bit set digits and
// returns the masks it changed. Each digit must be in every box, as the
// band rule leaves it.
func (st *state) stacks(t *tables, digits uint32) (uint32, bool) {
	var dirty uint32
	b0, b1, b2 := (*[9]uint32)(st.f[0:9]), (*[9]uint32)(st.f[9:18]), (*[9]uint32)(st.f[18:27])
	cs := &colSpread
	_ = t.perm[0] // its nil check, here, not in the loop
	for ; digits != 0; digits &= digits - 1 {
		d := bits.TrailingZeros32(digits)
		f0, f1, f2 := b0[d], b1[d], b2[d]
		// The columns of each band (bit 3s+i for column 3s+i), bands 0
		// and 1 side by side, then moved to bit 9s+3b+i: the 3x3 mask of
		// stack s (bit 3b+i) is bits 9s..9s+8.
		x := uint64(f0) | uint64(f1)<<32
		c := (x | x>>9 | x>>18) & 0x1ff000001ff
		c2 := (f2 | f2>>9 | f2>>18) & 0x1ff
		m := cs[c&0x1ff] | cs[c>>32]<<3 | cs[c2]<<6
		p0, p1, p2 := uint32(t.perm[m&0x1ff]), uint32(t.perm[m>>9&0x1ff]), uint32(t.perm[m>>18&0x1ff])
		a := p0 | p1<<9 | p2<<18
		st.col[d] = a
		// The band rule has left d in every box (a permutation of
		// triads in every band), so each band has d in each stack: no
		// 3x3 mask of m is 0, and a == m has no mask without a
		// permutation.
		if a == m {
			continue
		}
		if p0&0x1ff == 0 || p1&0x1ff == 0 || p2&0x1ff == 0 {
			return 0, false
		}
		a, v := transpose(a), transpose(m) // bit 9b+3s+i
		a0, a1, a2 := a&0x1ff, a>>9&0x1ff, a>>18
		b0[d], b1[d], b2[d] = f0&(a0*colRows), f1&(a1*colRows), f2&(a2*colRows)
		x1 := a ^ v
		dirty |= nz27(x1&0x1ff)<<d | nz27(x1&0x3fe00)<<(9+d) | nz27(x1&0x7fc0000)<<(18+d)
	}
	return dirty, true
}

// transpose swaps the 3-bit groups of x as a 3x3 matrix: group 3j+k (bits
// 9j+3k..9j+3k+2) goes to 3k+j. It is its own inverse.
func transpose(x uint32) uint32 {
	t := (x>>6 ^ x) & 0x38038 // (0, 1) and (1, 2) with (1, 0) and (2, 1)
	x ^= t | t<<6
	t = (x>>12 ^ x) & 0x1c0 // (0, 2) with (2, 0)
	return x ^ (t | t<<12)
}

// bandPhaseGo applies the band rule to the masks in dirty and then naked
// singles to the bands it looked at, until neither leaves a mask dirty, as
// propagate does between stack rule passes. It returns the masks the band
// rule looked at, or false on a contradiction. The assembly kernels do
// this in one call (see kernels.go).
func (st *state) bandPhaseGo(t *tables, dirty uint32) (uint32, bool) {
	var seen uint32
	for {
		changed, ok := st.bandRule(t, dirty)
		if !ok {
			return seen, false
		}
		seen |= changed
		// Only the bands that changed can have new naked singles.
		if dirty, ok = st.nakedSingles(t, changed); !ok || dirty == 0 {
			return seen, ok
		}
	}
}
