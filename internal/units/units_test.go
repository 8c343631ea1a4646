package units

import (
	"slices"
	"testing"
)

func TestCells(t *testing.T) {
	got := Cells(2)
	want := []int32{
		0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, // rows
		0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15, // columns
		0, 1, 4, 5, 2, 3, 6, 7, 8, 9, 12, 13, 10, 11, 14, 15, // boxes
	}
	if !slices.Equal(got, want) {
		t.Fatalf("Cells(2) = %v, want %v", got, want)
	}
	// Every unit of every order holds each cell once, and each cell is in
	// exactly three units.
	for n := 2; n <= 8; n++ {
		side := n * n
		cells := Cells(n)
		if len(cells) != 3*side*side {
			t.Fatalf("order %d: %d cells, want %d", n, len(cells), 3*side*side)
		}
		count := make([]int, side*side)
		for u := range 3 * side {
			seen := map[int32]bool{}
			for _, i := range cells[u*side : (u+1)*side] {
				if seen[i] {
					t.Fatalf("order %d: unit %d holds cell %d twice", n, u, i)
				}
				seen[i] = true
				count[i]++
			}
		}
		for i, c := range count {
			if c != 3 {
				t.Fatalf("order %d: cell %d is in %d units", n, i, c)
			}
		}
	}
}

// TestGeometry9 checks the 9x9 tables against values worked out by hand.
func TestGeometry9(t *testing.T) {
	g := Of(3)
	if g.Order != 3 || g.Side != 9 || g.NumCells != 81 || g.NumUnits != 27 {
		t.Fatalf("Of(3) sizes = %d %d %d %d", g.Order, g.Side, g.NumCells, g.NumUnits)
	}
	for _, tc := range []struct {
		unit int
		want []int
	}{
		{0, []int{0, 1, 2, 3, 4, 5, 6, 7, 8}},           // row 1
		{8, []int{72, 73, 74, 75, 76, 77, 78, 79, 80}},  // row 9
		{9, []int{0, 9, 18, 27, 36, 45, 54, 63, 72}},    // column 1
		{13, []int{4, 13, 22, 31, 40, 49, 58, 67, 76}},  // column 5
		{18, []int{0, 1, 2, 9, 10, 11, 18, 19, 20}},     // box 1
		{22, []int{30, 31, 32, 39, 40, 41, 48, 49, 50}}, // box 5
		{26, []int{60, 61, 62, 69, 70, 71, 78, 79, 80}}, // box 9
		{24, []int{54, 55, 56, 63, 64, 65, 72, 73, 74}}, // box 7
	} {
		if !slices.Equal(g.Units[tc.unit], tc.want) {
			t.Errorf("Units[%d] = %v, want %v", tc.unit, g.Units[tc.unit], tc.want)
		}
	}
	for _, tc := range []struct {
		cell, row, col, box int
		units               [3]int
	}{
		{0, 0, 0, 0, [3]int{0, 9, 18}},
		{40, 4, 4, 4, [3]int{4, 13, 22}},
		{41, 4, 5, 4, [3]int{4, 14, 22}},
		{33, 3, 6, 5, [3]int{3, 15, 23}},
		{80, 8, 8, 8, [3]int{8, 17, 26}},
		{56, 6, 2, 6, [3]int{6, 11, 24}},
	} {
		if r, c, b := g.Row(tc.cell), g.Col(tc.cell), g.Box(tc.cell); r != tc.row || c != tc.col || b != tc.box {
			t.Errorf("cell %d: row, col, box = %d %d %d, want %d %d %d", tc.cell, r, c, b, tc.row, tc.col, tc.box)
		}
		if g.CellUnits[tc.cell] != tc.units {
			t.Errorf("CellUnits[%d] = %v, want %v", tc.cell, g.CellUnits[tc.cell], tc.units)
		}
		if got := g.Cell(tc.row, tc.col); got != tc.cell {
			t.Errorf("Cell(%d, %d) = %d, want %d", tc.row, tc.col, got, tc.cell)
		}
	}
	want := []int{
		3, 4, 5, 12, 13, 14, 18, 19, 20, 21, 23, 24, 25, 26, // row 3 and box 2
		31, 40, 49, 58, 67, 76, // column 5 below box 2
	}
	if got := g.Peers[22]; !slices.Equal(got, want) {
		t.Errorf("Peers[22] = %v, want %v", got, want)
	}
}

