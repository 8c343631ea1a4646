package fast9

// The search: branch points on the arrangements of one digit in a band or stack.

import "math/bits"

// search finds the solutions below st, which is propagated by every rule
// but the triad subsets.
func (s *Solver) search(st *state) {
	var w [9]uint64 // the triad words of the settled state
	for {
		if st.u[0]|st.u[1]|st.u[2] == 0 {
			if s.count == 0 {
				st.write(s.sol)
			}
			s.count++
			return
		}
		dirty, ok := st.triadSubsets(tab, &w)
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
	u, d, m := pickBand(tab, &w)
	var opts [6]uint32 // the permutations of d in unit u, tried in this order
	n := 0
	for _, p := range perms {
		if m&p == p {
			opts[n] = p
			n++
		}
	}
	var next state // declared outside the loop, so it stays on the stack
	for k := range n {
		s.guesses++
		if s.maxGuesses > 0 && s.guesses > s.maxGuesses {
			s.err = ErrLimit
			return
		}
		if s.guesses&1023 == 0 && s.done != nil {
			select {
			case <-s.done:
				s.err = s.ctx.Err()
				return
			default:
			}
		}
		if k == n-1 {
			// The last option needs no copy.
			if st.propagate(st.restrict(u, d, opts[k])) {
				s.search(st)
			}
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
}

// perms are the 6 permutation matrices of a 3x3 triad matrix (bit 3r+k
// for row r, box k).
var perms = [6]uint32{1 | 2<<3 | 4<<6, 1 | 4<<3 | 2<<6, 2 | 1<<3 | 4<<6, 2 | 4<<3 | 1<<6, 4 | 1<<3 | 2<<6, 4 | 2<<3 | 1<<6}

// pickBand chooses what to branch on, from the triad words w of a settled
// state with unsolved cells: the unit (0..2 a band, 3..5 a stack) whose
// digits have the fewest arrangements together (the least sum of the
// logarithms of their numbers of permutations) among the units not fixed,
// and in it the lowest digit with the fewest permutations but one. It
// returns the unit, the digit and its triad matrix in the unit.
//
// A state where every digit has one permutation in every unit has every
// cell solved (each digit's row triad and column triad meet in one cell of
// each box), so a unit is left to choose.
func pickBand(t *tables, w *[9]uint64) (int, int, uint32) {
	var tot [6]int
	for _, x := range w {
		tot[0] += int(t.permLog[x&0x1ff])
		tot[1] += int(t.permLog[x>>9&0x1ff])
		tot[2] += int(t.permLog[x>>18&0x1ff])
		tot[3] += int(t.permLog[x>>27&0x1ff])
		tot[4] += int(t.permLog[x>>36&0x1ff])
		tot[5] += int(t.permLog[x>>45&0x1ff])
	}
	u, best := 0, 1<<30
	for i, n := range tot {
		if n > 0 && n < best {
			u, best = i, n
		}
	}
	sh := uint(9 * u)
	bestD, bestN, bestM := 0, 7, uint32(0)
	for d, x := range w {
		m := uint32(x>>sh) & 0x1ff
		if n := int(t.permCount[m]); n >= 2 && n < bestN {
			bestD, bestN, bestM = d, n, m
		}
	}
	return u, bestD, bestM
}

// restrict keeps digit d of unit u (as for pickBand) to the triads of
// permutation p and returns the masks it changed, as a dirty set.
func (st *state) restrict(u, d int, p uint32) uint32 {
	if u < 3 {
		i := 9*u + d
		st.f[i] &= tab.expand[p]
		return 1 << i
	}
	s := 3 * (u - 3)
	for b := range 3 {
		c := bits.TrailingZeros32(p >> (3 * b) & 7)
		st.f[9*b+d] &= ^uint32(0x1c0e07<<s) | colRows<<(s+c)
	}
	return 1<<d | 1<<(9+d) | 1<<(18+d)
}
