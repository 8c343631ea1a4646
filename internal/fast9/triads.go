package fast9

// The triad subsets rule, run before each branch point, and the triad words the search chooses from.

import "math/bits"

// group0 has bit 0 of each of the 18 groups of 3 bits of a triad word.
const group0 = 0x9249249249249 // bits 3j, j < 18

// triadWords writes the triad words of the 9 digits into tw. The word of
// digit d has bit 9b+3r+k when row r of band b has d in box k (a row
// triad), and bit 27+9s+3b+i when column 3s+i has d in band b (a column
// triad). Each group of 3 bits is the row triads of one row (one per box)
// or the column triads of one box, so a digit fills exactly one bit of
// each group; each group of 9 bits is the 3x3 triad matrix of a band or a
// stack. With each word come the triads alone in their group (where the
// digit must go). The band and stack rules keep the matrices in st.tri
// and st.col, so a word is a few loads.
func (st *state) triadWords(tw *words) {
	w, y := &tw.w, &tw.y
	w[0], y[0] = st.word(0)
	w[1], y[1] = st.word(1)
	w[2], y[2] = st.word(2)
	w[3], y[3] = st.word(3)
	w[4], y[4] = st.word(4)
	w[5], y[5] = st.word(5)
	w[6], y[6] = st.word(6)
	w[7], y[7] = st.word(7)
	w[8], y[8] = st.word(8)
}

// word returns the triad word of digit d and its triads alone in their
// group (see triadWords).
func (st *state) word(d int) (uint64, uint64) {
	x := uint64(st.tri[d]) | uint64(st.tri[9+d])<<9 | uint64(st.tri[18+d])<<18 | uint64(st.col[d])<<27
	return x, alone(x)
}

// colSpread maps the 9 columns of a band, bit 3s+i for column i of stack
// s, to bit 9s+i.
var colSpread = func() (t [512]uint32) {
	for c := range t {
		for s := range 3 {
			t[c] |= uint32(c>>(3*s)&7) << (9 * s)
		}
	}
	return t
}()

// alone returns the bits of triad word w that are alone in their group
// of 3. No group may be empty, as after propagate (the band rule leaves
// each digit in every row and box, the stack rule in every column): then
// subtracting 1 from each group borrows from none, and a group g has
// other bits than its lowest when g&(g-1) != 0.
func alone(w uint64) uint64 {
	z := w & (w - group0)
	return w &^ ((z>>1 | z>>2) & group0 * 7)
}

// g9 has bit 0 of each of the 6 groups of 9 bits of a triad word (its
// 3x3 triad matrices: 3 bands, then 3 stacks).
const g9 = 1 | 1<<9 | 1<<18 | 1<<27 | 1<<36 | 1<<45

// sum9 returns the number of bits of each group of 9 of w, at the group's
// bit 0.
func sum9(w uint64) uint64 {
	c := w&group0 + w>>1&group0 + w>>2&group0 // 0..3 in each group of 3
	return c&(3*g9) + c>>3&(3*g9) + c>>6&(3*g9)
}

// words are the triad words of a state and what the triad pass needs of
// each digit's word (see triadWords).
type words struct {
	w [9]uint64
	y [9]uint64 // the triads alone in their group
}

// branchInfo is what a settled state's triad pass gives its branch point.
type branchInfo struct {
	// score holds the units' scores for pickBand, 9 bits each.
	score uint64
	// n holds, in bit planes (n[k] has the bits of weight 2^k), the
	// number of digits each triad can hold, by bit of the triad words.
	n [4]uint64
}

// count adds the bits of x to the bit-sliced binary counters s0..s3.
func count(s0, s1, s2, s3, x uint64) (uint64, uint64, uint64, uint64) {
	k0 := s0 & x
	k1 := s1 & k0
	return s0 ^ x, s1 ^ k0, s2 ^ k1, s3 | s2&k1
}

// atLeast adds the bits of y to the bit-sliced counters c1..c4, which
// hold the bits set in at least 1..4 of the words added.
func atLeast(c1, c2, c3, c4, y uint64) (uint64, uint64, uint64, uint64) {
	return c1 | y, c2 | c1&y, c3 | c2&y, c4 | c3&y
}

