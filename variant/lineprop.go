package variant

import (
	"fmt"
	"math/bits"
)

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
// and the killer cages on the line kept with it (cageLines).
func (b *builder) linePairs(cells []int, ok func(x, y int) bool) {
	sup := supported(pairTable(b.n, ok))
	for k, c := range cells {
		b.restrict(c, sup)
		if k > 0 {
			b.pair(cells[k-1], c, ok)
		}
	}
	b.cageLines(cells, 1, ok)
}

// lineTriples adds the triples of lines whose neighbours satisfy ok
// (symmetric): each cell with two neighbours, on one line or on two that
// meet there (the arms of a Y), that must differ.
func (b *builder) lineTriples(lines [][]int, ok func(x, y int) bool) {
	nbrs := map[int][]int{}
	add := func(c, o int) {
		for _, x := range nbrs[c] {
			if x == o {
				return
			}
		}
		nbrs[c] = append(nbrs[c], o)
	}
	var order []int
	for _, l := range lines {
		for k := 1; k < len(l); k++ {
			for _, c := range []int{l[k-1], l[k]} {
				if nbrs[c] == nil {
					order = append(order, c)
				}
			}
			add(l[k-1], l[k])
			add(l[k], l[k-1])
		}
	}
	var trips []triple
	var watch []int
	for _, c := range order {
		ns := nbrs[c]
		for i := range ns {
			for j := i + 1; j < len(ns); j++ {
				if b.sees(ns[i], ns[j]) {
					trips = append(trips, triple{int32(ns[i]), int32(c), int32(ns[j])})
					watch = append(watch, ns[i], c, ns[j])
				}
			}
		}
	}
	if len(trips) > 0 {
		b.prop(&tripleProp{trips: trips, t: pairTable(b.n, ok), rule: b.rule}, watch)
	}
}

// classProp keeps a line whose cells at most two apart hold values of
// different classes (three classes of values: entropic and modular
// lines). Cells whose places on the line are equal mod 3 then share a
// class, and the three places mod 3 take the three classes, one each:
// each place keeps the classes of the assignments of classes to places
// that every cell allows.
type classProp struct {
	cells   []int32
	classes [3]uint64
	rule    int
}

func (p *classProp) propagate(s *state) bool {
	// ok[r] is the classes every cell at place r mod 3 can take.
	ok := [3]uint8{7, 7, 7}
	for k, c := range p.cells {
		m := s.cand[c]
		var cl uint8
		for j, mask := range p.classes {
			if m&mask != 0 {
				cl |= 1 << j
			}
		}
		ok[k%3] &= cl
	}
	places := min(len(p.cells), 3)
	var keep [3]uint8
	for _, perm := range [6][3]uint8{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}} {
		fits := true
		for r := range places {
			fits = fits && ok[r]&(1<<perm[r]) != 0
		}
		if fits {
			for r := range places {
				keep[r] |= 1 << perm[r]
			}
		}
	}
	var allow [3]uint64
	for r := range places {
		if keep[r] == 0 {
			return false
		}
		for j, mask := range p.classes {
			if keep[r]&(1<<j) != 0 {
				allow[r] |= mask
			}
		}
	}
	for k, c := range p.cells {
		if !s.restrict(int(c), allow[k%3], p.rule) {
			return false
		}
	}
	return true
}

// maxSeeing returns the largest number of cells that lie in one row,
// column or region (they hold different values).
func (b *builder) maxSeeing(cells []int) int {
	best := min(len(cells), 1)
	for kind := range 3 {
		if kind == 2 && b.p.Regions == nil {
			break
		}
		count := map[int]int{}
		for _, c := range cells {
			u := b.unitOf(kind, c)
			count[u]++
			best = max(best, count[u])
		}
	}
	return best
}

// endsProp keeps a line whose two ends x (first) and y (last) must make a
// pair ok(x, y), and whose middle cells must each hold a value mid(x, y,
// v) allows; need is the number of different values the middle needs
// (the most middle cells that see each other), checked against room(x,
// y), the number of values the middle may take.
type endsProp struct {
	a, b   int32
	middle []int32
	ok     func(x, y int) bool
	mid    func(x, y int) uint64 // the values a middle cell may hold
	need   int
	rule   int
}

func (p *endsProp) propagate(s *state) bool {
	ca, cb := s.cand[p.a], s.cand[p.b]
	var keepA, keepB, keepMid uint64
	for xs := ca; xs != 0; xs &= xs - 1 {
		x := bits.TrailingZeros64(xs) + 1
		for ys := cb; ys != 0; ys &= ys - 1 {
			y := bits.TrailingZeros64(ys) + 1
			if !p.ok(x, y) {
				continue
			}
			allowed := p.mid(x, y)
			if bits.OnesCount64(allowed) < p.need {
				continue
			}
			fits := true
			for _, c := range p.middle {
				if s.cand[c]&allowed == 0 {
					fits = false
					break
				}
			}
			if fits {
				keepA |= 1 << (x - 1)
				keepB |= 1 << (y - 1)
				keepMid |= allowed
			}
		}
	}
	if !s.restrict(int(p.a), keepA, p.rule) || !s.restrict(int(p.b), keepB, p.rule) {
		return false
	}
	for _, c := range p.middle {
		if !s.restrict(int(c), keepMid, p.rule) {
			return false
		}
	}
	return true
}

