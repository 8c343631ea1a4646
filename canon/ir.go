package canon

import (
	"context"
	"math/big"
	"slices"

	"github.com/gosudoku/sudoku"
)

// This file holds the individualization-refinement search (in the manner
// of McKay's nauty) that Refined falls back on when its classes leave too
// many lines tied, as on a pattern grid. The grid becomes a coloured graph
// whose automorphisms are exactly the grid's symmetries:
//
//	cells  r*N+c           joined to their row, column and value
//	rows   N*N+r           joined to their band
//	cols   N*N+N+c         joined to their stack
//	bands  N*N+2N+b, stacks N*N+2N+n+s
//	values N*N+2N+2n+v-1
//
// with four colours (bands and stacks; values; rows and columns; cells).
// A transformation maps rows to rows or all of them to columns, since two
// rows share no cell while a row and a column share one.

// irGraph is the graph of a grid, its adjacency in one slice.
type irGraph struct {
	nv    int
	first []int32 // adjacency of v: adj[first[v]:first[v+1]]
	adj   []int32
	cnt   []int32 // scratch for refine
	mark  []int   // scratch for refine: the stamp of a touched cell
	stamp int
}

// newIRGraph returns the graph of the side x side values src (0 blank) of
// a grid of order n.
func newIRGraph(src []int, n int) *irGraph {
	side := n * n
	cells, rows, cols := 0, side*side, side*side+side
	bands, stacks, vals := side*side+2*side, side*side+2*side+n, side*side+2*side+2*n
	nv := vals + side
	lists := make([][]int32, nv)
	link := func(a, b int) {
		lists[a] = append(lists[a], int32(b))
		lists[b] = append(lists[b], int32(a))
	}
	for r := range side {
		for c := range side {
			i := cells + r*side + c
			link(i, rows+r)
			link(i, cols+c)
			if v := src[r*side+c]; v != 0 {
				link(i, vals+v-1)
			}
		}
		link(rows+r, bands+r/n)
		link(cols+r, stacks+r/n)
	}
	g := &irGraph{nv: nv, first: make([]int32, nv+1), cnt: make([]int32, nv), mark: make([]int, nv)}
	for v, l := range lists {
		g.adj = append(g.adj, l...)
		g.first[v+1] = int32(len(g.adj))
	}
	return g
}

// A partition is an ordered partition of the vertices into cells.
type partition struct {
	lab  []int // position -> vertex
	pos  []int // vertex -> position
	cell []int // vertex -> the first position of its cell
	end  []int // first position of a cell -> its end (exclusive)
}

func (p *partition) clone() *partition {
	return &partition{lab: slices.Clone(p.lab), pos: slices.Clone(p.pos), cell: slices.Clone(p.cell), end: slices.Clone(p.end)}
}

// initialPartition returns the partition of the graph of a grid of order n
// by colour: bands and stacks, values, rows and columns, cells.
func initialPartition(n int) (*partition, []int) {
	side := n * n
	nv := side*side + 3*side + 2*n
	p := &partition{lab: make([]int, 0, nv), pos: make([]int, nv), cell: make([]int, nv), end: make([]int, nv)}
	groups := [][2]int{{side*side + 2*side, 2 * n}, {side*side + 2*side + 2*n, side}, {side * side, 2 * side}, {0, side * side}}
	var starts []int
	for _, gr := range groups {
		s := len(p.lab)
		starts = append(starts, s)
		for v := gr[0]; v < gr[0]+gr[1]; v++ {
			p.pos[v] = len(p.lab)
			p.cell[v] = s
			p.lab = append(p.lab, v)
		}
		p.end[s] = len(p.lab)
	}
	return p, starts
}

// refine makes p equitable, splitting its cells by the number of
// neighbours in each splitter, the splitters taken first in first out
// from queue; it returns a hash of what it did (an invariant of the
// partition: isomorphic partitions give one hash).
func (g *irGraph) refine(p *partition, queue []int) uint64 {
	inq := make(map[int]bool, len(queue))
	for _, s := range queue {
		inq[s] = true
	}
	h := uint64(5)
	var touched, runs []int
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		delete(inq, s)
		e := p.end[s]
		touched = touched[:0]
		g.stamp++
		for _, v := range p.lab[s:e] {
			for _, u := range g.adj[g.first[v]:g.first[v+1]] {
				if x := p.cell[u]; g.mark[x] != g.stamp {
					g.mark[x] = g.stamp
					touched = append(touched, x)
				}
				g.cnt[u]++
			}
		}
		slices.Sort(touched)
		h = mix(h, uint64(s)<<32|uint64(e-s))
		for _, x := range touched {
			ex := p.end[x]
			vs := p.lab[x:ex]
			lo, hi := g.cnt[vs[0]], g.cnt[vs[0]]
			for _, v := range vs {
				lo, hi = min(lo, g.cnt[v]), max(hi, g.cnt[v])
			}
			h = mix(h, uint64(x)<<32|uint64(lo)<<16|uint64(hi))
			if lo == hi {
				continue
			}
			slices.SortFunc(vs, func(a, b int) int { return int(g.cnt[a] - g.cnt[b]) })
			runs = runs[:0]
			for i, v := range vs {
				p.pos[v] = x + i
				if i == 0 || g.cnt[v] != g.cnt[vs[i-1]] {
					runs = append(runs, x+i)
					h = mix(h, uint64(x+i)<<32|uint64(g.cnt[v]))
				}
			}
			runs = append(runs, ex)
			largest := 0
			for i := 0; i+1 < len(runs); i++ {
				a, b := runs[i], runs[i+1]
				p.end[a] = b
				for _, v := range p.lab[a:b] {
					p.cell[v] = a
				}
				if b-a > runs[largest+1]-runs[largest] {
					largest = i
				}
			}
			for i := 0; i+1 < len(runs); i++ {
				if a := runs[i]; (inq[x] && i > 0) || (!inq[x] && i != largest) {
					queue = append(queue, a)
					inq[a] = true
				}
			}
		}
		for _, v := range p.lab[s:e] {
			for _, u := range g.adj[g.first[v]:g.first[v+1]] {
				g.cnt[u] = 0
			}
		}
	}
	return h
}

