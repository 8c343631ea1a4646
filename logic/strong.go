package logic

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/gosudoku/sudoku"
)

// Strong-linked fishes: SukakuExplainer's StrongLinks(n) rule. For one
// value, n strong links (a unit where the value has two places, or two
// groups of places) whose units have no place in common are chained by
// weak links (the facing ends share a row, column or box): one end of the
// chain holds the value, so it goes from the cells seeing both ends. With
// two links these are the Skyscraper, 2-String Kite, Turbot Fish and
// Empty Rectangle (findTurbotFish, 4.0-4.3); three links rate 5.4-5.7 and
// four 5.8-6.1. If the ends also share a unit, the chain is a loop and each
// weak link eliminates.
//
// Groups: in a box, places lying in one row and one column (an empty
// rectangle) or in two rows (two columns) of the box; in a row or column,
// places in two of its three boxes. A link with a group rates +0.3, as
// does any grouped link in SE; otherwise a link in a box or a mix of rows
// and columns rate +0.1 (+0.2 for both).
//
// SE gathers every chain and applies the easiest, then the one removing
// most, then the least by its suffix (the kinds of the links), then the
// first found; so does this. A box whose places are a heart cell, one cell
// of its row and one of its column gives one link, as in SE: the row's cell
// against the column's cell and the heart.

// findTurbotFish finds two strong links chained (4.0-4.3).
func findTurbotFish(e *env, g *Grid, yield func(*Step) bool) { findStrongLinks(e, g, 2, yield) }

// findThreeStrongLinks finds three strong links chained (5.4-5.7).
func findThreeStrongLinks(e *env, g *Grid, yield func(*Step) bool) {
	findStrongLinks(e, g, 3, yield)
}

// findFourStrongLinks finds four strong links chained (5.8-6.1).
func findFourStrongLinks(e *env, g *Grid, yield func(*Step) bool) { findStrongLinks(e, g, 4, yield) }

// slLink is one strong link for a value: one of its two ends holds it.
type slLink struct {
	unit    int  // unit index (rows, columns, boxes)
	kind    int  // SE's region kind: seBlock, seRow or seColumn
	grouped bool // an end is a group of cells
	ends    [2]cellSet
	lines   [2][3]int8 // per end: the row, column and box holding it, or -1
	base    cellSet    // the value's places in the unit
}

// endLines returns the row, column and box unit holding every cell of s,
// each -1 if none does.
func (g *Grid) endLines(s cellSet) [3]int8 {
	t := geo9()
	r := [3]int8{-1, -1, -1}
	i := s.first()
	for k := range 3 {
		u := g.geo.CellUnits[i][k]
		if s.subsetOf(t.unit[u]) {
			r[k] = int8(u)
		}
	}
	return r
}

// weakBetween returns the unit shared by ends a and b, as SE checks it
// (column, then row, then box), or -1.
func weakBetween(a, b *[3]int8) int {
	for _, k := range [3]int{1, 0, 2} {
		if a[k] >= 0 && a[k] == b[k] {
			return int(a[k])
		}
	}
	return -1
}

// Box positions 0..8 in reading order: the cells of the box's rows and
// columns, and for the two-line groups the line pairs.
var (
	boxRowMask = [3]uint16{0007, 0070, 0700}
	boxColMask = [3]uint16{0111, 0222, 0444}
	// twoLines[k]: the two lines holding the places and the empty line,
	// for SE's configurations 9 to 14.
	twoLines = [6][3]uint16{
		{0007, 0070, 0700}, {0007, 0700, 0070}, {0070, 0700, 0007},
		{0111, 0222, 0444}, {0111, 0444, 0222}, {0222, 0444, 0111},
	}
)

