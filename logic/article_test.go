package logic

import (
	"testing"

	"github.com/gosudoku/sudoku"
)

func TestArticle(t *testing.T) {
	tests := []struct{ word, want string }{
		{"X-Wing", "an"}, {"XY-Wing", "an"}, {"XYZ-Wing", "an"}, {"ALS-XZ", "an"},
		{"Unique Rectangle", "a"}, {"Unique Loop", "a"}, {"W-Wing", "a"}, {"WXYZ-Wing", "a"},
		{"UVWXYZ-Wing", "a"}, {"BUG type 1", "a"}, {"Empty Rectangle", "an"},
		{"Aligned Pair Exclusion", "an"}, {"Hidden Single", "a"}, {"Forcing X-Chain", "a"},
		{"8", "an"}, {"11", "an"}, {"18", "an"}, {"3", "a"}, {"2-String Kite", "a"},
		{"A", "an"}, {"B", "a"}, {"E", "an"}, {"F", "an"}, {"G", "a"}, {"Intersection", "an"},
	}
	for _, tt := range tests {
		if got := article(tt.word); got != tt.want {
			t.Errorf("article(%q) = %q, want %q", tt.word, got, tt.want)
		}
	}
	st := &Step{Name: "X-Wing", Units: []sudoku.Unit{sudoku.UnitAt(0, 9)}}
	if got, want := st.Vague(), "Look for an X-Wing in row 1"; got != want {
		t.Errorf("Vague() = %q, want %q", got, want)
	}
}
