package logic

import (
	"fmt"
	"slices"
	"strings"

	"github.com/gosudoku/sudoku"
)

// Kinds of chain hints.
const (
	bigElim     = iota // unary: the source on implies it off
	bigPlace           // unary: the source off implies it on
	bigContraOn        // the source on leads to a contradiction
	bigContraOff
	bigDouble // the source on and off both imply the target
	bigCellFC // every candidate of a cell implies the target
	bigUnitFC // every place of a value in a unit implies the target
)

// bigHint is a conclusion found by a chain search, rebuilt into a Step
// when it is yielded.
type bigHint struct {
	kind   int
	src    int32 // a node; the cell (bigCellFC); unit*side+value-1 (bigUnitFC)
	target int32 // the node concluded
	cost   int   // ancestor count (unary) or summed chain depths
}

// findBigXChains finds forcing X-chains (6.6): on one value, a candidate
// whose being true leads, through strong links (a value with two places
// in a unit) and peers, to its being false (so it goes), or whose being
// false leads to its being true (so it is placed).
func findBigXChains(e *env, g *Grid, yield func(*Step) bool) {
	bigUnary(e, g, false, yield)
}

// findBigXYChains finds forcing chains (7.0) that also use bivalue cells:
// XY-chains and alternating inference chains.
func findBigXYChains(e *env, g *Grid, yield func(*Step) bool) {
	bigUnary(e, g, true, yield)
}

func bigUnary(e *env, g *Grid, y bool, yield func(*Step) bool) {
	p := newBigProp(e, g)
	defer p.release()
	p.x, p.y, p.dynamic, p.level, p.stopOnConflict = true, y, false, 0, false
	var hints []bigHint
	for i, cs := range g.cands {
		if g.values[i] != 0 {
			continue
		}
		if e.stopped() {
			return
		}
		for v := range cs.Values() {
			on, off := p.node(i, v, true), p.node(i, v, false)
			p.target = off
			p.run(on)
			if p.found {
				hints = append(hints, bigHint{kind: bigElim, src: on, target: off, cost: p.ancestors(off)})
			}
			p.target = on
			p.run(off)
			if p.found {
				hints = append(hints, bigHint{kind: bigPlace, src: off, target: on, cost: p.ancestors(on)})
			}
		}
	}
	p.target = -1
	slices.SortStableFunc(hints, func(a, b bigHint) int { return a.cost - b.cost })
	for _, h := range hints {
		if !yield(p.unaryStep(h)) {
			return
		}
	}
}

func (p *bigProp) unaryStep(h bigHint) *Step {
	p.target = h.target
	p.run(h.src)
	p.target = -1
	c := p.chain(h.target)
	st := &Step{Technique: XChain, Name: "Forcing X-Chain", Rating: 66}
	if p.y {
		st.Technique, st.Name, st.Rating = XYChain, "Forcing Chain", 70
	}
	st.Rating += bigLengthBonus(h.cost)
	cand := p.candOf(h.src)
	p.describe(st, c)
	st.Chain = &Chain{Kind: "contradiction", Branches: [][]Link{p.chainLinks(c)}}
	sym := sudoku.SymbolByte(cand.Value)
	if h.kind == bigElim {
		st.Eliminations = []sudoku.Candidate{cand}
		st.Text = fmt.Sprintf("If %s were %c, then %s, so %c goes from %s",
			p.g.cellName(cand.Cell), sym, p.chainText(c), sym, p.g.cellName(cand.Cell))
	} else {
		st.Placements = []sudoku.Candidate{cand}
		st.Text = fmt.Sprintf("If %s were not %c, then %s, so %s = %c",
			p.g.cellName(cand.Cell), sym, p.chainText(c), p.g.cellName(cand.Cell), sym)
	}
	return st
}

// chainText writes a chain in words, as 9x9 chains do: "r1c7 is not 5,
// so r3c7 is 5, so ..." (the source left out: the sentence names it),
// with the basic rule or forcing chain behind a link named: "so by a
// Hidden Pair in row 2, r4c4 is not 3", or for nested chains "so by
// Dynamic Contradiction Forcing Chains (if r2c3 were 1, then ...), r1c3
// is not 4".
func (p *bigProp) chainText(c []int32) string {
	var b strings.Builder
	if len(c) > 1 && p.cause[c[0]] == bigSource {
		c = c[1:]
	}
	for k, n := range c {
		if k > 0 {
			b.WriteString(", so ")
		}
		if p.cause[n] == bigRule {
			name := p.recs[p.ruleOf[n]].name
			if strings.Contains(name, "Chains") || name[0] >= 'a' && name[0] <= 'z' {
				// "by claiming in column 7", "by Dynamic Chains (...)"
				fmt.Fprintf(&b, "by %s, ", name)
			} else {
				fmt.Fprintf(&b, "by %s %s, ", article(name), name)
			}
		}
		b.WriteString(p.nodeText(n))
	}
	return b.String()
}

