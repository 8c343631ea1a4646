package logic

import (
	"fmt"
	"math/bits"
	"slices"
	"strings"
	"sync"

	"github.com/gosudoku/sudoku"
	"github.com/gosudoku/sudoku/internal/units"
)

// Chains at every order but 9x9 (where Sudoku Explainer's own chaining
// rules run): 4x4, 16x16, 25x25 and larger grids get them so that every
// puzzle with one solution has a path without guessing.
//
// A chain is a sequence of implications between candidates, each "on" (the
// cell holds the value) or "off" (it does not). An on candidate turns off
// the cell's other candidates and the value in the cell's peers; an off
// candidate turns on the cell's last candidate (a naked single) or the
// value's last place in a unit (a hidden single). Static chains use only
// the links of the grid as it is (a cell with two candidates, a value with
// two places in a unit); dynamic chains play the assumption out, so a cell
// or unit reduced to one candidate by earlier links also counts.
//
// The ratings follow SE's for the same reasoning at 9x9: forcing X-chain
// 6.6, forcing chain over bivalue cells and strong links (XY) 7.0, cell and
// region forcing chains 8.0, dynamic forcing chains 8.5, dynamic forcing
// chains whose propagation also uses intersections, hidden and naked pairs
// and X-Wings 9.0, and nested ones (propagation using dynamic forcing
// chains) 9.5; each plus SE's length addition (bigLengthBonus). Where SE
// sorts every hint of a rule by difficulty, these rules take the one whose
// chains have the fewest links (summed over branches), the first in scan
// order on ties.

// Node causes: how a propagation marked a node.
const (
	bigSource = -1 // the assumption
	bigCell   = -2 // the cell's last candidate (on) or another value of an on cell (off)
	bigRule   = -3 // eliminated by a basic rule in the propagated grid
	bigPeer   = -4 // a peer of an on candidate with the same value (off)
	// unit u >= 0: the value's last place in unit u (on)
)

// bigProp plays out assumptions on one grid. Nodes are candidate*2 (off)
// and candidate*2+1 (on); candidate c is cell*side + value-1. Per-node
// arrays are stamped with an epoch so nothing is cleared between runs.
type bigProp struct {
	e       *env
	g       *Grid
	pool    *sync.Pool // where release puts p
	stride  int        // houses per cell in upos (3 in a classic grid)
	side    int
	orig    []units.Set // the grid's candidates
	origCnt []int16     // places of value v in unit u: u*side+v-1
	cur     []units.Set // dynamic: candidates not turned off
	cnt     []int16     // dynamic: places of v in u not turned off
	stamp   []uint32    // node marked in this run when == epoch
	seq     []int32     // order of marking
	par     []int32     // first parent, -1 for the source
	cause   []int16
	depth   []int16
	epoch   uint32
	queue   []int32
	marked  []int32
	vis     []uint32 // ancestor walks
	visEp   uint32
	// mode
	x, y, dynamic  bool
	level          int
	stopOnConflict bool
	firstOnly      bool // dynamicSearch: stop at the first contradiction or double forcing found
	target         int32
	found          bool
	conflict       int32 // candidate marked both on and off, or -1
	recs           []bigRec
	recPar         []int32
	pend           []bigPend
	ruleOf         []int32 // rule-derived off node: index in recs
	tmp            *Grid
	// dirty[u*side+v-1] == epoch: the places of v in unit u changed in
	// this run. Unless wholeGrid, the basic rules of advanced look only
	// at what changed: the grid itself has nothing for them (checked by
	// checkBasic), so a pattern whose places are unchanged removes
	// nothing.
	dirty     []uint32
	wholeGrid bool
	// trackPos (levels 1 and 2): pos[u*side+v-1] holds the places of v in
	// unit u not turned off (origPos in the grid); upos[i*3+k] is the
	// place of cell i in its k-th unit (row, column, box).
	trackPos bool
	origPos  []uint64
	pos      []uint64
	upos     []uint8
	scratch  bigScratch
	// sol, if set, is the value of each cell in the grid's solution
	// (dynamicSearch then looks for contradictions alone).
	sol []uint8
	// from: dynamicSearch starts at this candidate (wrapping around), and
	// hit is the candidate whose play found its first hint; innerFrom is
	// where the nested searches of one run start (the last one's hit).
	from, hit, innerFrom int32
}

