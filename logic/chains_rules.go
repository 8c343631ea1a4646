package logic

import (
	"fmt"
	"slices"
	"strings"

	"github.com/gosudoku/sudoku"
)

// The chaining rules of the rule table. Each rule collects its hints and,
// as Sudoku Explainer does, gives the one with the lowest rating, then the
// fewest nodes, then by kind (double chains, X-, Y- then XY-chains, cell,
// region, contradictions), then the first found.

func findChainsAndCycles(e *env, g *Grid, yield func(*Step) bool) {
	s := scratchPool.Get().(*chainScratch)
	defer scratchPool.Put(s)
	c := s.engine(0)
	var cg cgrid
	g.toCgrid(&cg)
	c.setup(e, &cg, chainMode{})
	var best *Step
	bestKey := [3]int{1 << 30}
	limit := func(base, sortKey int) int { return maxBeating(base, sortKey, bestKey) }
	var all chainHints
	if e.all {
		limit = func(int, int) int { return 1 << 20 }
	}
	c.forEachUnary(limit, func(h *unaryHint, elims []int) bool {
		if e.want > 0 && !slices.Contains(elims, e.want-1) {
			return !e.stopped()
		}
		key := [3]int{h.rating, h.cplx, h.sortKey}
		if e.all {
			all.add(key, elims, c.unaryStep(g, h, elims))
			return !e.stopped()
		}
		if less3(key, bestKey) {
			bestKey = key
			best = c.unaryStep(g, h, elims)
		}
		return !e.stopped()
	})
	if e.all && e.err == nil {
		all.yield(yield)
		return
	}
	if best != nil && e.err == nil {
		yield(best)
	}
}

func findNishio(e *env, g *Grid, yield func(*Step) bool) {
	runMultiple(e, g, chainMode{dynamic: true, nishio: true}, NishioForcingChain, yield)
}

func findMultipleForcingChains(e *env, g *Grid, yield func(*Step) bool) {
	runMultiple(e, g, chainMode{multiple: true}, MultipleForcingChain, yield)
}

func findDynamicForcingChains(e *env, g *Grid, yield func(*Step) bool) {
	runMultiple(e, g, chainMode{multiple: true, dynamic: true}, DynamicForcingChain, yield)
}

func findDynamicForcingChainsPlus(e *env, g *Grid, yield func(*Step) bool) {
	runMultiple(e, g, chainMode{multiple: true, dynamic: true, level: 1}, DynamicForcingChainPlus, yield)
}

// findNestedForcingChains tries, as Sudoku Explainer's last resorts,
// dynamic chains whose assumptions may use forcing chains (level 2, rated
// from 9.5), multiple forcing chains (level 3, 10.0), then dynamic forcing
// chains (level 4, 10.5) themselves nested 0 to 3 levels deep.
//
// Like every rule they run only on a puzzle with one solution (see env):
// on one with several (an empty grid, say) they could search for a very
// long time and find nothing that solves it.
func findNestedForcingChains(e *env, g *Grid, yield func(*Step) bool) {
	modes := []chainMode{{level: 2}, {level: 3}, {level: 4}, {level: 4, nestLimit: 1}, {level: 4, nestLimit: 2}, {level: 4, nestLimit: 3}}
	for _, m := range modes {
		m.multiple, m.dynamic = true, true
		if runMultiple(e, g, m, NestedForcingChain, yield) || e.stopped() {
			return
		}
	}
}

// maxBeating returns the largest complexity of a hint of the given base
// rating and sort key that would come before best.
func maxBeating(base, sortKey int, best [3]int) int {
	if best[0] >= 1<<29 {
		return 1 << 20
	}
	k := 0
	for less3([3]int{base + lengthTenths(k+1), k + 1, sortKey}, best) {
		k++
	}
	return k
}

func less3(a, b [3]int) bool {
	for k := range a {
		if a[k] != b[k] {
			return a[k] < b[k]
		}
	}
	return false
}

