package variant

import "math/bits"

// TenLine is a 10-line: the line splits into segments of consecutive
// cells that each sum to Sum (0: 10, in every size). f-puzzles has no key
// for it; the rules JSON form reads and writes it.
type TenLine struct {
	Cells []Cell
	Sum   int
}

// Kind returns "tenline".
func (TenLine) Kind() string { return "tenline" }

func (l TenLine) String() string {
	if l.Sum != 0 && l.Sum != 10 {
		return "10-line " + span(l.Cells) + " (segments of " + itoa(l.Sum) + ")"
	}
	return "10-line " + span(l.Cells)
}

func (l TenLine) target() int {
	if l.Sum == 0 {
		return 10
	}
	return l.Sum
}

// maxTenSum bounds a 10-line's segment sum (the propagator's sets of
// partial sums are one word).
const maxTenSum = 63

func (l TenLine) validate(p *Puzzle) error {
	if err := validPath(l.Cells, p.Size, 1, "10-line"); err != nil {
		return err
	}
	if l.Sum < 0 || l.Sum > maxTenSum {
		return ruleErr("a segment sum of %d: want 1 to %d", l.Sum, maxTenSum)
	}
	return nil
}

// splits reports whether values vals split into segments summing to t.
func splits(vals []int, t int) bool {
	s := 0
	for _, v := range vals {
		s += v
		if s == t {
			s = 0
		} else if s > t {
			return false
		}
	}
	return s == 0
}

func (l TenLine) check(ck *checker) {
	cells := indexes(l.Cells, ck.n)
	if !ck.full(cells) {
		return
	}
	vals := make([]int, len(cells))
	for k, c := range cells {
		vals[k] = ck.v[c]
	}
	if !splits(vals, l.target()) {
		text, _ := ck.sumText(cells)
		ck.add(cells, "%s holds %s: it does not split into segments summing to %d", l, text, l.target())
	}
}

func (l TenLine) compile(b *builder) {
	cells := indexes(l.Cells, b.n)
	b.prop(&tenProp{cells: i32s(cells), t: l.target(), rule: b.rule}, cells)
}

// tenProp keeps a 10-line's values that belong to a split of the line
// into segments of sum t: with the sums a segment can have reached before
// each cell (from the start) and the sums from which the rest of the line
// can still be split (from the end), a cell's value must join one of each.
type tenProp struct {
	cells []int32
	t     int
	rule  int
}

// maxTenCells bounds the cells of a 10-line the propagator keeps on the
// stack; longer lines use a heap slice.
const maxTenCells = 81

func (p *tenProp) propagate(s *state) bool {
	k, t := len(p.cells), p.t
	below := uint64(1)<<t - 1 // the partial sums 0..t-1
	var buf [maxTenCells + 1]uint64
	back := buf[:]
	if k+1 > len(buf) {
		back = make([]uint64, k+1)
	}
	// back[i]: the partial sums before cell i from which cells i.. split.
	back[k] = 1
	for i := k - 1; i >= 0; i-- {
		var m uint64
		for vs := s.cand[p.cells[i]]; vs != 0; vs &= vs - 1 {
			v := trailing(vs) + 1
			if v > t {
				break
			}
			// s+v < t and s+v in back[i+1], or s+v == t and 0 in back[i+1].
			m |= back[i+1] >> v
			if back[i+1]&1 != 0 {
				m |= 1 << (t - v)
			}
		}
		back[i] = m & below
	}
	if back[0]&1 == 0 {
		return false
	}
	fwd := uint64(1) // the partial sums before cell i, from the start
	for i, c := range p.cells {
		var keep, next uint64
		for vs := s.cand[c]; vs != 0; vs &= vs - 1 {
			v := trailing(vs) + 1
			if v > t {
				break
			}
			sh := fwd << v
			ok := sh & back[i+1] & below
			if ok != 0 {
				keep |= vs & -vs
				next |= ok
			}
			if sh&(1<<t) != 0 && back[i+1]&1 != 0 {
				keep |= vs & -vs
				next |= 1
			}
		}
		if !s.restrict(int(c), keep, p.rule) {
			return false
		}
		fwd = next
	}
	return true
}

func trailing(m uint64) int { return bits.TrailingZeros64(m) }
