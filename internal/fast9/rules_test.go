package fast9

import (
	"math/rand/v2"
	"testing"
)

// open returns a state with every candidate in every cell.
func open() state {
	var st state
	for i := range st.f {
		st.f[i] = full27
	}
	st.u = [3]uint32{full27, full27, full27}
	return st
}

// cell returns the band and bit of the cell in row r, column c.
func cell(r, c int) (int, uint32) { return r / 3, 1 << (9*(r%3) + c) }

// has reports whether digit d (1..9) is a candidate of row r, column c.
func (st *state) has(r, c, d int) bool {
	b, bit := cell(r, c)
	return st.f[9*b+d-1]&bit != 0
}

func sees(r1, c1, r2, c2 int) bool {
	return (r1 != r2 || c1 != c2) && (r1 == r2 || c1 == c2 || (r1/3 == r2/3 && c1/3 == c2/3))
}

// TestPlace checks that a placed digit leaves its cell's other digits and
// its peers, and nothing else, whether placed as a naked single (the cell
// holds no other digit) or solved by the band rule as a row single.
func TestPlace(t *testing.T) {
	tests := []struct{ r, c, d int }{{0, 0, 1}, {4, 4, 5}, {8, 7, 9}, {5, 2, 3}}
	for _, tc := range tests {
		for _, naked := range []bool{true, false} {
			st := open()
			b, bit := cell(tc.r, tc.c)
			i := 9*b + tc.d - 1
			if naked {
				for e := range 9 {
					if e != tc.d-1 {
						st.f[9*b+e] &^= bit
					}
				}
				if dirty, ok := st.nakedSingles(tab, full27); !ok || dirty&(1<<i) == 0 {
					t.Fatalf("%+v: nakedSingles: %v, dirty %x", tc, ok, dirty)
				}
			} else {
				st.f[i] &^= 0x1ff << (9 * (tc.r % 3)) &^ bit // the only cell of its row
			}
			if _, ok := st.bandRule(tab, 1<<i); !ok {
				t.Fatalf("%+v (naked %v): contradiction", tc, naked)
			}
			checkPlaced(t, &st, tc.r, tc.c, tc.d)
		}
	}
}

// checkPlaced checks that digit d is placed in row r, column c of st, an
// open grid otherwise.
func checkPlaced(t *testing.T, st *state, r0, c0, d0 int) {
	t.Helper()
	tc := struct{ r, c, d int }{r0, c0, d0}
	{
		b, bit := cell(tc.r, tc.c)
		if st.u[b]&bit != 0 {
			t.Errorf("%+v: cell still unsolved", tc)
		}
		for r := range 9 {
			for c := range 9 {
				for d := 1; d <= 9; d++ {
					want := true
					switch {
					case r == tc.r && c == tc.c:
						want = d == tc.d
					case d == tc.d:
						want = !sees(r, c, tc.r, tc.c)
					}
					if st.has(r, c, d) != want {
						t.Fatalf("%+v: candidate %d at r%dc%d is %v, want %v", tc, d, r, c, !want, want)
					}
				}
			}
		}
		if st.u[b] != full27&^bit || st.u[(b+1)%3] != full27 || st.u[(b+2)%3] != full27 {
			t.Errorf("%+v: unsolved cells %x, want only the cell solved", tc, st.u)
		}
	}
}

