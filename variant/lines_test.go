package variant

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"
)

// valuesMask is the candidate set of values vs.
func valuesMask(vs ...int) uint64 {
	var m uint64
	for _, v := range vs {
		m |= 1 << (v - 1)
	}
	return m
}

// propagated returns the candidates of p's cells after Propagate from a
// grid where every cell may hold every value.
func propagated(t *testing.T, p *Puzzle) []uint64 {
	t.Helper()
	cands := make([]uint64, p.Size*p.Size)
	for i := range cands {
		cands[i] = rangeMask(1, p.Size)
		if p.Givens != nil && p.Givens[i] != 0 {
			cands[i] = valuesMask(p.Givens[i])
		}
	}
	ok, err := p.Propagate(cands, nil)
	if err != nil || !ok {
		t.Fatalf("%v: Propagate = %v, %v", p.Rules, ok, err)
	}
	return cands
}

// TestLinePropagation checks what the line rules alone deduce on an empty
// grid, cell by cell.
func TestLinePropagation(t *testing.T) {
	cs := func(rc ...int) []Cell {
		var out []Cell
		for k := 0; k < len(rc); k += 2 {
			out = append(out, Cell{rc[k], rc[k+1]})
		}
		return out
	}
	tests := []struct {
		name   string
		size   int
		rule   Rule
		want   map[Cell]uint64
		givens map[Cell]int
		none   bool // no solution: Propagate finds a contradiction
	}{
		{"entropic line from a 1", 9, Entropic{Cells: cs(1, 1, 1, 2, 1, 3, 1, 4)}, map[Cell]uint64{
			{1, 2}: rangeMask(4, 9), {1, 3}: rangeMask(4, 9), {1, 4}: valuesMask(2, 3)}, map[Cell]int{{1, 1}: 1}, false},
		{"entropic line in 4x4 (1, 2-3, 4)", 4, Entropic{Cells: cs(1, 1, 1, 2, 1, 3)}, map[Cell]uint64{
			{1, 2}: valuesMask(2, 3, 4), {1, 3}: valuesMask(2, 3, 4)}, map[Cell]int{{1, 1}: 1}, false},
		{"modular line from a 3", 9, Modular{Cells: cs(1, 1, 1, 2, 1, 3, 1, 4)}, map[Cell]uint64{
			{1, 2}: valuesMask(1, 2, 4, 5, 7, 8), {1, 4}: valuesMask(6, 9)}, map[Cell]int{{1, 1}: 3}, false},
		{"lockout line in a box from a 2", 9, Lockout{Cells: cs(1, 1, 2, 2, 3, 3)}, map[Cell]uint64{
			{2, 2}: valuesMask(1, 7, 8, 9), {3, 3}: rangeMask(6, 9)}, map[Cell]int{{1, 1}: 2}, false},
		{"between line in a row", 9, Between{Cells: cs(1, 1, 1, 2, 1, 3, 1, 4)}, map[Cell]uint64{
			{1, 2}: rangeMask(2, 8), {1, 3}: rangeMask(2, 8), {1, 1}: rangeMask(1, 9)}, nil, false},
		{"between line from a 3 to a 6", 9, Between{Cells: cs(1, 1, 2, 2, 3, 3)}, map[Cell]uint64{
			{2, 2}: valuesMask(4, 5)}, map[Cell]int{{1, 1}: 3, {3, 3}: 6}, false},
		{"nabner of five cells in 9x9: the odd values", 9, Nabner{Cells: cs(1, 1, 1, 2, 1, 3, 1, 4, 1, 5)}, map[Cell]uint64{
			{1, 3}: valuesMask(1, 3, 5, 7, 9)}, nil, false},
		{"region-sum line: a box's two cells and one cell", 9, RegionSum{Cells: cs(2, 3, 3, 3, 4, 4)}, map[Cell]uint64{
			{2, 3}: rangeMask(1, 8), {3, 3}: rangeMask(1, 8), {4, 4}: rangeMask(3, 9)}, nil, false},
		{"zipper of three in a row", 9, Zipper{Cells: cs(1, 1, 1, 2, 1, 3)}, map[Cell]uint64{
			{1, 1}: rangeMask(1, 8), {1, 2}: rangeMask(3, 9), {1, 3}: rangeMask(1, 8)}, nil, false},
		{"double arrow with a 9 and a 1: 10 in one cell", 9, DoubleArrow{Cells: cs(1, 1, 2, 1, 3, 1)}, nil, map[Cell]int{{1, 1}: 9, {3, 1}: 1}, true},
		{"10-line of three cells", 9, TenLine{Cells: cs(1, 1, 1, 2, 1, 3)}, map[Cell]uint64{
			{1, 1}: rangeMask(1, 8), {1, 2}: rangeMask(1, 8)}, nil, false},
		{"10-line r1c1-r1c2 with a 4", 9, TenLine{Cells: cs(1, 1, 1, 2)}, map[Cell]uint64{
			{1, 2}: valuesMask(6)}, map[Cell]int{{1, 1}: 4}, false},
		{"German whisper in a row: the middle has two partners", 9, Whisper{Cells: cs(1, 1, 1, 2, 1, 3)}, map[Cell]uint64{
			{1, 1}: valuesMask(1, 2, 3, 4, 6, 7, 8, 9), {1, 2}: valuesMask(1, 2, 3, 7, 8, 9), {1, 3}: valuesMask(1, 2, 3, 4, 6, 7, 8, 9)}, nil, false},
		{"German whisper whose ends see nothing of each other", 9, Whisper{Cells: cs(3, 3, 4, 4, 5, 5)}, map[Cell]uint64{
			{4, 4}: valuesMask(1, 2, 3, 4, 6, 7, 8, 9)}, nil, false},
		{"German whisper bending back into a column", 9, Whisper{Cells: cs(1, 1, 2, 2, 3, 1)}, map[Cell]uint64{
			{2, 2}: valuesMask(1, 2, 3, 7, 8, 9)}, nil, false},
		{"Dutch whisper (4) in a row", 9, Whisper{Cells: cs(1, 1, 1, 2, 1, 3), Diff: 4}, map[Cell]uint64{
			{1, 2}: rangeMask(1, 9), {1, 1}: rangeMask(1, 9)}, nil, false},
		{"whisper of difference 6 in a row", 9, Whisper{Cells: cs(1, 1, 1, 2, 1, 3), Diff: 6}, map[Cell]uint64{
			{1, 2}: valuesMask(1, 2, 8, 9), {1, 1}: valuesMask(1, 2, 3, 7, 8, 9)}, nil, false},
		{"6x6 whisper (3) in a row", 6, Whisper{Cells: cs(1, 1, 1, 2, 1, 3)}, map[Cell]uint64{
			{1, 2}: valuesMask(1, 2, 5, 6), {1, 1}: valuesMask(1, 2, 3, 4, 5, 6)}, nil, false},
	}
	for _, tt := range tests {
		p := New(tt.size)
		p.Rules = []Rule{tt.rule}
		for c, v := range tt.givens {
			p.Givens[c.Index(tt.size)] = v
		}
		if tt.none {
			cands := make([]uint64, tt.size*tt.size)
			for i := range cands {
				cands[i] = rangeMask(1, tt.size)
				if p.Givens[i] != 0 {
					cands[i] = valuesMask(p.Givens[i])
				}
			}
			if ok, err := p.Propagate(cands, nil); ok || err != nil {
				t.Errorf("%s: Propagate = %v, %v, want a contradiction", tt.name, ok, err)
			}
			continue
		}
		got := propagated(t, p)
		for c, want := range tt.want {
			if g := got[c.Index(tt.size)]; g != want {
				t.Errorf("%s: %s = %0*b, want %0*b", tt.name, c, tt.size, g, tt.size, want)
			}
		}
	}
}

