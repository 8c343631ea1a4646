package canon

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"slices"
	"strings"

	"github.com/gosudoku/sudoku"
)

// MaxCandidates bounds the partial transformations that General keeps at
// once; a grid whose rows tie in more ways (a complete 16x16 grid, whose
// first row is the same under every column order) fails instead of taking
// hours.
const MaxCandidates = 1 << 18

// candidateMemory bounds the memory of the partial transformations General
// keeps at once: at most candidateLimit(side) of them, fewer than
// MaxCandidates past 9x9. Before it grows a row, General counts the
// extensions it would build and refuses past four times that (the ones
// that merge are garbage at once), so a grid that ties too much costs
// bounded memory and time before it is refused.
const candidateMemory = 64 << 20

// candidateLimit is the number of partial transformations of a grid of
// this side that fit in candidateMemory: a gcand and its slices, its state
// key in the merge index, and their overheads.
func candidateLimit(side int) int {
	return min(MaxCandidates, candidateMemory/(256+26*side))
}

// A Mapping maps a grid of any order n (side N = n*n) to an equivalent one:
// it transposes the grid if Transpose is set, then cell (r, c) of the result
// (0-based) is cell (Rows[r], Cols[c]) of that grid with its value v
// relabelled Digits[v]. Rows and Cols keep bands and stacks whole, and
// Digits is a permutation of 1..N with Digits[0] = 0. For 9x9 grids it is
// a Transform.
type Mapping struct {
	Transpose bool
	Rows      []int
	Cols      []int
	Digits    []int
}

// Apply returns m applied to the N*N values of a grid in row-major order
// (0 a blank). m and cells must be of the same side.
func (m Mapping) Apply(cells []int) []int {
	n := len(m.Rows)
	out := make([]int, n*n)
	for r := range n {
		for c := range n {
			i := m.Rows[r]*n + m.Cols[c]
			if m.Transpose {
				i = m.Cols[c]*n + m.Rows[r]
			}
			out[r*n+c] = m.Digits[cells[i]]
		}
	}
	return out
}

// Inverse returns the mapping that undoes m.
func (m Mapping) Inverse() Mapping {
	n := len(m.Rows)
	u := Mapping{Transpose: m.Transpose, Rows: make([]int, n), Cols: make([]int, n), Digits: make([]int, len(m.Digits))}
	rows, cols := m.Rows, m.Cols
	if m.Transpose {
		rows, cols = cols, rows
	}
	for i := range n {
		u.Rows[rows[i]] = i
		u.Cols[cols[i]] = i
	}
	for d, x := range m.Digits {
		u.Digits[x] = d
	}
	return u
}

// String writes m as Transform.String does, the rows, columns and digits
// 1-based and separated by commas when the side is over 9.
func (m Mapping) String() string {
	var b strings.Builder
	if m.Transpose {
		b.WriteString("T")
	} else {
		b.WriteString("-")
	}
	list := func(name string, xs []int, add int) {
		b.WriteString(" " + name + "=")
		for i, x := range xs {
			if len(m.Rows) > 9 && i > 0 {
				b.WriteByte(',')
			}
			fmt.Fprint(&b, x+add)
		}
	}
	list("rows", m.Rows, 1)
	list("cols", m.Cols, 1)
	list("digits", m.Digits[1:], 0)
	return b.String()
}

// GeneralForm is the minlex form of a grid of any order.
type GeneralForm struct {
	Grid          *sudoku.Grid // the form
	Map           Mapping      // maps the grid to the form
	Automorphisms *big.Int     // grid transformations that map the grid to itself, relabelled
}