// triadSubsets applies the rule of the triads' digits: the 3 cells of a
// triad hold 3 digits. When only 3 digits can go in a triad, each of them
// must go there (it leaves the rest of the triad's row or column and box);
// when 3 digits must go in a triad, the other digits leave its cells. A
// triad with fewer than 3 possible digits, or more than 3 certain ones, is
// a contradiction. It returns the masks it changed and, when it changed
// none, fills bi.
//
// The score of a unit (a band or a stack) is the sum, over the digits, of
// the number of triads of the digit's triad matrix in the unit: 3 for a
// digit fixed there, up to 9; a fixed unit scores 27. It stands for the
// number of the unit's arrangements (the matrices are unions of
// permutations: 3, 5 or 6, 7, 8 and 9 triads hold 1, 2, 3, 4 and 6), and
// is the sum over the unit's triads of the number of digits they can
// hold, which bit-sliced counters give. (Counting 5 and 6 triads alike,
// as the number of permutations does, gave 3-5% fewer guesses on the
// hardest puzzles, but as many on puzzles with many solutions and cost
// 2% more instructions there.)
func (st *state) triadSubsets(t *tables, tw *words, bi *branchInfo) (uint32, bool) {
	w := &tw.w
	st.triadWords(tw)
	// s3 s2 s1 s0: how many digits each triad can hold, in binary; then
	// c1..c4 below. Two passes, with s0..s3 kept in bi between them, so
	// that each pass's sums stay in registers.
	s0, s1, s2, s3 := w[0], uint64(0), uint64(0), uint64(0)
	s0, s1, s2, s3 = count(s0, s1, s2, s3, w[1])
	s0, s1, s2, s3 = count(s0, s1, s2, s3, w[2])
	s0, s1, s2, s3 = count(s0, s1, s2, s3, w[3])
	s0, s1, s2, s3 = count(s0, s1, s2, s3, w[4])
	s0, s1, s2, s3 = count(s0, s1, s2, s3, w[5])
	s0, s1, s2, s3 = count(s0, s1, s2, s3, w[6])
	s0, s1, s2, s3 = count(s0, s1, s2, s3, w[7])
	s0, s1, s2, s3 = count(s0, s1, s2, s3, w[8])
	const all = 1<<54 - 1
	if s2|s3|s1&s0 != all { // a triad with fewer than 3 possible digits
		return 0, false
	}
	bi.n = [4]uint64{s0, s1, s2, s3}
	// c1..c4: the triads where at least 1..4 digits must go.
	ys := &tw.y
	c1, c2, c3, c4 := ys[0], uint64(0), uint64(0), uint64(0)
	c1, c2, c3, c4 = atLeast(c1, c2, c3, c4, ys[1])
	c1, c2, c3, c4 = atLeast(c1, c2, c3, c4, ys[2])
	c1, c2, c3, c4 = atLeast(c1, c2, c3, c4, ys[3])
	c1, c2, c3, c4 = atLeast(c1, c2, c3, c4, ys[4])
	c1, c2, c3, c4 = atLeast(c1, c2, c3, c4, ys[5])
	c1, c2, c3, c4 = atLeast(c1, c2, c3, c4, ys[6])
	c1, c2, c3, c4 = atLeast(c1, c2, c3, c4, ys[7])
	_, _, c3, c4 = atLeast(c1, c2, c3, c4, ys[8])
	if c4 != 0 {
		return 0, false
	}
	s0, s1, s2, s3 = bi.n[0], bi.n[1], bi.n[2], bi.n[3]
	p4 := s2 | s3           // 4 or more possible digits
	act1 := all &^ p4 &^ c3 // 3 possible digits, not all certain
	act2 := c3 & p4         // 3 certain digits, more possible
	if act1|act2 == 0 {
		bi.score = sum9(s0) + 2*sum9(s1) + 4*sum9(s2) + 8*sum9(s3)
		return 0, true
	}
	var dirty uint32
	for d := range 9 {
		y := ys[d]
		newly := w[d] & act1 &^ y
		drop := w[d] & act2 &^ y
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
