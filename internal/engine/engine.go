// Package engine is the general solver behind package sudoku: candidate
// bitsets for any order 2..8, constraint propagation and
// fewest-candidates-first backtracking.
package engine

import (
	"context"
	"errors"
	"math/bits"
)

// ErrLimit is returned when the search stops at Options.MaxGuesses.
var ErrLimit = errors.New("search limit reached")

// Options bound one search.
type Options struct {
	Limit      int   // stop after this many solutions (at least 1)
	MaxGuesses int64 // stop with ErrLimit after this many guesses; 0 means no limit
	Workers    int   // goroutines for one search; 0 or 1 means one
	Exclude    []Exclusion
}

// Exclusion is a candidate removed before the search: no solution has
// Value in Cell.
type Exclusion struct {
	Cell  int
	Value uint8
}

// Stats reports the work one search did.
type Stats struct {
	Guesses int64 // candidate values tried at branch points
}

// Solve searches the puzzle in cells (order n, row-major, 0 blank, givens
// already known to be consistent) for up to o.Limit solutions and writes the
// first one found into sol, which has len(cells). It returns the number of
// solutions found; with a non-nil error (ErrLimit or ctx.Err()) that number
// is only a lower bound.
func Solve(ctx context.Context, order int, cells, sol []uint8, o Options) (int, Stats, error) {
	s := newSolver(ctx, order, o)
	st := s.initial(cells, o.Exclude)
	if st == nil {
		return 0, Stats{}, nil
	}
	s.search(st)
	if s.count > 0 {
		copy(sol, s.first)
	}
	return s.count, Stats{Guesses: s.guesses}, s.err
}

type solver struct {
	ctx        context.Context
	n, side    int
	ncell      int
	full       uint64
	peers      [][]int32
	units      [][]int32
	limit      int
	maxGuesses int64
	guesses    int64
	count      int
	first      []uint8
	err        error
}

type state struct {
	cand []uint64 // candidates of each blank cell; 0 for a filled cell
	val  []uint8
	left int // blank cells
}

func newSolver(ctx context.Context, n int, o Options) *solver {
	side := n * n
	s := &solver{ctx: ctx, n: n, side: side, ncell: side * side, limit: max(o.Limit, 1), maxGuesses: o.MaxGuesses}
	if side == 64 {
		s.full = ^uint64(0)
	} else {
		s.full = 1<<side - 1
	}
	s.units = make([][]int32, 0, 3*side)
	for r := 0; r < side; r++ {
		u := make([]int32, side)
		for c := range u {
			u[c] = int32(r*side + c)
		}
		s.units = append(s.units, u)
	}
	for c := 0; c < side; c++ {
		u := make([]int32, side)
		for r := range u {
			u[r] = int32(r*side + c)
		}
		s.units = append(s.units, u)
	}
	for b := 0; b < side; b++ {
		u := make([]int32, side)
		r0, c0 := b/n*n, b%n*n
		for k := range u {
			u[k] = int32((r0+k/n)*side + c0 + k%n)
		}
		s.units = append(s.units, u)
	}
	s.peers = make([][]int32, s.ncell)
	for i := range s.peers {
		r, c := i/side, i%side
		b := r/n*n + c/n
		seen := map[int32]bool{int32(i): true}
		for _, u := range [][]int32{s.units[r], s.units[side+c], s.units[2*side+b]} {
			for _, p := range u {
				if !seen[p] {
					seen[p] = true
					s.peers[i] = append(s.peers[i], p)
				}
			}
		}
	}
	return s
}

func (s *solver) initial(cells []uint8, excl []Exclusion) *state {
	st := &state{cand: make([]uint64, s.ncell), val: make([]uint8, s.ncell), left: s.ncell}
	for i := range st.cand {
		st.cand[i] = s.full
	}
	for _, e := range excl {
		st.cand[e.Cell] &^= 1 << (e.Value - 1)
		if st.cand[e.Cell] == 0 {
			return nil
		}
	}
	for i, v := range cells {
		if v != 0 && !s.assign(st, i, v) {
			return nil
		}
	}
	return st
}

// assign puts v in cell i and removes v from its peers, following naked
// singles. It reports false on a contradiction.
func (s *solver) assign(st *state, i int, v uint8) bool {
	bit := uint64(1) << (v - 1)
	if st.val[i] != 0 {
		return st.val[i] == v
	}
	if st.cand[i]&bit == 0 {
		return false
	}
	st.val[i] = v
	st.cand[i] = 0
	st.left--
	for _, p := range s.peers[i] {
		if st.val[p] != 0 || st.cand[p]&bit == 0 {
			if st.val[p] == v {
				return false
			}
			continue
		}
		st.cand[p] &^= bit
		switch c := st.cand[p]; {
		case c == 0:
			return false
		case c&(c-1) == 0:
			if !s.assign(st, int(p), uint8(bits.TrailingZeros64(c)+1)) {
				return false
			}
		}
	}
	return true
}

// hiddenSingles places every symbol that has one place left in a unit,
// until none is left. It reports false on a contradiction.
func (s *solver) hiddenSingles(st *state) bool {
	for changed := true; changed; {
		changed = false
		for _, u := range s.units {
			var once, twice, placed uint64
			for _, i := range u {
				if v := st.val[i]; v != 0 {
					placed |= 1 << (v - 1)
					continue
				}
				c := st.cand[i]
				twice |= once & c
				once |= c
			}
			if (once | placed) != s.full {
				return false
			}
			single := once &^ twice &^ placed
			for single != 0 {
				b := single & -single
				single &^= b
				for _, i := range u {
					if st.cand[i]&b != 0 {
						if !s.assign(st, int(i), uint8(bits.TrailingZeros64(b)+1)) {
							return false
						}
						changed = true
						break
					}
				}
			}
		}
	}
	return true
}

func (s *solver) search(st *state) {
	if s.err != nil || s.count >= s.limit {
		return
	}
	if !s.hiddenSingles(st) {
		return
	}
	if st.left == 0 {
		if s.count == 0 {
			s.first = append([]uint8(nil), st.val...)
		}
		s.count++
		return
	}
	best, bestN := -1, 65
	for i, c := range st.cand {
		if st.val[i] == 0 {
			if n := bits.OnesCount64(c); n < bestN {
				best, bestN = i, n
				if n == 2 {
					break
				}
			}
		}
	}
	for c := st.cand[best]; c != 0 && s.count < s.limit && s.err == nil; c &= c - 1 {
		s.guesses++
		if s.maxGuesses > 0 && s.guesses > s.maxGuesses {
			s.err = ErrLimit
			return
		}
		if s.guesses&1023 == 0 {
			if err := s.ctx.Err(); err != nil {
				s.err = err
				return
			}
		}
		next := &state{cand: append([]uint64(nil), st.cand...), val: append([]uint8(nil), st.val...), left: st.left}
		if s.assign(next, best, uint8(bits.TrailingZeros64(c)+1)) {
			s.search(next)
		}
	}
}
