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
// With the triad matrices the rules below leave (9 bits for each mask and
// 27 for each digit's stacks) the state is 210 bytes, so the search
// backtracks by copying it.
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
//   - Triads: the band's 9 triads that hold a cell of the mask (read,
//     with each row's single, from a table of a row's 512 values) are
//     reduced to the union of the permutation matrices they contain (a
//     table of 512 entries), and the mask to the cells of those triads.
//     This is locked candidates in both directions within the band
//     (pointing and claiming) and more; no permutation left is a
//     contradiction.
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
// each triad that can hold the digit (the band rule's 3 matrices of the
// digit and the stack rule's 3, as the state keeps them), and the triads
// where it must go are those alone in their group: the only row triad of a
// row, or the only column triad of a box, that can hold it. Bit-sliced
// counters over the 9 words give, for each triad, how many digits can and
// must go there. The 3 cells of a triad hold 3 different digits, so
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
// whose digits have the fewest arrangements together (the fewest triads
// left to its digits) and in it the digit with the fewest permutations,
// usually 2, and tries each permutation on a copy of the state (the last
// one reuses the state) by keeping the digit's masks to its triads, first
// the one whose triads can hold the most digits: the most constraining
// option, which finds a first solution sooner on puzzles with many. On
// hard puzzles this needs a third fewer branch points than branching on a
// cell with the fewest candidates. Counting stops at the limit; each
// permutation tried is a guess, and the context is polled every 1024
// guesses.
//
// # Kernels
//
// On amd64 the band rule and naked singles (four fifths of the time in Go
// on the hardest puzzles) run in assembly: kernels_amd64.s, written by
// avogen with avo and committed. One call applies them until neither
// leaves a mask dirty, and clears a band's digit masks 8 at a time in a YMM
// register. The AVX-512 kernel (F, VL) reads the digits that lost a cell
// from a mask register, the AVX2 one from a compare and a move mask; both
// need BMI1 and BMI2. The best one the CPU runs is chosen at start
// (golang.org/x/sys/cpu); the environment variable SUDOKU_FAST9=go, avx2 or
// avx512 forces one, and Kernel names the one in use. Other machines, and
// builds with -tags noasm, run the same rules in Go. Every kernel finds the
// same solutions with the same guesses.
package fast9

import (
	"context"
	"encoding/binary"
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
	// The triad matrices of the masks as the last band rule pass on
	// each left them (bit 3r+k for row r, box k), and of each digit's
	// stacks as the last stack rule pass left them (bit 9s+3b+i for
	// column 3s+i in band b). After propagate they are those of the
	// masks: every change to a mask queues it for both rules.
	tri [27]uint16
	col [9]uint32
}