// strongLinks lists the strong links of value v in SE's order: boxes,
// rows, then columns.
func (g *Grid) strongLinks(v int, cands cellSet, links []slLink) []slLink {
	for _, kind := range [3]int{seBlock, seRow, seColumn} {
		for _, u := range g.unitsOfKind(kind) {
			cells := g.geo.Units[u]
			var pos uint16
			var base cellSet
			for k, i := range cells {
				if cands.has(i) {
					pos |= 1 << k
					base.add(i)
				}
			}
			n := popcount16(pos)
			if n < 2 || n > 6 {
				continue
			}
			group := func(m uint16) cellSet {
				var s cellSet
				for k := range 9 {
					if m&(1<<k) != 0 {
						s.add(cells[k])
					}
				}
				return s
			}
			add := func(a, b uint16, grouped bool) {
				ea, eb := group(a), group(b)
				links = append(links, slLink{unit: u, kind: kind, grouped: grouped, ends: [2]cellSet{ea, eb},
					lines: [2][3]int8{g.endLines(ea), g.endLines(eb)}, base: base})
			}
			if n == 2 {
				a := pos & -pos
				b := pos &^ a
				if kind == seBlock && sameBoxLine(a, b) {
					continue
				}
				add(a, b, false)
				continue
			}
			if kind != seBlock {
				for e := range 3 {
					seg := uint16(7) << (3 * e)
					if pos&seg != 0 {
						continue
					}
					var bl [2]uint16
					k := 0
					for s := range 3 {
						if s != e {
							bl[k] = pos & (7 << (3 * s))
							k++
						}
					}
					if bl[0] != 0 && bl[1] != 0 {
						if popcount16(bl[1]) == 1 && popcount16(bl[0]) > 1 {
							bl[0], bl[1] = bl[1], bl[0]
						}
						add(bl[0], bl[1], true)
					}
					break
				}
				continue
			}
			for e := range 15 {
				if e > 8 && n < 4 {
					continue
				}
				if e < 9 {
					hr, hc := e/3, e%3
					if pos&^(boxRowMask[hr]|boxColMask[hc]) != 0 {
						continue
					}
					heart := uint16(1) << e
					b1 := pos & boxColMask[hc] &^ heart
					b2 := pos & boxRowMask[hr] &^ heart
					if b1 == 0 || b2 == 0 {
						break
					}
					n1, n2 := popcount16(b1), popcount16(b2)
					switch {
					case n1 == 1 && n2 == 1:
						add(b2, b1|heart, true)
					case n1 == 1:
						add(b1, b2|heart, true)
					case n2 == 1:
						add(b2, b1|heart, true)
					default:
						h := pos & heart
						add(b1|h, b2|h, true)
					}
					break
				}
				tl := twoLines[e-9]
				if pos&tl[2] != 0 {
					continue
				}
				b1, b2 := pos&tl[0], pos&tl[1]
				if b1 == 0 || b2 == 0 {
					break
				}
				add(b1, b2, true)
				if n == 4 && popcount16(b1) == 2 && popcount16(b2) == 2 {
					// two by two: the cross pairing is a link too
					a1, a2 := b1&-b1, b2&-b2
					if sameBoxLine(a1, a2) && sameBoxLine(b1&^a1, b2&^a2) {
						add(a1|a2, (b1&^a1)|(b2&^a2), true)
					}
				}
				break
			}
		}
	}
	return links
}

func popcount16(m uint16) int {
	n := 0
	for ; m != 0; m &= m - 1 {
		n++
	}
	return n
}

// sameBoxLine reports whether box positions a and b (one bit each) share
// a row or a column of the box.
func sameBoxLine(a, b uint16) bool {
	for k := range 3 {
		if a|b == a|b&boxRowMask[k] && (a|b)&^boxRowMask[k] == 0 {
			return true
		}
		if (a|b)&^boxColMask[k] == 0 {
			return true
		}
	}
	return false
}

// slEdge is a weak link from an end of one link to an end of another.
type slEdge struct {
	link int16
	side int8
	unit int8
}

