package variant

import (
	"math/bits"
	"slices"
	"strconv"
	"sync"
)

// builder collects what the rules compile to: all-different groups,
// pair relations, initial domains and propagators. Each rule's compile
// method calls it; b.rule is the index of the rule being compiled, so that
// every elimination can name its rule.
type builder struct {
	p    *Puzzle
	n    int
	rule int
	dom  []uint64
	// domRule names the rule that last narrowed each cell's domain (nil
	// if none did).
	domRule []int
	grps    []groupDef
	regions [][]int // the cells of each region (nil: none)
	// The killer cages with a sum (b.cage), for the 45 rule: a cage that
	// overlaps one before it is left out, so these never overlap.
	cages [][]int
	sums  []int
	rels  []relDef
	prps  []propDef
	// inCage marks the cells of a cage (scratch for unitsOf).
	inCage []bool
	// cellBuf and watchBuf hold cell lists of propagators, in chunks.
	cellBuf  []int32
	watchBuf []int
	// cellGrps lists the groups (indexes into grps) of each cell, for
	// mustDiffer; nil until it is first needed.
	cellGrps [][]int32
	// strong compiles for counts: the 45 rule over more sets of units
	// (addInniesStrong); generators leave it off so their puzzles stay as
	// they were.
	strong bool
	// wholeBuf and partBuf hold unitsOf's lists, in chunks.
	wholeBuf [][]int32
	partBuf  []cagePart
}

// unitOf returns the row (kind 0), column (1) or region (2) of cell c.
func (b *builder) unitOf(kind, c int) int {
	switch kind {
	case 0:
		return c / b.n
	case 1:
		return c % b.n
	}
	return b.p.Regions[c]
}

type groupDef struct {
	cells []int
	rule  int
}

type relDef struct {
	a, b int
	ok   func(x, y int) bool // nil: differ
	rule int
}

type propDef struct {
	p     propagator
	watch []int
}

// propagator is a rule's own reasoning: propagate narrows s's candidates
// through s.restrict (which names the rule) and returns false on a
// contradiction. It is woken whenever a watched cell's candidates change.
type propagator interface {
	propagate(s *state) bool
}

// group says the cells hold different values; a group of n cells holds
// each value once (hidden singles apply). The builder keeps cells: the
// caller must not change them.
func (b *builder) group(cells []int) {
	b.grps = append(b.grps, groupDef{cells, b.rule})
}

// differ says cells a and c hold different values.
func (b *builder) differ(a, c int) { b.rels = append(b.rels, relDef{a, c, nil, b.rule}) }

// pair says values x in a and y in c satisfy ok(x, y).
func (b *builder) pair(a, c int, ok func(x, y int) bool) {
	b.rels = append(b.rels, relDef{a, c, ok, b.rule})
}

// restrict limits a cell to the values in mask (bit v-1 for value v).
func (b *builder) restrict(cell int, mask uint64) {
	if b.dom[cell]&mask != b.dom[cell] {
		if b.domRule == nil {
			b.domRule = make([]int, len(b.dom))
			for i := range b.domRule {
				b.domRule[i] = RuleGivens
			}
		}
		b.domRule[cell] = b.rule
	}
	b.dom[cell] &= mask
}

// prop adds a propagator woken when any of watch changes.
func (b *builder) prop(p propagator, watch []int) {
	if cap(b.watchBuf)-len(b.watchBuf) < len(watch) {
		b.watchBuf = make([]int, 0, max(len(watch), 32*b.n))
	}
	start := len(b.watchBuf)
	b.watchBuf = append(b.watchBuf, watch...)
	b.prps = append(b.prps, propDef{p, b.watchBuf[start:len(b.watchBuf):len(b.watchBuf)]})
}

