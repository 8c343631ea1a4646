package variant

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"
)

// byteSource reads fuzz bytes as small numbers, 0 once they run out.
type byteSource struct {
	b []byte
}

func (s *byteSource) next(m int) int {
	if len(s.b) == 0 || m <= 0 {
		return 0
	}
	x := int(s.b[0])
	s.b = s.b[1:]
	return x % m
}

func (s *byteSource) cell(n int) Cell { return Cell{1 + s.next(n+1), 1 + s.next(n+1)} } // may be off the grid

func (s *byteSource) cells(n int) []Cell {
	k := 1 + s.next(5)
	cs := []Cell{s.cell(n)}
	for len(cs) < k {
		last := cs[len(cs)-1]
		cs = append(cs, Cell{last.Row + s.next(3) - 1, last.Col + s.next(3) - 1})
	}
	return cs
}

// fuzzPuzzle builds a puzzle, well formed or not, from fuzz bytes.
func fuzzPuzzle(s *byteSource) *Puzzle {
	n := 4 + s.next(3)
	p := New(n)
	if s.next(4) == 0 {
		p.Regions = nil
	}
	for range s.next(6) {
		var r Rule
		switch s.next(21) {
		case 0:
			r = Diagonal{Positive: s.next(2) == 0}
		case 1:
			r = Windoku{}
		case 2:
			r = Disjoint{}
		case 3:
			r = ExtraRegion{Cells: s.cells(n)}
		case 4:
			r = AntiKnight{}
		case 5:
			r = AntiKing{}
		case 6:
			r = NonConsecutive{}
		case 7:
			r = Cage{Cells: s.cells(n), Sum: s.next(20)}
		case 8:
			r = LittleKiller{Cells: s.cells(n), Sum: s.next(25)}
		case 9:
			r = Thermo{Cells: s.cells(n)}
		case 10:
			r = Arrow{Circle: []Cell{s.cell(n)}, Line: s.cells(n)}
		case 11:
			r = Kropki{Cells: [2]Cell{s.cell(n), s.cell(n)}, Black: s.next(2) == 0, Value: s.next(3)}
		case 12:
			r = KropkiNegative{White: s.next(2) == 0, Black: s.next(2) == 0}
		case 13:
			r = XV{Cells: [2]Cell{s.cell(n), s.cell(n)}, Sum: s.next(12)}
		case 14:
			r = XVNegative{}
		case 15:
			r = Parity{Cell: s.cell(n), Even: s.next(2) == 0}
		case 16:
			r = Whisper{Cells: s.cells(n), Diff: s.next(3)}
		case 17:
			r = Renban{Cells: s.cells(n)}
		case 18:
			r = Palindrome{Cells: s.cells(n)}
		case 19:
			r = Sandwich{Column: s.next(2) == 0, Index: s.next(n + 2), Sum: s.next(15)}
		case 20:
			r = fuzzLine(s, n)
		}
		p.Rules = append(p.Rules, r)
	}
	return p
}

// FuzzCheck builds random rule sets and grids: Check never panics, returns
// a RuleError or a CheckError, and agrees with the engine: a complete grid
// passes Check exactly when, given as the puzzle's givens, it is a
// solution the engine finds.
func FuzzCheck(f *testing.F) {
	rng := rand.New(rand.NewPCG(1, 1))
	for range 20 {
		b := make([]byte, 64)
		for i := range b {
			b[i] = byte(rng.IntN(256))
		}
		f.Add(b)
	}
	f.Add([]byte{0, 0, 1, 7, 0, 1, 1, 2, 10})
	f.Fuzz(func(t *testing.T, data []byte) {
		s := &byteSource{b: data}
		p := fuzzPuzzle(s)
		n := p.Size
		vals := make([]int, n*n)
		complete := s.next(2) == 0
		for i := range vals {
			vals[i] = s.next(n + 1)
			if complete && vals[i] == 0 {
				vals[i] = 1 + (i+i/n)%n
			}
		}
		err := p.Check(vals)
		var re *RuleError
		var ce *CheckError
		switch {
		case err == nil:
		case errors.As(err, &re):
			if !errors.Is(err, ErrRule) {
				t.Fatalf("rule error %v does not wrap ErrRule", err)
			}
			return
		case errors.As(err, &ce):
			for _, v := range ce.Violations {
				if v.Text == "" {
					t.Fatal("violation without text")
				}
			}
		default:
			t.Fatalf("Check returned %T %v", err, err)
		}
		if !complete {
			return
		}
		q := p.Clone()
		q.Givens = vals
		res, cerr := Count(context.Background(), q, 2, Options{MaxNodes: 1000})
		if err == nil && (cerr != nil || res.Count != 1) {
			t.Fatalf("%v: a grid that passes Check is not the engine's solution: %d, %v", p.Rules, res.Count, cerr)
		}
		if err != nil && cerr == nil && res.Count != 0 {
			t.Fatalf("%v: the engine accepts a grid Check rejects (%v)", p.Rules, err)
		}
	})
}
