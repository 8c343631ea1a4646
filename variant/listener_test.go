package variant

import (
	"context"
	"testing"
)

type recorder struct {
	byRule map[int]int
	cells  map[int]uint64
}

func (r *recorder) Eliminate(rule, cell int, values uint64) {
	r.byRule[rule]++
	r.cells[cell] |= values
}

// TestListener: propagation names the rule behind each elimination.
func TestListener(t *testing.T) {
	p := New(4)
	p.Rules = []Rule{
		Parity{Cell: Cell{1, 1}, Even: true},                // r1c1 is 2 or 4
		Thermo{Cells: []Cell{{1, 2}, {1, 3}, {1, 4}}},       // 1 2 3, 1 2 4, 1 3 4 or 2 3 4
		XV{Cells: [2]Cell{{4, 1}, {4, 2}}, Sum: 5},          // 1+4 or 2+3
		Cage{Cells: []Cell{{3, 3}, {3, 4}, {4, 4}}, Sum: 9}, // 2+3+4
	}
	cands := make([]uint64, 16)
	for i := range cands {
		cands[i] = 0xf
	}
	rec := &recorder{byRule: map[int]int{}, cells: map[int]uint64{}}
	ok, err := p.Propagate(cands, rec)
	if err != nil || !ok {
		t.Fatalf("Propagate = %v, %v", ok, err)
	}
	// The cage's work may be done first by the 45 rule (RuleSums): box 4
	// less the cage leaves r4c3 = 1.
	if rec.byRule[3]+rec.byRule[RuleSums] == 0 {
		t.Error("neither the cage nor the 45 rule reported an elimination")
	}
	for k := range p.Rules[:3] {
		if rec.byRule[k] == 0 {
			t.Errorf("rule %d (%s) reported no elimination", k, p.Rules[k])
		}
	}
	if cands[0]&0b0101 != 0 {
		t.Errorf("r1c1 keeps odd values: %04b", cands[0])
	}
	for i, removed := range rec.cells {
		if cands[i]&removed != 0 {
			t.Errorf("%s: a reported value is still a candidate", CellName(i, 4))
		}
	}
	// What was removed and what is left make up all the values.
	for i := range cands {
		if cands[i]|rec.cells[i] != 0xf {
			t.Errorf("%s: %04b left, %04b reported removed", CellName(i, 4), cands[i], rec.cells[i])
		}
	}
}

// TestSearchAllocs: a warm search without a listener allocates nothing.
func TestSearchAllocs(t *testing.T) {
	p := killerBench(t)[0]
	sr := newSearch(compile(p), make([]int, 81), 2, Options{CountOnly: true})
	ctx := context.Background()
	if _, err := sr.run(ctx); err != nil {
		t.Fatal(err)
	}
	allocs := testing.AllocsPerRun(20, func() {
		if r, err := sr.run(ctx); err != nil || r.Count != 1 {
			t.Fatal(r.Count, err)
		}
	})
	if allocs != 0 {
		t.Errorf("%v allocations a search", allocs)
	}
}