// int32s returns cells as int32s, from b's chunks.
func (b *builder) int32s(cells []int) []int32 {
	if cap(b.cellBuf)-len(b.cellBuf) < len(cells) {
		b.cellBuf = make([]int32, 0, max(len(cells), 32*b.n))
	}
	start := len(b.cellBuf)
	for _, c := range cells {
		b.cellBuf = append(b.cellBuf, int32(c))
	}
	return b.cellBuf[start:len(b.cellBuf):len(b.cellBuf)]
}

// linear adds Σ coef[k]·v(cells[k]) = target, reasoned on bounds.
func (b *builder) linear(cells, coef []int, target int) {
	b.prop(&linearProp{cells: b.int32s(cells), coef: coef, target: target, rule: b.rule}, cells)
}

// cage adds a killer cage's sum over different values: exact digit
// combinations where they are few, bounds otherwise. The 45 rule uses the
// cages that overlap none before them, so only Cage should call it. The
// builder keeps cells: the caller must not change them.
func (b *builder) cage(cells []int, sum int) {
	if !overlapsCage(b.cages, cells) {
		b.cages = append(b.cages, cells)
		b.sums = append(b.sums, sum)
	}
	if combos, ok := sumCombos(b.n, len(cells), sum, maxCombos); ok {
		whole, parts := b.unitsOf(cells, true)
		b.prop(&cageProp{cells: b.int32s(cells), combos: combos, rule: b.rule, all: rangeMask(1, b.n), units: whole, parts: parts}, cells)
		return
	}
	coef := make([]int, len(cells))
	for k := range coef {
		coef[k] = 1
	}
	b.linear(cells, coef, sum)
}

// unitsAround returns, for each row, column and region that holds all of
// cells, its other cells.
func (b *builder) unitsAround(cells []int) [][]int32 {
	whole, _ := b.unitsOf(cells, false)
	return whole
}

// unitsOf returns, for each row, column and region that holds all of
// cells, its other cells, and (with parts) those that hold two of cells
// or more but not all, with the cells inside and outside.
func (b *builder) unitsOf(cells []int, parts bool) ([][]int32, []cagePart) {
	n := b.n
	if b.inCage == nil {
		b.inCage = make([]bool, n*n)
	}
	for _, c := range cells {
		b.inCage[c] = true
	}
	// A cage lies in at most len(cells) units of each kind.
	if cap(b.wholeBuf)-len(b.wholeBuf) < 3*len(cells) {
		b.wholeBuf = make([][]int32, 0, max(3*len(cells), 8*n))
	}
	if cap(b.partBuf)-len(b.partBuf) < 3*len(cells) {
		b.partBuf = make([]cagePart, 0, max(3*len(cells), 8*n))
	}
	wStart, pStart := len(b.wholeBuf), len(b.partBuf)
	var us [MaxSize]int // the unit of each cell of the cage
	us2 := us[:len(cells)]
	for kind := range 3 {
		if kind == 2 && b.p.Regions == nil {
			break
		}
		for k, c := range cells {
			us2[k] = b.unitOf(kind, c)
		}
		var done uint64
		for _, u := range us2 {
			if done&(1<<u) != 0 {
				continue
			}
			done |= 1 << u
			var in uint64
			for k, w := range us2 {
				if w == u {
					in |= 1 << k
				}
			}
			k := bits.OnesCount64(in)
			if k < len(cells) && (!parts || k < 2) {
				continue
			}
			if cap(b.cellBuf)-len(b.cellBuf) < n {
				b.cellBuf = make([]int32, 0, 32*n)
			}
			start := len(b.cellBuf)
			switch kind {
			case 0:
				for c := u * n; c < u*n+n; c++ {
					if !b.inCage[c] {
						b.cellBuf = append(b.cellBuf, int32(c))
					}
				}
			case 1:
				for c := u; c < n*n; c += n {
					if !b.inCage[c] {
						b.cellBuf = append(b.cellBuf, int32(c))
					}
				}
			default:
				for _, c := range b.regions[u] {
					if !b.inCage[c] {
						b.cellBuf = append(b.cellBuf, int32(c))
					}
				}
			}
			rest := b.cellBuf[start:len(b.cellBuf):len(b.cellBuf)]
			if k == len(cells) {
				b.wholeBuf = append(b.wholeBuf, rest)
			} else {
				b.partBuf = append(b.partBuf, cagePart{in, rest})
			}
		}
	}
	for _, c := range cells {
		b.inCage[c] = false
	}
	var whole [][]int32
	var part []cagePart
	if w := len(b.wholeBuf); w > wStart {
		whole = b.wholeBuf[wStart:w:w]
	}
	if q := len(b.partBuf); q > pStart {
		part = b.partBuf[pStart:q:q]
	}
	return whole, part
}

