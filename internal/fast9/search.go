package fast9

// The search: branch points on the arrangements of one digit in a band or stack.

import "math/bits"

// search finds the solutions below st, which is propagated by every rule
// but the triad subsets.
func (s *Solver) search(st *state) {
	var tw words // the triad words of the settled state
	w := &tw.w
	var bi branchInfo // and what its triad pass found
	for {
		if st.u[0]|st.u[1]|st.u[2] == 0 {
			if s.count == 0 {
				st.write(s.sol)
			}
			s.count++
			return
		}
		dirty, ok := st.triadSubsets(tab, &tw, &bi)
		if !ok {
			return
		}
		if dirty == 0 {
			break
		}
		if !st.propagate(dirty) {
			return
		}
	}
	u, d, m := pickBand(w, bi.score)
	var opts [6]uint32
	n := order(&opts, m, u, &bi.n)
	// The first option on a copy of st, made outside a loop: a copy made
	// in a loop would go to the heap, and one declared before it would be
	// zeroed at every branch point.
	if s.guess() && s.stop() {
		return
	}
	next := *st
	if next.propagate(next.restrict(u, d, opts[0])) {
		s.search(&next)
		if s.count >= s.limit || s.err != nil {
			return
		}
	}
	for k := 1; k < n-1; k++ { // 3 options or more: seldom
		if s.guess() && s.stop() {
			return
		}
		next = *st
		if next.propagate(next.restrict(u, d, opts[k])) {
			s.search(&next)
			if s.count >= s.limit || s.err != nil {
				return
			}
		}
	}
	// The last option needs no copy.
	if s.guess() && s.stop() {
		return
	}
	if st.propagate(st.restrict(u, d, opts[n-1])) {
		s.search(st)
	}
}

// guess counts a guess and reports whether stop is due: past
// s.maxGuesses (guesses > maxGuesses > 0, in one unsigned compare), or
// every 1024 guesses.
func (s *Solver) guess() bool {
	s.guesses++
	return s.guesses&1023 == 0 || uint64(s.guesses-1) > uint64(s.maxGuesses-1)
}

// stop reports whether the search must stop after a guess: past
// s.maxGuesses (with ErrLimit), or when s.done is closed.
func (s *Solver) stop() bool {
	if s.maxGuesses > 0 && s.guesses > s.maxGuesses {
		s.err = ErrLimit
		return true
	}
	if s.guesses&1023 == 0 && s.done != nil {
		select {
		case <-s.done:
			s.err = s.ctx.Err()
			return true
		default:
		}
	}
	return false
}

// order writes into opts the permutations of triad matrix m in unit u (as
// for pickBand) in the order to try them, and returns their number: the
// most digits that their triads can hold first (the ties as in perms). n
// holds the numbers of digits by triad, in bit planes (see branchInfo).
// Those triads are the most contested, so the first option constrains the
// other digits most and leaves the smallest subtree. On puzzles with many
// solutions any option likely holds one, and this finds the first with a
// tenth to a sixth fewer guesses; on hard puzzles with one solution it is
// about neutral (3% fewer on forum hardest, 2% more on top1465).
func order(opts *[6]uint32, m uint32, u int, n *[4]uint64) int {
	// The unit's 9 numbers in 7-bit fields; a multiply sums the fields
	// of a permutation's triads into the top field.
	sh := uint(9*u) & 63
	s7 := &spread7
	nu := s7[n[0]>>sh&0x1ff] | s7[n[1]>>sh&0x1ff]<<1 | s7[n[2]>>sh&0x1ff]<<2 | s7[n[3]>>sh&0x1ff]<<3
	key := func(p uint32) uint64 {
		return (nu & (s7[p&0x1ff] * 0x7f)) * s7[0x1ff] >> 56 & 0x7f
	}
	if pq := twoPair[m&0x1ff]; pq != 0 { // the usual case
		p, q := pq&0x1ff, pq>>9
		if key(q) > key(p) {
			p, q = q, p
		}
		opts[0], opts[1] = p, q
		return 2
	}
	l := permsIn[m&0x1ff]
	k := int(l & 7)
	var keys [6]uint64
	for i := range k {
		p := perms[l>>(3+3*i)&7]
		kp := key(p)
		j := i
		for ; j > 0 && keys[j-1] < kp; j-- {
			opts[j], keys[j] = opts[j-1], keys[j-1]
		}
		opts[j], keys[j] = p, kp
	}
	return k
}

// spread7 maps 9 bits to bit 0 of 9 fields of 7 bits.
var spread7 = func() (t [512]uint64) {
	for x := range t {
		for i := range 9 {
			t[x] |= uint64(x>>i&1) << (7 * i)
		}
	}
	return t
}()

// twoPair maps a triad matrix with exactly 2 permutations to them, the
// first in perms at bit 0 and the other at bit 9, and any other to 0.
var twoPair = func() (t [512]uint32) {
	for m := range t {
		if l := permsIn[m]; l&7 == 2 {
			t[m] = perms[l>>3&7] | perms[l>>6&7]<<9
		}
	}
	return t
}()