// runMultiple runs a multiple-chain rule and yields its best hint; it
// reports whether there was one.
func runMultiple(e *env, g *Grid, mode chainMode, tech Technique, yield func(*Step) bool) bool {
	s := scratchPool.Get().(*chainScratch)
	defer scratchPool.Put(s)
	c := s.engine(0)
	var cg cgrid
	g.toCgrid(&cg)
	c.setup(e, &cg, mode)
	base := mode.baseTenths()
	var best *Step
	bestKey := [3]int{1 << 30}
	var elims []int
	worth := func(minCplx, sortKey int) bool {
		return less3([3]int{base + lengthTenths(minCplx), minCplx, sortKey}, bestKey)
	}
	var all chainHints
	if e.all {
		worth = func(int, int) bool { return true }
	}
	c.forEachMultiple(worth, func(h *mhint) bool {
		elims = c.mElims(h, elims)
		if len(elims) == 0 || e.want > 0 && !slices.Contains(elims, e.want-1) {
			return true
		}
		if e.all {
			cplx := c.complexity(h)
			key := [3]int{base + lengthTenths(cplx), cplx, h.sortKey}
			all.add(key, elims, c.multiStep(g, h, elims, key[0], tech))
			return !e.stopped()
		}
		if lb := h.lowerBound(); !worth(lb, h.sortKey) {
			return !e.stopped()
		}
		cplx := c.complexity(h)
		key := [3]int{base + lengthTenths(cplx), cplx, h.sortKey}
		if less3(key, bestKey) {
			bestKey = key
			best = c.multiStep(g, h, elims, key[0], tech)
		}
		return !e.stopped()
	})
	if e.all && e.err == nil {
		return all.yield(yield)
	}
	if best == nil || e.err != nil {
		return false
	}
	best.finish()
	yield(best)
	return true
}

// chainHints collects every hint of a chaining rule (for Available).
type chainHints struct {
	hints []keyedStep
}

type keyedStep struct {
	key   [3]int // rating, complexity, sort key
	elims string // the potentials removed, sorted: the hint's identity
	st    *Step
}

func (a *chainHints) add(key [3]int, elims []int, st *Step) {
	ps := slices.Sorted(slices.Values(elims))
	b := make([]byte, 0, 2*len(ps))
	for _, p := range ps {
		b = append(b, byte(p>>8), byte(p))
	}
	a.hints = append(a.hints, keyedStep{key: key, elims: string(b), st: st})
}

// yield passes the hints to yield as Sudoku Explainer lists them: by
// rating, then complexity, then kind, each set of eliminations once (the
// first of equal hints in the order found); it reports whether there was
// any.
func (a *chainHints) yield(yield func(*Step) bool) bool {
	slices.SortStableFunc(a.hints, func(x, y keyedStep) int {
		for k := range x.key {
			if x.key[k] != y.key[k] {
				return x.key[k] - y.key[k]
			}
		}
		return 0
	})
	seen := map[string]bool{}
	for _, h := range a.hints {
		if seen[h.elims] {
			continue
		}
		seen[h.elims] = true
		h.st.finish()
		if !yield(h.st) {
			break
		}
	}
	return len(a.hints) > 0
}

// nestedSuffix names the level of a dynamic chain, as Sudoku Explainer
// does.
func nestedSuffix(level int) string {
	switch {
	case level == 1:
		return " (+)"
	case level == 2:
		return " (+ Forcing Chains)"
	case level == 3:
		return " (+ Multiple Forcing Chains)"
	case level == 4:
		return " (+ Dynamic Forcing Chains)"
	case level >= 5:
		return " (+ Dynamic Forcing Chains" + nestedSuffix(level-3) + ")"
	}
	return ""
}

// multiName names a multiple-chain hint as Sudoku Explainer does.
func (m chainMode) multiName(kind int) string {
	prefix := ""
	if m.level > 0 || m.dynamic {
		prefix = "Dynamic "
	}
	if m.nishio {
		prefix = "Nishio "
	}
	var mid string
	switch kind {
	case mkAbsurdOn, mkAbsurdOff:
		mid = "Contradiction Forcing"
		if m.nishio {
			mid = "Forcing"
		}
	case mkDouble:
		mid = "Double Forcing"
	case mkCell:
		mid = "Cell Forcing"
	case mkRegion:
		mid = "Region Forcing"
	}
	return prefix + mid + " Chains" + nestedSuffix(m.level)
}

// nodeText says what a node states: "r1c2 is 5" or "r1c2 is not 5".
func nodeText(n int16) string {
	p := int(n >> 1)
	if n&1 == 1 {
		return fmt.Sprintf("%s is %d", sudoku.CellName(p/9, 9), p%9+1)
	}
	return fmt.Sprintf("%s is not %d", sudoku.CellName(p/9, 9), p%9+1)
}

