package reftest

import (
	"slices"
	"strings"
	"testing"
)

// parse reads a puzzle of digits and '.' (orders 2 and 3).
func parse(s string) []int {
	cells := make([]int, len(s))
	for i := range s {
		if s[i] != '.' {
			cells[i] = int(s[i] - '0')
		}
	}
	return cells
}

// pattern returns a valid complete grid of the given order by the
// classic formula, checked by Solved below.
func pattern(order int) []uint8 {
	side := order * order
	g := make([]uint8, side*side)
	for r := range side {
		for c := range side {
			g[r*side+c] = uint8((order*(r%order)+r/order+c)%side + 1)
		}
	}
	return g
}

func TestCount(t *testing.T) {
	const (
		unique9 = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
		sol9    = "483921657967345821251876493548132976729564138136798245372689514814253769695417382"
		two9    = "918436257.6598.314.3415.869187243695653791428429865731576318942392574186841629573"
	)
	tests := []struct {
		name  string
		order int
		grid  string
		limit int
		want  int
		first string // the first solution, if known
	}{
		{"empty 4x4", 2, strings.Repeat(".", 16), 0, 288, "1234341221434321"},
		{"empty 4x4 limit", 2, strings.Repeat(".", 16), 10, 10, "1234341221434321"},
		{"clash in a row", 2, "11..............", 10, 0, ""},
		{"clash in a box", 2, "1....1..........", 10, 0, ""},
		{"no solution, no clash", 2, "12....3.........", 0, 0, ""}, // r1c3 and r1c4 both need 4
		{"unique 9x9", 3, unique9, 2, 1, sol9},
		{"solved 9x9", 3, sol9, 2, 1, sol9},
		{"two 9x9", 3, two9, 10, 2, ""},
		{"two 9x9 limit 1", 3, two9, 1, 1, ""},
		{"clash 9x9", 3, "9184362571659823143341578691872436956537914284298657315763189423925741868416295..", 10, 0, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cells := parse(tt.grid)
			n, first := Count(tt.order, cells, tt.limit)
			if n != tt.want {
				t.Errorf("Count = %d, want %d", n, tt.want)
			}
			if (first != nil) != (n > 0) {
				t.Fatalf("first = %v with %d solutions", first, n)
			}
			if first != nil {
				if err := Solved(tt.order, cells, first); err != nil {
					t.Errorf("first solution: %v", err)
				}
			}
			if tt.first != "" && !slices.Equal(first, parse(tt.first)) {
				t.Errorf("first = %v, want %s", first, tt.first)
			}
			if strings.Count(tt.grid, ".") == 0 && n > 0 && !slices.Equal(first, cells) {
				t.Errorf("a full grid's solution is not itself")
			}
		})
	}
}

// TestCountBrute checks Count on 4x4 puzzles against an enumeration of
// every filling of the blank cells.
func TestCountBrute(t *testing.T) {
	// At most 9 blanks: 4^9 fillings each. want is the count worked out
	// by hand; the enumeration checks it too.
	for _, tc := range []struct {
		grid string
		want int
	}{
		{"1234341221434321", 1}, // solved
		{"12343412.1.3.3.1", 2}, // the 2s and 4s of r3 and r4 swap
		{"1.3.3.1.2.4.4.2.", 4}, // each box's column pair swaps or not
		{"..3434..21434321", 1},
		{"1....412.1.34...", 1}, // nine blanks
		{"11..341221434321", 0}, // a clash
		{"..34.3.2.14.4.21", 0}, // no clash, and still no way
		{"1234....2143....", 4},
	} {
		grid := tc.grid
		cells := parse(grid)
		want := 0
		var blanks []int
		for i, v := range cells {
			if v == 0 {
				blanks = append(blanks, i)
			}
		}
		g := slices.Clone(cells)
		var fill func(k int)
		fill = func(k int) {
			if k == len(blanks) {
				if Solved(2, nil, g) == nil {
					want++
				}
				return
			}
			for v := 1; v <= 4; v++ {
				g[blanks[k]] = v
				fill(k + 1)
			}
		}
		fill(0)
		if want != tc.want {
			t.Errorf("%s: brute force finds %d solutions, want %d", grid, want, tc.want)
		}
		if n, _ := Count(2, cells, 0); n != want {
			t.Errorf("%s: Count = %d, brute force %d", grid, n, want)
		}
	}
}

// TestCountLarge checks every order on a valid grid: with its first row
// blank it has one solution (each cell is forced by its column); with the
// first two columns blank it has two (the columns swap).
func TestCountLarge(t *testing.T) {
	for order := 2; order <= 8; order++ {
		side := order * order
		sol := pattern(order)
		if err := Solved(order, nil, sol); err != nil {
			t.Fatalf("order %d: pattern grid: %v", order, err)
		}
		p := slices.Clone(sol)
		clear(p[:side])
		n, first := Count(order, p, 2)
		if n != 1 || !slices.Equal(first, sol) {
			t.Errorf("order %d, first row blank: %d solutions", order, n)
		}
		clear(p)
		copy(p, sol)
		for r := range side {
			p[r*side], p[r*side+1] = 0, 0
		}
		if n, _ := Count(order, p, 0); n != 2 {
			t.Errorf("order %d, two columns blank: %d solutions, want 2", order, n)
		}
	}
}

func TestCountPanics(t *testing.T) {
	for _, tc := range []struct {
		name  string
		order int
		cells []int
	}{
		{"order 1", 1, []int{0}},
		{"order 9", 9, make([]int, 81*81)},
		{"short", 2, make([]int, 15)},
		{"value too big", 2, append([]int{5}, make([]int, 15)...)},
		{"negative value", 2, append([]int{-1}, make([]int, 15)...)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			defer func() {
				if recover() == nil {
					t.Errorf("Count did not panic")
				}
			}()
			Count(tc.order, tc.cells, 1)
		})
	}
}

func TestSolved(t *testing.T) {
	sol := pattern(3)
	swapped := slices.Clone(sol)
	swapped[0], swapped[1] = swapped[1], swapped[0]
	colClash := slices.Clone(sol)
	colClash[0], colClash[9] = colClash[9], colClash[0] // r1c1 and r2c1
	blank := slices.Clone(sol)
	blank[40] = 0
	puzzle := make([]uint8, 81)
	puzzle[80] = sol[80]%9 + 1
	for _, tc := range []struct {
		name   string
		order  int
		puzzle []uint8
		cells  []uint8
		want   string // "" for nil, else a part of the message
	}{
		{"valid", 3, nil, sol, ""},
		{"valid with givens", 3, sol, sol, ""},
		{"column", 3, nil, swapped, "column 1 holds"},
		{"row", 3, nil, colClash, "row"},
		{"blank", 3, nil, blank, "r5c5 holds 0"},
		{"changes a given", 3, puzzle, sol, "r9c9 holds"},
		{"short", 3, nil, sol[:80], "80 cells"},
		{"order", 1, nil, sol, "order 1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := Solved(tc.order, tc.puzzle, tc.cells)
			switch {
			case tc.want == "" && err != nil:
				t.Errorf("Solved = %v, want nil", err)
			case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
				t.Errorf("Solved = %v, want an error with %q", err, tc.want)
			}
		})
	}
}