// bigScratch is dynamicSearch's memory, reused from search to search.
type bigScratch struct {
	start  []int32 // the on branch of candidate c: nodes[start[c]:end[c]]
	end    []int32
	srcs   []int32 // the candidates to play out, in order
	rot    []int32
	nodes  []int32
	depths []int16
	hints  []bigHint
	memb   []int16
	count  []int16
	sum    []int32
}

var bigPools [units.MaxOrder + 1]sync.Pool

// newBigProp returns a propagation state for g (from a pool).
func newBigProp(e *env, g *Grid) *bigProp {
	pool := g.bigPool()
	p, _ := pool.Get().(*bigProp)
	if p == nil {
		side := g.geo.Side
		stride := g.stride()
		nc := g.geo.NumCells * side
		p = &bigProp{
			pool:    pool,
			stride:  stride,
			side:    side,
			orig:    make([]units.Set, g.geo.NumCells),
			origCnt: make([]int16, g.geo.NumUnits*side),
			cur:     make([]units.Set, g.geo.NumCells),
			cnt:     make([]int16, g.geo.NumUnits*side),
			stamp:   make([]uint32, 2*nc),
			seq:     make([]int32, 2*nc),
			par:     make([]int32, 2*nc),
			cause:   make([]int16, 2*nc),
			depth:   make([]int16, 2*nc),
			vis:     make([]uint32, 2*nc),
			ruleOf:  make([]int32, 2*nc),
			dirty:   make([]uint32, g.geo.NumUnits*side),
			origPos: make([]uint64, g.geo.NumUnits*side),
			pos:     make([]uint64, g.geo.NumUnits*side),
			upos:    make([]uint8, stride*g.geo.NumCells),
		}
		for u, cells := range g.geo.Units {
			for k, i := range cells {
				for j, w := range g.cellUnits(i) {
					if w == u {
						p.upos[stride*i+j] = uint8(k)
					}
				}
			}
		}
	}
	p.e, p.g = e, g
	p.wholeGrid = true
	p.load(g)
	return p
}

func (p *bigProp) release() {
	p.e, p.g = nil, nil
	p.firstOnly, p.trackPos, p.sol, p.from = false, false, nil, 0
	p.pool.Put(p)
}

// load takes g's candidates as the base of every run.
func (p *bigProp) load(g *Grid) {
	copy(p.orig, g.cands)
	side := p.side
	for u, cells := range g.geo.Units {
		row := p.origCnt[u*side : (u+1)*side]
		pos := p.origPos[u*side : (u+1)*side]
		clear(row)
		clear(pos)
		for k, i := range cells {
			for c := g.cands[i]; c != 0; c &= c - 1 {
				v := bits.TrailingZeros64(uint64(c))
				row[v]++
				pos[v] |= 1 << k
			}
		}
	}
}

func (p *bigProp) node(i, v int, on bool) int32 {
	n := int32((i*p.side + v - 1) << 1)
	if on {
		n |= 1
	}
	return n
}

func (p *bigProp) cellOf(n int32) int  { return int(n>>1) / p.side }
func (p *bigProp) valueOf(n int32) int { return int(n>>1)%p.side + 1 }

func (p *bigProp) reset() {
	p.epoch++
	if p.epoch == 0 {
		clear(p.stamp)
		clear(p.dirty)
		p.epoch = 1
	}
	p.queue = p.queue[:0]
	p.marked = p.marked[:0]
	p.conflict = -1
	p.found = false
	p.innerFrom = 0
	p.recs = p.recs[:0]
	p.recPar = p.recPar[:0]
	if p.dynamic {
		copy(p.cur, p.orig)
		copy(p.cnt, p.origCnt)
		if p.trackPos {
			copy(p.pos, p.origPos)
		}
	}
}