// chainLinks returns the links of chain c (its source first) for
// Step.Chain, each with the rule that gives it where no single does.
func (p *bigProp) chainLinks(c []int32) []Link {
	out := make([]Link, len(c))
	for k, n := range c {
		cand := p.candOf(n)
		out[k] = Link{Cell: cand.Cell, Value: cand.Value, On: n&1 != 0}
		if p.cause[n] == bigRule {
			out[k].By = p.ruleStep(p.ruleOf[n])
		}
	}
	return out
}

// ruleStep returns the step of rule record r: a nested chain's, or a
// basic rule's with its technique, name and unit only.
func (p *bigProp) ruleStep(r int32) *Step {
	rec := p.recs[r]
	if rec.by != nil {
		if rec.by.Side == 0 {
			rec.by.Side = p.side
		}
		return rec.by
	}
	st := &Step{Technique: rec.tech, Name: rec.tech.String(), Side: p.side}
	switch {
	case rec.tech == Intersection && rec.unit >= int32(2*p.side):
		st.Name = "Pointing"
	case rec.tech == Intersection:
		st.Name = "Claiming"
	case rec.tech == NakedPair || rec.tech == HiddenPair:
		st.Name = rec.tech.String()
	}
	if rec.unit >= 0 {
		st.Units = []sudoku.Unit{p.g.unit(int(rec.unit))}
	}
	return st
}

// branchText writes one branch of a forcing chain: "if r1c2 is 5, then
// r1c7 is not 5, so ...".
func (p *bigProp) branchText(c []int32) string {
	if len(c) < 2 {
		return p.chainText(c)
	}
	return fmt.Sprintf("if %s, then %s", p.nodeText(c[0]), p.chainText(c))
}

// describe adds the cells, candidates and units of a chain to a step.
func (p *bigProp) describe(st *Step, c []int32) {
	for _, n := range c {
		cand := p.candOf(n)
		if !slices.Contains(st.Candidates, cand) {
			st.Candidates = append(st.Candidates, cand)
		}
		if !slices.Contains(st.Cells, cand.Cell) {
			st.Cells = append(st.Cells, cand.Cell)
		}
		if u := p.cause[n]; n&1 != 0 && u >= 0 {
			unit := p.g.unit(int(u))
			if !slices.Contains(st.Units, unit) {
				st.Units = append(st.Units, unit)
			}
		}
	}
}

// findBigMultipleChains finds cell and region forcing chains (8.0) over
// the grid's links: every candidate of a cell, or every place of a value
// in a unit, implies the same placement or elimination.
func findBigMultipleChains(e *env, g *Grid, yield func(*Step) bool) {
	p := newBigProp(e, g)
	defer p.release()
	p.dynamicSearch(0, false, yield)
}

// findBigDynamicChains finds dynamic forcing chains (8.5): the same, plus
// contradictions (an assumption that empties a cell or a unit, or makes
// a candidate both true and false) and double forcing chains, each
// assumption played out by singles on the grid it leaves.
func findBigDynamicChains(e *env, g *Grid, yield func(*Step) bool) {
	p := newBigProp(e, g)
	defer p.release()
	p.dynamicSearch(0, true, yield)
}

// findBigDynamicChainsPlus finds dynamic forcing chains whose propagation
// also uses intersections, hidden and naked pairs and X-Wings (9.0).
func findBigDynamicChainsPlus(e *env, g *Grid, yield func(*Step) bool) {
	p := newBigProp(e, g)
	defer p.release()
	p.dynamicSearch(1, true, yield)
}

