package engine

import (
	"testing"
)

// cellsOf turns "r1c2" style names into cell indexes for a 9x9 grid.
func rc(r, c int) int { return (r-1)*9 + c - 1 }

// newTestState returns a worker and an empty 9x9 state with the given
// candidates removed: value -> cells.
func newTestState(t *testing.T, locked bool, remove map[int][]int) (*worker, []uint64) {
	t.Helper()
	s, err := NewSolver(3)
	if err != nil {
		t.Fatal(err)
	}
	w := s.main
	w.locked = locked
	st := w.states[0]
	w.fill(st)
	for v, cells := range remove {
		for _, i := range cells {
			st[i] &^= 1 << (v - 1)
		}
	}
	w.syncPos(st)
	return w, st
}

func row(r int, cols ...int) []int {
	var out []int
	for _, c := range cols {
		out = append(out, rc(r, c))
	}
	return out
}

func TestHiddenSingle(t *testing.T) {
	// 5 can go only in r1c5 of row 1.
	w, st := newTestState(t, false, map[int][]int{5: row(1, 1, 2, 3, 4, 6, 7, 8, 9)})
	w.dirtyAll()
	if !w.propagate(st) {
		t.Fatal("contradiction")
	}
	if st[rc(1, 5)] != 1<<4 || st[w.g.offSolved]&(1<<rc(1, 5)) == 0 {
		t.Errorf("r1c5 = %b, want 5 placed", st[rc(1, 5)])
	}
	if st[rc(2, 5)]&(1<<4) != 0 || st[rc(9, 5)]&(1<<4) != 0 || st[rc(2, 6)]&(1<<4) != 0 {
		t.Error("5 not removed from the peers of r1c5")
	}
}

func TestNakedSingle(t *testing.T) {
	// r4c4 holds only 7 after its other candidates go.
	w, st := newTestState(t, false, nil)
	st[rc(4, 4)] = 1 << 6
	w.syncPos(st)
	w.queue = append(w.queue[:0], int32(rc(4, 4)))
	if !w.propagate(st) {
		t.Fatal("contradiction")
	}
	if st[w.g.offSolved]&(1<<rc(4, 4)) == 0 || st[rc(4, 9)]&(1<<6) != 0 {
		t.Error("7 not placed in r4c4")
	}
	if w.left(st) != 80 {
		t.Errorf("%d cells left, want 80", w.left(st))
	}
}

func TestContradiction(t *testing.T) {
	// 3 has no place in column 2.
	var col []int
	for r := 1; r <= 9; r++ {
		col = append(col, rc(r, 2))
	}
	w, st := newTestState(t, false, map[int][]int{3: col})
	w.dirtyAll()
	if w.propagate(st) {
		t.Error("no contradiction found")
	}
}

