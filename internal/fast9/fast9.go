// Package fast9 is the specialised 9x9 engine behind package sudoku: it
// solves and counts the solutions of 9x9 puzzles with digit bitsets, bit
// tricks and lookup tables, without allocating.
//
// # Representation
//
// The grid is cut into 3 bands of 3 rows. For each digit d and band b, a
// 27-bit mask holds the cells of the band where d may still go: bit 9*r+c
// is row r of the band, column c. Cell i of the grid is bit i%27 of band
// i/27. A fourth set of 3 masks holds the unsolved cells. A cell is solved
// as d when it is no longer unsolved; it then stays only in d's masks.
// The whole state is 30 words, so the search backtracks by copying it.
//
// A band is cut further into 9 triads: the 3 cells of one row in one box.
// Within a band a digit fills exactly one triad of each row and exactly one
// of each box, so the triads it fills form a 3x3 permutation matrix.
// Likewise, within a stack of 3 columns, a digit fills one column of each
// band and one band of each column: a permutation of columns onto bands.
//
// # Propagation rules
//
// Placing digit d in a cell (a given or a single) solves the cell:
// it leaves the unsolved cells and the other digits' masks, and its row,
// column and box lose d (its peers in the band by a table of 27 masks, its
// column in the other bands by a multiply). Two placed cells that see each
// other remove each other, which leaves an empty cell: a contradiction.
//
// Every mask that changed is queued (a 27-bit set) and updated by the band
// rule, until the queue is empty:
//
//   - Triads: the band's 9 triads that hold a cell of the mask (found with
//     a shift, a multiply and a mask) are reduced to the union of the
//     permutation matrices they contain (a table of 512 entries), and the
//     mask to the cells of those triads. This is locked candidates in both
//     directions within the band (pointing and claiming) and more; no
//     permutation left is a contradiction.
//   - Hidden singles in rows: a row with one cell left for d solves that
//     cell as d. The triad rule has already cleared its box and column in
//     the band; it leaves the other digits' masks, and its column loses d
//     in the other bands.
//   - Hidden singles in boxes need no rule of their own: a box with one
//     cell left pins its row's triad, so the triad rule leaves that row one
//     cell.
//
// Then the bands whose masks changed are checked, and if nothing is left to
// do, the digits whose masks changed:
//
//   - Naked singles: counting the candidates of every cell with bit-sliced
//     adders over the 9 digits gives the cells with one candidate, which
//     are placed, and the cells with none, a contradiction.
//   - Stacks: for each digit and stack, the 9 (band, column) pairs are
//     reduced to the union of the permutation matrices they contain, as
//     for triads. This gives hidden singles in columns and locked
//     candidates along columns; an empty column is a contradiction.
//
// When all of that is done, before each branch point, the triads' digits
// are checked, for the 27 row triads and the 27 column triads (the 3 cells
// of one column in one box) at once: a 54-bit word per digit has a bit for
// each triad that can hold the digit, and the triads where it must go are
// those alone in their group: the only row triad of a row, or the only
// column triad of a box, that can hold it. Bit-sliced counters
// over the 9 words give, for each triad, how many digits can and must go
// there. The 3 cells of a triad hold 3 different digits, so
//
//   - a triad where only 3 digits can go takes them: each leaves the rest
//     of the triad's row (or column) and box;
//   - a triad where 3 digits must go holds no other digit;
//   - fewer than 3 possible, or more than 3 certain, is a contradiction.
//
// This is locked candidates across digits (naked and hidden triples within
// a triad), which the rules on single digits cannot see; what it changes
// is propagated again.
//
// # Search
//
// When nothing changes and cells are unsolved, the search branches on the
// arrangements of one digit in one band or stack: each digit's triads in a
// band (or stack) form one of 6 permutations of rows onto boxes (columns
// onto bands), and the triad words count those left. It takes the unit
// whose digits have the fewest arrangements together (the least sum of
// the logarithms of their counts) and in it the digit with the fewest
// permutations, usually 2, and tries each permutation on a copy of the
// state (the last one reuses the state) by keeping the digit's masks to
// its triads. On hard puzzles this needs a third fewer branch points than
// branching on a cell with the fewest candidates. Counting stops at the
// limit; each permutation tried is a guess, and the context is polled
// every 1024 guesses.
package fast9

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
)

// ErrLimit is returned when the search stops at Options.MaxGuesses.
var ErrLimit = errors.New("search limit reached")