// whenFull adds a check run once all cells are fixed: ok gets the grid's
// values (only cells are filled) and says whether the rule holds. It is
// the fallback for rules with no propagation of their own yet.
func (b *builder) whenFull(cells []int, ok func(v []int) bool) {
	b.prop(&fullProp{cells: i32s(cells), ok: ok, rule: b.rule}, cells)
}

const maxCombos = 4096

// comboValues is the largest side whose sum combinations come from the
// shared table.
const comboValues = 16

// comboTable holds every set of values 1..16 by size and sum, each list
// ascending, so that the sets within 1..n are a prefix of it. Built once,
// read only.
var comboTable = sync.OnceValue(func() [][][]uint64 {
	maxSum := comboValues * (comboValues + 1) / 2
	t := make([][][]uint64, comboValues+1)
	for k := range t {
		t[k] = make([][]uint64, maxSum+1)
	}
	for m := uint64(1); m < 1<<comboValues; m++ {
		s := 0
		for x := m; x != 0; x &= x - 1 {
			s += bits.TrailingZeros64(x) + 1
		}
		k := bits.OnesCount64(m)
		t[k][s] = append(t[k][s], m)
	}
	return t
})

// sumCombos lists the sets of k different values 1..n that sum to sum, as
// masks; ok is false if there are more than limit. The result must not be
// changed (it may be shared).
func sumCombos(n, k, sum, limit int) ([]uint64, bool) {
	if n <= comboValues {
		if k > n || sum > n*(n+1)/2 || sum < 0 {
			return nil, true
		}
		list := comboTable()[k][sum]
		end, _ := slices.BinarySearch(list, uint64(1)<<n)
		if end > limit {
			return nil, false
		}
		return list[:end:end], true
	}
	var out []uint64
	var rec func(next, left, rest int, m uint64) bool
	rec = func(next, left, rest int, m uint64) bool {
		if left == 0 {
			if rest == 0 {
				out = append(out, m)
				return len(out) <= limit
			}
			return true
		}
		for v := next; v <= n; v++ {
			// smallest possible: v + (v+1) + ... (left values)
			if lo := left * (2*v + left - 1) / 2; lo > rest {
				break
			}
			if hi := left * (2*n - left + 1) / 2; hi < rest {
				return true
			}
			if !rec(v+1, left-1, rest-v, m|1<<(v-1)) {
				return false
			}
		}
		return true
	}
	if !rec(1, k, sum, 0) {
		return nil, false
	}
	return out, true
}

func i32s(x []int) []int32 {
	out := make([]int32, len(x))
	for k, v := range x {
		out[k] = int32(v)
	}
	return out
}

// rangeMask is the set of values lo..hi.
func rangeMask(lo, hi int) uint64 {
	lo = max(lo, 1)
	if hi < lo {
		return 0
	}
	return (^uint64(0) >> (64 - (hi - lo + 1))) << (lo - 1)
}

func lowest(m uint64) int  { return bits.TrailingZeros64(m) + 1 }
func highest(m uint64) int { return 64 - bits.LeadingZeros64(m) }

func itoa(x int) string { return strconv.Itoa(x) }