// findBigNestedChains finds dynamic forcing chains whose propagation also
// uses dynamic forcing chains (10.5): the last resort. It takes the first
// step found, not the shortest: when the grid has one solution, the first
// contradiction of an assumption that is false in it (a true one cannot
// lead to a contradiction, and its propagation, which goes on longest,
// is the costly part), tried in order of how far each one's propagation
// with basic rules (level 1) reaches, furthest first; and only if there
// is none the first step of every kind, in cell order. Within one propagation, each dynamic forcing chain used as a link
// is looked for from the candidate where the previous one was found on,
// not from r1c1 again: together, 14 times less CPU time for the path of
// a plain generated 16x16 puzzle (order 4, seed 7: 74 s to 5.2 s).
func findBigNestedChains(e *env, g *Grid, yield func(*Step) bool) {
	p := newBigProp(e, g)
	defer p.release()
	p.firstOnly = true
	if p.sol = solutionOf(e, g); p.sol != nil {
		found := false
		p.dynamicSearch(2, true, func(st *Step) bool {
			found = true
			return yield(st)
		})
		p.sol = nil
		if found || e.err != nil {
			return
		}
	}
	p.dynamicSearch(2, true, yield)
}

// maxChainNodes bounds the conclusions dynamicSearch keeps for one step
// (6 bytes each) and the hints it finds (24 bytes each), so that the
// memory of a search is bounded whatever the grid (some 30 MiB at most):
// a 64x64 grid with few givens would keep some 10^9.
const maxChainNodes = 1 << 20

// ErrBudget is returned when a search for chains on a grid larger than
// 9x9 would hold more conclusions than its memory budget allows (a grid
// with very few givens). It wraps sudoku.ErrLimit.
var ErrBudget = fmt.Errorf("logic: the chains outgrew their memory budget: %w", sudoku.ErrLimit)

// dynamicSearch plays out every candidate on (and, if dynamic, off) and
// yields the conclusions, those with the shortest chains first.
func (p *bigProp) dynamicSearch(level int, dynamic bool, yield func(*Step) bool) {
	g, e, side := p.g, p.e, p.side
	p.x, p.y, p.dynamic, p.level, p.stopOnConflict, p.target = true, true, dynamic, level, true, -1
	p.trackPos = dynamic && level >= 1
	if level >= 1 {
		p.checkBasic()
	}
	nc := len(p.orig) * side
	// scratch memory, kept in p: nested chains search thousands of times
	// a step
	sc := &p.scratch
	if len(sc.start) != nc {
		sc.start = make([]int32, nc)
		sc.end = make([]int32, nc)
		sc.memb = make([]int16, 2*nc)
		sc.count = make([]int16, 2*nc)
		sc.sum = make([]int32, 2*nc)
	}
	start, end := sc.start, sc.end
	clear(start)
	clear(end)
	nodes, depths, hints := sc.nodes[:0], sc.depths[:0], sc.hints[:0]
	defer func() { sc.nodes, sc.depths, sc.hints = nodes[:0], depths[:0], hints[:0] }()
	memb := sc.memb // depth+1 in the on branch of the current candidate
	clear(memb)
	p.hit = 0
	for _, c := range p.sources() {
		p.hit = c
		i, v := int(c)/side, int(c)%side+1
		if e.stopped() {
			return
		}
		card := p.orig[i].Count()
		start[c] = int32(len(nodes))
		on, off := p.node(i, v, true), p.node(i, v, false)
		// with the solution known, only a false assumption can lead to a
		// contradiction: play out that one alone
		onRun := p.sol == nil || int(p.sol[i]) != v
		if onRun {
			ok := p.run(on)
			if e.err != nil {
				return
			}
			if len(nodes)+len(p.marked) > maxChainNodes || len(hints) > maxChainNodes {
				e.err = ErrBudget
				return
			}
			for _, n := range p.marked[1:] {
				nodes = append(nodes, n)
				depths = append(depths, p.depth[n])
			}
			if !ok && dynamic && p.conflict >= 0 {
				x := p.conflict << 1
				hints = append(hints, bigHint{kind: bigContraOn, src: on, target: off,
					cost: int(p.depth[x]) + int(p.depth[x|1]) + 2})
			}
		}
		end[c] = int32(len(nodes))
		if !dynamic {
			continue
		}
		if p.firstOnly && len(hints) > 0 {
			break
		}
		if p.sol != nil && onRun {
			continue
		}
		double := card >= 3 && p.sol == nil
		if double {
			for _, n := range p.marked[1:] {
				memb[n] = p.depth[n] + 1
			}
		}
		ok := p.run(off)
		if e.err != nil {
			return
		}
		if !ok && p.conflict >= 0 {
			x := p.conflict << 1
			hints = append(hints, bigHint{kind: bigContraOff, src: off, target: on,
				cost: int(p.depth[x]) + int(p.depth[x|1]) + 2})
		} else if double {
			for _, n := range p.marked[1:] {
				if memb[n] != 0 && n>>1 != on>>1 {
					hints = append(hints, bigHint{kind: bigDouble, src: on, target: n,
						cost: int(memb[n]) + int(p.depth[n]) + 1})
				}
			}
		}
		if double {
			for _, n := range nodes[start[c]:end[c]] {
				memb[n] = 0
			}
		}
		if p.firstOnly && len(hints) > 0 {
			break
		}
	}
	count, sum := sc.count, sc.sum
	clear(count)
	clear(sum)
	intersect := func(srcs []int, kind int, src int32) {
		for _, c := range srcs {
			for k := start[c]; k < end[c]; k++ {
				n := nodes[k]
				count[n]++
				sum[n] += int32(depths[k]) + 1
			}
		}
		last := srcs[len(srcs)-1]
		for k := start[last]; k < end[last]; k++ {
			n := nodes[k]
			if int(count[n]) == len(srcs) {
				hints = append(hints, bigHint{kind: kind, src: src, target: n, cost: int(sum[n])})
			}
		}
		if len(hints) > maxChainNodes {
			e.err = ErrBudget
		}
		for _, c := range srcs {
			for k := start[c]; k < end[c]; k++ {
				count[nodes[k]], sum[nodes[k]] = 0, 0
			}
		}
	}
	var srcs []int
	if p.firstOnly && len(hints) > 0 || p.sol != nil {
		goto sorted
	}
	for i, cs := range p.orig {
		if g.values[i] != 0 || cs.Count() < 2 || !dynamic && cs.Count() < 3 {
			continue
		}
		srcs = srcs[:0]
		for v := range cs.Values() {
			srcs = append(srcs, i*side+v-1)
		}
		intersect(srcs, bigCellFC, int32(i))
		if e.err != nil {
			return
		}
	}
	for _, kind := range []int{seBlock, seRow, seColumn} {
		for _, u := range g.unitsOfKind(kind) {
			for v := 1; v <= side; v++ {
				if p.origCnt[u*side+v-1] < 2 {
					continue
				}
				srcs = srcs[:0]
				for _, i := range g.geo.Units[u] {
					if p.orig[i].Has(v) {
						srcs = append(srcs, i*side+v-1)
					}
				}
				intersect(srcs, bigUnitFC, int32(u*side+v-1))
				if e.err != nil {
					return
				}
			}
		}
	}
sorted:
	if e.stopped() {
		return
	}
	slices.SortStableFunc(hints, func(a, b bigHint) int { return a.cost - b.cost })
	for _, h := range hints {
		st := p.dynamicStep(h)
		if e.err != nil {
			return
		}
		if !yield(st) {
			return
		}
	}
}

