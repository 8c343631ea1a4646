package canon

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/gosudoku/sudoku"
	"github.com/gosudoku/sudoku/variant"
)

// maxSymmetries bounds the symmetry groups that Variant tries element by
// element.
const maxSymmetries = 1 << 16

// VariantForm is the canonical form of a variant puzzle.
type VariantForm struct {
	Puzzle        *variant.Puzzle // the form: its givens and regions mapped, its rules kept
	Map           Mapping         // maps the puzzle to the form (regions renumbered in reading order)
	Automorphisms int             // symmetries that map the puzzle to itself, relabelled
}

// Variant returns the canonical form of the variant puzzle p under the
// symmetries of its rules: the smallest region layout (regions numbered in
// reading order of their first cell) and then the smallest row-major
// string of givens, relabelled in order of first appearance (kept or
// reversed with non-consecutive), over the
// symmetries that keep its rules:
//
//   - boxes and no rules: the classic group (as General);
//   - boxes (of a 4x4 or 9x9 grid, or X of a 16x16) with diagonals (X) or
//     windoku windows: the elements of the classic group that map the
//     diagonals (windows) of the rules to themselves: for 9x9 X the 96 of
//     transposition, row and column permutations that keep the band
//     structure and the two diagonals, mirrored in the centre;
//   - boxes with anti-king, anti-knight or non-consecutive (and any of
//     the rules above): the symmetries of the square that keep the rules
//     (every element of the classic group that maps the king's or
//     knight's move pairs, or the neighbours, to themselves keeps
//     neighbouring lines together, so it is one of the 8 symmetries of
//     the square); with non-consecutive the values are not relabelled but
//     kept or reversed (v to n+1-v), the relabellings that keep
//     consecutive values consecutive;
//   - boxes with disjoint groups (4x4 and 9x9): the elements of the
//     classic group that permute the bands and the lines inside every band
//     alike (2 x 36 x 36 on 9x9), filtered by the other rules;
//   - a jigsaw (regions that are not boxes), with or without diagonals,
//     windows, anti-king, anti-knight or non-consecutive: the 8 symmetries
//     of the square that keep the rules; the layout is mapped too, so a
//     jigsaw and its rotation have one form.
//
// Other rules (cages, thermometers, kropki ...), Latin squares and boxes
// that are not square fail with an error that names them.
func Variant(ctx context.Context, p *variant.Puzzle) (VariantForm, error) {
	n := p.Size
	order := 0
	for k := 2; k*k <= n; k++ {
		if k*k == n {
			order = k
		}
	}
	if len(p.Givens) != 0 && len(p.Givens) != n*n {
		return VariantForm{}, fmt.Errorf("canon: %d givens for a %dx%d grid", len(p.Givens), n, n)
	}
	givens := p.Givens
	if givens == nil {
		givens = make([]int, n*n)
	}
	var sets [][]int // the cells of each diagonal, window, pair and group, in the order of the kinds
	var kinds []int  // 0 diagonal, 1 window, 2 king's move, 3 knight's move, 4 disjoint group, 5 neighbours
	diag, windows, square, disjoint := false, false, false, false
	fixed := false    // the values keep their meaning: only reversing them keeps the rules
	var diags [2]bool // negative, positive
	for _, r := range p.Rules {
		switch r := r.(type) {
		case variant.Diagonal:
			diag = true
			if r.Positive {
				diags[1] = true
			} else {
				diags[0] = true
			}
			cells := make([]int, n)
			for i := range n {
				if r.Positive {
					cells[i] = (n-1-i)*n + i
				} else {
					cells[i] = i*n + i
				}
			}
			slices.Sort(cells)
			sets, kinds = append(sets, cells), append(kinds, 0)
		case variant.Windoku:
			if order == 0 {
				return VariantForm{}, fmt.Errorf("canon: windoku on a %dx%d grid", n, n)
			}
			windows = true
			for _, w := range windokuWindows(order) {
				sets, kinds = append(sets, w), append(kinds, 1)
			}
		case variant.AntiKing:
			square = true
			for _, pr := range movePairs(n, [][2]int{{1, 1}, {1, -1}}) {
				sets, kinds = append(sets, pr), append(kinds, 2)
			}
		case variant.AntiKnight:
			square = true
			for _, pr := range movePairs(n, [][2]int{{1, 2}, {1, -2}, {2, 1}, {2, -1}}) {
				sets, kinds = append(sets, pr), append(kinds, 3)
			}
		case variant.NonConsecutive:
			square, fixed = true, true
			for _, pr := range movePairs(n, [][2]int{{0, 1}, {1, 0}}) {
				sets, kinds = append(sets, pr), append(kinds, 5)
			}
		case variant.Disjoint:
			if order == 0 {
				return VariantForm{}, fmt.Errorf("canon: disjoint groups on a %dx%d grid", n, n)
			}
			disjoint = true
			for _, g := range disjointGroups(order) {
				sets, kinds = append(sets, g), append(kinds, 4)
			}
		default:
			return VariantForm{}, fmt.Errorf("canon: no canonical form for rule %q (%s) yet: only diagonals, windoku windows, anti-king, anti-knight, non-consecutive and disjoint groups", r.Kind(), r)
		}
	}
	if err := checkIntLines(givens, n); err != nil {
		return VariantForm{}, err
	}
	var regions []int
	var elems []Mapping
	switch r, c, boxes := p.BoxDims(); {
	case len(p.Regions) == 0:
		return VariantForm{}, fmt.Errorf("canon: a %dx%d Latin square (no regions): no canonical form yet", n, n)
	case boxes && r != c:
		return VariantForm{}, fmt.Errorf("canon: %dx%d boxes: no canonical form yet, only square boxes", r, c)
	case boxes && !diag && !windows && !square && !disjoint:
		g, err := sudoku.FromValues(order, givens)
		if err != nil {
			return VariantForm{}, err
		}
		f, err := General(ctx, g)
		if err != nil {
			return VariantForm{}, err
		}
		q := p.Clone()
		q.Givens = f.Grid.Values()
		q.Regions = variant.Boxes(n, order, order)
		if !f.Automorphisms.IsInt64() || f.Automorphisms.Int64() > int64(^uint(0)>>1) {
			return VariantForm{}, fmt.Errorf("canon: %v automorphisms: too many to count in an int", f.Automorphisms)
		}
		return VariantForm{Puzzle: q, Map: f.Map, Automorphisms: int(f.Automorphisms.Int64())}, nil
	case boxes && square:
		// A transformation that keeps the king's or knight's move pairs
		// keeps rows (columns) next to each other next to each other, so it
		// is a symmetry of the square.
		regions = variant.Boxes(n, order, order)
		elems = squareSymmetries(n)
	case boxes && (diag || windows):
		regions = variant.Boxes(n, order, order)
		var err error
		if elems, err = boxSymmetries(order, diag, diags[0] && diags[1], windows); err != nil {
			return VariantForm{}, err
		}
	case boxes:
		regions = variant.Boxes(n, order, order)
		var err error
		if elems, err = disjointSymmetries(order); err != nil {
			return VariantForm{}, err
		}
	case disjoint:
		return VariantForm{}, errors.New("canon: disjoint groups need regions that are boxes")
	default:
		regions = p.Regions
		elems = squareSymmetries(n)
	}
	// Keep the elements that map the rules' sets to sets of the same kind.
	index := map[string]int{}
	for k, s := range sets {
		index[setKey(s)] = kinds[k]
	}
	kept := elems[:0]
	for _, m := range elems {
		ok := true
		for k, s := range sets {
			if kind, in := index[setKey(m.mapCells(s, n))]; !in || kind != kinds[k] {
				ok = false
				break
			}
		}
		if ok {
			kept = append(kept, m)
		}
	}
	// The smallest layout, then the smallest givens: relabelled in order
	// of first appearance, or (fixed) as they are or reversed.
	reversals := []bool{false}
	if fixed {
		reversals = []bool{false, true}
	}
	var bestReg, bestGiv []int
	var best Mapping
	autos := 0
	reg := make([]int, n*n)
	giv := make([]int, n*n)
	for k, m := range kept {
		if k%1024 == 0 {
			if err := ctx.Err(); err != nil {
				return VariantForm{}, err
			}
		}
		m.relabel(regions, reg, n, true)
		regCmp := -1
		if bestReg != nil {
			regCmp = slices.Compare(reg, bestReg)
		}
		if regCmp > 0 {
			continue
		}
		for _, rev := range reversals {
			var digits []int
			if fixed {
				digits = m.place(givens, giv, n, rev)
			} else {
				digits = m.relabel(givens, giv, n, false)
			}
			cmp := regCmp
			if cmp == 0 {
				cmp = slices.Compare(giv, bestGiv)
			}
			switch {
			case cmp < 0:
				bestReg, bestGiv, autos = slices.Clone(reg), slices.Clone(giv), 1
				best = Mapping{Transpose: m.Transpose, Rows: m.Rows, Cols: m.Cols, Digits: digits}
				regCmp = 0
			case cmp == 0:
				autos++
			}
		}
	}
	q := p.Clone()
	q.Givens, q.Regions = bestGiv, bestReg
	return VariantForm{Puzzle: q, Map: best, Automorphisms: autos}, nil
}