// certificate returns the graph relabelled by the discrete partition p:
// per position, the degree and the sorted positions of the neighbours.
func (g *irGraph) certificate(p *partition) []int32 {
	out := make([]int32, 0, g.nv+len(g.adj))
	for _, v := range p.lab {
		nb := g.adj[g.first[v]:g.first[v+1]]
		out = append(out, int32(len(nb)))
		at := len(out)
		for _, u := range nb {
			out = append(out, int32(p.pos[u]))
		}
		slices.Sort(out[at:])
	}
	return out
}

// An irLeaf is a leaf of the search: its partition, path and key.
type irLeaf struct {
	p    *partition
	path []int
	invs []uint64
	cert []int32
}

// irSearch is the search tree's state.
type irSearch struct {
	ctx    context.Context
	g      *irGraph
	first  *irLeaf
	best   *irLeaf
	gens   [][]int // automorphisms found (vertex -> vertex)
	orders []int   // orbit sizes along the first path
	nodes  int
}

// visit explores the node p reached by individualizing path (invs the
// refinement hashes along it). It returns the level to go back to when it
// found an automorphism that makes the rest of an ancestor's subtree
// equivalent to a part already seen, or -1.
func (s *irSearch) visit(p *partition, path []int, invs []uint64) (int, error) {
	if s.nodes++; s.nodes%256 == 0 {
		if err := s.ctx.Err(); err != nil {
			return 0, err
		}
	}
	if s.first != nil {
		m := min(len(invs), len(s.best.invs))
		eqFirst := len(invs) <= len(s.first.invs) && slices.Equal(invs, s.first.invs[:len(invs)])
		if !eqFirst && slices.Compare(invs[:m], s.best.invs[:m]) < 0 {
			return -1, nil
		}
	}
	// The target cell: the first of the largest non-singleton cells.
	target, size := -1, 0
	for x := 0; x < len(p.lab); x = p.end[x] {
		if k := p.end[x] - x; k > 1 && (target < 0 || k > size) {
			target, size = x, k
		}
	}
	if target < 0 {
		return s.leaf(p, path, invs), nil
	}
	level := len(path)
	onFirst := s.first == nil || (level <= len(s.first.path) && slices.Equal(path, s.first.path[:level]))
	kids := slices.Sorted(slices.Values(p.lab[target:p.end[target]]))
	var done []int
	var root []int // orbits under the automorphisms found that fix path
	known := 0     // the automorphisms root was computed from
	for _, w := range kids {
		if len(done) > 0 && len(s.gens) > 0 {
			if root == nil || known != len(s.gens) {
				root, known = s.orbits(path), len(s.gens)
			}
			if slices.ContainsFunc(done, func(d int) bool { return root[d] == root[w] }) {
				continue
			}
		}
		done = append(done, w)
		c := p.clone()
		// Individualize w: move it to the front of its cell.
		a := c.pos[w]
		u := c.lab[target]
		c.lab[target], c.lab[a] = w, u
		c.pos[w], c.pos[u] = target, a
		c.end[target+1] = c.end[target]
		c.end[target] = target + 1
		for _, v := range c.lab[target+1 : c.end[target+1]] {
			c.cell[v] = target + 1
		}
		h := s.g.refine(c, []int{target})
		back, err := s.visit(c, append(slices.Clone(path), w), append(slices.Clone(invs), h))
		if err != nil {
			return 0, err
		}
		if back >= 0 && back < level {
			return back, nil
		}
	}
	if onFirst {
		s.orders[level] = s.orbitSize(path, s.first.path[level])
	}
	return -1, nil
}