// randomLineRule returns a line rule of a kind added in round two that
// sol satisfies (now and then one drawn without looking), or nil; lines
// may cross other rules' cells.
func randomLineRule(rng *rand.Rand, p *Puzzle, sol []int) Rule {
	n := p.Size
	kind := rng.IntN(10)
	for range 8 {
		path := randomPath(rng, n, 2+rng.IntN(7), false, map[int]bool{})
		if len(path) < 2 {
			continue
		}
		make := func(cells []Cell) Rule {
			switch kind {
			case 0:
				return Whisper{Cells: cells, Diff: 1 + rng.IntN(n-1)}
			case 1:
				return RegionSum{Cells: cells}
			case 2:
				return Entropic{Cells: cells}
			case 3:
				return Modular{Cells: cells}
			case 4:
				return Lockout{Cells: cells}
			case 5:
				return Zipper{Cells: cells}
			case 6:
				return Between{Cells: cells}
			case 7:
				return Nabner{Cells: cells}
			case 8:
				return DoubleArrow{Cells: cells}
			default:
				sum := 0
				for _, c := range path[:1+rng.IntN(min(3, len(path)))] {
					sum += sol[c]
				}
				return TenLine{Cells: cells, Sum: sum}
			}
		}
		blind := rng.IntN(6) == 0
		for k := len(path); k >= 2; k-- {
			r := make(cellsOf(path[:k], n))
			q := &Puzzle{Size: n, Regions: p.Regions, Rules: []Rule{r}}
			if q.Validate() != nil {
				continue
			}
			if blind || refOK(q, sol) {
				return r
			}
		}
	}
	return nil
}