// TestBandRule checks the triad (permutation) rule and the hidden singles
// in rows, on one digit's mask of band 0.
func TestBandRule(t *testing.T) {
	row := func(r int, cells ...int) uint32 {
		var m uint32
		for _, c := range cells {
			m |= 1 << (9*r + c)
		}
		return m
	}
	all := func(r int) uint32 { return 0x1ff << (9 * r) }
	tests := []struct {
		name     string
		in, want uint32
		solved   uint32 // cells solved as row singles
	}{
		{"nothing to do", full27, full27, 0},
		{"claiming: row 0 only in box 0 clears box 0 elsewhere",
			row(0, 0, 1) | all(1) | all(2),
			row(0, 0, 1) | row(1, 3, 4, 5, 6, 7, 8) | row(2, 3, 4, 5, 6, 7, 8), 0},
		{"pointing: box 1 only in row 1 clears row 1 elsewhere",
			all(0)&^row(0, 3, 4, 5) | all(1) | all(2)&^row(2, 3, 4, 5),
			all(0)&^row(0, 3, 4, 5) | row(1, 3, 4, 5) | all(2)&^row(2, 3, 4, 5), 0},
		{"triads: rows 0 and 1 in boxes 0 and 1 leave row 2 box 2",
			row(0, 0, 4) | row(1, 1, 5) | all(2),
			row(0, 0, 4) | row(1, 1, 5) | row(2, 6, 7, 8), 0},
		{"hidden single in a row, whose box then goes",
			row(0, 4) | all(1) | all(2),
			row(0, 4) | all(1)&^row(1, 3, 4, 5) | all(2)&^row(2, 3, 4, 5), row(0, 4)},
		{"hidden single in a box",
			row(0, 0, 1, 2, 6) | row(1, 0, 1, 2, 6, 7) | row(2, 4, 8),
			row(0, 0, 1, 2, 6) | row(1, 0, 1, 2, 6, 7) | row(2, 4), row(2, 4)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			const d = 4 // digit 5
			st := open()
			st.f[d] = tc.in
			seen, ok := st.bandRule(tab, 1<<d)
			if !ok {
				t.Fatalf("contradiction")
			}
			if st.f[d] != tc.want {
				t.Errorf("mask\n%027b, want\n%027b", st.f[d], tc.want)
			}
			if got := full27 &^ st.u[0]; got != tc.solved {
				t.Errorf("solved %027b, want %027b", got, tc.solved)
			}
			for e := range 9 {
				if e != d && st.f[e]&tc.solved != 0 {
					t.Errorf("digit %d keeps a solved cell", e+1)
				}
			}
			cols := (tc.solved | tc.solved>>9 | tc.solved>>18) & 0x1ff
			if st.f[9+d]&(cols*colRows) != 0 || st.f[18+d]&(cols*colRows) != 0 {
				t.Errorf("the solved cells' columns keep the digit in other bands")
			}
			if tc.solved != 0 && seen == 1<<d {
				t.Errorf("no other mask marked changed")
			}
		})
	}
	t.Run("no permutation left", func(t *testing.T) {
		st := open()
		st.f[0] = row(0, 0) | row(1, 1) | all(2) // rows 0 and 1 both need box 0
		if _, ok := st.bandRule(tab, 1); ok {
			t.Errorf("no contradiction found")
		}
	})
	t.Run("empty row", func(t *testing.T) {
		st := open()
		st.f[0] = all(0) | all(2)
		if _, ok := st.bandRule(tab, 1); ok {
			t.Errorf("no contradiction found")
		}
	})
	t.Run("empty mask", func(t *testing.T) {
		st := open()
		st.f[9+3] = 0
		if _, ok := st.bandRule(tab, 1<<(9+3)); ok {
			t.Errorf("no contradiction found")
		}
	})
}

// TestNakedSingles checks that a cell with one candidate is solved and an
// empty cell is a contradiction.
func TestNakedSingles(t *testing.T) {
	st := open()
	b, bit := cell(4, 6)
	for e := range 9 {
		if e != 2 {
			st.f[9*b+e] &^= bit
		}
	}
	dirty, ok := st.nakedSingles(tab, full27)
	if !ok || dirty == 0 {
		t.Fatalf("nakedSingles: %v, dirty %x", ok, dirty)
	}
	if st.u[b]&bit != 0 {
		t.Errorf("cell not solved")
	}
	for r := range 9 {
		for c := range 9 {
			if want := !sees(r, c, 4, 6); st.has(r, c, 3) != want {
				t.Errorf("candidate 3 at r%dc%d is %v, want %v", r, c, !want, want)
			}
		}
	}
	st = open()
	for e := range 9 {
		st.f[9*b+e] &^= bit
	}
	if _, ok := st.nakedSingles(tab, full27); ok {
		t.Errorf("empty cell: no contradiction found")
	}
	// Only the bands named as changed are checked.
	if _, ok := st.nakedSingles(tab, 0x1ff); !ok {
		t.Errorf("band 0 has no empty cell, but a contradiction was found")
	}
}