// leaf handles a leaf: the first leaf, an automorphism, or a better leaf.
func (s *irSearch) leaf(p *partition, path []int, invs []uint64) int {
	cert := s.g.certificate(p)
	lf := &irLeaf{p: p, path: path, invs: invs, cert: cert}
	if s.first == nil {
		s.first, s.best = lf, lf
		s.orders = make([]int, len(path))
		return -1
	}
	for _, o := range []*irLeaf{s.first, s.best} {
		if slices.Equal(invs, o.invs) && slices.Equal(cert, o.cert) {
			gamma := make([]int, s.g.nv)
			for i, v := range o.p.lab {
				gamma[v] = p.lab[i]
			}
			s.gens = append(s.gens, gamma)
			k := 0
			for k < len(path) && k < len(o.path) && path[k] == o.path[k] {
				k++
			}
			return k
		}
	}
	if c := slices.Compare(invs, s.best.invs); c > 0 || (c == 0 && slices.Compare(cert, s.best.cert) < 0) {
		s.best = lf
	}
	return -1
}

// orbits returns the orbits (a root per vertex) of the automorphisms found
// that fix path pointwise.
func (s *irSearch) orbits(path []int) []int {
	root := make([]int, s.g.nv)
	for i := range root {
		root[i] = i
	}
	find := func(x int) int {
		for root[x] != x {
			root[x] = root[root[x]]
			x = root[x]
		}
		return x
	}
	for _, gm := range s.gens {
		fixes := true
		for _, v := range path {
			if gm[v] != v {
				fixes = false
				break
			}
		}
		if !fixes {
			continue
		}
		for v, u := range gm {
			if a, b := find(v), find(u); a != b {
				root[max(a, b)] = min(a, b)
			}
		}
	}
	for i := range root {
		root[i] = find(i)
	}
	return root
}

// orbitSize returns the size of the orbit of v under the automorphisms
// found that fix path.
func (s *irSearch) orbitSize(path []int, v int) int {
	root := s.orbits(path)
	k := 0
	for _, r := range root {
		if r == root[v] {
			k++
		}
	}
	return k
}

// irForm returns the refined form of a grid whose classes tie too much:
// the grid read from the best leaf of the individualization-refinement
// search. The bands go in the order of their places in the leaf, the rows
// inside each band too (the stacks and columns alike), the grid is
// transposed when the first line is a column, and the values are labelled
// in order of first appearance.
func (s *gsearch) irForm(ctx context.Context) (GeneralForm, error) {
	if err := ctx.Err(); err != nil {
		return GeneralForm{}, err
	}
	n, side := s.n, s.side
	g := newIRGraph(s.src[0], n)
	p, starts := initialPartition(n)
	g.refine(p, starts)
	is := &irSearch{ctx: ctx, g: g}
	if _, err := is.visit(p, nil, nil); err != nil {
		return GeneralForm{}, err
	}
	pos := is.best.p.pos
	rowsAt, colsAt := side*side, side*side+side
	bandsAt, stacksAt := side*side+2*side, side*side+2*side+n
	transpose := false
	for _, v := range is.best.p.lab {
		if v >= rowsAt && v < rowsAt+2*side {
			transpose = v >= colsAt
			break
		}
	}
	lines := func(linesAt, blocksAt int) []int {
		blocks := make([]int, n)
		for b := range n {
			blocks[b] = b
		}
		slices.SortFunc(blocks, func(a, b int) int { return pos[blocksAt+a] - pos[blocksAt+b] })
		var out []int
		for _, b := range blocks {
			in := make([]int, n)
			for j := range n {
				in[j] = b*n + j
			}
			slices.SortFunc(in, func(a, b int) int { return pos[linesAt+a] - pos[linesAt+b] })
			out = append(out, in...)
		}
		return out
	}
	m := Mapping{Transpose: transpose, Rows: lines(rowsAt, bandsAt), Cols: lines(colsAt, stacksAt)}
	if transpose {
		m.Rows, m.Cols = lines(colsAt, stacksAt), lines(rowsAt, bandsAt)
	}
	m.Digits = make([]int, side+1)
	for v := range m.Digits {
		m.Digits[v] = v
	}
	plain := m.Apply(s.src[0])
	next := 1
	label := make([]int, side+1)
	for _, v := range plain {
		if v != 0 && label[v] == 0 {
			label[v] = next
			next++
		}
	}
	absent := 0
	for v := 1; v <= side; v++ {
		if label[v] == 0 {
			label[v] = next
			next++
			absent++
		}
	}
	m.Digits = label
	form, err := sudoku.New(n)
	if err != nil {
		return GeneralForm{}, err
	}
	for i, v := range m.Apply(s.src[0]) {
		_ = form.SetCell(i, v)
	}
	autos := big.NewInt(1)
	for _, k := range is.orders {
		autos.Mul(autos, big.NewInt(int64(k)))
	}
	if absent > 1 {
		autos.Div(autos, new(big.Int).MulRange(1, int64(absent)))
	}
	return GeneralForm{Grid: form, Map: m, Automorphisms: autos}, nil
}
