package variant

// The 45 rule: a set of whole units (a row, a column, a region, or
// consecutive rows or columns) holds each value once per unit, so its sum
// is known. The cages wholly inside it leave its other cells (innies) a
// known sum, and the cages that stick out leave their cells outside
// (outies) a known sum. addInnies compiles these sums, when they cover few
// cells, as propagators named RuleSums.

// maxInnies is the most cells an innie or outie sum may have to be kept.
const maxInnies = 4

// maxUnion is the most consecutive rows (or columns) taken together, and
// the fewest left out.
const maxUnion = 1

func addInnies(b *builder, p *Puzzle) {
	n := p.Size
	cageOf := make([]int, n*n)
	for i := range cageOf {
		cageOf[i] = -1
	}
	// The killer cages with a sum, as Cage.compile gave them to b.cage.
	cages, sums := b.cages, b.sums
	for k, cells := range cages {
		for _, c := range cells {
			cageOf[c] = k
		}
	}
	if len(cages) == 0 {
		return
	}
	total := n * (n + 1) / 2
	var sets [][]int
	var units []int // how many units each set is
	add := func(cells []int, k int) {
		sets = append(sets, cells)
		units = append(units, k)
	}
	// Consecutive rows and columns: slices of two shared orders.
	rows := make([]int, n*n)
	cols := make([]int, n*n)
	for i := range rows {
		rows[i] = i
		cols[i] = i%n*n + i/n
	}
	for lo := range n {
		for hi := lo; hi < n; hi++ {
			if k := hi - lo + 1; k == n || k > maxUnion && k < n-maxUnion {
				continue
			}
			add(rows[lo*n:(hi+1)*n], hi-lo+1)
			add(cols[lo*n:(hi+1)*n], hi-lo+1)
		}
	}
	if p.Regions != nil {
		for _, cells := range b.regions {
			add(cells, 1)
		}
	}
	seen := make(map[uint64]bool, 32)
	inSet := make([]bool, n*n)
	counted := make([]int, len(cages))
	var innies, outies []int
	for k, set := range sets {
		for _, c := range set {
			inSet[c] = true
		}
		innies, outies = innies[:0], outies[:0]
		inside, partial, uncaged := 0, 0, false
		for _, c := range set {
			id := cageOf[c]
			if id < 0 {
				uncaged = true
				innies = append(innies, c)
				continue
			}
			if counted[id] == k+1 {
				continue
			}
			counted[id] = k + 1
			whole := true
			for _, x := range cages[id] {
				if !inSet[x] {
					whole = false
					outies = append(outies, x)
				}
			}
			if whole {
				inside += sums[id]
				continue
			}
			partial += sums[id]
			for _, x := range cages[id] {
				if inSet[x] {
					innies = append(innies, x)
				}
			}
		}
		target := units[k] * total
		if len(innies) > 0 && len(innies) <= maxInnies {
			b.sumOf(innies, target-inside, seen)
		}
		if !uncaged && len(outies) > 0 && len(outies) <= maxInnies {
			b.sumOf(outies, partial+inside-target, seen)
		}
		for _, c := range set {
			inSet[c] = false
		}
	}
}

// sumOf adds "the values of cells sum to sum" once per set of cells: as a
// cage if the cells must differ (one row, column or region), else on
// bounds.
func (b *builder) sumOf(cells []int, sum int, seen map[uint64]bool) {
	// The set's key: a hash of its sorted cells (at most maxInnies). Two
	// sets that collide keep only the first sum: weaker, never wrong.
	var sorted [maxInnies]int
	k := copy(sorted[:], cells)
	for i := 1; i < k; i++ {
		for j := i; j > 0 && sorted[j] < sorted[j-1]; j-- {
			sorted[j], sorted[j-1] = sorted[j-1], sorted[j]
		}
	}
	key := uint64(14695981039346656037)
	for _, c := range sorted[:k] {
		key = (key ^ uint64(c+1)) * 1099511628211
	}
	if seen[key] {
		return
	}
	seen[key] = true
	b.rule = RuleSums
	if len(cells) == 1 {
		if sum < 1 || sum > b.n {
			b.restrict(cells[0], 0)
		} else {
			b.restrict(cells[0], 1<<(sum-1))
		}
		return
	}
	if b.distinct(cells) {
		if combos, ok := sumCombos(b.n, len(cells), sum, maxCombos); ok {
			if len(combos) == 0 {
				b.restrict(cells[0], 0)
				return
			}
			b.prop(&cageProp{cells: b.int32s(cells), combos: combos, rule: b.rule, all: rangeMask(1, b.n), units: b.unitsAround(cells)}, cells)
			return
		}
	}
	coef := make([]int, len(cells))
	for k := range coef {
		coef[k] = 1
	}
	b.linear(cells, coef, sum)
}

// distinct reports whether cells all lie in one row, column or region.
func (b *builder) distinct(cells []int) bool {
	n := b.n
	row, col, reg := true, true, b.p.Regions != nil
	for _, c := range cells[1:] {
		row = row && c/n == cells[0]/n
		col = col && c%n == cells[0]%n
		reg = reg && b.p.Regions[c] == b.p.Regions[cells[0]]
	}
	return row || col || reg
}