// chainSuffix names the propagation level as SE does.
func (p *bigProp) names() (prefix, suffix string, rating int) {
	switch {
	case !p.dynamic:
		return "", " Chains", 80
	case p.level == 1:
		return "Dynamic ", " Chains (+)", 90
	case p.level >= 2:
		return "Dynamic ", " Chains (+ Dynamic Forcing Chains)", 105
	}
	return "Dynamic ", " Chains", 85
}

// dynamicStep rebuilds the chains of a hint into a step.
func (p *bigProp) dynamicStep(h bigHint) *Step {
	g, side := p.g, p.side
	prefix, suffix, rating := p.names()
	st := &Step{Technique: BigMultipleChain}
	switch {
	case p.level == 1:
		st.Technique = BigDynamicChainPlus
	case p.level >= 2:
		st.Technique = BigNestedChain
	case p.dynamic:
		st.Technique = BigDynamicChain
	}
	tgt := p.candOf(h.target)
	result := g.cellName(tgt.Cell) + " = " + string(sudoku.SymbolByte(tgt.Value))
	if h.target&1 == 0 {
		st.Eliminations = []sudoku.Candidate{tgt}
		result = string(sudoku.SymbolByte(tgt.Value)) + " goes from " + g.cellName(tgt.Cell)
	} else {
		st.Placements = []sudoku.Candidate{tgt}
	}
	complexity := 0
	var texts []string
	st.Chain = &Chain{}
	branch := func(src, target int32) {
		p.run(src)
		c := p.chain(target)
		complexity += p.ancestors(target)
		p.describe(st, c)
		texts = append(texts, p.branchText(c))
		st.Chain.Branches = append(st.Chain.Branches, p.chainLinks(c))
	}
	switch h.kind {
	case bigContraOn, bigContraOff:
		p.run(h.src)
		x := p.conflict << 1
		con, coff := p.chain(x|1), p.chain(x)
		complexity = p.ancestors(x|1) + p.ancestors(x)
		p.describe(st, con)
		p.describe(st, coff)
		st.Chain.Kind, st.Chain.Branches = "contradiction", [][]Link{p.chainLinks(con), p.chainLinks(coff)}
		st.Name = prefix + "Contradiction Forcing" + suffix
		what := "were"
		if h.kind == bigContraOff {
			what = "were not"
		}
		src := p.candOf(h.src)
		st.Text = fmt.Sprintf("If %s %s %c, then %s, and also %s: a contradiction, so %s",
			g.cellName(src.Cell), what, sudoku.SymbolByte(src.Value), p.chainText(con), p.chainText(coff), result)
	case bigDouble:
		st.Name = prefix + "Double Forcing" + suffix
		st.Chain.Kind = "double"
		branch(h.src, h.target)
		branch(h.src^1, h.target)
		src := p.candOf(h.src)
		st.Text = fmt.Sprintf("Whether %s is %c or not, %s: %s; %s",
			g.cellName(src.Cell), sudoku.SymbolByte(src.Value), p.nodeText(h.target), texts[0], texts[1])
	case bigCellFC:
		st.Name = prefix + "Cell Forcing" + suffix
		i := int(h.src)
		st.Chain.Kind, st.Chain.Cell = "cell", i
		for v := range p.orig[i].Values() {
			branch(p.node(i, v, true), h.target)
		}
		st.Units = append([]sudoku.Unit{g.unit(g.boxOf(i))}, st.Units...)
		st.Text = fmt.Sprintf("Whatever value %s holds, %s: %s; so %s",
			g.cellName(i), p.nodeText(h.target), strings.Join(texts, "; "), result)
	case bigUnitFC:
		st.Name = prefix + "Region Forcing" + suffix
		u, v := int(h.src)/side, int(h.src)%side+1
		for _, i := range g.geo.Units[u] {
			if p.orig[i].Has(v) {
				branch(p.node(i, v, true), h.target)
			}
		}
		unit := g.unit(u)
		st.Chain.Kind, st.Chain.Unit, st.Chain.Value = "region", unit, v
		if k := slices.Index(st.Units, unit); k >= 0 {
			st.Units = slices.Delete(st.Units, k, k+1)
		}
		st.Units = append([]sudoku.Unit{unit}, st.Units...)
		st.Text = fmt.Sprintf("Wherever %c goes in %s, %s: %s; so %s",
			sudoku.SymbolByte(v), g.unitName(u), p.nodeText(h.target), strings.Join(texts, "; "), result)
	}
	st.Rating = rating + bigLengthBonus(complexity)
	return st
}