// pathOf returns the nodes from the assumption to slot along first
// parents (the assumption first).
func pathOf(r *implic, slot int) []int16 {
	var path []int16
	s := slot
	path = append(path, r.nodeAt(s))
	for r.pn[s] > 0 {
		s = int(r.parents(s)[0])
		path = append(path, int16(s))
	}
	for i, j := 0, len(path)-1; i < j; i, j = i+1, j-1 {
		path[i], path[j] = path[j], path[i]
	}
	return path
}

// pathText writes the consequences along a path after its assumption:
// "r1c7 is not 5, so r2c8 is 5".
func pathText(path []int16) string {
	parts := make([]string, 0, len(path))
	for _, n := range path[1:] {
		parts = append(parts, nodeText(n))
	}
	return strings.Join(parts, ", so ")
}

// stepFrom fills the common fields of a chain step.
func stepFrom(g *Grid, tech Technique, name string, rating int, elims []int, place int, paths [][]int16) *Step {
	st := &Step{Technique: tech, Name: name, Rating: rating, Side: 9}
	if place >= 0 {
		st.Placements = []sudoku.Candidate{{Cell: place / 9, Value: place%9 + 1}}
	}
	for _, p := range elims {
		if place >= 0 && p/9 == place/9 {
			continue // the placement removes the cell's other candidates
		}
		st.Eliminations = append(st.Eliminations, sudoku.Candidate{Cell: p / 9, Value: p%9 + 1})
	}
	var seenCell [81]bool
	var seenPot [numPots]bool
	for _, path := range paths {
		for _, n := range path {
			p := int(n >> 1)
			if !seenCell[p/9] {
				seenCell[p/9] = true
				st.Cells = append(st.Cells, p/9)
			}
			if !seenPot[p] {
				seenPot[p] = true
				st.Candidates = append(st.Candidates, sudoku.Candidate{Cell: p / 9, Value: p%9 + 1})
			}
		}
	}
	sortCandidates(st.Candidates)
	return st
}

// conclusion says what a step does: "r4c4 = 7" or "7 goes from r4c4".
func conclusion(g *Grid, st *Step) string {
	var parts []string
	for _, c := range st.Placements {
		parts = append(parts, fmt.Sprintf("%s = %c", g.cellName(c.Cell), sudoku.SymbolByte(c.Value)))
	}
	if len(st.Eliminations) > 0 {
		parts = append(parts, g.elimText(st.Eliminations))
	}
	return strings.Join(parts, "; ")
}

// unaryStep builds the step of a cycle or a static forcing chain.
func (c *chainer) unaryStep(g *Grid, h *unaryHint, elims []int) *Step {
	u := &c.un
	var path []int16
	for j := h.end; j >= 0; j = u.nodes[j].parent {
		path = append(path, u.nodes[j].node)
	}
	for i, j := 0, len(path)-1; i < j; i, j = i+1, j-1 {
		path[i], path[j] = path[j], path[i]
	}
	var name string
	place := -1
	switch {
	case h.cycle && h.xLinks && h.yLinks:
		name = "Bidirectional Cycle"
	case h.cycle && h.yLinks:
		name = "Bidirectional Y-Cycle"
	case h.cycle:
		name = "Bidirectional X-Cycle"
		cells := map[int]bool{}
		for _, n := range path {
			cells[int(n>>1)/9] = true
		}
		if len(cells) == 4 {
			name = "Generalized X-Wing"
		}
	case h.xLinks && h.yLinks:
		name = "Forcing Chain"
	default:
		name = "Forcing X-Chain"
		if h.cplx == 6 {
			name = "Turbot Fish"
		}
	}
	start := path[0]
	if !h.cycle && start&1 == 0 {
		place = int(start >> 1)
	}
	st := stepFrom(g, ForcingChainCycle, name, h.rating, elims, place, [][]int16{path})
	st.Chain = chainOf([][]int16{path})
	st.Chain.Kind = "contradiction"
	switch {
	case h.cycle:
		st.Chain.Kind = "loop"
		st.Text = fmt.Sprintf("Around the loop %s, so %s again (it holds either way round), so every candidate that sees both ends of one of its links goes: %s",
			nodeText(start), pathText(path), conclusion(g, st))
	default:
		st.Text = fmt.Sprintf("If %s, then %s: a contradiction, so %s", nodeText(start), pathText(path), conclusion(g, st))
	}
	return st
}

