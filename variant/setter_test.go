package variant

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"
)

// refAll lists every solution of p by the reference solver (the rules'
// check methods only), or ok false past maxSols solutions or maxNodes
// values tried.
func refAll(p *Puzzle, maxSols, maxNodes int) (sols [][]int, ok bool) {
	n := p.Size
	v := slices.Clone(givensOf(p))
	if !refOK(p, v) {
		return nil, true
	}
	nodes := 0
	var rec func(i int) bool
	rec = func(i int) bool {
		for i < n*n && v[i] != 0 {
			i++
		}
		if i == n*n {
			sols = append(sols, slices.Clone(v))
			return len(sols) <= maxSols
		}
		for x := 1; x <= n; x++ {
			if nodes++; nodes > maxNodes {
				return false
			}
			v[i] = x
			if refOK(p, v) && !rec(i+1) {
				v[i] = 0
				return false
			}
		}
		v[i] = 0
		return true
	}
	return sols, rec(0)
}

// setterPuzzles returns random puzzles of small sides with every kind of
// rule (cross_test.go's randomPuzzle) whose solutions the reference
// enumerates, each with its solutions.
func setterPuzzles(t *testing.T, seed uint64, want int) (ps []*Puzzle, all [][][]int) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 11))
	sizes := []struct {
		n       int
		density float64
	}{{4, 0.1}, {4, 0.3}, {5, 0.3}, {6, 0.35}, {6, 0.5}}
	for tries := 0; len(ps) < want && tries < 40*want; tries++ {
		sz := sizes[tries%len(sizes)]
		p, ok := randomPuzzle(rng, sz.n, sz.density)
		if !ok {
			continue
		}
		sols, ok := refAll(p, 300, 400000)
		if !ok {
			continue
		}
		ps, all = append(ps, p), append(all, sols)
	}
	if len(ps) < want/2 {
		t.Fatalf("only %d puzzles enumerated", len(ps))
	}
	return ps, all
}

func TestTrueCandidatesEnumerate(t *testing.T) {
	ctx := context.Background()
	ps, all := setterPuzzles(t, 1, 60)
	var counts [3]int
	for k, p := range ps {
		want := make([]uint64, p.Size*p.Size)
		for _, sol := range all[k] {
			for i, v := range sol {
				want[i] |= 1 << (v - 1)
			}
		}
		got, err := TrueCandidates(ctx, p, Options{})
		if _, clash := err.(*CheckError); clash && len(all[k]) == 0 {
			counts[0]++
			continue
		}
		if err != nil {
			t.Fatalf("%dx%d %v givens %v: %v", p.Size, p.Size, p.Rules, p.Givens, err)
		}
		if !slices.Equal(got, want) {
			for i := range got {
				if got[i] != want[i] {
					t.Fatalf("%dx%d %v regions %v givens %v (%d solutions): %s has %b, the solutions put %b there",
						p.Size, p.Size, p.Rules, p.Regions, p.Givens, len(all[k]), CellName(i, p.Size), got[i], want[i])
				}
			}
		}
		counts[min(len(all[k]), 2)]++
	}
	t.Logf("%d puzzles: %d with no solution, %d unique, %d several", len(ps), counts[0], counts[1], counts[2])
	if counts[2] < 10 {
		t.Errorf("only %d puzzles with several solutions: the test does not reach the queries", counts[2])
	}
}

func TestDiagnoseEnumerate(t *testing.T) {
	ctx := context.Background()
	ps, all := setterPuzzles(t, 2, 60)
	var counts [3]int
	proved := 0 // conflicts the reference proved
	for k, p := range ps {
		d, err := Diagnose(ctx, p, Options{})
		if err != nil {
			t.Fatalf("%dx%d %v givens %v: %v", p.Size, p.Size, p.Rules, p.Givens, err)
		}
		want := min(len(all[k]), 2)
		counts[want]++
		if d.Count != want {
			t.Fatalf("%dx%d %v givens %v: count %d, the reference finds %d", p.Size, p.Size, p.Rules, p.Givens, d.Count, len(all[k]))
		}
		switch want {
		case 0:
			if checkConflict(t, p, d) {
				proved++
			}
		case 1:
			if len(d.Solutions) != 1 || !slices.Equal(d.Solutions[0], all[k][0]) {
				t.Fatalf("%v: solutions %v, want %v", p.Rules, d.Solutions, all[k][:1])
			}
		case 2:
			a, b := d.Solutions[0], d.Solutions[1]
			if !slices.ContainsFunc(all[k], func(s []int) bool { return slices.Equal(s, a) }) ||
				!slices.ContainsFunc(all[k], func(s []int) bool { return slices.Equal(s, b) }) {
				t.Fatalf("%v: a solution given is not one: %v %v", p.Rules, a, b)
			}
			var differ []int
			for i := range a {
				if a[i] != b[i] {
					differ = append(differ, i)
				}
			}
			if len(differ) == 0 || !slices.Equal(differ, d.Differ) {
				t.Fatalf("%v: differ %v, the solutions differ in %v", p.Rules, d.Differ, differ)
			}
		}
	}
	t.Logf("%d puzzles: %d with no solution (%d conflicts proved by the reference), %d unique, %d several", len(ps), counts[0], proved, counts[1], counts[2])
	if proved < 5 || counts[2] < 5 {
		t.Errorf("too few puzzles with no solution (%d, %d proved) or several (%d)", counts[0], proved, counts[2])
	}
}

