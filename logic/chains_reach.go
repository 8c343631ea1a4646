package logic

// Most static searches find nothing: the assumption never comes back to
// itself (no cycle) or never reaches its negation (no forcing chain). A
// breadth-first search finds a chain exactly when its goal is reachable
// in the graph of links, so the searches are run only where the graph's
// reachability says one can succeed. The reachability comes from the
// strongly connected components (Tarjan's algorithm, which lists them
// sinks first) and a set of reachable nodes per component.

// reach holds the reachability of the link graph of one search mode.
type reach struct {
	idx     [numNodes]int16 // node -> vertex, or -1
	node    []int16         // vertex -> node
	adjFrom []int32         // vertex -> first edge
	adj     []int16         // edges (vertices)
	comp    []int32         // vertex -> component
	words   int
	sets    []uint64 // component -> reachable vertices (words each)
	// the vertices of component k: members[compFrom[k]:compFrom[k+1]]
	compFrom []int32
	members  []int16
	span     [][2]int32 // component -> the words of its set in use
	cyclic   []bool     // component -> has more than one vertex
	// Tarjan's state
	index, low []int32
	onStack    []bool
	stack      []int16
	call       []tarjanFrame
	ncomp      int32
	counter    int32
}

type tarjanFrame struct {
	v    int16
	edge int32
}

// buildReach makes the link graph of the grid searched with the links of a
// mode (y-links on the way to "off" nodes, x-links on the way to "on"
// nodes as cycles and forcing chains use them) and its reachability.
// The reachable sets are made only with sets (forcing chains need them;
// cycles need only the components).
func (c *chainer) buildReach(rc *reach, yLinks, xLinks, sets bool) {
	for i := range rc.idx {
		rc.idx[i] = -1
	}
	rc.node = rc.node[:0]
	// Vertices by value, then cell: without y-links the graph of each
	// value is apart, and its reachable sets span a few words.
	for v := range 9 {
		for cell := range 81 {
			if c.base.cand[cell]&(1<<v) == 0 {
				continue
			}
			for on := range 2 {
				n := nodeOf(cell*9+v, on == 1)
				rc.idx[n] = int16(len(rc.node))
				rc.node = append(rc.node, n)
			}
		}
	}
	nv := len(rc.node)
	rc.adjFrom = rc.adjFrom[:0]
	rc.adj = rc.adj[:0]
	for _, n := range rc.node {
		rc.adjFrom = append(rc.adjFrom, int32(len(rc.adj)))
		add := func(q int16, _ int8) { rc.adj = append(rc.adj, rc.idx[q]) }
		if n&1 == 1 {
			c.unaryOffs(n, yLinks, add)
		} else {
			c.unaryOns(n, yLinks, xLinks, add)
		}
	}
	rc.adjFrom = append(rc.adjFrom, int32(len(rc.adj)))
	rc.tarjan(nv)
	if !sets {
		return
	}
	rc.words = (nv + 63) / 64
	rc.sets = rc.sets[:0]
	for range int(rc.ncomp) * rc.words {
		rc.sets = append(rc.sets, 0)
	}
	// Components come sinks first: each one's successors are done.
	rc.compFrom = rc.compFrom[:0]
	for range rc.ncomp + 1 {
		rc.compFrom = append(rc.compFrom, 0)
	}
	for v := range nv {
		rc.compFrom[rc.comp[v]+1]++
	}
	for k := range rc.ncomp {
		rc.compFrom[k+1] += rc.compFrom[k]
	}
	rc.members = rc.members[:0]
	for range nv {
		rc.members = append(rc.members, 0)
	}
	fill := rc.index[:0] // free now: the next free place of each component
	fill = append(fill, rc.compFrom[:rc.ncomp]...)
	for v := range nv {
		k := rc.comp[v]
		rc.members[fill[k]] = int16(v)
		fill[k]++
	}
	// seen[k]: the component whose successors last took k in.
	seen := rc.low[:0] // free now
	for range rc.ncomp {
		seen = append(seen, -1)
	}
	// span[k]: the words of component k's set that may be non-zero.
	rc.span = rc.span[:0]
	for k := range int(rc.ncomp) {
		base := k * rc.words
		set := rc.sets[base : base+rc.words]
		seen[k] = int32(k)
		lo, hi := int32(rc.words), int32(0)
		for _, v := range rc.members[rc.compFrom[k]:rc.compFrom[k+1]] {
			set[v>>6] |= 1 << (v & 63)
			lo, hi = min(lo, int32(v>>6)), max(hi, int32(v>>6)+1)
			for _, w := range rc.adj[rc.adjFrom[v]:rc.adjFrom[v+1]] {
				if cw := int(rc.comp[w]); seen[cw] != int32(k) {
					seen[cw] = int32(k)
					sp := rc.span[cw]
					for i, x := range rc.sets[cw*rc.words+int(sp[0]) : cw*rc.words+int(sp[1])] {
						set[int(sp[0])+i] |= x
					}
					lo, hi = min(lo, sp[0]), max(hi, sp[1])
				}
			}
		}
		rc.span = append(rc.span, [2]int32{lo, hi})
	}
}