// slChain is a chain found, with what decides which one SE applies.
type slChain struct {
	v      int
	links  []int // indexes into the value's links, in chain order
	sides  []int // sides[k]: the end of links[k] the chain enters by
	weak   []int // the units of the weak links (the last one closes a loop)
	loop   bool
	rating int
	suffix string
	elims  cellSet
	nelim  int
	order  [6]int // SE's discovery order among equals (see slOrder)
}

// slOrder is the order in which SE finds chains that tie on rating,
// eliminations and suffix: by the kinds of their links (SE's tuples of
// non-decreasing kinds, by its permutation order), then value, then the
// links' units kind by kind.
func slOrder(v int, links []slLink, chain []int) [6]int {
	var ks [4][2]int
	n := len(chain)
	for k, li := range chain {
		u := links[li].unit
		ks[k] = [2]int{links[li].kind, u % 9}
	}
	// sort by kind, then unit (insertion sort: n <= 4)
	for i := 1; i < n; i++ {
		for j := i; j > 0 && (ks[j][0] < ks[j-1][0] || ks[j][0] == ks[j-1][0] && ks[j][1] < ks[j-1][1]); j-- {
			ks[j], ks[j-1] = ks[j-1], ks[j]
		}
	}
	var key [6]int
	for k := range n {
		key[0] += 1 << (ks[k][0]*n + k)
		key[2+k] = ks[k][1]
	}
	key[1] = v
	return key
}

// slBefore reports whether order key a comes before b.
func slBefore(a, b [6]int) bool {
	for k := range a {
		if a[k] != b[k] {
			return a[k] < b[k]
		}
	}
	return false
}

var slBaseRating = [...]int{2: 40, 3: 54, 4: 58}

// slSuffix is SE's description of a chain's link kinds: the number of
// grouped links, then the kinds (0 box, 1 and 2 the two line kinds) in a
// canonical order.
func slSuffix(kinds []int, grouped int) string {
	set := append([]int(nil), kinds...)
	if digits(set) > digits(reversed(set)) {
		set = reversed(set)
	}
	return strconv.Itoa(grouped) + lineName(set)
}

func digits(s []int) string {
	var b strings.Builder
	for _, x := range s {
		b.WriteByte(byte('0' + x))
	}
	return b.String()
}

func reversed(s []int) []int {
	r := make([]int, len(s))
	for k, x := range s {
		r[len(s)-1-k] = x
	}
	return r
}

// lineName names the kinds with rows and columns interchangeable: with
// rows present, the least of the kinds, them with rows and columns
// swapped and that reversed; otherwise columns are written as 1.
func lineName(set []int) string {
	hasRow := false
	swap := make([]int, len(set))
	plain := make([]int, len(set))
	for k, x := range set {
		swap[k], plain[k] = x, x
		switch x {
		case seRow:
			hasRow = true
			swap[k] = seColumn
		case seColumn:
			swap[k] = seRow
			plain[k] = seRow
		}
	}
	if !hasRow {
		return digits(plain)
	}
	best := digits(set)
	for _, s := range []string{digits(swap), digits(reversed(swap))} {
		if s < best {
			best = s
		}
	}
	return best
}

// slQuickRating is slRating without the suffix: a group adds 0.3, a box
// link and a mix of rows and columns 0.1 each.
func slQuickRating(n int, kinds []int, grouped int) int {
	if grouped > 0 {
		return slBaseRating[n] + 3
	}
	var has [3]bool
	for _, k := range kinds {
		has[k] = true
	}
	box, mix := has[seBlock], has[seRow] && has[seColumn]
	switch {
	case box && mix:
		return slBaseRating[n] + 2
	case box || mix:
		return slBaseRating[n] + 1
	}
	return slBaseRating[n]
}