// equalSums reports two filled groups of cells whose sums differ: "rule:
// segment r1c1,r1c2 sums to 7, segment r2c3 to 9" (what names a group).
func (ck *checker) equalSums(groups [][]int, rule fmt.Stringer, what string) {
	first, firstSum := -1, 0
	for k, g := range groups {
		if !ck.full(g) {
			continue
		}
		_, s := ck.sumText(g)
		if first < 0 {
			first, firstSum = k, s
			continue
		}
		if s != firstSum {
			cells := append(append([]int(nil), groups[first]...), g...)
			ck.add(cells, "%s: %s %s sums to %d, %s %s to %d", rule, what, names(groups[first], ck.n), firstSum, what, names(g, ck.n), s)
			return
		}
	}
}

// names names cells by their indexes: "r1c1,r1c2".
func names(ix []int, n int) string {
	cs := make([]Cell, len(ix))
	for k, i := range ix {
		cs[k] = CellAt(i, n)
	}
	return cellList(cs, ",")
}

// classOf returns the class of value v, or -1.
func classOf(classes [3]uint64, v int) int {
	for k, m := range classes {
		if m&(1<<(v-1)) != 0 {
			return k
		}
	}
	return -1
}

// classLine reports two filled cells at most two apart on the line whose
// values are of the same class (word names a class).
func (ck *checker) classLine(cells []int, classes [3]uint64, rule fmt.Stringer, word func(int) string) {
	for k, a := range cells {
		for j := k + 1; j < len(cells) && j <= k+2; j++ {
			b := cells[j]
			if ck.v[a] == 0 || ck.v[b] == 0 {
				continue
			}
			if ca := classOf(classes, ck.v[a]); ca == classOf(classes, ck.v[b]) {
				ck.add([]int{a, b}, "%s: %s and %s are both %s", rule, ck.at(a), ck.at(b), word(ca))
			}
		}
	}
}

// classLine compiles a line whose cells at most two apart hold values of
// different classes.
func (b *builder) classLine(cells []int, classes [3]uint64) {
	b.prop(&classProp{cells: i32s(cells), classes: classes, rule: b.rule}, cells)
	b.cageLines(cells, 2, func(x, y int) bool { return classOf(classes, x) != classOf(classes, y) })
}

// maxCageLine bounds the killer cages that cageLineProp keeps with a
// line: the cells of one enumerated at once.
const maxCageLine = 4

// cagePair is a pair relation between cells i and j of a cageLineProp:
// t[x] holds the values cells[j] may take when cells[i] holds x.
type cagePair struct {
	i, j int
	t    []uint64
}

// cageLineProp keeps a small killer cage and the relations a line puts
// between its cells arc consistent at once: each value kept belongs to an
// assignment of different values with the cage's sum that every relation
// allows. Apart, the cage and the line each allow more (a cage of 12
// across an entropic line alone is 1, 4 and 7).
type cageLineProp struct {
	cells []int32
	sum   int
	pairs []cagePair
	rule  int
}

func (p *cageLineProp) propagate(s *state) bool {
	var vals [maxCageLine]int
	var sup [maxCageLine]uint64
	k := len(p.cells)
	var rec func(i, used, rest int)
	rec = func(i, used, rest int) {
		if i == k {
			if rest == 0 {
				for j := range k {
					sup[j] |= 1 << (vals[j] - 1)
				}
			}
			return
		}
		for m := s.cand[p.cells[i]] &^ uint64(used); m != 0; m &= m - 1 {
			v := bits.TrailingZeros64(m) + 1
			if v > rest {
				break
			}
			if i == k-1 && v != rest {
				continue
			}
			ok := true
			for _, pr := range p.pairs {
				if pr.j == i && pr.t[vals[pr.i]]&(1<<(v-1)) == 0 {
					ok = false
					break
				}
			}
			if ok {
				vals[i] = v
				rec(i+1, used|1<<(v-1), rest-v)
			}
		}
	}
	rec(0, 0, p.sum)
	for j, c := range p.cells {
		if !s.restrict(int(c), sup[j], p.rule) {
			return false
		}
	}
	return true
}

// cageLines adds a cageLineProp for each killer cage of at most
// maxCageLine cells with a sum that holds two cells of line at most near
// apart on it, related by ok.
func (b *builder) cageLines(line []int, near int, ok func(x, y int) bool) {
	at := map[int]int{}
	for k, c := range line {
		at[c] = k
	}
	var t []uint64
	for _, r := range b.p.Rules {
		cg, isCage := r.(Cage)
		if !isCage || cg.Sum == 0 || len(cg.Cells) < 2 || len(cg.Cells) > maxCageLine {
			continue
		}
		cells := indexes(cg.Cells, b.n)
		var pairs []cagePair
		for i, a := range cells {
			for j, c := range cells {
				ka, inA := at[a]
				kc, inC := at[c]
				if i < j && inA && inC && abs(ka-kc) <= near {
					if t == nil {
						t = pairTable(b.n, ok)
					}
					pairs = append(pairs, cagePair{i, j, t})
				}
			}
		}
		if len(pairs) > 0 {
			b.prop(&cageLineProp{cells: i32s(cells), sum: cg.Sum, pairs: pairs, rule: b.rule}, cells)
		}
	}
}
