package variant

import (
	"math/rand/v2"
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
		name string
		size int
		rule Rule
		want map[Cell]uint64
	}{
		{"German whisper in a row: the middle has two partners", 9, Whisper{Cells: cs(1, 1, 1, 2, 1, 3)}, map[Cell]uint64{
			{1, 1}: valuesMask(1, 2, 3, 4, 6, 7, 8, 9), {1, 2}: valuesMask(1, 2, 3, 7, 8, 9), {1, 3}: valuesMask(1, 2, 3, 4, 6, 7, 8, 9)}},
		{"German whisper whose ends see nothing of each other", 9, Whisper{Cells: cs(3, 3, 4, 4, 5, 5)}, map[Cell]uint64{
			{4, 4}: valuesMask(1, 2, 3, 4, 6, 7, 8, 9)}},
		{"German whisper bending back into a column", 9, Whisper{Cells: cs(1, 1, 2, 2, 3, 1)}, map[Cell]uint64{
			{2, 2}: valuesMask(1, 2, 3, 7, 8, 9)}},
		{"Dutch whisper (4) in a row", 9, Whisper{Cells: cs(1, 1, 1, 2, 1, 3), Diff: 4}, map[Cell]uint64{
			{1, 2}: rangeMask(1, 9), {1, 1}: rangeMask(1, 9)}},
		{"whisper of difference 6 in a row", 9, Whisper{Cells: cs(1, 1, 1, 2, 1, 3), Diff: 6}, map[Cell]uint64{
			{1, 2}: valuesMask(1, 2, 8, 9), {1, 1}: valuesMask(1, 2, 3, 7, 8, 9)}},
		{"6x6 whisper (3) in a row", 6, Whisper{Cells: cs(1, 1, 1, 2, 1, 3)}, map[Cell]uint64{
			{1, 2}: valuesMask(1, 2, 5, 6), {1, 1}: valuesMask(1, 2, 3, 4, 5, 6)}},
	}
	for _, tt := range tests {
		p := New(tt.size)
		p.Rules = []Rule{tt.rule}
		got := propagated(t, p)
		for c, want := range tt.want {
			if g := got[c.Index(tt.size)]; g != want {
				t.Errorf("%s: %s = %0*b, want %0*b", tt.name, c, tt.size, g, tt.size, want)
			}
		}
	}
}

// randomLineRule returns a line rule of a kind added in round two that
// sol satisfies, or nil; free holds no cells (lines may cross).
func randomLineRule(rng *rand.Rand, p *Puzzle, sol []int) Rule {
	n := p.Size
	path := randomPath(rng, n, 2+rng.IntN(6), false, map[int]bool{})
	if len(path) < 2 {
		return nil
	}
	switch {
	default: // whisper of a random difference: the longest prefix that whispers
		d := 1 + rng.IntN(n-1)
		k := 1
		for k < len(path) && abs(sol[path[k]]-sol[path[k-1]]) >= d {
			k++
		}
		if k >= 2 {
			return Whisper{Cells: cellsOf(path[:k], n), Diff: d}
		}
	}
	return nil
}