// General returns the minlex form of the grid g of any order (4x4 to
// 64x64): the smallest row-major string (blanks 0) over every
// transposition, permutation of the bands, of the rows inside each band,
// of the stacks and of the columns inside each stack, and relabelling of
// the values, with a mapping that gives it and the number of
// automorphisms. On 9x9 grids it gives the form of Canon (which is faster).
// It fails if a row or column repeats a value, when ctx is done, or when
// more than MaxCandidates partial transformations tie (complete grids of
// 16x16 and more).
func General(ctx context.Context, g *sudoku.Grid) (GeneralForm, error) {
	n, side := g.Order(), g.Side()
	cells := g.Cells()
	if err := checkLines(cells, side); err != nil {
		return GeneralForm{}, err
	}
	s := newSearch(n, side, cells)
	cur := []*gcand{s.start(0), s.start(1)}
	for k := 0; k < side; k++ {
		var err error
		if cur, err = s.step(ctx, cur, k); err != nil {
			return GeneralForm{}, err
		}
	}
	return s.finish(cur)
}

// checkLines fails if a row or a column of the side x side grid repeats a
// value.
func checkLines(cells []uint8, side int) error {
	seen := make([]int, side+1)
	for pass := 1; pass <= 2; pass++ {
		for a := range side {
			stamp := pass*side + a + 1 // distinct per line
			for b := range side {
				r, c := a, b
				if pass == 2 {
					r, c = b, a
				}
				v := cells[r*side+c]
				if v == 0 {
					continue
				}
				if seen[v] == stamp {
					return fmt.Errorf("canon: %s %d holds %d twice", [3]string{"", "row", "column"}[pass], a+1, v)
				}
				seen[v] = stamp
			}
		}
	}
	return nil
}

// gsearch is the row-by-row search of General, in the manner of the 9x9
// one (see minlex.go) but with the column freedom kept as an order of the
// source columns and the ties left in it: runs of target columns inside a
// stack that are equal in every row so far (cells), and runs of target
// stacks that are equal (groups).
type gsearch struct {
	n, side int
	src     [2][]int    // the grid and its transpose, row-major
	classes *refinement // Refined's classes of rows and columns; nil for General
	maxExt  int64       // Refined's bound on the extensions per row; 0 for General
}

// errTooSymmetric stops Refined's row-by-row search when the lines tie in
// too many ways; Refined then runs the individualization-refinement search.
var errTooSymmetric = errors.New("canon: too many ties")

// A gcand is a partial transformation: the source rows of the target rows
// so far, the order of the source columns, its ties, and the labels.
type gcand struct {
	t     int
	rows  []int
	used  uint64
	cols  []int  // target column -> source column
	cell  uint64 // bit j: target column j starts a cell
	group uint64 // bit s: target stack s starts a group
	label []int  // source value -> label, 0 if none yet
	next  int    // the next free label
	mult  int64  // the row orders it stands for (merged candidates)
}

// start returns the candidate with no rows, on the grid (t = 0) or its
// transpose (1).
func (s *gsearch) start(t int) *gcand {
	c := &gcand{t: t, cols: make([]int, s.side), label: make([]int, s.side+1), next: 1, mult: 1, group: 1}
	if s.classes != nil {
		st := &s.classes.start[t]
		copy(c.cols, st.cols)
		c.cell, c.group = st.cell, st.group
		return c
	}
	for j := range c.cols {
		c.cols[j] = j
		if j%s.n == 0 {
			c.cell |= 1 << j
		}
	}
	return c
}

// newKey is the key of a value without a label, above every label.
func (s *gsearch) newKey() int { return s.side + 1 }