func (p *bigProp) has(n int32) bool { return p.stamp[n] == p.epoch }

func (p *bigProp) set(n, parent int32, d int16, cause int16) {
	p.stamp[n] = p.epoch
	p.seq[n] = int32(len(p.marked))
	p.par[n] = parent
	p.depth[n] = d
	p.cause[n] = cause
	p.marked = append(p.marked, n)
}

// markOn marks value v of cell i on; it reports false when the run must
// stop (target reached or contradiction).
func (p *bigProp) markOn(i, v int, parent int32, d int16, cause int16) bool {
	n := p.node(i, v, true)
	if p.has(n) {
		return true
	}
	p.set(n, parent, d, cause)
	if n == p.target {
		p.found = true
		return false
	}
	if p.has(n^1) && p.stopOnConflict {
		p.conflict = n >> 1
		return false
	}
	p.queue = append(p.queue, n)
	return true
}

// markOff marks value v of cell i off, and at once the singles it leaves.
func (p *bigProp) markOff(i, v int, parent int32, d int16, cause int16) bool {
	n := p.node(i, v, false)
	if p.has(n) {
		return true
	}
	p.set(n, parent, d, cause)
	if n == p.target {
		p.found = true
		return false
	}
	if p.has(n|1) && p.stopOnConflict {
		p.conflict = n >> 1
		return false
	}
	g := p.g
	bit := units.Set(1) << (v - 1)
	side := p.side
	if p.dynamic {
		p.cur[i] &^= bit
		if c := p.cur[i]; p.y && c != 0 && c&(c-1) == 0 {
			if !p.markOn(i, c.Min(), n, d+1, bigCell) {
				return false
			}
		}
		for j, u := range g.cellUnits(i) {
			k := u*side + v - 1
			p.cnt[k]--
			p.dirty[k] = p.epoch
			if p.trackPos {
				p.pos[k] &^= 1 << p.upos[p.stride*i+j]
			}
			if p.cnt[k] == 1 && p.x {
				for _, j := range g.geo.Units[u] {
					if p.cur[j]&bit != 0 {
						if !p.markOn(j, v, n, d+1, int16(u)) {
							return false
						}
						break
					}
				}
			}
		}
		return true
	}
	if p.y && p.orig[i].Count() == 2 {
		if !p.markOn(i, (p.orig[i] &^ bit).Min(), n, d+1, bigCell) {
			return false
		}
	}
	if p.x {
		for _, u := range g.cellUnits(i) {
			if p.origCnt[u*side+v-1] != 2 {
				continue
			}
			for _, j := range g.geo.Units[u] {
				if j != i && p.orig[j]&bit != 0 {
					if !p.markOn(j, v, n, d+1, int16(u)) {
						return false
					}
					break
				}
			}
		}
	}
	return true
}

// run plays out the assumption src (a node) until nothing follows, the
// target is reached or a contradiction appears; it reports whether the
// run ended normally (no target, no contradiction).
func (p *bigProp) run(src int32) bool {
	p.reset()
	i, v := p.cellOf(src), p.valueOf(src)
	var ok bool
	if src&1 != 0 {
		ok = p.markOn(i, v, -1, 0, bigSource)
	} else {
		ok = p.markOff(i, v, -1, 0, bigSource)
	}
	if !ok {
		return false
	}
	g := p.g
	for head := 0; ; {
		for head < len(p.queue) {
			n := p.queue[head]
			head++
			i, v := p.cellOf(n), p.valueOf(n)
			d := p.depth[n] + 1
			if p.y {
				for w := range (p.orig[i] &^ (1 << (v - 1))).Values() {
					if !p.markOff(i, w, n, d, bigCell) {
						return false
					}
				}
			}
			bit := units.Set(1) << (v - 1)
			for _, j := range g.geo.Peers[i] {
				if p.orig[j]&bit != 0 {
					if !p.markOff(j, v, n, d, bigPeer) {
						return false
					}
				}
			}
		}
		if p.level == 0 || !p.dynamic {
			return true
		}
		more, ok := p.advanced()
		if !ok {
			return false
		}
		if !more {
			return true
		}
	}
}

