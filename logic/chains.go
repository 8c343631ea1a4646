package logic

import (
	"math/bits"
	"sync"
)

// This file holds the representation shared by the chaining rules (9x9
// only): candidates as "potentials", their on/off states as nodes, and the
// implications between them.
//
// A potential is a candidate, cell*9 + value-1 (0..728). A node is a
// potential with a state: node = potential*2 + 1 when it is assumed true
// ("on": the cell holds the value), potential*2 when false ("off").

const (
	numPots  = 81 * 9
	numNodes = 2 * numPots
	// extraSlot is the slot of the node that closes a contradiction: it is
	// not added to the implication's sets, so it gets a slot of its own.
	extraSlot = numNodes
)

// Region kinds in Sudoku Explainer's numbering for chains: the order in
// which it looks for hidden singles and peers.
const (
	kindBlock = iota
	kindRow
	kindColumn
)

// Causes of a node: why it follows from its parents.
const (
	causeNone     = -1 // the assumption
	causeCell     = 3  // the cell's other candidates (naked single rule)
	causeAdvanced = 4  // a basic rule or a nested chain
	// 0..2: a region of that kind (hidden single rule, or a peer in it)
)

func potOf(cell, v int) int       { return cell*9 + v - 1 }
func nodeOf(p int, on bool) int16 { return int16(p<<1 | b2i(on)) }
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// potSet is a set of potentials.
type potSet [12]uint64

func (s *potSet) has(p int) bool { return s[p>>6]&(1<<(p&63)) != 0 }
func (s *potSet) set(p int)      { s[p>>6] |= 1 << (p & 63) }

// cbits is a set of cells: bit i%64 of word i/64 holds cell i.
type cbits [2]uint64

func (s *cbits) set(i int)        { s[i>>6] |= 1 << (i & 63) }
func (s *cbits) clr(i int)        { s[i>>6] &^= 1 << (i & 63) }
func (s cbits) and(t cbits) cbits { return cbits{s[0] & t[0], s[1] & t[1]} }
func (s cbits) andNot(t cbits) cbits {
	return cbits{s[0] &^ t[0], s[1] &^ t[1]}
}
func (s cbits) count() int { return bits.OnesCount64(s[0]) + bits.OnesCount64(s[1]) }

// first returns the lowest cell of a non-empty set.
func (s cbits) first() int {
	if s[0] != 0 {
		return bits.TrailingZeros64(s[0])
	}
	return 64 + bits.TrailingZeros64(s[1])
}

// each calls f with the cells in increasing order (which is each
// region's order).
func (s cbits) each(f func(i int)) {
	for w := s[0]; w != 0; w &= w - 1 {
		f(bits.TrailingZeros64(w))
	}
	for w := s[1]; w != 0; w &= w - 1 {
		f(64 + bits.TrailingZeros64(w))
	}
}

// chainTables are the 9x9 region tables in SE's orders.
type chainTables struct {
	region  [3][9][9]int8 // cells of each region of each kind, in order
	cellReg [81][3]int8   // the region of each kind of each cell
	regIdx  [81][3]int8   // the place of each cell in its region of each kind
	peers   [81][20]int8  // box, then row, then column peers, each once
	regMask [3][9]cbits
	// the peers of a cell: in its box, in its row outside the box, in its
	// column outside the box.
	peerMask [81][3]cbits
}

var chainTab = func() *chainTables {
	t := &chainTables{}
	for r := range 9 {
		for k := range 9 {
			t.region[kindRow][r][k] = int8(r*9 + k)
			t.region[kindColumn][r][k] = int8(k*9 + r)
			t.region[kindBlock][r][k] = int8((r/3*3+k/3)*9 + r%3*3 + k%3)
		}
	}
	for kind := range 3 {
		for r := range 9 {
			for k, c := range t.region[kind][r] {
				t.cellReg[c][kind] = int8(r)
				t.regIdx[c][kind] = int8(k)
			}
		}
	}
	for kind := range 3 {
		for r := range 9 {
			for _, c := range t.region[kind][r] {
				t.regMask[kind][r].set(int(c))
			}
		}
	}
	for c := range 81 {
		box := t.regMask[kindBlock][t.cellReg[c][kindBlock]]
		t.peerMask[c][0] = box
		t.peerMask[c][0].clr(c)
		t.peerMask[c][1] = t.regMask[kindRow][c/9].andNot(box)
		t.peerMask[c][2] = t.regMask[kindColumn][c%9].andNot(box)
	}
	for c := range 81 {
		n := 0
		var seen [81]bool
		seen[c] = true
		for kind := range 3 {
			for _, o := range t.region[kind][t.cellReg[c][kind]] {
				if !seen[o] {
					seen[o] = true
					t.peers[c][n] = o
					n++
				}
			}
		}
	}
	return t
}()

// lengthTenths is the rating added for a chain of the given complexity
// (the number of nodes it uses): nothing up to 4 beyond the first two,
// then 0.1 for each band, the bands growing by 3/2 and 4/3 in turn (6, 8,
// 12, 16, 24, 32, ...).
func lengthTenths(complexity int) int {
	added, ceil, odd := 0, 4, false
	for length := complexity - 2; length > ceil; odd = !odd {
		added++
		if !odd {
			ceil = ceil * 3 / 2
		} else {
			ceil = ceil * 4 / 3
		}
	}
	return added
}

