package variant

import "math/rand/v2"

// moreRules adds, now and then, rules of the kinds f-puzzles has beyond
// part one's (quadruples, X-sums, skyscrapers, minimum and maximum cells,
// clones, indexers, given pencil marks), drawn from the solution sol so
// that it keeps them, and once in a while one drawn blind.
func moreRules(rng *rand.Rand, p *Puzzle, sol []int) []Rule {
	n := p.Size
	var rs []Rule
	for range rng.IntN(3) {
		switch rng.IntN(8) {
		case 0: // quadruple around a corner, some of its values
			r, c := rng.IntN(n-1), rng.IntN(n-1)
			cells := []int{r*n + c, r*n + c + 1, (r+1)*n + c, (r+1)*n + c + 1}
			rng.Shuffle(4, func(a, b int) { cells[a], cells[b] = cells[b], cells[a] })
			k := 1 + rng.IntN(4)
			var vals []int
			for _, i := range cells[:k] {
				vals = append(vals, sol[i])
			}
			if rng.IntN(6) == 0 {
				vals[0] = 1 + rng.IntN(n) // blind: may break it
			}
			cs := []Cell{CellAt(r*n+c, n), CellAt(r*n+c+1, n), CellAt((r+1)*n+c, n), CellAt((r+1)*n+c+1, n)}
			rs = append(rs, Quadruple{Cells: cs, Values: vals})
		case 1: // x-sum
			x := XSum{Column: rng.IntN(2) == 0, Index: 1 + rng.IntN(n), Reverse: rng.IntN(2) == 0}
			line := edgeLine(x.Column, x.Index, x.Reverse, n)
			for _, c := range line[:sol[line[0]]] {
				x.Sum += sol[c]
			}
			rs = append(rs, x)
		case 2: // skyscraper
			k := Skyscraper{Column: rng.IntN(2) == 0, Index: 1 + rng.IntN(n), Reverse: rng.IntN(2) == 0}
			k.Count = seen(edgeLine(k.Column, k.Index, k.Reverse, n), sol)
			if rng.IntN(6) == 0 {
				k.Count = 1 + rng.IntN(n)
			}
			rs = append(rs, k)
		case 3: // minimum or maximum cells, where sol has them
			for range 1 + rng.IntN(3) {
				i := rng.IntN(n * n)
				e := Extremum{Cell: CellAt(i, n), Max: rng.IntN(2) == 0}
				q := &Puzzle{Size: n, Regions: p.Regions, Rules: append(append([]Rule(nil), rs...), e)}
				if refOK(q, sol) {
					rs = q.Rules
				}
			}
		case 4: // clone of a cell or a pair holding the same values
			a, b := rng.IntN(n*n), rng.IntN(n*n)
			if a != b && sol[a] == sol[b] {
				rs = append(rs, Clone{Cells: []Cell{CellAt(a, n)}, Clones: []Cell{CellAt(b, n)}})
			}
		case 5: // indexer cells (they hold wherever sol agrees)
			x := Indexer{Column: rng.IntN(2) == 0}
			if p.Regions != nil && rng.IntN(3) == 0 {
				x = Indexer{Box: true}
			}
			for range 1 + rng.IntN(3) {
				i := rng.IntN(n * n)
				if j, want := x.target(p, i, sol[i]); sol[j] == want {
					x.Cells = append(x.Cells, CellAt(i, n))
				}
			}
			if len(x.Cells) > 0 && validCells(x.Cells, n, 1) == nil {
				rs = append(rs, x)
			}
		case 6: // given pencil marks holding the solution's value
			i := rng.IntN(n * n)
			vals := []int{sol[i], 1 + rng.IntN(n)}
			if rng.IntN(5) == 0 {
				vals = vals[1:] // blind
			}
			rs = append(rs, Marks{Cell: CellAt(i, n), Values: vals})
		case 7: // a clone drawn blind
			a, b := rng.IntN(n*n), rng.IntN(n*n)
			rs = append(rs, Clone{Cells: []Cell{CellAt(a, n)}, Clones: []Cell{CellAt(b, n)}})
		}
	}
	return rs
}