// advanced applies, when singles have nothing more to say, the basic
// rules SE's dynamic forcing chains (+) use, in its order (intersections,
// hidden pairs, naked pairs, X-Wings), or at level 2 a dynamic forcing
// chain, to the propagated grid: every elimination of the first rule that
// finds one is marked off. It reports whether anything was marked, and
// false for ok when the run must stop.
func (p *bigProp) advanced() (more, ok bool) {
	var d int16
	for _, n := range p.marked {
		d = max(d, p.depth[n])
	}
	p.pend = p.pend[:0]
	for _, f := range [...]func(){p.ruleLocking, p.ruleHiddenPairs, p.ruleNakedPairs, p.ruleXWings} {
		f()
		if len(p.pend) > 0 {
			break
		}
	}
	if len(p.pend) == 0 && p.level >= 2 {
		p.ruleNested()
	}
	if len(p.pend) == 0 {
		return false, true
	}
	for _, e := range p.pend {
		n := e.node
		if p.has(n) {
			continue
		}
		p.ruleOf[n] = e.rec
		if !p.markOff(p.cellOf(n), p.valueOf(n), p.lastParent(e.rec), d+1, bigRule) {
			return false, false
		}
	}
	return true, true
}

// bigRec is one use of a basic rule inside a propagation: what it is (for
// the text) and the off nodes it rests on.
type bigRec struct {
	name       string
	par0, par1 int32 // parents: p.recPar[par0:par1]
	// what the rule is, for Step.Chain: a basic rule's technique and
	// unit (-1: none), or a nested chain's step
	tech Technique
	unit int32
	by   *Step
}

type bigPend struct {
	node int32
	rec  int32
}

// addRec records a rule use resting on the off nodes of the given
// candidates (only those marked count) and returns its index.
func (p *bigProp) addRec(name string, parents func(add func(i, v int))) int32 {
	r := bigRec{name: name, par0: int32(len(p.recPar)), unit: -1}
	parents(func(i, v int) {
		if n := p.node(i, v, false); p.has(n) {
			p.recPar = append(p.recPar, n)
		}
	})
	r.par1 = int32(len(p.recPar))
	p.recs = append(p.recs, r)
	return int32(len(p.recs) - 1)
}

// lastParent returns the latest marked parent of a rule use: the link the
// chain text shows before the rule's result.
func (p *bigProp) lastParent(rec int32) int32 {
	r := p.recs[rec]
	best := int32(-1)
	for _, n := range p.recPar[r.par0:r.par1] {
		if best < 0 || p.seq[n] > p.seq[best] {
			best = n
		}
	}
	if best < 0 {
		best = p.marked[0]
	}
	return best
}

// changed reports whether the places of v in unit u may have changed in
// this run (always, in wholeGrid mode).
func (p *bigProp) changed(u, v int) bool {
	return p.wholeGrid || p.dirty[u*p.side+v-1] == p.epoch
}

// unitChanged reports whether any value's places in unit u may have
// changed in this run.
func (p *bigProp) unitChanged(u int) bool {
	if p.wholeGrid {
		return true
	}
	for _, d := range p.dirty[u*p.side : (u+1)*p.side] {
		if d == p.epoch {
			return true
		}
	}
	return false
}

