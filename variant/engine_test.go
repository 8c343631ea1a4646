package variant

import (
	"context"
	"testing"
)

func parseGivens(t testing.TB, s string) []int {
	t.Helper()
	v := make([]int, len(s))
	for i := range s {
		if s[i] >= '1' && s[i] <= '9' {
			v[i] = int(s[i] - '0')
		}
	}
	return v
}

func TestLatinAndBoxes(t *testing.T) {
	// A 9x9 puzzle solved by the variant engine (an extra one-cell region
	// keeps it off the classic path) must agree with the classic engine.
	const puz = "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97.."
	const sol = "145327698839654127672918543496185372218473956753296481367542819984761235521839764"
	p := New(9)
	p.Givens = parseGivens(t, puz)
	p.Rules = []Rule{ExtraRegion{Cells: []Cell{{1, 1}}}}
	r, err := Count(context.Background(), p, 2, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if r.Count != 1 {
		t.Fatalf("count %d, want 1", r.Count)
	}
	for i, v := range r.Solution {
		if v != int(sol[i]-'0') {
			t.Fatalf("solution differs at %s: %d, want %c", CellName(i, 9), v, sol[i])
		}
	}
}
