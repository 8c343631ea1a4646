package variant

import "slices"

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

// maxMixed is the most cells of a sum addInniesStrong keeps. Larger ones
// cost more than they saved: on the peer's 42 hard killers, keeping a
// unit's leftover cells of 7 to 9 as a cage too took 932 ms against 536
// (thread CPU, in turn) for the same guesses.
const maxMixed = 6

// addInniesStrong is addInnies for counts (builder.strong): the 45 rule
// over every row, column and region, the first or last k rows, columns
// or regions (k from 2 to n-1; runs from neither edge, measured, gave no
// fewer guesses). For each such set S of k units it takes the cages
// wholly inside S, the cages with more than half their cells inside, all
// the cages S touches, and (for one unit) the cages inside with one cage
// that sticks out by a single cell; the cells of S outside those cages
// (A) and the cages' cells outside S (B) then satisfy
// Σ B − Σ A = Σ sums − k·total. It keeps the sums of at most maxMixed
// cells with one side of at most two (cells of one unit and no negative
// part as a cage, the others as a sumProp).
func addInniesStrong(b *builder, p *Puzzle) {
	n := p.Size
	cages, sums := b.cages, b.sums
	if len(cages) == 0 {
		return
	}
	cageOf := make([]int, n*n)
	for i := range cageOf {
		cageOf[i] = -1
	}
	for k, cells := range cages {
		for _, c := range cells {
			cageOf[c] = k
		}
	}
	total := n * (n + 1) / 2
	type cellSet struct {
		cells []int
		units int
	}
	var sets []cellSet
	rows := make([]int, n*n)
	cols := make([]int, n*n)
	for i := range rows {
		rows[i] = i
		cols[i] = i%n*n + i/n
	}
	for lo := range n {
		for hi := lo; hi < n-1 || hi == n-1 && lo > 0; hi++ {
			if lo > 0 && hi < n-1 && lo != hi {
				continue // a run from neither edge: measured, no fewer guesses
			}
			sets = append(sets, cellSet{rows[lo*n : (hi+1)*n], hi - lo + 1}, cellSet{cols[lo*n : (hi+1)*n], hi - lo + 1})
		}
	}
	if p.Regions != nil {
		for _, cells := range b.regions {
			sets = append(sets, cellSet{cells, 1})
		}
		var first, last []int
		for k := 1; k < n; k++ {
			first = append(slices.Clone(first), b.regions[k-1]...)
			last = append(slices.Clone(last), b.regions[n-k]...)
			if k >= 2 {
				sets = append(sets, cellSet{first, k}, cellSet{last, k})
			}
		}
	}
	seen := map[string]bool{}
	for _, cells := range cages {
		seen[sumKey(cells, nil)] = true
	}
	inSet := make([]bool, n*n)
	inside := make([]int, len(cages)) // cells of each cage in the set
	var touched []int
	var chosen []bool
	chosenCage := make([]bool, len(cages)) // chosen, by cage
	var pos, neg []int
	try := func(set cellSet) {
		// The sizes first: most sets give sums too large to keep.
		np, nn := 0, len(set.cells)
		for k, ok := range chosen {
			if ok {
				id := touched[k]
				np += len(cages[id]) - inside[id]
				nn -= inside[id]
			}
		}
		switch {
		case np+nn == 0:
			return
		case np+nn > maxMixed || np > 2 && nn > 2:
			return
		}
		pos, neg = pos[:0], neg[:0]
		delta := -set.units * total
		for k, ok := range chosen {
			chosenCage[touched[k]] = ok
			if !ok {
				continue
			}
			delta += sums[touched[k]]
			for _, c := range cages[touched[k]] {
				if !inSet[c] {
					pos = append(pos, c)
				}
			}
		}
		for _, c := range set.cells {
			if id := cageOf[c]; id < 0 || !chosenCage[id] {
				neg = append(neg, c)
			}
		}
		// Σ pos − Σ neg = delta.
		if len(pos) == 0 {
			pos, neg, delta = neg, pos, -delta
		}
		b.inferredSum(pos, neg, delta, seen)
	}
	for _, set := range sets {
		touched = touched[:0]
		for _, c := range set.cells {
			inSet[c] = true
			if id := cageOf[c]; id >= 0 {
				if inside[id] == 0 {
					touched = append(touched, id)
				}
				inside[id]++
			}
		}
		chosen = slices.Grow(chosen[:0], len(touched))[:len(touched)]
		// Wholly inside; more than half inside; every cage touched.
		for pass := range 3 {
			for k, id := range touched {
				size := len(cages[id])
				switch pass {
				case 0:
					chosen[k] = inside[id] == size
				case 1:
					chosen[k] = 2*inside[id] > size
				default:
					chosen[k] = true
				}
			}
			try(set)
		}
		if set.units == 1 {
			for k, id := range touched {
				if len(cages[id])-inside[id] != 1 {
					continue
				}
				for j, id2 := range touched {
					chosen[j] = inside[id2] == len(cages[id2]) || j == k
				}
				try(set)
			}
		}
		for _, c := range set.cells {
			inSet[c] = false
		}
		for _, id := range touched {
			inside[id] = 0
		}
	}
}

