package sudoku

import "testing"

// TestCellCountError: the count a message wants is the one the puzzle
// most likely meant: one cell off names that grid, a count between two
// large grids names both (a 728-character line said "want 625").
func TestCellCountError(t *testing.T) {
	for _, tt := range []struct {
		n, order int
		want     string
	}{
		{80, 0, "80 cells, want 81"},
		{82, 0, "82 cells, want 81"},
		{17, 0, "17 cells, want 16"},
		{1, 0, "1 cell, want 16"},
		{50, 0, "50 cells, want 81"},
		{255, 0, "255 cells, want 256"},
		{728, 0, "728 cells, want 625 (25x25) or 1296 (36x36)"},
		{100, 0, "100 cells, want 81 (9x9) or 256 (16x16)"},
		{5000, 0, "5000 cells, want 4096"},
		{728, 5, "728 cells, want 625"},
	} {
		if got := CellCountError(tt.n, tt.order).Error(); got != tt.want {
			t.Errorf("CellCountError(%d, %d) = %q, want %q", tt.n, tt.order, got, tt.want)
		}
	}
}