// TestLineCrossCheck compares the engine with the reference solver on
// random puzzles of line rules only (one to five of them), on the sizes
// where the reference solver is quick.
func TestLineCrossCheck(t *testing.T) {
	ctx := context.Background()
	for _, sz := range []struct {
		n       int
		density float64
	}{{4, 0.05}, {5, 0.2}, {6, 0.3}, {8, 0.55}, {9, 0.6}} {
		rng := rand.New(rand.NewPCG(uint64(sz.n), 28))
		kinds, compared := map[string]int{}, 0
		for range *crossN {
			p := &Puzzle{Size: sz.n, Regions: randomLayout(rng, sz.n)}
			sol := randomSolution(ctx, compile(p), make([]int, sz.n*sz.n), rng, 20000)
			if sol == nil {
				continue
			}
			for range 1 + rng.IntN(5) {
				if r := randomLineRule(rng, p, sol); r != nil {
					p.Rules = append(p.Rules, r)
				}
			}
			for range rng.IntN(4) {
				// Whispers of the default difference, which may meet.
				path := randomPath(rng, sz.n, 2+rng.IntN(3), false, map[int]bool{})
				k := 1
				for k < len(path) && abs(sol[path[k]]-sol[path[k-1]]) >= (sz.n+1)/2 {
					k++
				}
				if k >= 2 {
					p.Rules = append(p.Rules, Whisper{Cells: cellsOf(path[:k], sz.n)})
				}
			}
			p.Rules = append(p.Rules, cagesOnLines(rng, p, sol)...)
			p.Givens = make([]int, sz.n*sz.n)
			for i := range p.Givens {
				if rng.Float64() < sz.density {
					p.Givens[i] = sol[i]
				}
			}
			want, wsol, done := refCount(p, 3, nil, 200000)
			if !done {
				continue
			}
			compared++
			for _, r := range p.Rules {
				kinds[r.Kind()]++
			}
			res, err := Count(ctx, p, 3, Options{})
			if _, isCheck := err.(*CheckError); isCheck && want == 0 {
				continue
			}
			if err != nil || res.Count != want {
				t.Fatalf("%dx%d rules %v regions %v givens %v: engine counts %d (%v), reference %d", sz.n, sz.n, p.Rules, p.Regions, p.Givens, res.Count, err, want)
			}
			if want == 1 && !slices.Equal(res.Solution, wsol) {
				t.Fatalf("%dx%d %v: solutions differ", sz.n, sz.n, p.Rules)
			}
		}
		t.Logf("%dx%d: %d compared; rules %v", sz.n, sz.n, compared, kinds)
		if compared < *crossN/4 {
			t.Errorf("%dx%d: only %d puzzles compared", sz.n, sz.n, compared)
		}
	}
}

