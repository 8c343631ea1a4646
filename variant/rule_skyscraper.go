package variant

// Skyscraper is a skyscraper clue: seen from its end of row Index (or
// column Index if Column), counted from 1, Count values are visible, a
// value being visible when it is larger than every value before it. The
// clue sits left of the row (above the column), or right of it (below) if
// Reverse.
type Skyscraper struct {
	Column  bool
	Index   int
	Reverse bool
	Count   int
}

// Kind returns "skyscraper".
func (Skyscraper) Kind() string { return "skyscraper" }

func (k Skyscraper) String() string {
	return "skyscraper " + edgeName(k.Column, k.Index, k.Reverse) + " (" + itoa(k.Count) + " seen)"
}

func (k Skyscraper) validate(p *Puzzle) error {
	if err := validEdge(k.Index, p.Size); err != nil {
		return err
	}
	if k.Count < 1 || k.Count > p.Size || k.Count > 63 {
		return ruleErr("%d skyscrapers cannot be seen in a line of %d", k.Count, p.Size)
	}
	return nil
}

// seen counts the values of cells larger than every one before them.
func seen(cells, v []int) int {
	count, top := 0, 0
	for _, c := range cells {
		if v[c] > top {
			top = v[c]
			count++
		}
	}
	return count
}

func (k Skyscraper) check(ck *checker) {
	cells := edgeLine(k.Column, k.Index, k.Reverse, ck.n)
	if !ck.full(cells) {
		return
	}
	if got := seen(cells, ck.v); got != k.Count {
		ck.add(cells, "%s: %d seen (%s)", k, got, valueList(cells, ck.v))
	}
}

func (k Skyscraper) compile(b *builder) {
	cells := edgeLine(k.Column, k.Index, k.Reverse, b.n)
	b.prop(&skyProp{cells: i32s(cells), count: k.Count, rule: b.rule}, cells)
}

// skyProp walks the line through the states (tallest so far, how many
// seen) the candidates allow: forward, the states reachable at each cell;
// backward, the states from which the count can still be met. A value
// stays where it leads from a reachable state to one that can finish.
// States are kept as one mask of counts per tallest value. The line holds
// different values, so after k cells the tallest is k at least, and n at
// the end.
type skyProp struct {
	cells []int32
	count int
	rule  int
}

func (p *skyProp) propagate(s *state) bool {
	n := len(p.cells)
	// fwd[k*w+t]: the counts (bit c: c seen) reachable before cell k with
	// tallest t; bwd[k*w+t]: those from which the count can be met.
	w := n + 1
	var buf [2 * 17 * 17]uint64
	var fwd, bwd []uint64
	if 2*w*w <= len(buf) {
		fwd, bwd = buf[:w*w], buf[w*w:2*w*w]
	} else {
		fwd, bwd = make([]uint64, w*w), make([]uint64, w*w)
	}
	fwd[0] = 1 // nothing seen, tallest 0
	for k, c := range p.cells[:n-1] {
		m := s.cand[c]
		for t := 0; t <= n; t++ {
			f := fwd[k*w+t]
			if f == 0 {
				continue
			}
			// The k+1 cells so far hold different values up to the
			// tallest, so it is k+1 at least.
			if t > k && m&rangeMask(1, t) != 0 {
				fwd[(k+1)*w+t] |= f
			}
			for x := m &^ rangeMask(1, max(t, k)); x != 0; x &= x - 1 {
				fwd[(k+1)*w+lowest(x)] |= f << 1
			}
		}
	}
	// The last cell: from (t, c) it ends with c+1 if it is taller, else c.
	goal := uint64(1) << p.count
	for k := n - 1; k >= 0; k-- {
		m := s.cand[p.cells[k]]
		for t := k; t <= n; t++ {
			var b uint64
			if m&rangeMask(1, t) != 0 {
				b |= p.after(bwd, k, t, w, n, goal)
			}
			for x := m &^ rangeMask(1, t); x != 0; x &= x - 1 {
				b |= p.after(bwd, k, lowest(x), w, n, goal) >> 1
			}
			bwd[k*w+t] = b
		}
	}
	for k, c := range p.cells {
		m := s.cand[c]
		var keep uint64
		for x := m; x != 0; x &= x - 1 {
			v := lowest(x)
			for t := 0; t <= n; t++ {
				f := fwd[k*w+t]
				if f == 0 {
					continue
				}
				var ok bool
				if v > t {
					ok = f&(p.after(bwd, k, v, w, n, goal)>>1) != 0
				} else {
					ok = f&p.after(bwd, k, t, w, n, goal) != 0
				}
				if ok {
					keep |= 1 << (v - 1)
					break
				}
			}
		}
		if !s.restrict(int(c), keep, p.rule) {
			return false
		}
	}
	return true
}

// after returns the counts that can finish after cell k with tallest t:
// after the last cell, the goal if the tallest is n (the line holds every
// value), else none.
func (p *skyProp) after(bwd []uint64, k, t, w, n int, goal uint64) uint64 {
	if k == n-1 {
		if t != n {
			return 0
		}
		return goal
	}
	return bwd[(k+1)*w+t]
}
