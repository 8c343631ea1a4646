package logic

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"slices"
	"sync"

	"github.com/gosudoku/sudoku"
	"github.com/gosudoku/sudoku/internal/units"
	"github.com/gosudoku/sudoku/variant"
)

// houseView is the houses of a variant puzzle as the techniques read them:
// its full houses (rows, columns, boxes or jigsaw regions, and the extra
// regions of its rules that hold every value: diagonals, windows, disjoint
// groups, extra regions of Size cells) as units, and every cell's peers
// (the cells it must differ from: its houses, smaller extra regions,
// cages, and the cells a knight's or king's move away under anti-knight
// and anti-king). A classic grid has none (Grid.hv is nil) and keeps the
// fixed tables of its order.
type houseView struct {
	p   *variant.Puzzle
	geo *units.Geometry // Units: the full houses; Peers: every peer; CellUnits: nil
	// cellUnits[i]: the houses of cell i, ascending (row, column, region,
	// then extra houses).
	cellUnits [][]int
	// names[u] is house u as a sudoku.Unit; rule[u] the index of the rule
	// in p.Rules that makes it a house (-1 for rows, columns, regions).
	names []sudoku.Unit
	rule  []int
	// region[i] is the house index of cell i's box or region, or -1.
	region []int
	tab    tables
	// others are the indexes of the rules that are neither houses nor
	// peers: their own steps explain them (see ruleSteps).
	others []int
	props  []*ruleProp // the rules of others with steps of their own
	// all propagates every rule of p (nil when p's rules are houses and
	// peers alone), for RuleForcingChain.
	all      *variant.Propagator
	peerOnce sync.Once
	peers    []cellBits
	pool     sync.Pool // of *bigProp
}

// seExtra is the scan kind of a variant's extra houses, scanned after
// SE's boxes, columns and rows.
const seExtra = 3

// ErrVariantRules is wrapped by NewVariantGrid's error for a puzzle it
// cannot read (a rule kind the logic does not know yet).
var ErrVariantRules = errors.New("logic: rule not supported")

// NewVariantGrid returns the candidate grid of a variant puzzle: its
// givens placed and in each blank cell the values no peer holds, peers
// being the cells of its houses (rows, columns, boxes or jigsaw regions,
// diagonals, windows, disjoint groups, extra regions), its cages and,
// under anti-knight and anti-king, the cells a knight's or king's move
// away. A puzzle with no rules and square boxes is a classic one: its grid
// is NewGrid's, with the classic techniques and ratings. The puzzle must
// be well formed (variant.Puzzle.Validate).
func NewVariantGrid(p *variant.Puzzle) (*Grid, error) {
	if p == nil {
		return nil, errors.New("logic: nil puzzle")
	}
	if err := p.Validate(); err != nil {
		return nil, err
	}
	n := p.Size
	if len(p.Rules) == 0 {
		if r, c, ok := p.BoxDims(); ok && r == c {
			order := r
			cg, err := sudoku.New(order)
			if err != nil {
				return nil, err
			}
			for i, v := range p.Givens {
				if v != 0 {
					if err := cg.SetCell(i, v); err != nil {
						return nil, err
					}
				}
			}
			return NewGrid(cg)
		}
	}
	if n > 64 {
		return nil, fmt.Errorf("logic: a %dx%d grid is too large", n, n)
	}
	hv, err := buildHouses(p)
	if err != nil {
		return nil, err
	}
	g := &Grid{
		geo:    hv.geo,
		hv:     hv,
		tab:    &hv.tab,
		values: make([]uint8, n*n),
		cands:  make([]units.Set, n*n),
	}
	full := units.Full(n)
	for i := range g.values {
		if p.Givens != nil {
			g.values[i] = uint8(p.Givens[i])
		}
		if g.values[i] == 0 {
			g.cands[i] = full
			g.blank++
		}
	}
	for i, v := range g.values {
		if v == 0 {
			continue
		}
		for _, j := range hv.geo.Peers[i] {
			if g.values[j] == v {
				return nil, fmt.Errorf("logic: %s and %s both hold %d but must differ", g.cellName(i), g.cellName(j), v)
			}
			g.cands[j] &^= 1 << (v - 1)
		}
	}
	for i, v := range g.values {
		if v == 0 && g.cands[i] == 0 {
			return nil, fmt.Errorf("%s: %w", sudoku.CellName(i, n), ErrNoCandidates)
		}
	}
	return g, nil
}