// arrange returns the smallest arrangement of source row r as the next row
// of c: the source columns in target order and their keys (0 blank, a label,
// or newKey). Inside each cell the columns go by key; inside each group the
// stacks go by their keys.
func (s *gsearch) arrange(c *gcand, r int, cols, keys []int) {
	n, side := s.n, s.side
	row := s.src[c.t][r*side : r*side+side]
	key := func(col int) int {
		v := row[col]
		switch {
		case v == 0:
			return 0
		case c.label[v] != 0:
			return c.label[v]
		}
		return s.newKey()
	}
	copy(cols, c.cols)
	// Sort inside each cell (insertion sort: cells are short).
	for a := 0; a < side; {
		b := a + 1
		for b < side && c.cell>>b&1 == 0 {
			b++
		}
		for i := a + 1; i < b; i++ {
			for j := i; j > a && key(cols[j]) < key(cols[j-1]); j-- {
				cols[j], cols[j-1] = cols[j-1], cols[j]
			}
		}
		a = b
	}
	for j, col := range cols {
		keys[j] = key(col)
	}
	// Sort the stacks inside each group by their keys.
	for a := 0; a < n; {
		b := a + 1
		for b < n && c.group>>b&1 == 0 {
			b++
		}
		for i := a + 1; i < b; i++ {
			for j := i; j > a && slices.Compare(keys[j*n:j*n+n], keys[(j-1)*n:j*n]) < 0; j-- {
				swapBlocks(cols, j, n)
				swapBlocks(keys, j, n)
			}
		}
		a = b
	}
}

// swapBlocks swaps stacks j-1 and j of xs (n columns each).
func swapBlocks(xs []int, j, n int) {
	for i := range n {
		xs[(j-1)*n+i], xs[j*n+i] = xs[j*n+i], xs[(j-1)*n+i]
	}
}

// nextRows returns the source rows that c may take as target row k.
func (s *gsearch) nextRows(c *gcand, k int) uint64 {
	if s.classes != nil {
		return s.nextRowsOf(c, k) & s.classes.rows[c.t][k]
	}
	return s.nextRowsOf(c, k)
}

// nextRowsOf returns the source rows that c may take as target row k
// under the grid transformations.
func (s *gsearch) nextRowsOf(c *gcand, k int) uint64 {
	n := s.n
	var rows uint64
	if k%n == 0 {
		for b := range n {
			band := (uint64(1)<<n - 1) << (b * n)
			if c.used&band == 0 {
				rows |= band
			}
		}
		return rows
	}
	b := c.rows[k-k%n] / n
	return (uint64(1)<<n - 1) << (b * n) &^ c.used
}