// findStrongLinks finds the chains of n strong links and yields the one SE
// would apply.
func findStrongLinks(e *env, g *Grid, n int, yield func(*Step) bool) {
	t := geo9()
	var best *slChain
	var bestLinks []slLink
	var links []slLink
	chainLinks := make([]int, n)
	chainSides := make([]int, n)
	weak := make([]int, n)
	kinds := make([]int, n)
	var edges []slEdge
	var off []int
	for v := 1; v <= g.geo.Side; v++ {
		if e.stopped() {
			return
		}
		cands := g.candCells(v)
		links = g.strongLinks(v, cands, links[:0])
		if len(links) < n {
			continue
		}
		var used cellSet
		var rec func(depth int)
		evaluate := func() {
			first, last := chainLinks[0], chainLinks[n-1]
			start := links[first].ends[chainSides[0]]
			end := links[last].ends[1-chainSides[n-1]]
			grouped := 0
			var baseUnits cellSet
			for k, li := range chainLinks {
				kinds[k] = links[li].kind
				if links[li].grouped {
					grouped++
				}
				baseUnits = baseUnits.or(t.unit[links[li].unit])
			}
			var elims cellSet
			closing := weakBetween(&links[first].lines[chainSides[0]], &links[last].lines[1-chainSides[n-1]])
			if closing >= 0 {
				weak[n-1] = closing
				elims = t.seesAll(start.or(end))
				for k := 0; k < n-1; k++ {
					a := links[chainLinks[k]].ends[1-chainSides[k]]
					b := links[chainLinks[k+1]].ends[chainSides[k+1]]
					elims = elims.or(t.seesAll(a.or(b)))
				}
				elims = elims.andNot(baseUnits)
			} else {
				elims = t.seesAll(start.or(end)).andNot(baseUnits)
				for k := 0; k < n-1; k++ {
					elims = elims.andNot(t.unit[weak[k]])
				}
			}
			elims = elims.and(cands)
			ne := elims.count()
			if ne == 0 {
				return
			}
			rating := slQuickRating(n, kinds, grouped)
			if best != nil && (rating > best.rating || rating == best.rating && ne < best.nelim) {
				return
			}
			suffix := slSuffix(kinds, grouped)
			if best != nil && rating == best.rating && ne == best.nelim && suffix > best.suffix {
				return
			}
			key := slOrder(v, links, chainLinks)
			if best != nil && rating == best.rating && ne == best.nelim && suffix == best.suffix && !slBefore(key, best.order) {
				return
			}
			best = &slChain{v: v, links: append([]int(nil), chainLinks...), sides: append([]int(nil), chainSides...),
				weak: append([]int(nil), weak...), loop: closing >= 0, rating: rating, suffix: suffix, elims: elims, nelim: ne,
				order: key}
			bestLinks = append(bestLinks[:0], links...)
		}
		rec = func(depth int) {
			if depth == n {
				evaluate()
				return
			}
			prev, ps := chainLinks[depth-1], chainSides[depth-1]
			lo := 0
			if depth == n-1 {
				lo = chainLinks[0] + 1 // each chain once, not also reversed
			}
			node := prev*2 + 1 - ps
			for _, ed := range edges[off[node]:off[node+1]] {
				j := int(ed.link)
				if j < lo || !links[j].base.and(used).empty() {
					continue
				}
				chainLinks[depth], chainSides[depth], weak[depth-1] = j, int(ed.side), int(ed.unit)
				used = used.or(links[j].base)
				rec(depth + 1)
				used = used.andNot(links[j].base)
			}
		}
		// the weak links from each end of each link to the ends of links
		// with no place in common
		edges = edges[:0]
		off = off[:0]
		for i := range links {
			for s := range 2 {
				off = append(off, len(edges))
				for j := range links {
					if j == i || !links[i].base.and(links[j].base).empty() {
						continue
					}
					for u := range 2 {
						if w := weakBetween(&links[i].lines[s], &links[j].lines[u]); w >= 0 {
							edges = append(edges, slEdge{link: int16(j), side: int8(u), unit: int8(w)})
						}
					}
				}
			}
		}
		off = append(off, len(edges))
		for i := range links {
			for s := range 2 {
				chainLinks[0], chainSides[0] = i, s
				used = links[i].base
				rec(1)
			}
		}
	}
	if best != nil {
		yield(g.strongLinksStep(best, bestLinks, n))
	}
}

