package variant

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/gosudoku/sudoku"
)

func transposeCells(cs []Cell) []Cell {
	out := make([]Cell, len(cs))
	for k, c := range cs {
		out[k] = Cell{c.Col, c.Row}
	}
	return out
}

// transpose returns p mirrored in its main diagonal, or nil if a rule
// does not carry over (disjoint groups of boxes that are not square).
func transpose(p *Puzzle) *Puzzle {
	n := p.Size
	q := &Puzzle{Size: n, Givens: make([]int, n*n)}
	for i, v := range givensOf(p) {
		q.Givens[i%n*n+i/n] = v
	}
	if p.Regions != nil {
		q.Regions = make([]int, n*n)
		for i, r := range p.Regions {
			q.Regions[i%n*n+i/n] = r
		}
	}
	for _, r := range p.Rules {
		switch r := r.(type) {
		case Diagonal, Windoku, AntiKnight, AntiKing, NonConsecutive, KropkiNegative, XVNegative:
			q.Rules = append(q.Rules, r)
		case Disjoint:
			if br, bc, _ := p.BoxDims(); br != bc {
				return nil
			}
			q.Rules = append(q.Rules, r)
		case ExtraRegion:
			q.Rules = append(q.Rules, ExtraRegion{transposeCells(r.Cells)})
		case Cage:
			q.Rules = append(q.Rules, Cage{transposeCells(r.Cells), r.Sum})
		case LittleKiller:
			q.Rules = append(q.Rules, LittleKiller{transposeCells(r.Cells), r.Sum})
		case Thermo:
			q.Rules = append(q.Rules, Thermo{transposeCells(r.Cells)})
		case Arrow:
			q.Rules = append(q.Rules, Arrow{transposeCells(r.Circle), transposeCells(r.Line)})
		case Kropki:
			r.Cells = [2]Cell(transposeCells(r.Cells[:]))
			q.Rules = append(q.Rules, r)
		case XV:
			r.Cells = [2]Cell(transposeCells(r.Cells[:]))
			q.Rules = append(q.Rules, r)
		case Parity:
			q.Rules = append(q.Rules, Parity{Cell{r.Cell.Col, r.Cell.Row}, r.Even})
		case Whisper:
			q.Rules = append(q.Rules, Whisper{transposeCells(r.Cells), r.Diff})
		case Renban:
			q.Rules = append(q.Rules, Renban{transposeCells(r.Cells)})
		case Palindrome:
			q.Rules = append(q.Rules, Palindrome{transposeCells(r.Cells)})
		case Sandwich:
			r.Column = !r.Column
			q.Rules = append(q.Rules, r)
		case Quadruple:
			q.Rules = append(q.Rules, Quadruple{transposeCells(r.Cells), r.Values})
		case XSum:
			r.Column = !r.Column
			q.Rules = append(q.Rules, r)
		case Skyscraper:
			r.Column = !r.Column
			q.Rules = append(q.Rules, r)
		case Extremum:
			q.Rules = append(q.Rules, Extremum{Cell{r.Cell.Col, r.Cell.Row}, r.Max})
		case Clone:
			q.Rules = append(q.Rules, Clone{transposeCells(r.Cells), transposeCells(r.Clones)})
		case Indexer:
			if r.Box {
				return nil // the places in a box are counted in reading order
			}
			q.Rules = append(q.Rules, Indexer{transposeCells(r.Cells), !r.Column, false})
		case Marks:
			q.Rules = append(q.Rules, Marks{Cell{r.Cell.Col, r.Cell.Row}, r.Values})
		default:
			t, ok := transposeLine(r)
			if !ok {
				panic("transpose: add the kind " + r.Kind())
			}
			q.Rules = append(q.Rules, t)
		}
	}
	return q
}

// TestTransposeProperty: a puzzle mirrored in its diagonal has as many
// solutions, mirrored.
func TestTransposeProperty(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	ctx := context.Background()
	done := 0
	for done < 150 {
		n := []int{4, 6, 8, 9}[rng.IntN(4)]
		p, ok := randomPuzzle(rng, n, 0.4)
		if !ok {
			continue
		}
		q := transpose(p)
		if q == nil {
			continue
		}
		a, errA := Count(ctx, p, 3, Options{MaxNodes: 20000})
		b, errB := Count(ctx, q, 3, Options{MaxNodes: 20000})
		if errors.Is(errA, sudoku.ErrLimit) || errors.Is(errB, sudoku.ErrLimit) {
			continue // the search order differs; compare only settled counts
		}
		done++
		if (errA == nil) != (errB == nil) || a.Count != b.Count {
			t.Fatalf("%dx%d %v: %d solutions (%v), transposed %d (%v)", n, n, p.Rules, a.Count, errA, b.Count, errB)
		}
		if a.Count > 0 {
			for i, v := range a.Solution {
				if a.Count == 1 && b.Solution[i%n*n+i/n] != v {
					t.Fatalf("%v: transposed solution differs", p.Rules)
				}
			}
		}
	}
}

// TestRelabelProperty: rules that do not look at the values themselves
// (only whether they differ) keep the count when the values are
// relabelled.
func TestRelabelProperty(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 13))
	ctx := context.Background()
	done := 0
	for done < 150 {
		n := []int{4, 5, 6, 8, 9}[rng.IntN(5)]
		p, ok := randomPuzzle(rng, n, 0.35)
		if !ok {
			continue
		}
		var keep []Rule
		for _, r := range p.Rules {
			switch r := r.(type) {
			case Diagonal, Windoku, Disjoint, ExtraRegion, AntiKnight, AntiKing:
				keep = append(keep, r)
			case Cage:
				keep = append(keep, Cage{Cells: r.Cells})
			}
		}
		p.Rules = keep
		perm := rng.Perm(n)
		q := p.Clone()
		for i, v := range q.Givens {
			if v != 0 {
				q.Givens[i] = perm[v-1] + 1
			}
		}
		a, errA := Count(ctx, p, 3, Options{MaxNodes: 20000})
		b, errB := Count(ctx, q, 3, Options{MaxNodes: 20000})
		if errors.Is(errA, sudoku.ErrLimit) || errors.Is(errB, sudoku.ErrLimit) {
			continue
		}
		done++
		if (errA == nil) != (errB == nil) || a.Count != b.Count {
			t.Fatalf("%dx%d %v: %d solutions, relabelled %d", n, n, p.Rules, a.Count, b.Count)
		}
		if a.Count == 1 {
			for i, v := range a.Solution {
				if b.Solution[i] != perm[v-1]+1 {
					t.Fatalf("%v: relabelled solution differs at %s", p.Rules, CellName(i, n))
				}
			}
		}
	}
}