// Options bound one search.
type Options struct {
	Limit      int   // stop after this many solutions; less than 1 means 1
	MaxGuesses int64 // stop with ErrLimit after this many guesses; 0 means no limit
	Exclude    []Exclusion
}

// Exclusion is a candidate removed before the search: no solution has
// Value in Cell.
type Exclusion struct {
	Cell  int   // row-major index, 0..80
	Value uint8 // 1..9
}

// Stats reports the work one search did.
type Stats struct {
	Guesses int64 // options tried at branch points (permutations of a digit in a band or stack)
}

const (
	full27  = 1<<27 - 1
	colRows = 1 | 1<<9 | 1<<18 // multiplied by a 9-bit column mask, gives its cells in a band
)

// state is the search state: candidate masks by band and digit
// (index 9*b+d), and the unsolved cells of each band.
type state struct {
	f [27]uint32
	u [3]uint32
}

// Solver solves 9x9 puzzles. Its zero value is ready to use; reusing one
// value for many puzzles avoids nothing but a little setup, so the
// function Solve is as good.
type Solver struct {
	ctx        context.Context
	done       <-chan struct{}
	limit      int
	maxGuesses int64
	guesses    int64
	count      int
	sol        *[81]uint8
	err        error
}

// Solve counts the solutions of the puzzle in cells (row-major, 0 blank,
// 1..9 a given) up to o.Limit and writes the first one found into sol.
// Clashing givens give 0 solutions and no error. When the search is stopped
// by o.MaxGuesses (ErrLimit) or by ctx (ctx.Err()), the count returned is a
// lower bound. A cell value above 9 or an exclusion outside the grid is an
// error.
func Solve(ctx context.Context, cells *[81]uint8, sol *[81]uint8, o Options) (int, Stats, error) {
	var s Solver
	return s.Solve(ctx, cells, sol, o)
}

// Solve is the function Solve, run on s.
func (s *Solver) Solve(ctx context.Context, cells *[81]uint8, sol *[81]uint8, o Options) (int, Stats, error) {
	*s = Solver{ctx: ctx, done: ctx.Done(), limit: max(o.Limit, 1), maxGuesses: o.MaxGuesses, sol: sol}
	if err := ctx.Err(); err != nil {
		return 0, Stats{}, err
	}
	st, err := initial(tab, cells)
	if err != nil {
		return 0, Stats{}, err
	}
	for _, e := range o.Exclude {
		if e.Cell < 0 || e.Cell >= 81 || e.Value < 1 || e.Value > 9 {
			return 0, Stats{}, fmt.Errorf("fast9: excluded candidate %d in cell %d is outside the grid", e.Value, e.Cell)
		}
		st.f[9*(e.Cell/27)+int(e.Value-1)] &^= 1 << (e.Cell % 27)
	}
	if st.propagate(full27) {
		s.search(&st)
	}
	return s.count, Stats{Guesses: s.guesses}, s.err
}

// initial returns the state of the puzzle in cells before propagation:
// the givens are solved and their peers have lost their digits.
func initial(t *tables, cells *[81]uint8) (state, error) {
	var st state
	var given [3][10]uint32 // the cells of each band by value (0: blank)
	for b := range 3 {
		g := &given[b]
		for c, v := range (*[27]uint8)(cells[27*b : 27*b+27]) {
			if v > 9 {
				return st, fmt.Errorf("fast9: cell %d holds %d, want 0..9", 27*b+c, v)
			}
			g[v] |= 1 << c
		}
		st.u[b] = g[0]
	}
	for d := range 9 {
		g0, g1, g2 := given[0][d+1], given[1][d+1], given[2][d+1]
		c0 := (g0 | g0>>9 | g0>>18) & 0x1ff
		c1 := (g1 | g1>>9 | g1>>18) & 0x1ff
		c2 := (g2 | g2>>9 | g2>>18) & 0x1ff
		// Two givens that see each other remove each other, which
		// leaves a cell with no candidate for propagate to find.
		st.f[d] = (st.u[0] | g0) &^ t.peersOf(g0) &^ ((c1 | c2) * colRows)
		st.f[9+d] = (st.u[1] | g1) &^ t.peersOf(g1) &^ ((c0 | c2) * colRows)
		st.f[18+d] = (st.u[2] | g2) &^ t.peersOf(g2) &^ ((c0 | c1) * colRows)
	}
	return st, nil
}

// peersOf returns the peers within the band of the cells in band mask g.
func (t *tables) peersOf(g uint32) uint32 {
	var elim uint32
	for ; g != 0; g &= g - 1 {
		elim |= t.peers[bits.TrailingZeros32(g)&31]
	}
	return elim
}

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