// sources returns the candidates dynamicSearch plays out, in order
// (candidate c is cell*side + value-1): in cell order, from p.from on and
// then from the first; for nested chains with the solution known, by the
// reach of their false assumption's level-1 propagation, furthest first.
func (p *bigProp) sources() []int32 {
	sc := &p.scratch
	srcs := sc.srcs[:0]
	side := p.side
	for i, cs := range p.orig {
		if p.g.values[i] != 0 {
			continue
		}
		for v := range cs.Values() {
			srcs = append(srcs, int32(i*side+v-1))
		}
	}
	if k := p.from; k > 0 {
		// rotate: from k on, then the rest
		at, _ := slices.BinarySearch(srcs, k)
		sc.rot = append(append(sc.rot[:0], srcs[at:]...), srcs[:at]...)
		srcs, sc.rot = sc.rot, srcs
	}
	sc.srcs = srcs
	if p.level == 2 && p.sol != nil {
		// the false assumptions whose (+) play goes furthest first
		p.level = 1
		score := make([]int, len(p.orig)*side)
		for _, c := range srcs {
			i, v := int(c)/side, int(c)%side+1
			p.run(p.node(i, v, int(p.sol[i]) != v))
			score[c] = len(p.marked)
		}
		p.level = 2
		slices.SortStableFunc(srcs, func(a, b int32) int { return score[b] - score[a] })
	}
	return srcs
}

// solutionOf returns the value of each cell in g's only solution, or nil
// if g has not exactly one (or the count stops at its limit).
func solutionOf(e *env, g *Grid) []uint8 {
	res, err := sudoku.Count(e.ctx, g.Puzzle(), 2, sudoku.Options{MaxGuesses: DefaultMaxGuesses})
	if err != nil || res.Count != 1 {
		return nil
	}
	sol := make([]uint8, len(g.values))
	for i := range sol {
		sol[i] = uint8(res.Solution.Cell(i))
	}
	return sol
}
