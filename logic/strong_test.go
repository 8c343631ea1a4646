package logic

import (
	"strings"
	"testing"
)

// TestStrongLinkSuffix checks the suffix and rating of chains by the
// kinds of their links (0 box, 1 row, 2 column), as SE's StrongLinksHint
// computes them.
func TestStrongLinkSuffix(t *testing.T) {
	tests := []struct {
		kinds   []int
		grouped int
		suffix  string
		rating  int
	}{
		{[]int{seRow, seRow}, 0, "011", 40},       // Skyscraper
		{[]int{seColumn, seColumn}, 0, "011", 40}, // Skyscraper
		{[]int{seRow, seColumn}, 0, "012", 41},    // 2-String Kite
		{[]int{seColumn, seRow}, 0, "012", 41},
		{[]int{seBlock, seRow}, 0, "001", 41}, // Turbot Fish
		{[]int{seColumn, seBlock}, 0, "001", 41},
		{[]int{seRow, seRow}, 1, "111", 43}, // grouped
		{[]int{seRow, seBlock, seColumn}, 0, "0102", 56},
		{[]int{seColumn, seBlock, seColumn}, 0, "0101", 55},
		{[]int{seRow, seColumn, seRow}, 0, "0121", 55},
		{[]int{seColumn, seColumn, seColumn}, 0, "0111", 54},
		{[]int{seColumn, seColumn, seColumn, seColumn}, 0, "01111", 58},
		{[]int{seBlock, seRow, seColumn, seBlock}, 2, "20120", 61},
	}
	for _, tc := range tests {
		s := slSuffix(tc.kinds, tc.grouped)
		r := slRating(len(tc.kinds), s, tc.grouped)
		if s != tc.suffix || r != tc.rating {
			t.Errorf("kinds %v grouped %d: suffix %s rating %d, want %s %d", tc.kinds, tc.grouped, s, r, tc.suffix, tc.rating)
		}
	}
}

// TestStrongLinkQuickRating checks that the rating from link kinds agrees
// with the rating from the suffix for every chain of 2 to 4 links.
func TestStrongLinkQuickRating(t *testing.T) {
	for n := 2; n <= 4; n++ {
		kinds := make([]int, n)
		total := 1
		for range n {
			total *= 3
		}
		for code := range total {
			c := code
			for k := range kinds {
				kinds[k] = c % 3
				c /= 3
			}
			for grouped := range 2 {
				want := slRating(n, slSuffix(kinds, grouped), grouped)
				if got := slQuickRating(n, kinds, grouped); got != want {
					t.Errorf("kinds %v grouped %d: quick rating %d, want %d", kinds, grouped, got, want)
				}
			}
		}
	}
}

// slRating rates a chain from its suffix, as SE's StrongLinksHint does.
func slRating(n int, suffix string, grouped int) int {
	r := slBaseRating[n]
	rest := suffix[1:]
	has0, has2 := strings.Contains(rest, "0"), strings.Contains(rest, "2")
	switch {
	case grouped > 0:
		return r + 3
	case !has0 && !has2:
		return r
	case has0 && has2:
		return r + 2
	}
	return r + 1
}