// lineKinds are the line rule types of round two.
var lineKinds = []Rule{RegionSum{}, Entropic{}, Modular{}, Lockout{}, Zipper{}, Between{}, Nabner{}, DoubleArrow{}, TenLine{}}

// transposeLine returns a line rule of round two mirrored in the main
// diagonal; false for another kind.
func transposeLine(r Rule) (Rule, bool) {
	switch r := r.(type) {
	case RegionSum:
		return RegionSum{transposeCells(r.Cells)}, true
	case Entropic:
		return Entropic{transposeCells(r.Cells)}, true
	case Modular:
		return Modular{transposeCells(r.Cells)}, true
	case Lockout:
		return Lockout{transposeCells(r.Cells)}, true
	case Zipper:
		return Zipper{transposeCells(r.Cells)}, true
	case Between:
		return Between{transposeCells(r.Cells)}, true
	case Nabner:
		return Nabner{transposeCells(r.Cells)}, true
	case DoubleArrow:
		return DoubleArrow{transposeCells(r.Cells)}, true
	case TenLine:
		return TenLine{transposeCells(r.Cells), r.Sum}, true
	}
	return nil, false
}

// fuzzLine returns a line rule of round two from fuzz bytes, well formed
// or not.
func fuzzLine(s *byteSource, n int) Rule {
	cells := s.cells(n)
	switch s.next(9) {
	case 0:
		return RegionSum{Cells: cells}
	case 1:
		return Entropic{Cells: cells}
	case 2:
		return Modular{Cells: cells}
	case 3:
		return Lockout{Cells: cells}
	case 4:
		return Zipper{Cells: cells}
	case 5:
		return Between{Cells: cells}
	case 6:
		return Nabner{Cells: cells}
	case 7:
		return DoubleArrow{Cells: cells}
	}
	return TenLine{Cells: cells, Sum: s.next(20)}
}

// cagesOnLines returns killer cages over runs of 2 to 4 cells of p's line
// rules that hold different values of sol (now and then a sum off by
// one), not overlapping each other.
func cagesOnLines(rng *rand.Rand, p *Puzzle, sol []int) []Rule {
	var out []Rule
	used := map[int]bool{}
	for _, r := range p.Rules {
		var cells []Cell
		switch r := r.(type) {
		case Whisper:
			cells = r.Cells
		case Entropic:
			cells = r.Cells
		case Modular:
			cells = r.Cells
		}
		if len(cells) < 2 || rng.IntN(2) == 0 {
			continue
		}
		start := rng.IntN(len(cells) - 1)
		ix := indexes(cells[start:min(len(cells), start+2+rng.IntN(3))], p.Size)
		seen, sum, ok := map[int]bool{}, 0, true
		for _, c := range ix {
			ok = ok && !seen[sol[c]] && !used[c]
			seen[sol[c]] = true
			sum += sol[c]
		}
		if !ok {
			continue
		}
		if rng.IntN(6) == 0 {
			sum++
		}
		cage := Cage{Cells: cellsOf(ix, p.Size), Sum: sum}
		if (&Puzzle{Size: p.Size, Rules: []Rule{cage}}).Validate() != nil {
			continue
		}
		for _, c := range ix {
			used[c] = true
		}
		out = append(out, cage)
	}
	return out
}