// slName names a chain as SE does, without its suffix digits; two-link
// chains get their common names.
func slName(c *slChain, links []slLink, n int) string {
	grouped := 0
	boxLink, boxGroup := false, false
	for _, li := range c.links {
		if links[li].grouped {
			grouped++
			if links[li].kind == seBlock {
				boxGroup = true
			}
		}
		if links[li].kind == seBlock {
			boxLink = true
		}
	}
	rest := c.suffix[1:]
	has0, has2 := strings.Contains(rest, "0"), strings.Contains(rest, "2")
	var name string
	switch {
	case c.loop:
		name = fmt.Sprintf("(%d Strong Links) X-Loop", n)
		if grouped > 0 {
			name = fmt.Sprintf("(%d Strong Links) Grouped X-Loop", n)
		}
		return name
	case n == 2 && boxGroup:
		return "Empty Rectangle"
	case n == 2 && boxLink:
		name = "Turbot Fish"
	case !has0 && !has2:
		name = "Skyscraper"
		if n > 2 {
			name = fmt.Sprintf("%d Skyscrapers", n)
		}
	case !has0 && n < 4:
		name = fmt.Sprintf("%d-String Kite", n)
	default:
		name = fmt.Sprintf("%d Strong Links", n)
	}
	if grouped > 0 {
		name = "Grouped " + name
	}
	return name
}

func (g *Grid) strongLinksStep(c *slChain, links []slLink, n int) *Step {
	tech := map[int]Technique{2: TurbotFish, 3: ThreeStrongLinks, 4: FourStrongLinks}[n]
	st := &Step{Technique: tech, Name: slName(c, links, n), Rating: c.rating}
	sym := sudoku.SymbolByte(c.v)
	var parts, joins []string
	var all cellSet
	for k, li := range c.links {
		l := &links[li]
		a, b := l.ends[c.sides[k]], l.ends[1-c.sides[k]]
		all = all.or(a).or(b)
		st.Units = append(st.Units, unitOf(l.unit, g.geo.Side))
		parts = append(parts, fmt.Sprintf("%s or %s (%s)", g.groupName(a), g.groupName(b), g.unitName(l.unit)))
		if k < n-1 {
			next := links[c.links[k+1]].ends[c.sides[k+1]]
			joins = append(joins, fmt.Sprintf("%s and %s share %s", g.groupName(b), g.groupName(next), g.unitName(c.weak[k])))
		}
	}
	for k := 0; k < n-1; k++ {
		st.Units = append(st.Units, unitOf(c.weak[k], g.geo.Side))
	}
	cands := g.candCells(c.v)
	for _, i := range all.cells(nil) {
		st.Cells = append(st.Cells, i)
		if cands.has(i) {
			st.Candidates = append(st.Candidates, sudoku.Candidate{Cell: i, Value: c.v})
		}
	}
	for _, i := range c.elims.cells(nil) {
		st.Eliminations = append(st.Eliminations, sudoku.Candidate{Cell: i, Value: c.v})
	}
	start := links[c.links[0]].ends[c.sides[0]]
	end := links[c.links[n-1]].ends[1-c.sides[n-1]]
	if c.loop {
		st.Units = append(st.Units, unitOf(c.weak[n-1], g.geo.Side))
		joins = append(joins, fmt.Sprintf("%s and %s share %s", g.groupName(end), g.groupName(start), g.unitName(c.weak[n-1])))
		st.Text = fmt.Sprintf("%c is in %s; %s: the links close a loop, so %s", sym, joinAnd(parts), joinAnd(joins), g.elimText(st.Eliminations))
		return st
	}
	st.Text = fmt.Sprintf("%c is in %s; %s, so %s or %s is %c, and %s", sym, joinAnd(parts), joinAnd(joins),
		g.groupName(start), g.groupName(end), sym, g.elimText(st.Eliminations))
	return st
}