// checkConflict checks by the reference solver that d's givens and rules
// have no solution and that each one is needed. It returns false when the
// reference gave up proving that the conflict has no solution (it fills
// cells in reading order, so a contradiction at the bottom of an empty
// grid is out of its reach).
func checkConflict(t *testing.T, p *Puzzle, d Diagnosis) bool {
	t.Helper()
	sub := func(skipGiven, skipRule int) *Puzzle {
		q := &Puzzle{Size: p.Size, Regions: p.Regions, Givens: make([]int, p.Size*p.Size)}
		for _, i := range d.Givens {
			if i != skipGiven {
				q.Givens[i] = p.Givens[i]
			}
		}
		for _, k := range d.Rules {
			if k != skipRule {
				q.Rules = append(q.Rules, p.Rules[k])
			}
		}
		return q
	}
	c, _, ok := refCount(sub(-1, -1), 1, nil, 100000)
	if !ok {
		return false
	}
	if c != 0 {
		t.Fatalf("%v givens %v: the conflict (givens %v, rules %v) has a solution", p.Rules, p.Givens, d.Givens, d.Rules)
	}
	if !d.Minimal {
		return true
	}
	for _, i := range d.Givens {
		if c, _, ok := refCount(sub(i, -1), 1, nil, 2000000); ok && c == 0 {
			t.Fatalf("%v givens %v: the conflict (givens %v, rules %v) holds the given at %s it does not need", p.Rules, p.Givens, d.Givens, d.Rules, CellName(i, p.Size))
		}
	}
	for _, k := range d.Rules {
		if c, _, ok := refCount(sub(-1, k), 1, nil, 2000000); ok && c == 0 {
			t.Fatalf("%v givens %v: the conflict (givens %v, rules %v) holds rule %d it does not need", p.Rules, p.Givens, d.Givens, d.Rules, k)
		}
	}
	return true
}

func TestDiagnoseConflict(t *testing.T) {
	// r1c1 = 1 and a 3-cage in row 1, which needs 1+2: the other givens
	// and the thermometer play no part.
	p := New(4)
	p.Givens = []int{
		1, 0, 0, 0,
		0, 0, 0, 0,
		0, 0, 0, 0,
		0, 0, 0, 4,
	}
	p.Rules = []Rule{
		Thermo{Cells: []Cell{{3, 1}, {3, 2}}},
		Cage{Cells: []Cell{{1, 2}, {1, 3}}, Sum: 3},
	}
	d, err := Diagnose(context.Background(), p, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if d.Count != 0 || !slices.Equal(d.Givens, []int{0}) || !slices.Equal(d.Rules, []int{1}) || !d.Minimal {
		t.Fatalf("got %+v, want no solution, given r1c1 and rule 1, minimal", d)
	}
}

func TestTrueCandidatesClassic(t *testing.T) {
	// A classic 4x4 with two solutions: r1c1, r1c3, r2c1 and r2c3 hold 1
	// and 3 one way or the other (a deadly rectangle); the rest is given.
	p := New(4)
	p.Givens = []int{
		0, 2, 0, 4,
		0, 4, 0, 2,
		2, 1, 4, 3,
		4, 3, 2, 1,
	}
	got, err := TrueCandidates(context.Background(), p, Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := make([]uint64, 16)
	for i, v := range p.Givens {
		if v == 0 {
			want[i] = 0b101
		} else {
			want[i] = 1 << (v - 1)
		}
	}
	if !slices.Equal(got, want) {
		t.Fatalf("got %b, want %b", got, want)
	}
}

func TestRuleCells(t *testing.T) {
	tests := []struct {
		r    Rule
		want []int
	}{
		{Cage{Cells: []Cell{{1, 1}, {2, 3}}, Sum: 5}, []int{0, 11}},
		{Arrow{Circle: []Cell{{1, 1}}, Line: []Cell{{1, 2}, {1, 3}}}, []int{0, 1, 2}},
		{Kropki{Cells: [2]Cell{{9, 9}, {9, 8}}}, []int{80, 79}},
		{Parity{Cell: Cell{2, 2}}, []int{10}},
		{AntiKnight{}, nil},
		{Diagonal{Positive: true}, nil},
	}
	for _, tt := range tests {
		if got := ruleCells(tt.r, 9); !slices.Equal(got, tt.want) {
			t.Errorf("%v: cells %v, want %v", tt.r, got, tt.want)
		}
	}
}