// TestCageOnLine: a killer cage on a line is kept with the line's
// relations at once (cageLineProp).
func TestCageOnLine(t *testing.T) {
	row := []Cell{{1, 1}, {1, 2}, {1, 3}}
	tests := []struct {
		name string
		line Rule
		sum  int
		want uint64 // every cell's values; 0: a contradiction
	}{
		{"a cage of 12 on an entropic line: 1, 4, 7", Entropic{Cells: row}, 12, valuesMask(1, 4, 7)},
		{"a cage of 10 on a modular line: 1+2+7, 1+3+6, 1+4+5, 2+3+5 all repeat a class", Modular{Cells: row}, 10, 0},
		{"a cage of 7 on a German whisper: 1+6 or 6+1 beside a third cell", Whisper{Cells: row[:2]}, 7, valuesMask(1, 6)},
	}
	for _, tt := range tests {
		p := New(9)
		cells := row
		if w, ok := tt.line.(Whisper); ok {
			cells = w.Cells
		}
		p.Rules = []Rule{tt.line, Cage{Cells: cells, Sum: tt.sum}}
		if tt.want == 0 {
			cands := make([]uint64, 81)
			for i := range cands {
				cands[i] = rangeMask(1, 9)
			}
			if ok, err := p.Propagate(cands, nil); ok || err != nil {
				t.Errorf("%s: Propagate = %v, %v, want a contradiction", tt.name, ok, err)
			}
			continue
		}
		got := propagated(t, p)
		for _, c := range cells {
			if g := got[c.Index(9)]; g != tt.want {
				t.Errorf("%s: %s = %09b, want %09b", tt.name, c, g, tt.want)
			}
		}
	}
}

// TestWhisperY: whispers of one difference that meet at a cell count
// together: the hub of a Y whose arms end in one box has two different
// partners, so it holds no 4 or 6 on German whispers.
func TestWhisperY(t *testing.T) {
	hub := Cell{2, 2}
	p := New(9)
	p.Rules = []Rule{
		Whisper{Cells: []Cell{{1, 1}, hub}},
		Whisper{Cells: []Cell{{1, 3}, hub}},
		Whisper{Cells: []Cell{{3, 2}, hub}},
		Whisper{Cells: []Cell{{5, 5}, {6, 6}}, Diff: 4}, // another difference: apart
	}
	got := propagated(t, p)
	if want := valuesMask(1, 2, 3, 7, 8, 9); got[hub.Index(9)] != want {
		t.Errorf("hub %09b, want %09b", got[hub.Index(9)], want)
	}
	// One arm alone leaves 4 and 6.
	p.Rules = p.Rules[:1]
	got = propagated(t, p)
	if want := valuesMask(1, 2, 3, 4, 6, 7, 8, 9); got[hub.Index(9)] != want {
		t.Errorf("one arm: hub %09b, want %09b", got[hub.Index(9)], want)
	}
}

// TestDoubleArrowInARow: a double arrow along a row keeps its ends'
// values apart from its middle's (pairSumProp).
func TestDoubleArrowInARow(t *testing.T) {
	p := New(9)
	p.Rules = []Rule{DoubleArrow{Cells: []Cell{{1, 1}, {1, 2}, {1, 3}, {1, 4}}}}
	cands := make([]uint64, 81)
	for i := range cands {
		cands[i] = rangeMask(1, 9)
	}
	// Ends in 1-4, middle in 1-3: sums 3 and 4 need a value twice (1+2
	// and 1+2, 1+3 and 1+3); only 1+4 = 2+3 is left.
	cands[0], cands[3] = rangeMask(1, 4), rangeMask(1, 4)
	cands[1], cands[2] = rangeMask(1, 3), rangeMask(1, 3)
	if ok, err := p.Propagate(cands, nil); !ok || err != nil {
		t.Fatalf("Propagate = %v, %v", ok, err)
	}
	if cands[0] != valuesMask(1, 4) || cands[3] != valuesMask(1, 4) || cands[1] != valuesMask(2, 3) || cands[2] != valuesMask(2, 3) {
		t.Errorf("r1c1-r1c4 = %04b %04b %04b %04b, want ends 1 or 4, middle 2 or 3", cands[0], cands[1], cands[2], cands[3])
	}
}