// place writes into out the values vals (of a grid of side n) mapped by
// m's transposition, rows and columns, each value v kept or (rev) made
// n+1-v, and returns that relabelling.
func (m Mapping) place(vals, out []int, n int, rev bool) []int {
	digits := make([]int, n+1)
	for v := 1; v <= n; v++ {
		if digits[v] = v; rev {
			digits[v] = n + 1 - v
		}
	}
	for r := range n {
		for c := range n {
			i := m.Rows[r]*n + m.Cols[c]
			if m.Transpose {
				i = m.Cols[c]*n + m.Rows[r]
			}
			out[r*n+c] = digits[vals[i]]
		}
	}
	return digits
}

// relabel writes into out the values vals (of a grid of side n) mapped by
// m's transposition, rows and columns and relabelled in order of first
// appearance (from 0 with zero, for regions; else from 1, 0 kept), and
// returns the relabelling.
func (m Mapping) relabel(vals, out []int, n int, zero bool) []int {
	label := make([]int, n+1)
	for i := range label {
		label[i] = -1
	}
	next := 1
	if zero {
		next = 0
	} else {
		label[0] = 0
	}
	for r := range n {
		for c := range n {
			i := m.Rows[r]*n + m.Cols[c]
			if m.Transpose {
				i = m.Cols[c]*n + m.Rows[r]
			}
			v := vals[i]
			if label[v] < 0 {
				label[v] = next
				next++
			}
			out[r*n+c] = label[v]
		}
	}
	for v := 1; v <= n; v++ {
		if label[v] < 0 {
			label[v] = next
			next++
		}
	}
	return label
}

