package variant

import "math/bits"

// This file holds the builder facilities of the line rules: whether two
// cells must differ, and the propagator of a line cell whose two
// neighbours on the line must differ.

// sees reports whether cells a and c must hold different values by a
// group or a "differ" pair compiled so far (rows, columns and regions are
// compiled before every rule).
func (b *builder) sees(a, c int) bool {
	if a == c {
		return false
	}
	n := b.n
	if a/n == c/n || a%n == c%n || b.p.Regions != nil && b.p.Regions[a] == b.p.Regions[c] {
		return true
	}
	for _, g := range b.grps {
		inA, inC := false, false
		for _, x := range g.cells {
			inA = inA || x == a
			inC = inC || x == c
		}
		if inA && inC {
			return true
		}
	}
	for _, r := range b.rels {
		if r.ok == nil && (r.a == a && r.b == c || r.a == c && r.b == a) {
			return true
		}
	}
	return false
}

// pairTable returns, for each value x of 1..n, the values y with ok(x, y).
func pairTable(n int, ok func(x, y int) bool) []uint64 {
	t := make([]uint64, n+1)
	for x := 1; x <= n; x++ {
		for y := 1; y <= n; y++ {
			if ok(x, y) {
				t[x] |= 1 << (y - 1)
			}
		}
	}
	return t
}

// supported returns the values of 1..n that have a partner in the table.
func supported(t []uint64) uint64 {
	var m uint64
	for x := 1; x < len(t); x++ {
		if t[x] != 0 {
			m |= 1 << (x - 1)
		}
	}
	return m
}

// triple is a line cell mid with two neighbours a and c on the line that
// must differ: mid's value x needs different values of a and c each in
// t[x] (t is symmetric).
type triple struct {
	a, mid, c int32
}

// tripleProp keeps the triples of one line arc consistent: each value of
// the middle cell has two different partners, one in each neighbour, and
// each neighbour's value has a middle value and a different partner in
// the other neighbour.
type tripleProp struct {
	trips []triple
	t     []uint64 // t[x]: the values allowed next to x
	rule  int
}

func (p *tripleProp) propagate(s *state) bool {
	for _, tr := range p.trips {
		ca, cm, cc := s.cand[tr.a], s.cand[tr.mid], s.cand[tr.c]
		var keepM, keepA, keepC uint64
		for x := cm; x != 0; x &= x - 1 {
			v := bits.TrailingZeros64(x) + 1
			A, C := ca&p.t[v], cc&p.t[v]
			if A == 0 || C == 0 || A == C && A&(A-1) == 0 {
				continue
			}
			keepM |= x & -x
			if C&(C-1) != 0 {
				keepA |= A
			} else {
				keepA |= A &^ C
			}
			if A&(A-1) != 0 {
				keepC |= C
			} else {
				keepC |= C &^ A
			}
		}
		if !s.restrict(int(tr.mid), keepM, p.rule) || !s.restrict(int(tr.a), keepA, p.rule) || !s.restrict(int(tr.c), keepC, p.rule) {
			return false
		}
	}
	return true
}

// linePairs compiles a line whose neighbours satisfy ok (symmetric): the
// pair relations, the values with no partner at all out of every cell,
// and the triples where a cell's two neighbours must differ.
func (b *builder) linePairs(cells []int, ok func(x, y int) bool) {
	t := pairTable(b.n, ok)
	sup := supported(t)
	for k, c := range cells {
		b.restrict(c, sup)
		if k > 0 {
			b.pair(cells[k-1], c, ok)
		}
	}
	var trips []triple
	for k := 1; k+1 < len(cells); k++ {
		if b.sees(cells[k-1], cells[k+1]) {
			trips = append(trips, triple{int32(cells[k-1]), int32(cells[k]), int32(cells[k+1])})
		}
	}
	if len(trips) > 0 {
		b.prop(&tripleProp{trips: trips, t: t, rule: b.rule}, cells)
	}
}