// Solver solves 9x9 puzzles. Its zero value is ready to use; reusing one
// value for many puzzles saves a little setup.
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
func (s *Solver) Solve(ctx context.Context, cells *[81]uint8, sol *[81]uint8, o Options) (int, Stats, error) {
	*s = Solver{ctx: ctx, done: ctx.Done(), limit: max(o.Limit, 1), maxGuesses: o.MaxGuesses, sol: sol}
	if err := ctx.Err(); err != nil {
		return 0, Stats{}, err
	}
	var st state
	if err := st.initial(tab, cells); err != nil {
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

// initial sets the masks of st to the puzzle in cells before
// propagation: the givens are solved and their peers have lost their
// digits. (The triad matrices are left to propagate.)
func (st *state) initial(t *tables, cells *[81]uint8) error {
	_, _ = cells[0], t.peers[0] // their nil checks, here, not in the loops
	// Read 8 cells at a time: the bytes above 9, and the blank cells as
	// a bit mask (bit i for cell i, in lo and hi).
	b0, z0 := read8(cells[0:])
	b1, z1 := read8(cells[8:])
	b2, z2 := read8(cells[16:])
	b3, z3 := read8(cells[24:])
	b4, z4 := read8(cells[32:])
	b5, z5 := read8(cells[40:])
	b6, z6 := read8(cells[48:])
	b7, z7 := read8(cells[56:])
	b8, z8 := read8(cells[64:])
	b9, z9 := read8(cells[72:])
	bad := b0 | b1 | b2 | b3 | b4 | b5 | b6 | b7 | b8 | b9
	lo := z0 | z1<<8 | z2<<16 | z3<<24 | z4<<32 | z5<<40 | z6<<48 | z7<<56
	hi := z8 | z9<<8
	if bad&0x8080808080808080 != 0 || cells[80] > 9 {
		for i, v := range cells {
			if v > 9 {
				return fmt.Errorf("fast9: cell %d holds %d, want 0..9", i, v)
			}
		}
	}
	if cells[80] == 0 {
		hi |= 1 << 16
	}
	st.u = [3]uint32{uint32(lo) & full27, uint32(lo>>27) & full27, uint32(lo>>54|hi<<10) & full27}
	var given [3][16]uint32 // the cells of each band by value (1..9)
	for b := range 3 {
		g := &given[b]
		band := cells[27*b : 27*b+27]
		for m := ^st.u[b] & full27; m != 0; m &= m - 1 {
			c := bits.TrailingZeros32(m)
			g[band[c]&15] |= 1 << c
		}
	}
	u0, u1, u2 := st.u[0], st.u[1], st.u[2]
	for d := range 9 {
		g0, g1, g2 := given[0][d+1], given[1][d+1], given[2][d+1]
		c0 := (g0 | g0>>9 | g0>>18) & 0x1ff
		c1 := (g1 | g1>>9 | g1>>18) & 0x1ff
		c2 := (g2 | g2>>9 | g2>>18) & 0x1ff
		// Two givens that see each other remove each other, which
		// leaves a cell with no candidate for propagate to find.
		st.f[d] = (u0 | g0) &^ t.peersOf(g0) &^ ((c1 | c2) * colRows)
		st.f[9+d] = (u1 | g1) &^ t.peersOf(g1) &^ ((c0 | c2) * colRows)
		st.f[18+d] = (u2 | g2) &^ t.peersOf(g2) &^ ((c0 | c1) * colRows)
	}
	return nil
}

// read8 reads the 8 cells from c[0]: it returns a word whose bytes have
// their top bit set for each cell above 9 (and maybe for the cell after
// one, see initial), and the blank cells as 8 bits.
func read8(c []uint8) (bad, blank uint64) {
	w := binary.LittleEndian.Uint64(c)
	// A byte above 9 has its top bit set, itself or plus 0x76. A carry
	// out of a byte of 0x8a or more may flag the next byte, but then
	// there is a bad cell anyway, and initial names the first.
	bad = w | (w + 0x7676767676767676)
	// The top bit of each zero byte (no false hits), gathered into 8
	// bits by a multiply.
	z := ^((w&0x7f7f7f7f7f7f7f7f + 0x7f7f7f7f7f7f7f7f) | w) & 0x8080808080808080
	return bad, z >> 7 * 0x102040810204080 >> 56
}

// peersOf returns the peers within the band of the cells in band mask g.
func (t *tables) peersOf(g uint32) uint32 {
	var elim uint32
	for ; g != 0; g &= g - 1 {
		elim |= t.peers[bits.TrailingZeros32(g)&31]
	}
	return elim
}

// write writes the solved grid st into sol. Each band's digits are
// turned into 4 bit planes of the value (plane k holds the cells whose
// value has bit k), and each plane is spread 8 cells at a time to 8 bytes
// by the table spread8.
func (st *state) write(sol *[81]uint8) {
	var buf [86]uint8 // 81 cells and room for the last band's 8-byte stores
	sp := &spread8
	for b := range 3 {
		f := (*[9]uint32)(st.f[9*b : 9*b+9])
		p0 := f[0] | f[2] | f[4] | f[6] | f[8] // values 1, 3, 5, 7, 9
		p1 := f[1] | f[2] | f[5] | f[6]        // 2, 3, 6, 7
		p2 := f[3] | f[4] | f[5] | f[6]        // 4, 5, 6, 7
		p3 := f[7] | f[8]                      // 8, 9
		cells := buf[27*b : 27*b+32]
		binary.LittleEndian.PutUint64(cells[0:], sp[uint8(p0)]|sp[uint8(p1)]<<1|sp[uint8(p2)]<<2|sp[uint8(p3)]<<3)
		binary.LittleEndian.PutUint64(cells[8:], sp[uint8(p0>>8)]|sp[uint8(p1>>8)]<<1|sp[uint8(p2>>8)]<<2|sp[uint8(p3>>8)]<<3)
		binary.LittleEndian.PutUint64(cells[16:], sp[uint8(p0>>16)]|sp[uint8(p1>>16)]<<1|sp[uint8(p2>>16)]<<2|sp[uint8(p3>>16)]<<3)
		binary.LittleEndian.PutUint64(cells[24:], sp[uint8(p0>>24)]|sp[uint8(p1>>24)]<<1|sp[uint8(p2>>24)]<<2|sp[uint8(p3>>24)]<<3)
	}
	*sol = [81]uint8(buf[:81])
}

// spread8 maps 8 bits to 8 bytes: bit i of the index is bit 0 of byte i.
var spread8 = func() (t [256]uint64) {
	for x := range t {
		for i := range 8 {
			t[x] |= uint64(x>>i&1) << (8 * i)
		}
	}
	return t
}()
