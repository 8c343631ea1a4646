package mzn

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/gosudoku/sudoku/internal/vtext"
	"github.com/gosudoku/sudoku/variant"
)

// randomCluePuzzle returns a puzzle of 4x4, 6x6 or 9x9 with one to four
// clues of the kinds f-puzzles has beyond lines (quadruples, X-sums,
// skyscrapers, minimum and maximum cells, clones, indexers, given pencil
// marks) drawn from a random solution, now and then one drawn blind, and
// givens from that solution, or nil if it has none.
func randomCluePuzzle(r *rand.Rand) *variant.Puzzle {
	n := []int{4, 6, 9}[r.IntN(3)]
	p := variant.New(n)
	seed := p.Clone()
	for range 2 {
		seed.Givens[r.IntN(n*n)] = 1 + r.IntN(n)
	}
	res, err := variant.Solve(context.Background(), seed, variant.Options{MaxNodes: 10000})
	if err != nil || res.Count == 0 {
		return nil
	}
	sol := res.Solution
	at := func(i int) variant.Cell { return variant.CellAt(i, n) }
	line := func(column bool, index int, reverse bool) []int {
		var out []int
		for _, c := range edgeLine(column, index, reverse, n) {
			out = append(out, c.Index(n))
		}
		return out
	}
	for range 1 + r.IntN(4) {
		blind := r.IntN(5) == 0
		switch r.IntN(7) {
		case 0:
			row, col := r.IntN(n-1), r.IntN(n-1)
			cells := []int{row*n + col, row*n + col + 1, (row+1)*n + col, (row+1)*n + col + 1}
			var vals []int
			for _, i := range cells[:1+r.IntN(4)] {
				vals = append(vals, sol[i])
			}
			if blind {
				vals[0] = 1 + r.IntN(n)
			}
			p.Rules = append(p.Rules, variant.Quadruple{Cells: []variant.Cell{at(cells[0]), at(cells[1]), at(cells[2]), at(cells[3])}, Values: vals})
		case 1:
			x := variant.XSum{Column: r.IntN(2) == 0, Index: 1 + r.IntN(n), Reverse: r.IntN(2) == 0}
			l := line(x.Column, x.Index, x.Reverse)
			for _, i := range l[:sol[l[0]]] {
				x.Sum += sol[i]
			}
			if blind {
				x.Sum = 1 + r.IntN(n*(n+1)/2)
			}
			p.Rules = append(p.Rules, x)
		case 2:
			k := variant.Skyscraper{Column: r.IntN(2) == 0, Index: 1 + r.IntN(n), Reverse: r.IntN(2) == 0}
			top := 0
			for _, i := range line(k.Column, k.Index, k.Reverse) {
				if sol[i] > top {
					top = sol[i]
					k.Count++
				}
			}
			if blind {
				k.Count = 1 + r.IntN(n)
			}
			p.Rules = append(p.Rules, k)
		case 3:
			p.Rules = append(p.Rules, variant.Extremum{Cell: at(r.IntN(n * n)), Max: r.IntN(2) == 0})
		case 4:
			a, b := r.IntN(n*n), r.IntN(n*n)
			for tries := 0; !blind && sol[a] != sol[b] && tries < 50; tries++ {
				b = r.IntN(n * n)
			}
			if a != b {
				p.Rules = append(p.Rules, variant.Clone{Cells: []variant.Cell{at(a)}, Clones: []variant.Cell{at(b)}})
			}
		case 5:
			x := variant.Indexer{Column: r.IntN(3) == 0, Box: r.IntN(3) == 0}
			if x.Box {
				x.Column = false
			}
			for range 1 + r.IntN(3) {
				if c := at(r.IntN(n * n)); !slicesContains(x.Cells, c) {
					x.Cells = append(x.Cells, c)
				}
			}
			p.Rules = append(p.Rules, x)
		default:
			i := r.IntN(n * n)
			vals := []int{sol[i], 1 + r.IntN(n)}
			if blind || vals[0] == vals[1] {
				vals = vals[1:]
			}
			p.Rules = append(p.Rules, variant.Marks{Cell: at(i), Values: vals})
		}
	}
	if p.Validate() != nil {
		return nil
	}
	for _, i := range r.Perm(n * n)[:r.IntN(n*n/2)] {
		p.Givens[i] = sol[i]
	}
	return p
}

// TestClueCrossCheck counts random puzzles of the clue kinds with
// MiniZinc and with variant.Count: the counts up to 2 must agree.
func TestClueCrossCheck(t *testing.T) {
	if !*useMZN {
		t.Skip("the MiniZinc cross-check runs with -minizinc")
	}
	needMZN(t)
	dir := t.TempDir()
	r := rand.New(rand.NewPCG(29, 2026))
	kinds := map[string][3]int{}
	for done := 0; done < *crossN; {
		p := randomCluePuzzle(r)
		if p == nil {
			continue
		}
		done++
		model, err := Model(p)
		if err != nil {
			t.Fatal(err)
		}
		want, _ := run(t, dir, model)
		res, err := variant.Count(context.Background(), p, 2, variant.Options{})
		var ce *variant.CheckError
		if errors.As(err, &ce) {
			res.Count, err = 0, nil
		}
		if err != nil {
			t.Fatal(err)
		}
		if res.Count != want {
			data, _ := vtext.WriteJSON(p)
			t.Errorf("%s\nvariant.Count = %d, MiniZinc = %d", data, res.Count, want)
		}
		for _, rule := range p.Rules {
			k := kinds[rule.Kind()]
			k[want]++
			kinds[rule.Kind()] = k
		}
	}
	for name, k := range kinds {
		t.Logf("%-12s puzzles with 0 / 1 / 2+ solutions: %v", name, k)
	}
}