// implic is what follows from one assumption: the nodes implied, each
// with its parents (the nodes it follows from) and its cause.
type implic struct {
	set    [2]potSet // [0]: potentials implied off, [1]: on
	order  []int16   // nodes in the order they were implied
	pstart [numNodes + 1]int32
	pn     [numNodes + 1]uint16
	cause  [numNodes + 1]int8
	depth  [numNodes + 1]int16 // nodes on the first-parent path
	nest   [numNodes + 1]int32 // nested chain of an advanced node, or -1
	arena  []int16             // parents
	// contra is set when the assumption leads to a contradiction: the
	// slots of the potential implied both on and off (one of them may be
	// extraSlot, whose node is extraNode).
	contra     bool
	cOn, cOff  int
	extraNode  int16
	start      int16
	hasNesting bool
}

func (r *implic) reset(start int16) {
	r.set = [2]potSet{}
	r.order = r.order[:0]
	r.arena = r.arena[:0]
	r.contra = false
	r.start = start
	r.hasNesting = false
}

// add records node n (or the extra slot) with its parents and cause.
func (r *implic) add(slot int, n int16, parents []int16, cause int8, nest int32) {
	r.pstart[slot] = int32(len(r.arena))
	r.pn[slot] = uint16(len(parents))
	r.arena = append(r.arena, parents...)
	r.cause[slot] = cause
	r.nest[slot] = nest
	if nest >= 0 {
		r.hasNesting = true
	}
	if len(parents) > 0 {
		r.depth[slot] = r.depth[parents[0]] + 1
	} else {
		r.depth[slot] = 1
	}
	if slot == extraSlot {
		r.extraNode = n
		return
	}
	r.set[n&1].set(int(n >> 1))
	r.order = append(r.order, n)
}

func (r *implic) has(n int16) bool { return r.set[n&1].has(int(n >> 1)) }

func (r *implic) parents(slot int) []int16 {
	s := r.pstart[slot]
	return r.arena[s : s+int32(r.pn[slot])]
}

// nodeAt returns the node of a slot.
func (r *implic) nodeAt(slot int) int16 {
	if slot == extraSlot {
		return r.extraNode
	}
	return int16(slot)
}

// walker counts the distinct ancestors of nodes (their complexity).
type walker struct {
	stamp  [numNodes]uint32
	gen    uint32
	nstamp []uint32 // nested chains counted for the current hint
	hgen   uint32
	queue  []int16
}

// hint starts the count of a new hint: nested chains count once per hint.
func (w *walker) hint() {
	w.hgen++
	if w.hgen == 0 {
		clear(w.nstamp)
		w.hgen = 1
	}
}

// count returns the number of distinct nodes from slot back to the
// assumption, plus the complexity of the nested chains they use that the
// current hint has not counted yet.
func (w *walker) count(r *implic, slot int, nested []nestedHint) int {
	w.gen++
	if w.gen == 0 {
		clear(w.stamp[:])
		w.gen = 1
	}
	n := 0
	w.queue = w.queue[:0]
	visit := func(s int) {
		if r.hasNesting && r.nest[s] >= 0 {
			id := int(r.nest[s])
			for id >= len(w.nstamp) {
				w.nstamp = append(w.nstamp, 0)
			}
			if canon := nested[id].canon; w.nstamp[canon] != w.hgen {
				w.nstamp[canon] = w.hgen
				n += nested[id].complexity
			}
		}
		for _, p := range r.parents(s) {
			if w.stamp[p] != w.gen {
				w.stamp[p] = w.gen
				n++
				w.queue = append(w.queue, p)
			}
		}
	}
	first := r.nodeAt(slot)
	w.stamp[first] = w.gen
	n++
	visit(slot)
	for k := 0; k < len(w.queue); k++ {
		visit(int(w.queue[k]))
	}
	return n
}

// nestedHint is a hint of a nested chaining rule used inside a chain.
// Hints with the same chains (found from different assumptions, or at
// different times) are one chain for the complexity, as in Sudoku
// Explainer: canon is the index of the first of them.
type nestedHint struct {
	complexity int
	sig        uint64 // a hash of the chains' nodes, target by target
	canon      int32
}

// chainSig folds node n into a signature of a chain's nodes.
func chainSig(h uint64, n int16) uint64 {
	return (h ^ uint64(uint16(n))) * 0x100000001b3
}

// cgrid is the candidate grid the chains work on.
type cgrid struct {
	cand [81]uint16 // candidates of each cell (bit v-1); 0 for a filled cell
	val  [81]uint8
	vc   [9]cbits // the cells where each value is a candidate
}

func (g *Grid) toCgrid(c *cgrid) {
	for i := range 81 {
		c.cand[i] = uint16(g.cands[i])
		c.val[i] = g.values[i]
	}
	c.index()
}

// index fills vc from cand.
func (c *cgrid) index() {
	c.vc = [9]cbits{}
	for i, m := range c.cand {
		for ; m != 0; m &= m - 1 {
			c.vc[bits.TrailingZeros16(m)].set(i)
		}
	}
}

// positions returns the cells (bit k: the region's k-th cell) where v is
// a candidate in region r of kind.
func (c *cgrid) positions(kind, r, v int) uint16 {
	var m uint16
	bit := uint16(1) << (v - 1)
	for k, cell := range chainTab.region[kind][r] {
		if c.cand[cell]&bit != 0 {
			m |= 1 << k
		}
	}
	return m
}

func pop16(x uint16) int { return bits.OnesCount16(x) }

// chainScratch is the memory of the chaining rules for one finder call,
// reused from call to call through a pool.
type chainScratch struct {
	engines []*chainer // by nesting depth
}

var scratchPool = sync.Pool{New: func() any { return &chainScratch{} }}

// engine returns the chainer for nesting depth d.
func (s *chainScratch) engine(d int) *chainer {
	for len(s.engines) <= d {
		s.engines = append(s.engines, &chainer{depth: len(s.engines), scratch: s})
	}
	return s.engines[d]
}
