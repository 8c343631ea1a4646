package fast9

import "math/bits"

// tables holds the lookup tables of the engine. They are built once and
// never written again.
type tables struct {
	// perm maps a 3x3 triad mask (bit 3*r+k for row r, box k) to the
	// union of the permutation matrices it contains: the triads that can
	// hold a digit when each row and each box holds it exactly once. It is
	// 0 when the mask contains no permutation, but noCell for the empty
	// mask: never equal to the mask, so perm[m] == m says that m is kept
	// whole, and perm[m]&0x1ff == 0 that m has no permutation.
	perm [512]uint16
	// expand maps a triad mask to the 27 cells of its triads.
	expand [512]uint32
	// rows[r] maps the 9 bits of row r of a band mask to the bits of the
	// mask if exactly one is set (else 0), plus at bits 32+3r..32+3r+2 the
	// row's triads (boxes) that hold a bit: ORed over the 3 rows, a band
	// mask's row singles and, from bit 32, its 3x3 triad mask.
	rows [3][512]uint64
	// peers maps a cell of a band (0..26) to the other cells of the band
	// that share its row, column or box.
	peers [32]uint32
	// column maps a cell of a band (0..26) to the cells of its column
	// in a band.
	column [32]uint32
}

var tab = buildTables()

// noCell is perm's entry for the empty mask.
const noCell = 1 << 15

func buildTables() *tables {
	t := new(tables)
	for m := range 512 {
		for r := range 3 {
			if bits.OnesCount(uint(m)) == 1 {
				t.rows[r][m] = uint64(m) << (9 * r)
			}
			for k := range 3 {
				if m>>(3*k)&7 != 0 {
					t.rows[r][m] |= 1 << (32 + 3*r + k)
				}
			}
		}
		for i := range 9 {
			if m>>i&1 != 0 {
				t.expand[m] |= 7 << (3 * i)
			}
		}
		// The six permutations of 3 rows onto 3 boxes.
		for _, p := range [6][3]int{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}} {
			pm := 1<<p[0] | 1<<(3+p[1]) | 1<<(6+p[2])
			if m&pm == pm {
				t.perm[m] |= uint16(pm)
			}
		}
		if m == 0 {
			t.perm[m] = noCell
		}
	}
	for c := range 27 {
		t.column[c] = colRows << (c % 9)
		for o := range 27 {
			if o != c && (o/9 == c/9 || o%9 == c%9 || o%9/3 == c%9/3) {
				t.peers[c] |= 1 << o
			}
		}
	}
	return t
}