// checkBasic sets wholeGrid when the basic rules of advanced find
// something in the grid itself (a rule set without them): then every run
// must look at the whole propagated grid. Otherwise only patterns whose
// places changed can remove anything.
func (p *bigProp) checkBasic() {
	p.wholeGrid = true
	p.reset()
	p.pend = p.pend[:0]
	for _, f := range [...]func(){p.ruleLocking, p.ruleHiddenPairs, p.ruleNakedPairs, p.ruleXWings} {
		f()
		if len(p.pend) > 0 {
			break
		}
	}
	p.wholeGrid = len(p.pend) > 0
	p.pend = p.pend[:0]
}

// placesNow returns the positions of v in unit u in the propagated grid.
func (p *bigProp) placesNow(u, v int) uint64 {
	if p.trackPos {
		return p.pos[u*p.side+v-1]
	}
	var m uint64
	bit := units.Set(1) << (v - 1)
	for k, i := range p.g.geo.Units[u] {
		if p.cur[i]&bit != 0 {
			m |= 1 << k
		}
	}
	return m
}

// ruleLocking finds pointing and claiming: v's places in one unit all in
// a crossing unit, which then loses v elsewhere.
func (p *bigProp) ruleLocking() {
	g, side := p.g, p.side
	for u1 := range g.geo.NumUnits {
		for v := 1; v <= side; v++ {
			if !p.changed(u1, v) {
				continue
			}
			pos := p.placesNow(u1, v)
			if bits.OnesCount64(pos) < 2 {
				continue
			}
			cells := g.geo.Units[u1]
			first := cells[bits.TrailingZeros64(pos)]
			for _, u2 := range g.cellUnits(first) {
				if u2 == u1 || u1 < 2*side && u2 < 2*side {
					continue // a line crosses only boxes here
				}
				inside := true
				for q := pos; q != 0; q &= q - 1 {
					if !g.inUnit(cells[bits.TrailingZeros64(q)], u2) {
						inside = false
						break
					}
				}
				if !inside {
					continue
				}
				rec := int32(-1)
				bit := units.Set(1) << (v - 1)
				for _, j := range g.geo.Units[u2] {
					if p.cur[j]&bit == 0 || g.inUnit(j, u1) {
						continue
					}
					if rec < 0 {
						name := "pointing"
						if u1 < 2*side {
							name = "claiming"
						}
						rec = p.addRec(name+" in "+g.unitName(u1), func(add func(i, v int)) {
							for _, k := range cells {
								if !g.inUnit(k, u2) && p.orig[k].Has(v) {
									add(k, v)
								}
							}
						})
						p.recs[rec].tech, p.recs[rec].unit = Intersection, int32(u1)
					}
					p.pend = append(p.pend, bigPend{p.node(j, v, false), rec})
				}
			}
		}
	}
}

// ruleHiddenPairs finds two values with the same two places in a unit:
// those cells lose their other candidates.
func (p *bigProp) ruleHiddenPairs() {
	g, side := p.g, p.side
	var pos [65]uint64
	for u := range g.geo.NumUnits {
		if !p.unitChanged(u) {
			continue
		}
		for v := 1; v <= side; v++ {
			pos[v] = p.placesNow(u, v)
		}
		cells := g.geo.Units[u]
		for a := 1; a <= side; a++ {
			if bits.OnesCount64(pos[a]) != 2 {
				continue
			}
			for b := a + 1; b <= side; b++ {
				if pos[b] != pos[a] || !p.changed(u, a) && !p.changed(u, b) {
					continue
				}
				pair := units.Set(1)<<(a-1) | units.Set(1)<<(b-1)
				rec := int32(-1)
				for q := pos[a]; q != 0; q &= q - 1 {
					i := cells[bits.TrailingZeros64(q)]
					for w := range (p.cur[i] &^ pair).Values() {
						if rec < 0 {
							rec = p.addRec("Hidden Pair in "+g.unitName(u), func(add func(i, v int)) {
								for k, j := range cells {
									if pos[a]&(1<<k) == 0 {
										add(j, a)
										add(j, b)
									}
								}
							})
							p.recs[rec].tech, p.recs[rec].unit = HiddenPair, int32(u)
						}
						p.pend = append(p.pend, bigPend{p.node(i, w, false), rec})
					}
				}
			}
		}
	}
}