func TestLockedCandidates(t *testing.T) {
	tests := []struct {
		name   string
		remove map[int][]int
		gone   []int // cells that must lose value v
		kept   []int // cells that must keep it
		v      int
	}{
		{
			// Pointing: in box 1, 4 lies in row 2 only, so it leaves
			// the rest of row 2.
			name:   "pointing row",
			v:      4,
			remove: map[int][]int{4: append(row(1, 1, 2, 3), row(3, 1, 2, 3)...)},
			gone:   row(2, 4, 5, 6, 7, 8, 9),
			kept:   append(row(2, 1, 2, 3), row(1, 4, 9)...),
		},
		{
			// Pointing: in box 5, 6 lies in column 5 only.
			name:   "pointing column",
			v:      6,
			remove: map[int][]int{6: {rc(4, 4), rc(5, 4), rc(6, 4), rc(4, 6), rc(5, 6), rc(6, 6)}},
			gone:   []int{rc(1, 5), rc(2, 5), rc(3, 5), rc(7, 5), rc(8, 5), rc(9, 5)},
			kept:   []int{rc(4, 5), rc(5, 5), rc(6, 5), rc(1, 4)},
		},
		{
			// Claiming: in row 9, 8 lies in box 9 only, so it leaves the
			// rest of box 9.
			name:   "claiming row",
			v:      8,
			remove: map[int][]int{8: row(9, 1, 2, 3, 4, 5, 6)},
			gone:   append(row(7, 7, 8, 9), row(8, 7, 8, 9)...),
			kept:   append(row(9, 7, 8, 9), row(7, 1, 6)...),
		},
		{
			// Claiming: in column 1, 2 lies in box 4 only.
			name:   "claiming column",
			v:      2,
			remove: map[int][]int{2: {rc(1, 1), rc(2, 1), rc(3, 1), rc(7, 1), rc(8, 1), rc(9, 1)}},
			gone:   []int{rc(4, 2), rc(5, 2), rc(6, 2), rc(4, 3), rc(5, 3), rc(6, 3)},
			kept:   []int{rc(4, 1), rc(5, 1), rc(6, 1), rc(1, 2), rc(4, 4)},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			w, st := newTestState(t, true, tc.remove)
			bit := uint64(1) << (tc.v - 1)
			w.dirtyAll()
			if !w.propagate(st) {
				t.Fatal("contradiction")
			}
			for _, i := range tc.gone {
				if st[i]&bit != 0 {
					t.Errorf("r%dc%d keeps %d", i/9+1, i%9+1, tc.v)
				}
			}
			for _, i := range tc.kept {
				if st[i]&bit == 0 {
					t.Errorf("r%dc%d lost %d", i/9+1, i%9+1, tc.v)
				}
			}
			// Without locked candidates nothing goes.
			w, st = newTestState(t, false, tc.remove)
			w.dirtyAll()
			if !w.propagate(st) {
				t.Fatal("contradiction")
			}
			for _, i := range tc.gone {
				if st[i]&bit == 0 {
					t.Errorf("singles alone removed %d from r%dc%d", tc.v, i/9+1, i%9+1)
				}
			}
		})
	}
}

// TestNakedPair: from 16x16 on, two cells of a unit that hold the same two
// candidates and nothing else take them from the unit's other cells.
func TestNakedPair(t *testing.T) {
	for _, locked := range []bool{true, false} {
		s, err := NewSolver(4)
		if err != nil {
			t.Fatal(err)
		}
		w := s.main
		w.locked = locked
		st := w.states[0]
		w.fill(st)
		const pair = 1<<0 | 1<<1  // values 1 and 2
		st[0], st[1] = pair, pair // r1c1 and r1c2
		w.dirtyAll()
		if !w.propagate(st) {
			t.Fatal("contradiction")
		}
		for _, p := range []int{2, 15, 16, 16*3 + 3} { // rest of row 1, rest of box 1
			if got := st[p]&pair != 0; got != !locked {
				t.Errorf("locked=%v: cell %d keeps 1 or 2: %v", locked, p, got)
			}
		}
		if st[2]&(1<<2) == 0 || st[16*4]&pair != pair {
			t.Errorf("locked=%v: other candidates lost", locked)
		}
	}
}

// TestHiddenPair: from 16x16 on, two values that a unit can hold only in
// the same two cells leave those cells with nothing else.
func TestHiddenPair(t *testing.T) {
	for _, locked := range []bool{true, false} {
		s, err := NewSolver(4)
		if err != nil {
			t.Fatal(err)
		}
		w := s.main
		w.locked = locked
		st := w.states[0]
		w.fill(st)
		const pair = 1<<4 | 1<<5 // values 5 and 6 only in r1c1 and r1c9 of row 1
		for c := 1; c < 16; c++ {
			if c != 8 {
				st[c] &^= pair
			}
		}
		w.dirtyAll()
		if !w.propagate(st) {
			t.Fatal("contradiction")
		}
		for _, p := range []int{0, 8} {
			if got := st[p] == pair; got != locked {
				t.Errorf("locked=%v: cell %d holds %b", locked, p, st[p])
			}
		}
	}
}