// nz is 1 if x is not 0, else 0 (a compare and a set, no branch).
func nz(x uint32) uint32 {
	if x != 0 {
		return 1
	}
	return 0
}

// placeOnly solves the cells in mask of band b, which hold no other
// digit, as digit d: they leave the unsolved cells, and their rows,
// columns and boxes lose d elsewhere. Two cells of mask that see each
// other remove each other, which the next check of empty cells finds.
// placeOnly returns the masks it changed, as a dirty set (bit 9*b+d).
func (st *state) placeOnly(t *tables, d, b int, mask uint32) uint32 {
	st.u[b] &^= mask
	var elim, cols uint32
	for m := mask; m != 0; m &= m - 1 {
		c := bits.TrailingZeros32(m)
		elim |= t.peers[c&31]
		cols |= 1 << (c % 9)
	}
	i := 9*b + d
	st.f[i] &^= elim
	return st.clearCols(i, cols*colRows) | 1<<i
}

// clearBand removes the cells in mask of band b from every digit but d and
// returns the masks it changed.
func (st *state) clearBand(d, b int, mask uint32) uint32 {
	f := (*[9]uint32)(st.f[9*b : 9*b+9])
	keep := f[d]
	c0, c1, c2 := f[0]&mask, f[1]&mask, f[2]&mask
	c3, c4, c5 := f[3]&mask, f[4]&mask, f[5]&mask
	c6, c7, c8 := f[6]&mask, f[7]&mask, f[8]&mask
	f[0], f[1], f[2] = f[0]^c0, f[1]^c1, f[2]^c2
	f[3], f[4], f[5] = f[3]^c3, f[4]^c4, f[5]^c5
	f[6], f[7], f[8] = f[6]^c6, f[7]^c7, f[8]^c8
	f[d] = keep
	var ch uint32
	if mask&(mask-1) == 0 {
		// One cell, bit p: each c is 0 or 1<<p.
		p := uint32(bits.TrailingZeros32(mask)) & 31
		ch = uint32((uint64(c0) | uint64(c1)<<1 | uint64(c2)<<2 | uint64(c3)<<3 | uint64(c4)<<4 |
			uint64(c5)<<5 | uint64(c6)<<6 | uint64(c7)<<7 | uint64(c8)<<8) >> p)
	} else {
		ch = nz(c0) | nz(c1)<<1 | nz(c2)<<2 | nz(c3)<<3 | nz(c4)<<4 | nz(c5)<<5 | nz(c6)<<6 | nz(c7)<<7 | nz(c8)<<8
	}
	return (ch &^ (1 << d)) << (9 * b)
}

// clearCols removes the cells in cm from the masks of the same digit as
// mask i (9*b+d) in the two bands other than b and returns the masks it
// changed.
func (st *state) clearCols(i int, cm uint32) uint32 {
	o1, o2 := uint(i+9), uint(i+18)
	if o1 >= 27 {
		o1 -= 27
	}
	if o2 >= 27 {
		o2 -= 27
	}
	x1, x2 := st.f[o1], st.f[o2]
	c1, c2 := x1&cm, x2&cm
	st.f[o1], st.f[o2] = x1^c1, x2^c2
	return nz(c1)<<o1 | nz(c2)<<o2
}

