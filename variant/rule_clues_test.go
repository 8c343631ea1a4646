package variant

import (
	"errors"
	"testing"
)

// TestClueCheckMessages: the check sentence of each clue kind, on a 9x9
// grid holding only the values given (row 1 read from the left is
// 1 2 3 4 5 6 7 8 9 where a line is full).
func TestClueCheckMessages(t *testing.T) {
	row1 := map[Cell]int{}
	for c := 1; c <= 9; c++ {
		row1[Cell{1, c}] = c
	}
	tests := []struct {
		rule Rule
		set  map[Cell]int
		want string
	}{
		{Quadruple{Cells: []Cell{{1, 1}, {1, 2}, {2, 1}, {2, 2}}, Values: []int{1, 5}}, map[Cell]int{{1, 1}: 1, {1, 2}: 2, {2, 1}: 3, {2, 2}: 4},
			"quadruple r1c1-r2c2 (1, 5): no 5 among 1, 2, 3, 4"},
		{XSum{Index: 1, Sum: 7}, row1, "x-sum row 1 from the left (sum 7): X = 1, the first 1: 1 = 1"},
		{XSum{Index: 1, Reverse: true, Sum: 40}, row1, "x-sum row 1 from the right (sum 40): X = 9, the first 9: 9+8+7+6+5+4+3+2+1 = 45"},
		{Skyscraper{Index: 1, Count: 3}, row1, "skyscraper row 1 from the left (3 seen): 9 seen (1, 2, 3, 4, 5, 6, 7, 8, 9)"},
		{Extremum{Cell: Cell{5, 5}}, map[Cell]int{{5, 5}: 4, {4, 5}: 3}, "minimum r5c5: r5c5 = 4 is not below r4c5 = 3"},
		{Extremum{Cell: Cell{5, 5}, Max: true}, map[Cell]int{{5, 5}: 4, {5, 6}: 6}, "maximum r5c5: r5c5 = 4 is not above r5c6 = 6"},
		{Clone{Cells: []Cell{{1, 1}}, Clones: []Cell{{5, 5}}}, map[Cell]int{{1, 1}: 4, {5, 5}: 6}, "clone r1c1 of r5c5: r1c1 = 4 but r5c5 = 6"},
		{Indexer{Cells: []Cell{{3, 5}}}, map[Cell]int{{3, 5}: 7, {7, 5}: 4}, "row indexer r3c5: r3c5 = 7 points to r7c5 = 4, which should hold 3"},
		{Indexer{Cells: []Cell{{3, 5}}, Column: true}, map[Cell]int{{3, 5}: 7, {3, 7}: 4}, "column indexer r3c5: r3c5 = 7 points to r3c7 = 4, which should hold 5"},
		{Indexer{Cells: []Cell{{2, 2}}, Box: true}, map[Cell]int{{2, 2}: 1, {1, 1}: 4}, "box indexer r2c2: r2c2 = 1 points to r1c1 = 4, which should hold 5"},
		{Marks{Cell: Cell{2, 2}, Values: []int{3, 4}}, map[Cell]int{{2, 2}: 5}, "marks r2c2 (3, 4): r2c2 = 5 is not one of them"},
	}
	for _, tt := range tests {
		p := New(9)
		p.Rules = []Rule{tt.rule}
		v := make([]int, 81)
		for c, x := range tt.set {
			v[c.Index(9)] = x
		}
		err := p.Check(v)
		var ce *CheckError
		if !errors.As(err, &ce) {
			t.Errorf("%s: Check = %v, want a CheckError", tt.rule, err)
			continue
		}
		if got := ce.Violations[0].Text; got != tt.want {
			t.Errorf("%s:\n got %q\nwant %q", tt.rule, got, tt.want)
		}
	}
	// Minimum cells side by side are not compared.
	p := New(9)
	p.Rules = []Rule{Extremum{Cell: Cell{5, 5}}, Extremum{Cell: Cell{5, 6}}}
	v := make([]int, 81)
	v[Cell{5, 5}.Index(9)], v[Cell{5, 6}.Index(9)] = 4, 3
	if err := p.Check(v); err != nil {
		t.Errorf("two minimum cells side by side: %v", err)
	}
}
