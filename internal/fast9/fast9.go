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
// Placing digit d in a cell (a given, a single or a guess) solves the cell:
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
// # Search
//
// When nothing changes and cells are unsolved, the search guesses on a
// cell with two candidates if there is one (else on the first cell with
// the fewest), and tries each candidate on a copy of the state; the last
// candidate reuses the state. It keeps to one digit: the cell must hold
// the digit of the previous guess if one does, else the digit with the
// fewest solved cells. Counting stops at the limit; the guesses are
// counted, and the context is polled every 1024 of them.
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
	Guesses int64 // candidate values tried at branch points
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
		s.search(&st, -1)
	}
	return s.count, Stats{Guesses: s.guesses}, s.err
}

// initial returns the state of the puzzle in cells before propagation:
// the givens are solved and their peers have lost their digits.
func initial(t *tables, cells *[81]uint8) (state, error) {
	var st state
	var given [27]uint32 // the givens by band and digit
	for i, v := range cells {
		if v == 0 {
			continue
		}
		if v > 9 {
			return st, fmt.Errorf("fast9: cell %d holds %d, want 0..9", i, v)
		}
		b, c := i/27, i%27
		given[9*b+int(v)-1] |= 1 << c
		st.u[b] |= 1 << c
	}
	var cols [27]uint32 // the columns of the givens by band and digit
	for i, g := range given {
		cols[i] = (g | g>>9 | g>>18) & 0x1ff
	}
	for b := range 3 {
		all := st.u[b]
		st.u[b] = full27 &^ all
		for d := range 9 {
			g := given[9*b+d]
			var elim uint32
			for m := g; m != 0; m &= m - 1 {
				elim |= t.peers[bits.TrailingZeros32(m)]
			}
			var other uint32 // the columns of the givens in the other bands
			for o := range 3 {
				if o != b {
					other |= cols[9*o+d]
				}
			}
			// Two givens that see each other remove each other, which
			// leaves a cell with no candidate for propagate to find.
			st.f[9*b+d] = (full27&^all | g) &^ elim &^ (other * colRows)
		}
	}
	return st, nil
}

// search finds the solutions below st, which is propagated; prev is the
// digit the parent guess chose, or -1.
func (s *Solver) search(st *state, prev int) {
	if st.u[0]|st.u[1]|st.u[2] == 0 {
		if s.count == 0 {
			st.write(s.sol)
		}
		s.count++
		return
	}
	b, bit, cands, digit := st.pickCell(prev)
	var next state // declared outside the loop, so it stays on the stack
	// The chosen digit goes first, then the others from the lowest.
	rest := cands &^ (1 << digit)
	for d := digit; ; {
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
		if rest == 0 {
			// The last candidate needs no copy.
			if st.solve(d, b, bit) {
				s.search(st, digit)
			}
			return
		}
		next = *st
		if next.solve(d, b, bit) {
			s.search(&next, digit)
			if s.count >= s.limit || s.err != nil {
				return
			}
		}
		d = bits.TrailingZeros16(rest)
		rest &= rest - 1
	}
}

// solve puts digit d in the cells of band b in mask and propagates.
func (st *state) solve(d, b int, mask uint32) bool {
	return st.propagate(st.place(tab, d, b, mask))
}

// nz is 1 if x (below 1<<31) is not 0, else 0.
func nz(x uint32) uint32 { return (x | -x) >> 31 }

// place solves the cells in mask of band b as digit d: they leave the
// unsolved cells and every other digit's mask, and their rows, columns and
// boxes lose d elsewhere. Two cells of mask that see each other remove each
// other, which the next check of empty cells finds. place returns the masks
// it changed, as a dirty set (bit 9*b+d).
func (st *state) place(t *tables, d, b int, mask uint32) uint32 {
	return st.placeOnly(t, d, b, mask) | st.clearBand(d, b, mask)
}

// placeOnly is place for cells that hold no other digit.
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
	return st.clearCols(d, b, cols*colRows) | 1<<i
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

// clearCols removes the cells in cm from digit d's masks of the two bands
// other than b and returns the masks it changed.
func (st *state) clearCols(d, b int, cm uint32) uint32 {
	// 9 times the next and the previous band, in bytes 0..2 by b.
	const next, prev = 9 | 18<<8, 18 | 9<<16
	o1, o2 := next>>(8*b)&0xff+d, prev>>(8*b)&0xff+d
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
			dirty |= st.clearBand(d, b, nw) | st.clearCols(d, b, cols*colRows)
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

// pickCell chooses the cell to guess on, among the cells with two
// candidates if there are any. It sticks to one digit: it takes a cell
// with two candidates that holds digit prev (the digit the parent guess
// chose), else one that holds the digit with the fewest solved cells
// (ties go to the lowest digit). This keeps the search on one digit's
// placements, as fsss2 does with the lowest digit, and on hard puzzles
// needs a quarter fewer guesses than the first cell with two candidates.
// With no such cell it takes the first cell with the fewest candidates.
// It returns the cell's band, its bit, its candidates (bit d for digit d+1)
// and the chosen digit.
func (st *state) pickCell(prev int) (int, uint32, uint16, int) {
	var bi [3]uint32
	for b := range 3 {
		_, two, three := counts((*[9]uint32)(st.f[9*b : 9*b+9]))
		bi[b] = two &^ three & st.u[b]
	}
	if bi[0]|bi[1]|bi[2] != 0 {
		d := -1
		if prev >= 0 && (st.f[prev]&bi[0]|st.f[9+prev]&bi[1]|st.f[18+prev]&bi[2]) != 0 {
			d = prev
		} else {
			bestN := 100
			for e := range 9 {
				if st.f[e]&bi[0]|st.f[9+e]&bi[1]|st.f[18+e]&bi[2] == 0 {
					continue
				}
				n := bits.OnesCount32(st.f[e]&^st.u[0]) + bits.OnesCount32(st.f[9+e]&^st.u[1]) + bits.OnesCount32(st.f[18+e]&^st.u[2])
				if n < bestN {
					d, bestN = e, n
				}
			}
		}
		for b := range 3 {
			if m := st.f[9*b+d] & bi[b]; m != 0 {
				bit := m & -m
				return b, bit, st.cands(b, bit), d
			}
		}
	}
	bestB, bestBit, bestN := 0, uint32(0), 10
	var bestC uint16
	for b := range 3 {
		for u := st.u[b]; u != 0; u &= u - 1 {
			bit := u & -u
			c := st.cands(b, bit)
			if n := bits.OnesCount16(c); n < bestN {
				bestB, bestBit, bestN, bestC = b, bit, n, c
			}
		}
	}
	return bestB, bestBit, bestC, bits.TrailingZeros16(bestC)
}

// cands returns the candidates of one cell, bit d for digit d+1.
func (st *state) cands(b int, bit uint32) uint16 {
	p := uint(bits.TrailingZeros32(bit)) & 31
	var c uint32
	for d, x := range (*[9]uint32)(st.f[9*b : 9*b+9]) {
		c |= x >> p & 1 << d // no branch: whether a digit is there is hard to predict
	}
	return uint16(c)
}

// write writes the solved grid st into sol.
func (st *state) write(sol *[81]uint8) {
	for i, x := range st.f {
		for ; x != 0; x &= x - 1 {
			sol[27*(i/9)+bits.TrailingZeros32(x)] = uint8(i%9 + 1)
		}
	}
}