// step extends the candidates by target row k, keeping those whose row is
// the smallest, and merges those that reach the same state. It fails when
// ctx is done (checked every 1,024 extensions).
func (s *gsearch) step(ctx context.Context, cur []*gcand, k int) ([]*gcand, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	side := s.side
	type pend struct {
		c *gcand
		r int
	}
	var pending []pend
	var best []int
	cols, keys := make([]int, side), make([]int, side)
	for _, c := range cur {
		for rows := s.nextRows(c, k); rows != 0; rows &= rows - 1 {
			r := trailing(rows)
			s.arrange(c, r, cols, keys)
			cmp := -1
			if best != nil {
				cmp = slices.Compare(keys, best)
			}
			if cmp > 0 {
				continue
			}
			if cmp < 0 {
				best = append(best[:0], keys...)
				pending = pending[:0]
			}
			pending = append(pending, pend{c, r})
		}
	}
	limit := MaxCandidates
	if s.maxExt > 0 {
		var total int64
		for _, p := range pending {
			s.arrange(p.c, p.r, cols, keys)
			if total += extensions(s.choices(p.c, keys), s.maxExt); total > s.maxExt {
				return nil, errTooSymmetric
			}
		}
	} else {
		limit = candidateLimit(side)
		build := 4 * int64(limit)
		var total int64
		for _, p := range pending {
			s.arrange(p.c, p.r, cols, keys)
			if total += extensions(s.choices(p.c, keys), build); total > build {
				return nil, fmt.Errorf("canon: the rows tie in over %d ways at row %d, past the bound of %d partial transformations (%d MiB): no form computed", build, k+1, limit, candidateMemory>>20)
			}
		}
	}
	var out []*gcand
	index := map[string]int{}
	var kb []byte
	emitted := 0
	for _, p := range pending {
		s.arrange(p.c, p.r, cols, keys)
		err := s.grow(p.c, p.r, cols, keys, func(nc *gcand) error {
			if emitted++; emitted%1024 == 0 {
				if err := ctx.Err(); err != nil {
					return err
				}
			}
			kb = nc.appendState(kb[:0])
			if i, ok := index[string(kb)]; ok {
				out[i].mult += nc.mult
				return nil
			}
			if len(out) >= limit {
				if s.maxExt > 0 {
					return errTooSymmetric
				}
				return fmt.Errorf("canon: over %d partial transformations tie at row %d, past the bound (%d MiB): no form computed", limit, k+1, candidateMemory>>20)
			}
			index[string(kb)] = len(out)
			out = append(out, nc)
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

// trailing returns the index of the lowest set bit of x.
func trailing(x uint64) int {
	i := 0
	for x&1 == 0 {
		x >>= 1
		i++
	}
	return i
}

// appendState appends to b what decides the rest of the search from c.
func (c *gcand) appendState(b []byte) []byte {
	b = fmt.Appendf(b, "%d %x %x %x|", c.t, c.used, c.cell, c.group)
	for _, x := range c.cols {
		b = append(b, byte(x))
	}
	for _, x := range c.label {
		b = append(b, byte(x))
	}
	return b
}

// grow calls emit with each extension of c by source row r arranged as
// cols (keys its keys): one per order of the values without a label that
// tie (inside a cell, or in stacks of a group whose keys are equal), since
// each order labels them differently.
func (s *gsearch) grow(c *gcand, r int, cols, keys []int, emit func(*gcand) error) error {
	choices := s.choices(c, keys)
	n := s.n
	work := slices.Clone(cols)
	var rec func(i int) error
	rec = func(i int) error {
		if i == len(choices) {
			return emit(s.extend(c, r, work, keys))
		}
		ch := choices[i]
		// Each order of ch.at: permute the columns (or stacks) at those
		// places, in lexicographic order of the permutation.
		orig := slices.Clone(work)
		perm := make([]int, len(ch.at))
		for x := range perm {
			perm[x] = x
		}
		for {
			copy(work, orig)
			for x, y := range perm {
				if ch.stacks {
					copy(work[ch.at[x]*n:ch.at[x]*n+n], orig[ch.at[y]*n:ch.at[y]*n+n])
				} else {
					work[ch.at[x]] = orig[ch.at[y]]
				}
			}
			if err := rec(i + 1); err != nil {
				return err
			}
			if !nextPerm(perm) {
				break
			}
		}
		copy(work, orig)
		return nil
	}
	return rec(0)
}

// A choice is a run of target columns (or stacks) whose order the next
// row leaves open: new values in one cell, or equal stacks with new values
// in one group.
type choice struct {
	stacks bool
	at     []int // target columns, or target stacks
}

// choices returns the choices of extending c by a row arranged with keys.
func (s *gsearch) choices(c *gcand, keys []int) []choice {
	n, side, nk := s.n, s.side, s.newKey()
	var choices []choice
	for a := 0; a < n; {
		b := a + 1
		for b < n && c.group>>b&1 == 0 {
			b++
		}
		for i := a; i < b; {
			j := i + 1
			for j < b && slices.Equal(keys[i*n:i*n+n], keys[j*n:j*n+n]) {
				j++
			}
			if j-i > 1 && slices.Contains(keys[i*n:i*n+n], nk) {
				at := make([]int, 0, j-i)
				for x := i; x < j; x++ {
					at = append(at, x)
				}
				choices = append(choices, choice{true, at})
			}
			i = j
		}
		a = b
	}
	for a := 0; a < side; {
		b := a + 1
		for b < side && c.cell>>b&1 == 0 {
			b++
		}
		var at []int
		for j := a; j < b; j++ {
			if keys[j] == nk {
				at = append(at, j)
			}
		}
		if len(at) > 1 {
			choices = append(choices, choice{false, at})
		}
		a = b
	}
	return choices
}

// extensions returns how many extensions the choices give (at most limit+1).
func extensions(choices []choice, limit int64) int64 {
	k := int64(1)
	for _, ch := range choices {
		for i := int64(2); i <= int64(len(ch.at)); i++ {
			if k *= i; k > limit {
				return limit + 1
			}
		}
	}
	return k
}

// nextPerm advances p to the next permutation in lexicographic order, or
// reports false after the last.
func nextPerm(p []int) bool {
	i := len(p) - 2
	for i >= 0 && p[i] >= p[i+1] {
		i--
	}
	if i < 0 {
		return false
	}
	j := len(p) - 1
	for p[j] <= p[i] {
		j--
	}
	p[i], p[j] = p[j], p[i]
	slices.Reverse(p[i+1:])
	return true
}

// extend returns c with source row r as its next row, the columns in the
// order cols (keys their keys before labelling): it labels the new values
// in target order and splits the cells and groups where the row differs.
func (s *gsearch) extend(c *gcand, r int, cols, keys []int) *gcand {
	n, side := s.n, s.side
	row := s.src[c.t][r*side : r*side+side]
	nc := &gcand{t: c.t, rows: append(slices.Clone(c.rows), r), used: c.used | 1<<r,
		cols: slices.Clone(cols), cell: c.cell, group: c.group, label: slices.Clone(c.label), next: c.next, mult: c.mult}
	lab := make([]int, side)
	for j, col := range cols {
		v := row[col]
		if v != 0 && nc.label[v] == 0 {
			nc.label[v] = nc.next
			nc.next++
		}
		lab[j] = nc.label[v]
	}
	for j := 1; j < side; j++ {
		if j%n != 0 && lab[j] != lab[j-1] {
			nc.cell |= 1 << j
		}
	}
	for st := 1; st < n; st++ {
		if !slices.Equal(lab[st*n:st*n+n], lab[(st-1)*n:st*n]) {
			nc.group |= 1 << st
		}
	}
	// Normalize the order inside ties, so that equal states compare equal:
	// each cell's columns ascending, each group's equal stacks by their
	// first column.
	for a := 0; a < side; {
		b := a + 1
		for b < side && nc.cell>>b&1 == 0 {
			b++
		}
		slices.Sort(nc.cols[a:b])
		a = b
	}
	_ = keys
	for a := 0; a < n; {
		b := a + 1
		for b < n && nc.group>>b&1 == 0 {
			b++
		}
		for i := a + 1; i < b; i++ {
			for j := i; j > a && nc.cols[j*n] < nc.cols[(j-1)*n]; j-- {
				swapBlocks(nc.cols, j, n)
			}
		}
		a = b
	}
	return nc
}

// finish builds the form from the candidates left after the last row.
func (s *gsearch) finish(cur []*gcand) (GeneralForm, error) {
	n, side := s.n, s.side
	c := cur[0]
	m := Mapping{Transpose: c.t == 1, Rows: c.rows, Cols: c.cols, Digits: make([]int, side+1)}
	next := c.next
	for v := 1; v <= side; v++ {
		if m.Digits[v] = c.label[v]; m.Digits[v] == 0 {
			m.Digits[v] = next
			next++
		}
	}
	g, err := sudoku.New(n)
	if err != nil {
		return GeneralForm{}, err
	}
	src := s.src[0]
	vals := make([]int, side*side)
	for i := range vals {
		vals[i] = src[i]
	}
	for i, v := range m.Apply(vals) {
		_ = g.SetCell(i, v)
	}
	autos := new(big.Int)
	for _, c := range cur {
		x := big.NewInt(c.mult)
		runs := func(starts uint64, size int) {
			for a := 0; a < size; {
				b := a + 1
				for b < size && starts>>b&1 == 0 {
					b++
				}
				x.Mul(x, new(big.Int).MulRange(1, int64(b-a)))
				a = b
			}
		}
		runs(c.cell, side)
		runs(c.group, n)
		autos.Add(autos, x)
	}
	return GeneralForm{Grid: g, Map: m, Automorphisms: autos}, nil
}