// ruleNakedPairs finds two cells of a unit with the same two candidates:
// the unit's other cells lose them.
func (p *bigProp) ruleNakedPairs() {
	g := p.g
	for u := range g.geo.NumUnits {
		if !p.unitChanged(u) {
			continue
		}
		cells := g.geo.Units[u]
		for x, a := range cells {
			pair := p.cur[a]
			if pair.Count() != 2 || p.has(p.node(a, pair.Min(), true)) || p.has(p.node(a, pair.Max(), true)) {
				continue
			}
			for _, b := range cells[x+1:] {
				if p.cur[b] != pair || !p.wholeGrid && pair == p.orig[a] && pair == p.orig[b] {
					continue
				}
				rec := int32(-1)
				for _, j := range cells {
					if j == a || j == b {
						continue
					}
					for w := range (p.cur[j] & pair).Values() {
						if rec < 0 {
							rec = p.addRec("Naked Pair in "+g.unitName(u), func(add func(i, v int)) {
								for _, k := range [2]int{a, b} {
									for w := range (p.orig[k] &^ pair).Values() {
										add(k, w)
									}
								}
							})
							p.recs[rec].tech, p.recs[rec].unit = NakedPair, int32(u)
						}
						p.pend = append(p.pend, bigPend{p.node(j, w, false), rec})
					}
				}
			}
		}
	}
}

// ruleXWings finds a value with the same two places in two rows (or
// columns): the crossing columns (rows) lose it elsewhere.
func (p *bigProp) ruleXWings() {
	g, side := p.g, p.side
	pos := make([]uint64, side)
	for _, base := range [2]int{0, side} {
		cover := side - base // columns for rows, rows for columns
		for v := 1; v <= side; v++ {
			touched := false
			for k := range side {
				touched = touched || p.changed(base+k, v)
			}
			if !touched {
				continue
			}
			for k := range side {
				pos[k] = p.placesNow(base+k, v)
			}
			for a := range side {
				if bits.OnesCount64(pos[a]) != 2 {
					continue
				}
				for b := a + 1; b < side; b++ {
					if pos[b] != pos[a] || !p.changed(base+a, v) && !p.changed(base+b, v) {
						continue
					}
					rec := int32(-1)
					for q := pos[a]; q != 0; q &= q - 1 {
						c := bits.TrailingZeros64(q)
						for k, j := range g.geo.Units[cover+c] {
							if k == a || k == b || !p.cur[j].Has(v) {
								continue
							}
							if rec < 0 {
								rec = p.addRec("X-Wing on "+string(sudoku.SymbolByte(v)), func(add func(i, v int)) {
									for _, l := range [2]int{a, b} {
										for k, i := range g.geo.Units[base+l] {
											if pos[a]&(1<<k) == 0 && p.orig[i].Has(v) {
												add(i, v)
											}
										}
									}
								})
								p.recs[rec].tech, p.recs[rec].unit = XWing, -1
							}
							p.pend = append(p.pend, bigPend{p.node(j, v, false), rec})
						}
					}
				}
			}
		}
	}
}

// ruleNested applies the first dynamic forcing chain found on the
// propagated grid (level 2 propagation), looking from the candidate where
// the run's previous one was found.
func (p *bigProp) ruleNested() {
	if p.tmp == nil {
		p.tmp = p.g.Clone()
	}
	t := p.tmp
	copy(t.values, p.g.values)
	copy(t.cands, p.cur)
	t.blank = p.g.blank
	for _, n := range p.marked {
		if n&1 != 0 {
			i := p.cellOf(n)
			if t.values[i] == 0 {
				t.values[i] = uint8(p.valueOf(n))
				t.cands[i] = 0
				t.blank--
			}
		}
	}
	q := newBigProp(p.e, t)
	defer q.release()
	q.firstOnly = true
	q.from = p.innerFrom
	defer func() { p.innerFrom = q.hit }()
	q.dynamicSearch(0, true, func(st *Step) bool {
		// the sub-chain that justifies the link, in its own words
		name := fmt.Sprintf("%s (%s%s)", st.Name, strings.ToLower(st.Text[:1]), st.Text[1:])
		for _, c := range st.Eliminations {
			rec := p.addRec(name, func(add func(i, v int)) {
				for _, x := range st.Candidates {
					add(x.Cell, x.Value)
				}
			})
			p.recs[rec].by = st
			p.pend = append(p.pend, bigPend{p.node(c.Cell, c.Value, false), rec})
		}
		return false
	})
}

