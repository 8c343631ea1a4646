package variant

import (
	"context"
	"testing"
)

// TestBigCage: a cage of more than 32 cells with a sum (bit sets of the
// cage's cells must not overflow).
func TestBigCage(t *testing.T) {
	n := 36
	p := &Puzzle{Size: n}
	var cells []Cell
	for c := 1; c < n; c++ {
		cells = append(cells, Cell{1, c + 1})
	}
	// Row 1 but r1c1 holds every value but 1.
	p.Rules = []Rule{Cage{Cells: cells, Sum: n*(n+1)/2 - 1}}
	// 36 can go in r1c34 to r1c36 only: the cage's cells 32 to 34.
	p.Givens = make([]int, n*n)
	for k := 2; k <= 33; k++ {
		p.Givens[(k-1)*n+k-1] = n
	}
	res, err := Solve(context.Background(), p, Options{MaxNodes: 100000})
	if err != nil {
		t.Fatal(err)
	}
	if res.Count != 1 {
		t.Fatalf("%d solutions, want 1", res.Count)
	}
	if res.Solution[0] != 1 || p.Check(res.Solution) != nil {
		t.Fatalf("r1c1 = %d, %v", res.Solution[0], p.Check(res.Solution))
	}
}