// inferredSum adds Σ pos − Σ neg = sum (a sum the 45 rule found) once
// per such sum: one cell's value as its domain, cells of one unit with
// no negative part as a cage, other sums as a sumProp with the cells'
// exclusion groups.
func (b *builder) inferredSum(pos, neg []int, sum int, seen map[string]bool) {
	key := sumKey(pos, neg)
	if seen[key] {
		return
	}
	seen[key] = true
	b.rule = RuleSums
	if len(neg) == 0 && len(pos) == 1 {
		if sum < 1 || sum > b.n {
			b.restrict(pos[0], 0)
		} else {
			b.restrict(pos[0], 1<<(sum-1))
		}
		return
	}
	if len(neg) == 0 && b.distinct(pos) {
		combos, ok := sumCombos(b.n, len(pos), sum, maxCombos)
		if ok && len(combos) == 0 {
			b.restrict(pos[0], 0)
			return
		}
		if ok {
			cells := slices.Clone(pos)
			b.prop(&cageProp{cells: b.int32s(cells), combos: combos, rule: b.rule, all: rangeMask(1, b.n), units: b.unitsAround(cells)}, cells)
			return
		}
	}
	cells := append(slices.Clone(pos), neg...)
	if len(cells) > maxSumCells {
		return
	}
	sp := &sumProp{cells: b.int32s(cells), neg: len(pos), target: sum, n: b.n, rule: b.rule}
	sp.group = make([]uint8, len(cells))
	// Greedy exclusion groups, each of one sign.
	var members [][]int // the cells of each group, as indexes into cells
	for i, c := range cells {
		g := -1
		for h, ms := range members {
			if (ms[0] < len(pos)) != (i < len(pos)) {
				continue
			}
			if !slices.ContainsFunc(ms, func(j int) bool { return !b.mustDiffer(c, cells[j]) }) {
				g = h
				break
			}
		}
		if g < 0 {
			g = len(members)
			members = append(members, nil)
		}
		members[g] = append(members[g], i)
		sp.group[i] = uint8(g)
	}
	sp.ngroup = len(members)
	b.prop(sp, cells)
}

// mustDiffer reports whether cells a and c share an all-different group.
func (b *builder) mustDiffer(a, c int) bool {
	if b.cellGrps == nil {
		b.cellGrps = make([][]int32, b.n*b.n)
		for g, gd := range b.grps {
			for _, x := range gd.cells {
				b.cellGrps[x] = append(b.cellGrps[x], int32(g))
			}
		}
	}
	for _, g := range b.cellGrps[a] {
		if slices.Contains(b.grps[g].cells, c) {
			return true
		}
	}
	return false
}

// sumKey names the sum of pos less neg by its cells.
func sumKey(pos, neg []int) string {
	key := make([]byte, 0, 2*(len(pos)+len(neg))+4)
	for _, part := range [][]int{pos, neg} {
		sorted := slices.Clone(part)
		slices.Sort(sorted)
		for _, c := range sorted {
			key = append(key, byte(c), byte(c>>8))
		}
		key = append(key, 0xff, 0xff)
	}
	return string(key)
}