// mapCells returns the cells that m maps the cells s to, sorted.
func (m Mapping) mapCells(s []int, n int) []int {
	var inv [2][]int
	inv[0], inv[1] = make([]int, n), make([]int, n)
	for i := range n {
		inv[0][m.Rows[i]] = i
		inv[1][m.Cols[i]] = i
	}
	out := make([]int, len(s))
	for k, cell := range s {
		r, c := cell/n, cell%n
		if m.Transpose {
			r, c = c, r
		}
		out[k] = inv[0][r]*n + inv[1][c]
	}
	slices.Sort(out)
	return out
}

func setKey(s []int) string { return fmt.Sprint(s) }

// windokuWindows returns the cells of the windows of a grid of order k
// (side k*k), as package variant places them: (k-1)² windows of k x k
// cells starting one cell in from each box corner.
func windokuWindows(k int) [][]int {
	n := k * k
	var ws [][]int
	for wr := range k - 1 {
		for wc := range k - 1 {
			r0, c0 := 1+wr*(k+1), 1+wc*(k+1)
			var w []int
			for r := r0; r < r0+k; r++ {
				for c := c0; c < c0+k; c++ {
					w = append(w, r*n+c)
				}
			}
			slices.Sort(w)
			ws = append(ws, w)
		}
	}
	return ws
}

// movePairs returns the pairs of cells of a grid of side n that one of the
// moves (row and column steps) joins, each sorted.
func movePairs(n int, moves [][2]int) [][]int {
	var out [][]int
	for r := range n {
		for c := range n {
			for _, m := range moves {
				r2, c2 := r+m[0], c+m[1]
				if r2 < n && c2 >= 0 && c2 < n {
					out = append(out, []int{r*n + c, r2*n + c2})
				}
			}
		}
	}
	return out
}

// disjointGroups returns the disjoint groups of a grid of order k: the
// cells at the same place in every box.
func disjointGroups(k int) [][]int {
	n := k * k
	gs := make([][]int, n)
	for i := range n * n {
		r, c := i/n, i%n
		g := r%k*k + c%k
		gs[g] = append(gs[g], i)
	}
	return gs
}