// TestGeometryLayout checks every order against the definitions: unit u
// is a row, a column or a box; CellUnits inverts Units; Peers and IsPeer
// agree with "shares a unit".
func TestGeometryLayout(t *testing.T) {
	orders := []int{2, 3, 4, 5, 6, 7, 8}
	if testing.Short() {
		orders = orders[:5]
	}
	for _, n := range orders {
		g := Of(n)
		if Of(n) != g {
			t.Fatalf("order %d: Of builds a second geometry", n)
		}
		side := n * n
		if g.Order != n || g.Side != side || g.NumCells != side*side || g.NumUnits != 3*side ||
			len(g.Units) != 3*side || len(g.CellUnits) != side*side || len(g.Peers) != side*side {
			t.Fatalf("order %d: wrong sizes", n)
		}
		for u, cells := range g.Units {
			if len(cells) != side {
				t.Fatalf("order %d: unit %d has %d cells", n, u, len(cells))
			}
			for k, i := range cells {
				r, c := i/side, i%side
				var ok bool
				switch k0 := u / side; k0 {
				case 0:
					ok = r == u && c == k
				case 1:
					ok = c == u-side && r == k
				default:
					b := u - 2*side
					ok = r == b/n*n+k/n && c == b%n*n+k%n
				}
				if !ok {
					t.Fatalf("order %d: unit %d cell %d is %d (r%dc%d)", n, u, k, i, r, c)
				}
				if !slices.Contains(g.CellUnits[i][:], u) {
					t.Fatalf("order %d: CellUnits[%d] = %v lacks %d", n, i, g.CellUnits[i], u)
				}
			}
		}
		npeer := 3*side - 2*n - 1
		for i := range g.NumCells {
			cu := g.CellUnits[i]
			if cu[0] != g.Row(i) || cu[1] != side+g.Col(i) || cu[2] != 2*side+g.Box(i) {
				t.Fatalf("order %d: CellUnits[%d] = %v, row %d col %d box %d", n, i, cu, g.Row(i), g.Col(i), g.Box(i))
			}
			p := g.Peers[i]
			if len(p) != npeer || !slices.IsSorted(p) {
				t.Fatalf("order %d: Peers[%d] has %d cells (want %d) or is unsorted", n, i, len(p), npeer)
			}
			if n > 5 && i%7 != 0 {
				continue // the quadratic check below on a sample of large grids
			}
			for j := range g.NumCells {
				share := j != i && (g.Row(i) == g.Row(j) || g.Col(i) == g.Col(j) || g.Box(i) == g.Box(j))
				if g.IsPeer(i, j) != share {
					t.Fatalf("order %d: IsPeer(%d, %d) = %v", n, i, j, !share)
				}
				if _, found := slices.BinarySearch(p, j); found != share {
					t.Fatalf("order %d: Peers[%d] holds %d: %v", n, i, j, found)
				}
			}
		}
	}
}

func TestOfPanics(t *testing.T) {
	for _, n := range []int{-1, 0, 1, 9} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("Of(%d) did not panic", n)
				}
			}()
			Of(n)
		}()
	}
}

func TestSet(t *testing.T) {
	for _, tc := range []struct {
		name          string
		s             Set
		values        []int
		str           string
		count, lo, hi int
	}{
		{"empty", Set(0), nil, "{}", 0, 0, 0},
		{"one", SetOf(1), []int{1}, "{1}", 1, 1, 1},
		{"three", SetOf(7, 1, 4, 4), []int{1, 4, 7}, "{1,4,7}", 3, 1, 7},
		{"bit layout", Set(0b1001), []int{1, 4}, "{1,4}", 2, 1, 4},
		{"full 4", Full(4), []int{1, 2, 3, 4}, "{1,2,3,4}", 4, 1, 4},
		{"64", SetOf(64), []int{64}, "{64}", 1, 64, 64},
		{"removed", Full(9).Remove(5).Remove(9).Remove(9), []int{1, 2, 3, 4, 6, 7, 8}, "{1,2,3,4,6,7,8}", 7, 1, 8},
		{"operators", (SetOf(1, 2, 3)&SetOf(2, 3, 4) | SetOf(9)) &^ SetOf(3), []int{2, 9}, "{2,9}", 2, 2, 9},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := slices.Collect(tc.s.Values()); !slices.Equal(got, tc.values) {
				t.Errorf("Values = %v, want %v", got, tc.values)
			}
			if got := tc.s.String(); got != tc.str {
				t.Errorf("String = %q, want %q", got, tc.str)
			}
			if tc.s.Count() != tc.count || tc.s.Min() != tc.lo || tc.s.Max() != tc.hi {
				t.Errorf("Count, Min, Max = %d %d %d, want %d %d %d", tc.s.Count(), tc.s.Min(), tc.s.Max(), tc.count, tc.lo, tc.hi)
			}
			for v := 1; v <= 64; v++ {
				if tc.s.Has(v) != slices.Contains(tc.values, v) {
					t.Errorf("Has(%d) = %v", v, tc.s.Has(v))
				}
			}
			if SetOf(tc.values...) != tc.s {
				t.Errorf("SetOf(%v) = %v", tc.values, SetOf(tc.values...))
			}
		})
	}
	for side := 1; side <= 64; side++ {
		f := Full(side)
		if f.Count() != side || f.Min() != 1 || f.Max() != side {
			t.Errorf("Full(%d) = %v", side, f)
		}
	}
	if s := Full(64); s.Add(64) != s || s.Remove(64).Has(64) || s.Remove(64).Count() != 63 {
		t.Errorf("value 64 is not bit 63")
	}
	// Values stops when the loop breaks.
	var got []int
	for v := range Full(9).Values() {
		if v > 3 {
			break
		}
		got = append(got, v)
	}
	if !slices.Equal(got, []int{1, 2, 3}) {
		t.Errorf("break after 3: got %v", got)
	}
}