// tarjan finds the strongly connected components of the nv vertices.
func (rc *reach) tarjan(nv int) {
	grow := func(s []int32) []int32 {
		s = s[:0]
		for range nv {
			s = append(s, -1)
		}
		return s
	}
	rc.index, rc.low, rc.comp = grow(rc.index), grow(rc.low), grow(rc.comp)
	rc.onStack = rc.onStack[:0]
	for range nv {
		rc.onStack = append(rc.onStack, false)
	}
	rc.cyclic = rc.cyclic[:0]
	rc.ncomp, rc.counter = 0, 0
	for root := range nv {
		if rc.index[root] >= 0 {
			continue
		}
		rc.enter(int16(root))
		for len(rc.call) > 0 {
			f := &rc.call[len(rc.call)-1]
			v := f.v
			if f.edge < rc.adjFrom[v+1] {
				w := rc.adj[f.edge]
				f.edge++
				switch {
				case rc.index[w] < 0:
					rc.enter(w)
				case rc.onStack[w]:
					rc.low[v] = min(rc.low[v], rc.index[w])
				}
				continue
			}
			rc.call = rc.call[:len(rc.call)-1]
			if len(rc.call) > 0 {
				u := rc.call[len(rc.call)-1].v
				rc.low[u] = min(rc.low[u], rc.low[v])
			}
			if rc.low[v] == rc.index[v] {
				size := 0
				for {
					w := rc.stack[len(rc.stack)-1]
					rc.stack = rc.stack[:len(rc.stack)-1]
					rc.onStack[w] = false
					rc.comp[w] = rc.ncomp
					size++
					if w == v {
						break
					}
				}
				rc.cyclic = append(rc.cyclic, size > 1)
				rc.ncomp++
			}
		}
	}
}

func (rc *reach) enter(v int16) {
	rc.index[v], rc.low[v] = rc.counter, rc.counter
	rc.counter++
	rc.stack = append(rc.stack, v)
	rc.onStack[v] = true
	rc.call = append(rc.call, tarjanFrame{v: v, edge: rc.adjFrom[v]})
}

// onCycle reports whether node n can come back to itself.
func (rc *reach) onCycle(n int16) bool {
	v := rc.idx[n]
	return v >= 0 && rc.cyclic[rc.comp[v]]
}

// reaches reports whether node b can be reached from node a.
func (rc *reach) reaches(a, b int16) bool {
	va, vb := rc.idx[a], rc.idx[b]
	if va < 0 || vb < 0 {
		return false
	}
	k := int(rc.comp[va])
	return rc.sets[k*rc.words+int(vb>>6)]&(1<<(vb&63)) != 0
}