// permsIn maps a triad matrix to the permutations it contains: their
// number in bits 0-2, then their indices in perms, 3 bits each.
var permsIn = func() (t [512]uint32) {
	for m := range t {
		n := 0
		for i, p := range perms {
			if uint32(m)&p == p {
				t[m] |= uint32(i) << (3 + 3*n)
				n++
			}
		}
		t[m] |= uint32(n)
	}
	return t
}()

// perms are the 6 permutation matrices of a 3x3 triad matrix (bit 3r+k
// for row r, box k).
var perms = [6]uint32{1 | 2<<3 | 4<<6, 1 | 4<<3 | 2<<6, 2 | 1<<3 | 4<<6, 2 | 4<<3 | 1<<6, 4 | 1<<3 | 2<<6, 4 | 2<<3 | 1<<6}

// pickBand chooses what to branch on, from the triad words w of a settled
// state with unsolved cells and its units' scores (see triadSubsets): the
// unit (0..2 a band, 3..5 a stack) whose digits have the fewest
// arrangements together (the least score) among the units not fixed, and
// in it the lowest digit with the fewest permutations but one. It returns
// the unit, the digit and its triad matrix in the unit.
//
// A state where every digit has one permutation in every unit has every
// cell solved (each digit's row triad and column triad meet in one cell of
// each box), so a unit is left to choose. A fixed unit scores 27.
func pickBand(w *[9]uint64, score uint64) (int, int, uint32) {
	// A fixed unit's field becomes 0x1ff, above any score: bit 8 of a
	// field of (score | 256) - 28 is set unless the unit scores 27.
	t := (score | 0x100*g9) - 28*g9
	ks := score | (^t>>8&g9)*0x1ff
	// The least key, score<<3 | unit.
	best := min(ks&0x1ff<<3, ks>>9&0x1ff<<3|1, ks>>18&0x1ff<<3|2,
		ks>>27&0x1ff<<3|3, ks>>36&0x1ff<<3|4, ks>>45&0x1ff<<3|5)
	u := int(best & 7)
	sh := uint(9*u) & 63
	// The digits with 2 permutations, as a 9-bit set; the lowest.
	t2 := &twoPerms
	m2 := uint32(t2[w[0]>>sh&0x1ff]) | uint32(t2[w[1]>>sh&0x1ff])<<1 | uint32(t2[w[2]>>sh&0x1ff])<<2 |
		uint32(t2[w[3]>>sh&0x1ff])<<3 | uint32(t2[w[4]>>sh&0x1ff])<<4 | uint32(t2[w[5]>>sh&0x1ff])<<5 |
		uint32(t2[w[6]>>sh&0x1ff])<<6 | uint32(t2[w[7]>>sh&0x1ff])<<7 | uint32(t2[w[8]>>sh&0x1ff])<<8
	d := bits.TrailingZeros32(m2)
	if m2 == 0 {
		// None: the least key, permutations<<4 | digit, among the
		// digits not fixed.
		k := &digitKey
		bestK := min(k[w[0]>>sh&0x1ff], k[w[1]>>sh&0x1ff]|1, k[w[2]>>sh&0x1ff]|2,
			k[w[3]>>sh&0x1ff]|3, k[w[4]>>sh&0x1ff]|4, k[w[5]>>sh&0x1ff]|5,
			k[w[6]>>sh&0x1ff]|6, k[w[7]>>sh&0x1ff]|7, k[w[8]>>sh&0x1ff]|8)
		d = int(bestK & 15)
	}
	return u, d, uint32(w[d]>>sh) & 0x1ff
}

// twoPerms maps a triad matrix to 1 if it contains exactly 2
// permutations, else 0.
var twoPerms = func() (t [512]uint8) {
	for m := range t {
		if permsIn[m]&7 == 2 {
			t[m] = 1
		}
	}
	return t
}()

// stackRem maps a permutation p of a stack (bit 3b+i: column i of the
// stack in band b) to the cells that each band of the first stack loses
// when a digit keeps to p: the stack's other columns in the band.
var stackRem = func() (t [512][3]uint32) {
	for p := range t {
		for b := range 3 {
			if c := p >> (3 * b) & 7; c&(c-1) == 0 && c != 0 {
				t[p][b] = 0x1c0e07 &^ (colRows << bits.TrailingZeros(uint(c)))
			}
		}
	}
	return t
}()

// digitKey maps a triad matrix to its number of permutations times 16,
// or 0xf0 if it has fewer than 2.
var digitKey = func() (t [512]uint8) {
	for m := range t {
		t[m] = 0xf0
		if n := permsIn[m] & 7; n >= 2 {
			t[m] = uint8(n << 4)
		}
	}
	return t
}()

// restrict keeps digit d of unit u (as for pickBand) to the triads of
// permutation p and returns the masks it changed, as a dirty set.
func (st *state) restrict(u, d int, p uint32) uint32 {
	if u < 3 {
		i := 9*u + d
		st.f[i] &= tab.expand[p]
		return 1 << i
	}
	s := 3 * (u - 3)
	r := &stackRem[p]
	st.f[d] &^= r[0] << s
	st.f[9+d] &^= r[1] << s
	st.f[18+d] &^= r[2] << s
	return 1<<d | 1<<(9+d) | 1<<(18+d)
}