// disjointSymmetries returns the elements of the classic group of order k
// that keep the disjoint groups: the line permutations that permute the
// bands and the lines inside every band alike, on rows and on columns,
// with or without a transposition.
func disjointSymmetries(k int) ([]Mapping, error) {
	n := k * k
	perms := allPermsOf(k)
	if 2*len(perms)*len(perms)*len(perms)*len(perms) > maxSymmetries {
		return nil, fmt.Errorf("canon: disjoint groups on a %dx%d grid: no canonical form yet (4x4 and 9x9 only)", n, n)
	}
	var lines [][]int
	for _, bands := range perms {
		for _, inside := range perms {
			p := make([]int, 0, n)
			for _, b := range bands {
				for _, x := range inside {
					p = append(p, b*k+x)
				}
			}
			lines = append(lines, p)
		}
	}
	digits := make([]int, n+1)
	var out []Mapping
	for t := range 2 {
		for _, p := range lines {
			for _, q := range lines {
				out = append(out, Mapping{t == 1, p, q, digits})
			}
		}
	}
	return out, nil
}

// boxSymmetries returns elements of the classic group of order k that
// include every one that keeps the diagonals (with diag; both with both) or
// the windows (with windows): for diagonals, the same line permutation p
// on rows and columns (mirrored in the centre for both), or p on rows and
// p reversed on columns; for windows, the line permutations that map the
// windows' lines to windows' lines.
func boxSymmetries(k int, diag, both, windows bool) ([]Mapping, error) {
	n := k * k
	var lines [][]int
	switch {
	case both:
		// Count before building: X on a 36x36 grid has 1.8e10 such line
		// permutations, which took all the memory there was.
		if c := mirroredCount(k); c > maxSymmetries/8 {
			return nil, fmt.Errorf("canon: X on a %dx%d grid has %d line permutations to try, past the bound (%d symmetries): no canonical form (4x4 to 16x16 only)", n, n, c, maxSymmetries)
		}
		lines = mirroredLines(k)
	case k <= 3:
		lines = linePermsOf(k)
	case diag:
		return nil, fmt.Errorf("canon: one diagonal on a %dx%d grid: no canonical form yet (4x4 and 9x9 only)", n, n)
	default:
		return nil, fmt.Errorf("canon: windoku on a %dx%d grid: no canonical form yet (4x4 and 9x9 only)", n, n)
	}
	if windows {
		ok := map[string]bool{}
		for _, w := range windokuWindows(k) {
			ok[fmt.Sprint(lineSet(w, n))] = true
		}
		kept := lines[:0]
		for _, p := range lines {
			good := true
			for _, w := range windokuWindows(k) {
				ls := lineSet(w, n)
				img := make([]int, len(ls))
				for i, l := range ls {
					img[i] = slices.Index(p, l) // the target line of source line l
				}
				slices.Sort(img)
				if !ok[fmt.Sprint(img)] {
					good = false
					break
				}
			}
			if good {
				kept = append(kept, p)
			}
		}
		lines = kept
	}
	if 4*len(lines)*len(lines) > maxSymmetries && !diag {
		return nil, fmt.Errorf("canon: %d line permutations to try: too many", len(lines))
	}
	if diag && 8*len(lines) > maxSymmetries {
		return nil, fmt.Errorf("canon: %d line permutations to try: too many", len(lines))
	}
	digits := make([]int, n+1)
	var out []Mapping
	for t := range 2 {
		for _, p := range lines {
			if diag {
				// Columns p, p reversed; and for one diagonal, p mirrored
				// and p's lines reversed (p mirrored is p with both).
				rev, mir, back := make([]int, n), make([]int, n), make([]int, n)
				for i := range n {
					rev[i], mir[i], back[i] = p[n-1-i], n-1-p[n-1-i], n-1-p[i]
				}
				qs := [][]int{p, rev}
				if !both {
					qs = append(qs, mir, back)
				}
				for i, q := range qs {
					if !slices.ContainsFunc(qs[:i], func(x []int) bool { return slices.Equal(x, q) }) {
						out = append(out, Mapping{t == 1, p, q, digits})
					}
				}
				continue
			}
			for _, q := range lines {
				out = append(out, Mapping{t == 1, p, q, digits})
			}
		}
	}
	return out, nil
}

// lineSet returns the rows of the cells w of a grid of side n (a window's
// rows are its columns too).
func lineSet(w []int, n int) []int {
	var rows []int
	for _, c := range w {
		if !slices.Contains(rows, c/n) {
			rows = append(rows, c/n)
		}
	}
	slices.Sort(rows)
	return rows
}