// TestStackRule checks hidden singles in columns and locked candidates
// along columns.
func TestStackRule(t *testing.T) {
	colMask := func(c int) uint32 { return 1 << c * colRows }
	t.Run("hidden single in a column", func(t *testing.T) {
		st := open()
		// Digit 7 (index 6) has column 2 only in band 1; in band 1 it
		// is then pinned to column 2 of box (1,0).
		st.f[6] &^= colMask(2)
		st.f[18+6] &^= colMask(2)
		dirty, ok := st.stacks(tab, 1<<6)
		if !ok {
			t.Fatal("contradiction")
		}
		if want := full27 &^ (colMask(0) | colMask(1)); st.f[9+6]&0x1c0e07 != want&0x1c0e07 {
			t.Errorf("band 1 box 0 mask %027b, want column 2 only", st.f[9+6]&0x1c0e07)
		}
		if dirty&(1<<(9+6)) == 0 {
			t.Errorf("band 1 not marked changed")
		}
	})
	t.Run("locked in a column of a box", func(t *testing.T) {
		st := open()
		// Digit 1 in box (0,0) only in column 0: columns 0 of bands 1 and
		// 2 lose it.
		st.f[0] &^= colMask(1) | colMask(2)
		if _, ok := st.stacks(tab, 1); !ok {
			t.Fatal("contradiction")
		}
		for b := 1; b < 3; b++ {
			if st.f[9*b]&colMask(0) != 0 {
				t.Errorf("band %d keeps digit 1 in column 0", b)
			}
			if st.f[9*b]&(colMask(1)|colMask(2)) != colMask(1)|colMask(2) {
				t.Errorf("band %d lost digit 1 in columns 1 or 2", b)
			}
		}
	})
	t.Run("empty column", func(t *testing.T) {
		st := open()
		for b := range 3 {
			st.f[9*b+8] &^= colMask(5)
		}
		if _, ok := st.stacks(tab, 1<<8); ok {
			t.Errorf("no contradiction found")
		}
	})
}

// TestPropagate checks that the rules together solve a puzzle that needs
// no guess, and that propagation alone finds its solution.
func TestPropagate(t *testing.T) {
	p := parse(t, "..67...1............9.38.4.....1..36.4....5..8...49...9.....7....7....625....1...")
	var st state
	if err := st.initial(tab, p); err != nil {
		t.Fatal(err)
	}
	if !st.propagate(full27) {
		t.Fatal("contradiction")
	}
	if st.u != [3]uint32{} {
		t.Fatalf("unsolved cells left: %x", st.u)
	}
	var sol [81]uint8
	st.write(&sol)
	want := parse(t, "356794218184562973279138645792815436641327589835649127923486751417953862568271394")
	if sol != *want {
		t.Errorf("solution %s, want %s", format(&sol), format(want))
	}
}

// TestRowSinglesChanged checks the masks the band rule reports when it
// solves row singles: for every cell, and for two cells at once, of digit
// 5 (index 4) when the odd digit indexes lack the cells: the digit's mask,
// the other even digits' masks in the band (they lose the cells) and the
// digit's masks in the other bands (they lose the columns), and no other.
func TestRowSinglesChanged(t *testing.T) {
	for b := range 3 {
		for c := range 27 {
			// Two cells: in other rows, boxes and columns (c+13 moves one
			// or two rows and four or five columns).
			for _, mask := range []uint32{1 << c, 1<<c | 1<<((c+13)%27)} {
				st := open()
				for e := 1; e < 9; e += 2 {
					st.f[9*b+e] &^= mask
				}
				rows := uint32(0)
				for r := range 3 {
					if mask>>(9*r)&0x1ff != 0 {
						rows |= 0x1ff << (9 * r)
					}
				}
				st.f[9*b+4] &^= rows &^ mask // the cells are their rows' only ones
				got, ok := st.bandRule(tab, 1<<(9*b+4))
				if !ok {
					t.Fatalf("band %d mask %027b: contradiction", b, mask)
				}
				want := uint32(1|1<<2|1<<4|1<<6|1<<8) << (9 * b)
				for o := range 3 {
					if o != b {
						want |= 1 << (9*o + 4)
					}
				}
				if got != want {
					t.Fatalf("band %d mask %027b: changed %027b, want %027b", b, mask, got, want)
				}
				for e := range 9 {
					if has := st.f[9*b+e]&mask != 0; has != (e == 4) {
						t.Fatalf("band %d mask %027b: digit %d holds the cells: %v", b, mask, e+1, has)
					}
				}
				if st.u[b] != full27&^mask {
					t.Fatalf("band %d mask %027b: unsolved cells %027b", b, mask, st.u[b])
				}
				cm := (mask | mask>>9 | mask>>18) & 0x1ff * colRows
				for o := range 3 {
					if want := full27 &^ cm; o != b && st.f[9*o+4] != want {
						t.Fatalf("band %d mask %027b: digit 5 in band %d is %027b, want %027b", b, mask, o, st.f[9*o+4], want)
					}
				}
			}
		}
	}
}