// multiStep builds the step of a multiple-chain hint.
func (c *chainer) multiStep(g *Grid, h *mhint, elims []int, rating int, tech Technique) *Step {
	paths := make([][]int16, h.nb)
	for k := range h.nb {
		paths[k] = pathOf(h.br[k].r, h.br[k].slot)
	}
	st := stepFrom(g, tech, c.mode.multiName(h.kind), rating, elims, h.placement(), paths)
	st.Chain = chainOf(paths)
	texts := make([]string, h.nb)
	var links []subLink
	for k := range h.nb {
		texts[k] = linkedPathText(h.br[k].r, h.br[k].slot, st.Chain.Branches[k], &links)
	}
	if len(links) > 0 {
		e, mode := c.e, c.mode
		st.explain = func() { explainLinks(e, g, mode, st, links) }
	}
	concl := conclusion(g, st)
	var b strings.Builder
	switch h.kind {
	case mkAbsurdOn, mkAbsurdOff:
		st.Chain.Kind = "contradiction"
		src := paths[0][0]
		fmt.Fprintf(&b, "If %s, then %s, and also %s: a contradiction, so %s", nodeText(src), texts[0], texts[1], concl)
		if len(paths[0]) == 1 {
			b.Reset()
			fmt.Fprintf(&b, "If %s, then %s: a contradiction, so %s", nodeText(src), texts[1], concl)
			st.Chain.Branches = st.Chain.Branches[1:]
		}
	case mkDouble:
		st.Chain.Kind = "double"
		fmt.Fprintf(&b, "If %s, then %s; if %s, then %s; either way %s", nodeText(paths[0][0]), texts[0],
			nodeText(paths[1][0]), texts[1], concl)
	case mkCell:
		st.Chain.Kind, st.Chain.Cell = "cell", h.cell
		fmt.Fprintf(&b, "%s holds one of its candidates: ", sudoku.CellName(h.cell, 9))
		writeBranches(&b, paths, texts)
		fmt.Fprintf(&b, "; either way %s", concl)
	case mkRegion:
		u := regionUnit(h.rkind, h.ridx)
		st.Units = []sudoku.Unit{u}
		st.Chain.Kind, st.Chain.Unit, st.Chain.Value = "region", u, h.value
		fmt.Fprintf(&b, "%d goes somewhere in %s: ", h.value, u)
		writeBranches(&b, paths, texts)
		fmt.Fprintf(&b, "; either way %s", concl)
	}
	st.Text = b.String()
	return st
}

// writeBranches writes the branches of a cell or region forcing chain,
// one per candidate: "if r1c2=3, that is it; if r1c5=3, then ...".
func writeBranches(b *strings.Builder, paths [][]int16, texts []string) {
	for k, path := range paths {
		if k > 0 {
			b.WriteString("; ")
		}
		if len(path) == 1 {
			fmt.Fprintf(b, "if %s, that is it", nodeText(path[0]))
			continue
		}
		fmt.Fprintf(b, "if %s, then %s", nodeText(path[0]), texts[k])
	}
}

// linkedPathText writes, as pathText does, the consequences along the
// path of r to slot, and marks each link that is no plain single (a
// basic rule's or a nested chain's elimination) for explainLinks, which
// shows the step that justifies it once the chain's step is chosen (in
// the text and in br, the path's links); the links are added to links.
func linkedPathText(r *implic, slot int, br []Link, links *[]subLink) string {
	slots := []int{slot}
	for s := slot; r.pn[s] > 0; {
		s = int(r.parents(s)[0])
		slots = append(slots, s)
	}
	slices.Reverse(slots)
	parts := make([]string, 0, len(slots))
	for k, s := range slots[1:] {
		t := nodeText(r.nodeAt(s))
		if r.cause[s] == causeAdvanced {
			t = linkMark(len(*links)) + t
			*links = append(*links, subLink{
				at:        &br[k+1],
				node:      r.nodeAt(s),
				nested:    r.nest[s] >= 0,
				parents:   slices.Clone(r.parents(s)),
				ancestors: offAncestors(r, s),
			})
		}
		parts = append(parts, t)
	}
	return strings.Join(parts, ", so ")
}

// regionUnit returns the Unit of an SE region.
func regionUnit(kind, r int) sudoku.Unit {
	switch kind {
	case kindBlock:
		return sudoku.Unit{Kind: sudoku.Box, Index: r}
	case kindRow:
		return sudoku.Unit{Kind: sudoku.Row, Index: r}
	}
	return sudoku.Unit{Kind: sudoku.Column, Index: r}
}
