package mzn

import (
	"context"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/gosudoku/sudoku/internal/vtext"
	"github.com/gosudoku/sudoku/variant"
)

// randomLinePuzzle returns a puzzle of 4x4, 6x6 or 9x9 with one to four
// random line rules of round two (drawn blind, some with a killer cage on
// their first cells) and givens from one of its
// solutions (now and then one more at random), or nil if it has none.
func randomLinePuzzle(r *rand.Rand) *variant.Puzzle {
	n := []int{4, 6, 9}[r.IntN(3)]
	p := variant.New(n)
	walk := func(k int) []variant.Cell {
		c := variant.Cell{Row: 1 + r.IntN(n), Col: 1 + r.IntN(n)}
		cells := []variant.Cell{c}
		for len(cells) < k {
			d := variant.Cell{Row: c.Row + r.IntN(3) - 1, Col: c.Col + r.IntN(3) - 1}
			if d.Row < 1 || d.Row > n || d.Col < 1 || d.Col > n || slicesContains(cells, d) {
				break
			}
			cells = append(cells, d)
			c = d
		}
		return cells
	}
	for range 1 + r.IntN(4) {
		cells := walk(2 + r.IntN(6))
		var rule variant.Rule
		switch r.IntN(10) {
		case 0:
			rule = variant.Whisper{Cells: cells, Diff: 1 + r.IntN(n-1)}
		case 1:
			rule = variant.RegionSum{Cells: cells}
		case 2:
			rule = variant.Entropic{Cells: cells}
		case 3:
			rule = variant.Modular{Cells: cells}
		case 4:
			rule = variant.Lockout{Cells: cells}
		case 5:
			rule = variant.Zipper{Cells: cells}
		case 6:
			rule = variant.Between{Cells: cells}
		case 7:
			rule = variant.Nabner{Cells: cells[:min(len(cells), (n+1)/2)]}
		case 8:
			rule = variant.DoubleArrow{Cells: cells}
		default:
			rule = variant.TenLine{Cells: cells, Sum: 5 + r.IntN(10)}
		}
		p.Rules = append(p.Rules, rule)
		if k := min(len(cells), 2+r.IntN(3)); k >= 2 && r.IntN(3) == 0 {
			// A killer cage on the line's first cells.
			p.Rules = append(p.Rules, variant.Cage{Cells: cells[:k], Sum: k*(k+1)/2 + r.IntN(k*(n-k)+1)})
		}
	}
	if p.Validate() != nil {
		return nil
	}
	res, err := variant.Solve(context.Background(), p, variant.Options{MaxNodes: 100000})
	if err != nil || res.Count == 0 {
		return nil
	}
	for _, i := range r.Perm(n * n)[:r.IntN(n*n*2/3)] {
		p.Givens[i] = res.Solution[i]
	}
	if r.IntN(4) == 0 {
		p.Givens[r.IntN(n*n)] = 1 + r.IntN(n) // often no solution
	}
	return p
}

func slicesContains(cs []variant.Cell, c variant.Cell) bool {
	for _, d := range cs {
		if d == c {
			return true
		}
	}
	return false
}

// TestLineCrossCheck counts random puzzles of the line rules of round two
// with MiniZinc and with variant.Count: the counts up to 2 must agree.
func TestLineCrossCheck(t *testing.T) {
	if !*useMZN {
		t.Skip("the MiniZinc cross-check runs with -minizinc")
	}
	needMZN(t)
	dir := t.TempDir()
	r := rand.New(rand.NewPCG(28, 2026))
	kinds := map[string][3]int{}
	for done := 0; done < *crossN; {
		p := randomLinePuzzle(r)
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

func TestLineModelText(t *testing.T) {
	c := func(r, k int) variant.Cell { return variant.Cell{Row: r, Col: k} }
	p := variant.New(9)
	p.Rules = []variant.Rule{
		variant.RegionSum{Cells: []variant.Cell{c(1, 3), c(1, 4)}},
		variant.Lockout{Cells: []variant.Cell{c(2, 1), c(2, 2), c(2, 3)}},
		variant.TenLine{Cells: []variant.Cell{c(3, 1), c(3, 2)}},
		variant.Modular{Cells: []variant.Cell{c(4, 1), c(4, 2)}},
	}
	got, err := Model(p)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"constraint (x[1,3]) = (x[1,4]);",
		"constraint abs(x[2,1] - x[2,3]) >= 4;",
		"constraint (x[2,2] < min(x[2,1], x[2,3]) \\/ x[2,2] > max(x[2,1], x[2,3]));",
		"constraint let { array[1..2] of var 1..10: s } in (s[1] = x[3,1] /\\ s[2] = if s[1] = 10 then x[3,2] else s[1] + x[3,2] endif /\\ s[2] = 10);",
		"constraint [1,2,0,1,2,0,1,2,0][x[4,1]] != [1,2,0,1,2,0,1,2,0][x[4,2]];",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the model lacks %q:\n%s", want, got)
		}
	}
}