// wantWords returns the triad words of st's masks (see triadWords) by a
// plain loop over cells.
func wantWords(st *state) (w, y [9]uint64) {
	for d := range 9 {
		for row := range 9 {
			for c := range 9 {
				b, bit := cell(row, c)
				if st.f[9*b+d]&bit == 0 {
					continue
				}
				w[d] |= 1 << (9*b + 3*(row%3) + c/3)    // row triad
				w[d] |= 1 << (27 + 9*(c/3) + 3*b + c%3) // column triad
			}
		}
		// The triads alone in their group of 3.
		for g := range 18 {
			if x := w[d] >> (3 * g) & 7; x == 1 || x == 2 || x == 4 {
				y[d] |= x << (3 * g)
			}
		}
	}
	return w, y
}

// TestTriadWord checks the triad words, which come from the triad
// matrices the band and stack rules leave in the state, against a plain
// loop over cells, after every propagation on random search paths: from
// the sampled puzzles (some with givens removed, for longer paths), the
// triad subsets rule and random permutations of a digit in a band or a
// stack, until a solution or a contradiction.
func TestTriadWord(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	checks := 0
	check := func(st *state, where string) {
		t.Helper()
		var tw words
		st.triadWords(&tw)
		w, y := wantWords(st)
		for d := range 9 {
			if tw.w[d] != w[d] {
				t.Fatalf("%s: digit %d: triad word\n%054b, want\n%054b", where, d+1, tw.w[d], w[d])
			}
			if tw.y[d] != y[d] {
				t.Fatalf("%s: digit %d: triad word %054b: alone %054b, want %054b", where, d+1, w[d], tw.y[d], y[d])
			}
		}
		checks++
	}
	for k, s := range readPuzzles(t, "testdata/samples.txt") {
		p := parse(t, s)
		for range k % 4 * 3 {
			p[r.IntN(81)] = 0
		}
		var st state
		if err := st.initial(tab, p); err != nil {
			t.Fatal(err)
		}
		if !st.propagate(full27) {
			t.Fatalf("%s: contradiction in a puzzle with a solution", s)
		}
		check(&st, s)
		for st.u[0]|st.u[1]|st.u[2] != 0 {
			var tw words
			var bi branchInfo
			dirty, ok := st.triadSubsets(tab, &tw, &bi)
			if !ok {
				break
			}
			if dirty == 0 {
				// A random digit with 2 or more permutations in a
				// random unit not fixed, kept to one of them.
				u, d := r.IntN(6), r.IntN(9)
				m := uint32(tw.w[d]>>(9*u)) & 0x1ff
				l := permsIn[m]
				if l&7 < 2 {
					continue
				}
				dirty = st.restrict(u, d, perms[l>>(3+3*r.Uint32N(l&7))&7])
			}
			if !st.propagate(dirty) {
				break
			}
			check(&st, s)
		}
	}
	if checks < 5000 {
		t.Fatalf("%d states checked, want 5000 or more", checks)
	}
}

// TestNZ checks nz and nz27 on 0, every single bit and every run of low
// bits of a 27-bit mask, and nz on larger values.
func TestNZ(t *testing.T) {
	if nz(0) != 0 || nz27(0) != 0 {
		t.Errorf("nz(0), nz27(0) = %d, %d, want 0", nz(0), nz27(0))
	}
	for i := range 32 {
		for _, x := range []uint32{1 << i, 1<<(i+1) - 1} {
			if nz(x) != 1 {
				t.Errorf("nz(%#x) = %d, want 1", x, nz(x))
			}
			if x <= full27 && nz27(x) != 1 {
				t.Errorf("nz27(%#x) = %d, want 1", x, nz27(x))
			}
		}
	}
}

// TestInitial checks the state initial builds against a plain loop over
// cells, on random grids with few and many givens (clashing ones too):
// the blank cells are unsolved; a digit may go in a blank cell that sees
// no given of it, and stays in its givens that see no other given of it.
func TestInitial(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	for n := range 3000 {
		var cells [81]uint8
		for i := range cells {
			if r.IntN(81) < n%81 {
				cells[i] = uint8(1 + r.IntN(9))
			}
		}
		var st state
		if err := st.initial(tab, &cells); err != nil {
			t.Fatal(err)
		}
		for i := range 81 {
			b, bit := cell(i/9, i%9)
			if unsolved := st.u[b]&bit != 0; unsolved != (cells[i] == 0) {
				t.Fatalf("grid %v: cell %d unsolved %v", cells, i, unsolved)
			}
			for d := 1; d <= 9; d++ {
				want := cells[i] == 0 || int(cells[i]) == d
				for j := range 81 {
					if int(cells[j]) == d && sees(i/9, i%9, j/9, j%9) {
						want = false
					}
				}
				if st.has(i/9, i%9, d) != want {
					t.Fatalf("grid %v: candidate %d in cell %d is %v, want %v", cells, d, i, !want, want)
				}
			}
		}
	}
}
