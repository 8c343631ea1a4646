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