// propagate applies the rules until nothing changes, starting with the
// band masks in dirty. It reports false on a contradiction.
func (st *state) propagate(dirty uint32) bool {
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

// triads returns the triads of band mask s that hold a cell of s: bit
// 3*r+k for row r, box k.
func triads(s uint32) uint32 {
	// Bit 3j of x is set when triad j holds a cell. Multiplying by 21
	// (1<<4 | 1<<2 | 1) moves the bits 9r, 9r+3, 9r+6 of row r to
	// 9r+4, 9r+5, 9r+6; the other products land on distinct free bits,
	// so nothing carries.
	x := (s | s>>1 | s>>2) & 0x1249249
	x = x * 21 >> 4
	return x&7 | x>>6&0x38 | x>>12&0x1c0
}

// bandRule applies the band rule to the masks in dirty (bit 9*b+d for
// band b, digit d), and to the masks that changes, until none is left.
// It returns the masks it looked at.
func (st *state) bandRule(t *tables, dirty uint32) (uint32, bool) {
	var seen uint32
	for dirty != 0 {
		seen |= dirty
		i := bits.TrailingZeros32(dirty)
		dirty &= dirty - 1
		s := st.f[i]
		p := t.perm[triads(s)]
		if p == 0 {
			return seen, false
		}
		s &= t.expand[p]
		st.f[i] = s
		// The rows with one cell left: as each row keeps one triad of a
		// permutation, the triad rule has already cleared the box and
		// column of that cell in the band. The cells solved as the digit
		// need no work here: place has cleared their peers.
		b := i * 57 >> 9 // i/9 for i < 27
		single := uint32(t.single[s&0x1ff]) | uint32(t.single[s>>9&0x1ff])<<9 | uint32(t.single[s>>18&0x1ff])<<18
		if nw := single & st.u[b]; nw != 0 {
			st.u[b] &^= nw
			d := i - 9*b
			cols := (nw | nw>>9 | nw>>18) & 0x1ff
			dirty |= st.clearBand(d, b, nw) | st.clearCols(i, cols*colRows)
		}
	}
	return seen, true
}

// counts returns the cells of a band that hold at least one, two and three
// of the digits' masks in f: bit-sliced adders, unrolled.
func counts(f *[9]uint32) (one, two, three uint32) {
	one = f[0]
	two = one & f[1]
	one |= f[1]
	three = two & f[2]
	two |= one & f[2]
	one |= f[2]
	three |= two & f[3]
	two |= one & f[3]
	one |= f[3]
	three |= two & f[4]
	two |= one & f[4]
	one |= f[4]
	three |= two & f[5]
	two |= one & f[5]
	one |= f[5]
	three |= two & f[6]
	two |= one & f[6]
	one |= f[6]
	three |= two & f[7]
	two |= one & f[7]
	one |= f[7]
	three |= two & f[8]
	two |= one & f[8]
	one |= f[8]
	return one, two, three
}

// nakedSingles solves the cells with one candidate and reports false if a
// cell has none, in the bands of the masks in changed. It returns the masks
// it changed.
func (st *state) nakedSingles(t *tables, changed uint32) (uint32, bool) {
	var dirty uint32
	for b := range 3 {
		if changed>>(9*b)&0x1ff == 0 {
			continue
		}
		f := (*[9]uint32)(st.f[9*b : 9*b+9])
		one, two, _ := counts(f)
		if one != full27 {
			return 0, false
		}
		ns := one &^ two & st.u[b]
		if ns == 0 {
			continue
		}
		for d := range 9 {
			if m := f[d] & ns; m != 0 {
				// The cells hold no other digit: no need to clear them.
				dirty |= st.placeOnly(t, d, b, m)
			}
		}
	}
	return dirty, true
}

// stacks applies the stack rule to the digits in the 9-bit set digits and
// returns the masks it changed.
func (st *state) stacks(t *tables, digits uint32) (uint32, bool) {
	var dirty uint32
	for ; digits != 0; digits &= digits - 1 {
		d := bits.TrailingZeros32(digits)
		f0, f1, f2 := st.f[d], st.f[9+d], st.f[18+d]
		c0 := (f0 | f0>>9 | f0>>18) & 0x1ff
		c1 := (f1 | f1>>9 | f1>>18) & 0x1ff
		c2 := (f2 | f2>>9 | f2>>18) & 0x1ff
		// Stack k is bits 3k..3k+2 of each band's columns; its 3x3 mask
		// has bit 3*b+i for column 3k+i of band b.
		p0 := uint32(t.perm[c0&7|(c1&7)<<3|(c2&7)<<6])
		p1 := uint32(t.perm[c0>>3&7|(c1>>3&7)<<3|(c2>>3&7)<<6])
		p2 := uint32(t.perm[c0>>6&7|(c1>>6&7)<<3|(c2>>6&7)<<6])
		if p0 == 0 || p1 == 0 || p2 == 0 {
			return 0, false
		}
		a0 := p0&7 | (p1&7)<<3 | (p2&7)<<6
		a1 := p0>>3&7 | (p1>>3&7)<<3 | (p2>>3&7)<<6
		a2 := p0>>6 | (p1>>6)<<3 | (p2>>6)<<6
		st.f[d], st.f[9+d], st.f[18+d] = f0&(a0*colRows), f1&(a1*colRows), f2&(a2*colRows)
		dirty |= nz(c0^a0)<<d | nz(c1^a1)<<(9+d) | nz(c2^a2)<<(18+d)
	}
	return dirty, true
}

// write writes the solved grid st into sol.
func (st *state) write(sol *[81]uint8) {
	for i, x := range st.f {
		for ; x != 0; x &= x - 1 {
			sol[27*(i/9)+bits.TrailingZeros32(x)] = uint8(i%9 + 1)
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