// forParents calls f with each parent of node n, the nodes whose being
// marked made n follow.
func (p *bigProp) forParents(n int32, f func(int32)) {
	i, v := p.cellOf(n), p.valueOf(n)
	switch c := p.cause[n]; {
	case c == bigSource:
	case c == bigRule:
		r := p.recs[p.ruleOf[n]]
		for _, m := range p.recPar[r.par0:r.par1] {
			if p.seq[m] < p.seq[n] {
				f(m)
			}
		}
	case n&1 == 0: // off: an on parent
		f(p.par[n])
	case c == bigCell:
		for w := range (p.orig[i] &^ (1 << (v - 1))).Values() {
			if m := p.node(i, w, false); p.has(m) && p.seq[m] < p.seq[n] {
				f(m)
			}
		}
	default: // hidden single in unit c
		for _, j := range p.g.geo.Units[c] {
			if m := p.node(j, v, false); j != i && p.orig[j].Has(v) && p.has(m) && p.seq[m] < p.seq[n] {
				f(m)
			}
		}
	}
}

// ancestors returns the number of nodes n follows from, n included (SE's
// ancestor count, the complexity of a chain).
func (p *bigProp) ancestors(n int32) int {
	p.visEp++
	if p.visEp == 0 {
		clear(p.vis)
		p.visEp = 1
	}
	stack := []int32{n}
	p.vis[n] = p.visEp
	count := 0
	for len(stack) > 0 {
		m := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		count++
		p.forParents(m, func(q int32) {
			if p.vis[q] != p.visEp {
				p.vis[q] = p.visEp
				stack = append(stack, q)
			}
		})
	}
	return count
}

// chain returns the nodes from the source to n along first parents.
func (p *bigProp) chain(n int32) []int32 {
	var c []int32
	for m := n; m >= 0; m = p.par[m] {
		c = append(c, m)
		if p.cause[m] == bigSource {
			break
		}
	}
	slices.Reverse(c)
	return c
}

// bigLengthBonus is SE's addition for a chain of the given complexity
// (ancestor count), in tenths: 0 up to 4 nodes beyond the ends, then 0.1
// per band (5-6, 7-8, 9-12, 13-16, 17-24, ...).
func bigLengthBonus(complexity int) int {
	added, ceil := 0, 4
	length := complexity - 2
	odd := false
	for length > ceil {
		added++
		if !odd {
			ceil = ceil * 3 / 2
		} else {
			ceil = ceil * 4 / 3
		}
		odd = !odd
	}
	return added
}

// candOf returns the candidate of node n.
func (p *bigProp) candOf(n int32) sudoku.Candidate {
	return sudoku.Candidate{Cell: p.cellOf(n), Value: p.valueOf(n)}
}

// nodeText says what node n states, as 9x9 chains do: "r5c4 is 7" (on)
// or "r5c4 is not 7" (off).
func (p *bigProp) nodeText(n int32) string {
	c := p.candOf(n)
	if n&1 != 0 {
		return fmt.Sprintf("%s is %c", p.g.cellName(c.Cell), sudoku.SymbolByte(c.Value))
	}
	return fmt.Sprintf("%s is not %c", p.g.cellName(c.Cell), sudoku.SymbolByte(c.Value))
}