// buildHouses makes the house view of p.
func buildHouses(p *variant.Puzzle) (*houseView, error) {
	n := p.Size
	nc := n * n
	hv := &houseView{p: p, region: make([]int, nc)}
	var groups [][]int // all-different groups that are not full houses
	add := func(cells []int, name sudoku.Unit, rule int) {
		hv.geo.Units = append(hv.geo.Units, cells)
		hv.names = append(hv.names, name)
		hv.rule = append(hv.rule, rule)
	}
	hv.geo = &units.Geometry{Side: n, NumCells: nc}
	if r, c := squareRoot(n), squareRoot(n); r > 0 && r == c {
		hv.geo.Order = r
	}
	for r := range n {
		cells := make([]int, n)
		for c := range n {
			cells[c] = r*n + c
		}
		add(cells, sudoku.Unit{Kind: sudoku.Row, Index: r}, -1)
	}
	for c := range n {
		cells := make([]int, n)
		for r := range n {
			cells[r] = r*n + c
		}
		add(cells, sudoku.Unit{Kind: sudoku.Column, Index: c}, -1)
	}
	for i := range hv.region {
		hv.region[i] = -1
	}
	if p.Regions != nil {
		kind := sudoku.Region
		if _, _, ok := p.BoxDims(); ok {
			kind = sudoku.Box
		}
		// regions numbered by their first cell in reading order
		num := map[int]int{}
		var cells [][]int
		for i, reg := range p.Regions {
			k, ok := num[reg]
			if !ok {
				k = len(cells)
				num[reg] = k
				cells = append(cells, nil)
			}
			cells[k] = append(cells[k], i)
		}
		for k, cs := range cells {
			for _, i := range cs {
				hv.region[i] = len(hv.geo.Units)
			}
			add(cs, sudoku.Unit{Kind: kind, Index: k}, -1)
		}
		hv.tab.kind[seBlock] = seq(2*n, len(hv.geo.Units))
	}
	hv.tab.kind[seRow] = seq(0, n)
	hv.tab.kind[seColumn] = seq(n, 2*n)
	nextra := 0
	var pairs [][2]int
	for k, r := range p.Rules {
		switch r := r.(type) {
		case variant.Diagonal:
			cells := make([]int, n)
			idx := 0
			for row := range n {
				if r.Positive {
					cells[row] = row*n + n - 1 - row
					idx = 1
				} else {
					cells[row] = row*n + row
				}
			}
			slices.Sort(cells)
			add(cells, sudoku.Unit{Kind: sudoku.Diagonal, Index: idx}, k)
		case variant.Windoku:
			ws := windows(n)
			for w, cells := range ws {
				add(cells, sudoku.Unit{Kind: sudoku.Window, Index: w}, k)
			}
			// The implied windows (as SukakuExplainer has them): the
			// rows outside the windows' rows with the columns of a
			// column of windows, and so on. The k columns of a column
			// of windows hold each value k times, its k-1 windows once
			// each, so the other k*k cells of those columns once.
			for w, cells := range impliedWindows(n) {
				add(cells, sudoku.Unit{Kind: sudoku.Window, Index: len(ws) + w}, k)
			}
		case variant.Disjoint:
			br, bc, ok := p.BoxDims()
			if !ok {
				return nil, fmt.Errorf("rule %d (%s): disjoint groups need boxes: %w", k+1, r, ErrVariantRules)
			}
			gs := make([][]int, n)
			for i := range nc {
				row, col := i/n, i%n
				x := (row%br)*bc + col%bc
				gs[x] = append(gs[x], i)
			}
			for x, cells := range gs {
				add(cells, sudoku.Unit{Kind: sudoku.Disjoint, Index: x}, k)
			}
		case variant.ExtraRegion:
			cells := cellIndexes(r.Cells, n)
			if len(cells) == n {
				add(cells, sudoku.Unit{Kind: sudoku.Extra, Index: nextra}, k)
				nextra++
			} else {
				groups = append(groups, cells)
			}
		case variant.Cage:
			groups = append(groups, cellIndexes(r.Cells, n))
			if r.Sum != 0 {
				hv.others = append(hv.others, k)
			}
		case variant.AntiKnight:
			pairs = appendMoves(pairs, n, [][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}})
		case variant.AntiKing:
			pairs = appendMoves(pairs, n, [][2]int{{1, 1}, {1, -1}})
		default:
			hv.others = append(hv.others, k)
		}
	}
	hv.tab.kind[seExtra] = seq(2*n+boolInt(p.Regions != nil)*n, len(hv.geo.Units))
	for _, kind := range []int{seBlock, seColumn, seRow, seExtra} {
		hv.tab.subsets = append(hv.tab.subsets, hv.tab.kind[kind]...)
	}
	for _, k := range hv.others {
		if rp := newRuleProp(p, k); rp != nil {
			hv.props = append(hv.props, rp)
		}
	}
	if len(hv.others) > 0 {
		hv.all, _ = variant.NewPropagator(p)
	}
	hv.geo.NumUnits = len(hv.geo.Units)
	hv.cellUnits = make([][]int, nc)
	for u, cells := range hv.geo.Units {
		for _, i := range cells {
			hv.cellUnits[i] = append(hv.cellUnits[i], u)
		}
	}
	// peers: every cell sharing a house, a group or a pair
	mark := make([]int, nc)
	near := make([][]int, nc)
	for _, cells := range groups {
		for _, i := range cells {
			near[i] = append(near[i], cells...)
		}
	}
	for _, pr := range pairs {
		near[pr[0]] = append(near[pr[0]], pr[1])
		near[pr[1]] = append(near[pr[1]], pr[0])
	}
	hv.geo.Peers = make([][]int, nc)
	for i := range nc {
		mark[i] = i + 1
		var ps []int
		see := func(j int) {
			if mark[j] != i+1 {
				mark[j] = i + 1
				ps = append(ps, j)
			}
		}
		for _, u := range hv.cellUnits[i] {
			for _, j := range hv.geo.Units[u] {
				see(j)
			}
		}
		for _, j := range near[i] {
			see(j)
		}
		slices.Sort(ps)
		hv.geo.Peers[i] = ps
	}
	return hv, nil
}

