// Package peer reads the puzzle forms of the Interactive Sudoku Solver
// (github.com/sigh/Interactive-Sudoku-Solver), so its collections can be
// solved by package variant and the two solvers compared side by side.
package peer

import (
	"fmt"

	"github.com/gosudoku/sudoku/variant"
)

// ParseKiller reads the 81-character compact killer form of the killer
// forums (the "snarfable" cages): each cell is either a cage head, which
// holds the cage's sum (0-9, then A-Z for 10-35 and a-j for 36-45; 0 is a
// cage with no sum), or an arrow toward the next cell of the path that
// leads to its head: < > ^ v for left, right, up and down, ` and ' for up
// left and up right, , and . for down left and down right. The result is
// a 9x9 puzzle with no givens and one variant.Cage per head, its cells in
// reading order. An arrow that leaves the grid or a path that loops is an
// error naming the cell.
func ParseKiller(s string) (*variant.Puzzle, error) {
	const n = 9
	if len(s) != n*n {
		return nil, fmt.Errorf("compact killer: %d characters, want %d", len(s), n*n)
	}
	next := make([]int, n*n) // the next cell toward the head; itself at a head
	sums := make([]int, n*n)
	for i := range n * n {
		r, c := i/n, i%n
		dr, dc := 0, 0
		switch ch := s[i]; {
		case ch == '<':
			dc = -1
		case ch == '>':
			dc = 1
		case ch == '^':
			dr = -1
		case ch == 'v':
			dr = 1
		case ch == '`':
			dr, dc = -1, -1
		case ch == '\'':
			dr, dc = -1, 1
		case ch == ',':
			dr, dc = 1, -1
		case ch == '.':
			dr, dc = 1, 1
		case ch >= '0' && ch <= '9':
			sums[i] = int(ch - '0')
		case ch >= 'A' && ch <= 'Z':
			sums[i] = int(ch-'A') + 10
		case ch >= 'a' && ch <= 'j':
			sums[i] = int(ch-'a') + 36
		default:
			return nil, fmt.Errorf("compact killer: %s: %q is neither a sum nor an arrow", variant.CellName(i, n), ch)
		}
		r, c = r+dr, c+dc
		if r < 0 || r >= n || c < 0 || c >= n {
			return nil, fmt.Errorf("compact killer: %s: arrow %q points off the grid", variant.CellName(i, n), s[i])
		}
		next[i] = r*n + c
	}
	cage := make(map[int]int) // head cell -> index in p.Rules
	p := variant.New(n)
	for i := range n * n {
		h := i
		for steps := 0; next[h] != h; steps++ {
			if steps == n*n {
				return nil, fmt.Errorf("compact killer: %s: its arrows loop and reach no sum", variant.CellName(i, n))
			}
			h = next[h]
		}
		k, ok := cage[h]
		if !ok {
			k = len(p.Rules)
			cage[h] = k
			p.Rules = append(p.Rules, variant.Cage{Sum: sums[h]})
		}
		c := p.Rules[k].(variant.Cage)
		c.Cells = append(c.Cells, variant.CellAt(i, n))
		p.Rules[k] = c
	}
	if err := p.Validate(); err != nil {
		return nil, fmt.Errorf("compact killer: %w", err)
	}
	return p, nil
}