// mirroredLines returns the permutations p of the lines of a grid of order
// k that keep bands whole and commute with the reversal: p(N-1-i) =
// N-1-p(i) (N = k*k), so that the same p on rows and columns keeps both
// diagonals.
func mirroredLines(k int) [][]int {
	n := k * k
	var out [][]int
	perms := allPermsOf(k)
	var mirrored [][]int // the permutations of 0..k-1 that commute with the reversal
	for _, q := range perms {
		ok := true
		for x := range k {
			if q[k-1-x] != k-1-q[x] {
				ok = false
			}
		}
		if ok {
			mirrored = append(mirrored, q)
		}
	}
	for _, bands := range mirrored {
		// Choose the permutation inside each band b < k-1-b freely, the
		// middle band's mirrored; band k-1-b's follows.
		inside := make([][]int, k)
		var rec func(b int)
		rec = func(b int) {
			if b > (k-1)/2 {
				p := make([]int, 0, n)
				for tb := range k {
					// Target band tb comes from source band bands[tb]: its
					// line x is source line bands[tb]*k + inside[tb][x].
					for x := range k {
						p = append(p, bands[tb]*k+inside[tb][x])
					}
				}
				out = append(out, p)
				return
			}
			choices := perms
			if b == k-1-b {
				choices = mirrored
			}
			for _, q := range choices {
				inside[b] = q
				if b != k-1-b {
					m := make([]int, k)
					for x := range k {
						m[k-1-x] = k - 1 - q[x]
					}
					inside[k-1-b] = m
				}
				rec(b + 1)
			}
		}
		rec(0)
	}
	return out
}

// mirroredCount returns how many permutations mirroredLines(k) returns,
// without building them (saturating at 1<<62): the mirrored permutations
// of the bands, times a free permutation inside each band of the first
// half, times a mirrored one inside the middle band (odd k).
func mirroredCount(k int) int {
	perms := 1
	for i := 2; i <= k; i++ {
		perms *= i
	}
	// Mirrored permutations of 0..k-1: a permutation of the k/2 pairs
	// {x, k-1-x}, each pair kept or swapped.
	mirrored := 1
	for i := 2; i <= k/2; i++ {
		mirrored *= i
	}
	mirrored <<= k / 2
	mul := func(a, b int) int {
		if a > (1<<62)/b {
			return 1 << 62
		}
		return a * b
	}
	c := mirrored
	for range k / 2 {
		c = mul(c, perms)
	}
	if k%2 == 1 {
		c = mul(c, mirrored)
	}
	return c
}

// linePermsOf returns the permutations of the k*k lines of a grid of order
// k that keep bands whole.
func linePermsOf(k int) [][]int {
	perms := allPermsOf(k)
	var out [][]int
	inside := make([][]int, k)
	var rec func(b int, bands []int)
	rec = func(b int, bands []int) {
		if b == k {
			p := make([]int, 0, k*k)
			for tb := range k {
				for x := range k {
					p = append(p, bands[tb]*k+inside[tb][x])
				}
			}
			out = append(out, p)
			return
		}
		for _, q := range perms {
			inside[b] = q
			rec(b+1, bands)
		}
	}
	for _, bands := range perms {
		rec(0, bands)
	}
	return out
}

// allPermsOf returns the permutations of 0..k-1 in lexicographic order.
func allPermsOf(k int) [][]int {
	p := make([]int, k)
	for i := range p {
		p[i] = i
	}
	out := [][]int{slices.Clone(p)}
	for nextPerm(p) {
		out = append(out, slices.Clone(p))
	}
	return out
}

// squareSymmetries returns the 8 symmetries of the square as mappings of a
// grid of side n: transposition or not, rows reversed or not, columns
// reversed or not.
func squareSymmetries(n int) []Mapping {
	id, rev := make([]int, n), make([]int, n)
	for i := range n {
		id[i], rev[i] = i, n-1-i
	}
	var out []Mapping
	for t := range 2 {
		for _, rows := range [][]int{id, rev} {
			for _, cols := range [][]int{id, rev} {
				out = append(out, Mapping{Transpose: t == 1, Rows: rows, Cols: cols})
			}
		}
	}
	return out
}

// checkIntLines fails if a row or a column of the side x side grid repeats
// a value or a value is out of range.
func checkIntLines(vals []int, side int) error {
	cells := make([]uint8, len(vals))
	for i, v := range vals {
		if v < 0 || v > side {
			return fmt.Errorf("canon: r%dc%d holds %d, not 0-%d", i/side+1, i%side+1, v, side)
		}
		cells[i] = uint8(v)
	}
	return checkLines(cells, side)
}