// seq returns a, a+1, ..., b-1.
func seq(a, b int) []int {
	var s []int
	for x := a; x < b; x++ {
		s = append(s, x)
	}
	return s
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// squareRoot returns r with r*r = n, or 0.
func squareRoot(n int) int {
	for r := 1; r*r <= n; r++ {
		if r*r == n {
			return r
		}
	}
	return 0
}

// windows returns the windoku windows of a grid of side n (a square), as
// package variant places them: (k-1)^2 windows of k x k cells, one cell
// in from the edges and apart.
func windows(n int) [][]int {
	k := squareRoot(n)
	var ws [][]int
	for wr := 0; wr < k-1; wr++ {
		for wc := 0; wc < k-1; wc++ {
			r0, c0 := 1+wr*(k+1), 1+wc*(k+1)
			var w []int
			for r := r0; r < r0+k; r++ {
				for c := c0; c < c0+k; c++ {
					w = append(w, r*n+c)
				}
			}
			ws = append(ws, w)
		}
	}
	return ws
}

// impliedWindows returns the 2k-1 regions of a windoku of side n = k*k
// that its windows imply: with the rows (columns) in no window as one
// group and each row (column) of windows as another, every pair of
// groups but two groups of window rows and columns (the windows).
func impliedWindows(n int) [][]int {
	k := squareRoot(n)
	// group[r]: 0 for a row in no window, w+1 for window row w
	group := make([]int, n)
	for w := 0; w < k-1; w++ {
		for r := 1 + w*(k+1); r < 1+w*(k+1)+k; r++ {
			group[r] = w + 1
		}
	}
	var out [][]int
	for gr := 0; gr < k; gr++ {
		for gc := 0; gc < k; gc++ {
			if gr > 0 && gc > 0 {
				continue // a window
			}
			var cells []int
			for r := range n {
				for c := range n {
					if group[r] == gr && group[c] == gc {
						cells = append(cells, r*n+c)
					}
				}
			}
			out = append(out, cells)
		}
	}
	return out
}

// cellIndexes returns the indexes of cells, ascending.
func cellIndexes(cells []variant.Cell, n int) []int {
	ix := make([]int, len(cells))
	for k, c := range cells {
		ix[k] = c.Index(n)
	}
	slices.Sort(ix)
	return ix
}

// appendMoves adds the pairs of cells one of moves (and its reverse) apart.
func appendMoves(pairs [][2]int, n int, moves [][2]int) [][2]int {
	for r := range n {
		for c := range n {
			for _, m := range moves {
				r2, c2 := r+m[0], c+m[1]
				if r2 >= 0 && r2 < n && c2 >= 0 && c2 < n {
					pairs = append(pairs, [2]int{r*n + c, r2*n + c2})
				}
			}
		}
	}
	return pairs
}

// Variant returns the variant puzzle g was made from (NewVariantGrid), or
// nil for a classic grid.
func (g *Grid) Variant() *variant.Puzzle {
	if g.hv == nil {
		return nil
	}
	return g.hv.p
}

// unit returns house u as a sudoku.Unit.
func (g *Grid) unit(u int) sudoku.Unit {
	if g.hv != nil {
		return g.hv.names[u]
	}
	return sudoku.UnitAt(u, g.geo.Side)
}

// cellUnits returns the houses of cell i (row, column, box, then a
// variant's extra houses).
func (g *Grid) cellUnits(i int) []int {
	if g.hv != nil {
		return g.hv.cellUnits[i]
	}
	return g.geo.CellUnits[i][:]
}

// boxOf returns the box (or region) of cell i, or its row where the grid
// has no regions: the house a vague hint about the cell names.
func (g *Grid) boxOf(i int) int {
	if g.hv != nil {
		if r := g.hv.region[i]; r >= 0 {
			return r
		}
		return g.hv.cellUnits[i][0]
	}
	return g.geo.CellUnits[i][2]
}

// bigPool returns the pool of chain propagation states for g.
func (g *Grid) bigPool() *sync.Pool {
	if g.hv != nil {
		return &g.hv.pool
	}
	return &bigPools[g.geo.Order]
}

// stride is the number of houses of the cell with the most (3 in a
// classic grid).
func (g *Grid) stride() int {
	if g.hv == nil {
		return 3
	}
	m := 0
	for _, us := range g.hv.cellUnits {
		m = max(m, len(us))
	}
	return m
}

// checkVariantUnique checks that the variant puzzle of g, with the values
// placed in g, has exactly one solution, and that every blank cell still
// has its solution value among its candidates.
func checkVariantUnique(ctx context.Context, g *Grid, maxGuesses int64) error {
	if maxGuesses <= 0 {
		maxGuesses = DefaultMaxGuesses
	}
	q := g.hv.p.Clone()
	q.Givens = make([]int, len(g.values))
	for i, v := range g.values {
		q.Givens[i] = int(v)
	}
	res, err := variant.Count(ctx, q, 2, variant.Options{MaxNodes: maxGuesses})
	if err != nil {
		return unsureError(err)
	}
	switch {
	case res.Count == 0:
		return ErrNoSolution
	case res.Count > 1:
		return ErrMultiple
	}
	for i, v := range res.Solution {
		if g.values[i] == 0 && !g.cands[i].Has(v) {
			return fmt.Errorf("%w: %s lost its %c, which the solution needs", ErrNoSolution, g.cellName(i), sudoku.SymbolByte(v))
		}
	}
	return nil
}

// forHouseIntersections is forIntersections on a variant's houses: for
// each value and full house u1 (boxes and regions, then extra houses, then
// columns, then rows) whose places of the value (two or more) all lie in
// another house u2, it calls f(v, u1, u2, kind of u1) until f returns
// false.
func forHouseIntersections(g *Grid, f func(v, u1, u2 int, kind1 int) bool) {
	side := g.geo.Side
	for _, kind := range [...]int{seBlock, seExtra, seColumn, seRow} {
		for v := 1; v <= side; v++ {
			for _, u1 := range g.unitsOfKind(kind) {
				pos := g.places(u1, v)
				if bits.OnesCount64(pos) < 2 {
					continue
				}
				cells := g.geo.Units[u1]
				first := cells[bits.TrailingZeros64(pos)]
				for _, u2 := range g.hv.cellUnits[first] {
					if u2 == u1 {
						continue
					}
					inside := true
					for q := pos; q != 0; q &= q - 1 {
						if !g.inUnit(cells[bits.TrailingZeros64(q)], u2) {
							inside = false
							break
						}
					}
					if inside && !f(v, u1, u2, kind) {
						return
					}
				}
			}
		}
	}
}

// SolveVariant checks that the variant puzzle p has exactly one solution
// (unless Options.AssumeUnique) and returns its path, as Solve does for a
// classic puzzle.
func SolveVariant(ctx context.Context, p *variant.Puzzle, opt Options) ([]*Step, error) {
	g, err := NewVariantGrid(p)
	if err != nil {
		return nil, err
	}
	return Path(ctx, g, opt)
}

// RateVariant rates the variant puzzle p as Rate rates a classic one.
func RateVariant(ctx context.Context, p *variant.Puzzle, opt Options) (Rating, error) {
	steps, err := SolveVariant(ctx, p, opt)
	if err != nil {
		return Rating{}, err
	}
	return RatePath(steps), nil
}

// CheckUnique reports, as the package's CheckUnique does for a puzzle,
// whether g (its values and candidates) has exactly one solution; a
// variant grid is counted by its rules (variant.Count).
func (g *Grid) CheckUnique(ctx context.Context, maxGuesses int64) error {
	if g.hv != nil {
		return checkVariantUnique(ctx, g, maxGuesses)
	}
	return CheckUnique(ctx, g.Puzzle(), maxGuesses)
}

// isOther reports whether rule k of the puzzle is not a house or peers.
func (hv *houseView) isOther(k int) bool { return slices.Contains(hv.others, k) }
