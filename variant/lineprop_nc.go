package variant

// ncProp is the house reasoning of non-consecutive: where all the places
// of a value u in a row, column or region are next to a cell X (or are
// X), X holds neither u-1 nor u+1: wherever u goes, X is u or its
// orthogonal neighbour.
type ncProp struct {
	n     int
	rule  int
	house []int32
}

// ncMaxPlaces is the most places of a value in a house that ncProp
// looks at; three places in a row already have no common neighbour.
const ncMaxPlaces = 3

// addNCProp adds an ncProp for each row, column and region, woken by
// its cells.
func addNCProp(b *builder) {
	n := b.n
	add := func(h []int) {
		b.prop(&ncProp{n: n, rule: b.rule, house: b.int32s(h)}, h)
	}
	h := make([]int, n)
	for r := range n {
		for c := range n {
			h[c] = r*n + c
		}
		add(h)
	}
	for c := range n {
		for r := range n {
			h[r] = r*n + c
		}
		add(h)
	}
	for _, reg := range b.regions {
		add(reg)
	}
}

func absInt(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func (p *ncProp) propagate(s *state) bool {
	if !s.strong {
		// Generators search without it: their puzzles stay as they were.
		return true
	}
	n := p.n
	h := p.house
	// The values with 2..ncMaxPlaces places in h and not placed.
	var once, twice, thrice, more, fixed uint64
	for _, c := range h {
		m := s.cand[c]
		if m&(m-1) == 0 {
			fixed |= m
		}
		more |= thrice & m
		thrice |= twice & m
		twice |= once & m
		once |= m
	}
	few := twice &^ more &^ fixed
	for few != 0 {
		u := few & -few
		few &^= u
		var pr, pc [ncMaxPlaces]int
		k := 0
		for _, c := range h {
			if s.cand[c]&u != 0 {
				pr[k], pc[k] = int(c)/n, int(c)%n
				k++
			}
		}
		// A cell next to (or at) every place is within two steps of each:
		// places further apart have none (nor has an elimination above
		// that took u from h, leaving fewer than two places).
		if k < 2 || absInt(pr[0]-pr[k-1])+absInt(pc[0]-pc[k-1]) > 2 ||
			k == 3 && absInt(pr[0]-pr[1])+absInt(pc[0]-pc[1]) > 2 {
			continue
		}
		near := u<<1 | u>>1
		for _, d := range [5][2]int{{0, 0}, {0, 1}, {0, -1}, {1, 0}, {-1, 0}} {
			r, c := pr[0]+d[0], pc[0]+d[1]
			if r < 0 || r >= n || c < 0 || c >= n {
				continue
			}
			ok := true
			for j := 1; j < k; j++ {
				if absInt(pr[j]-r)+absInt(pc[j]-c) > 1 {
					ok = false
					break
				}
			}
			if x := r*n + c; ok && s.cand[x]&near != 0 && !s.restrict(x, ^near, p.rule) {
				return false
			}
		}
	}
	return true
}
