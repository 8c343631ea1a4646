package canon

import (
	"cmp"
	"context"
	"errors"
	"math/bits"
	"slices"

	"github.com/gosudoku/sudoku"
)

// Refined returns the refined form of the grid g of any order (4x4 to
// 64x64), a canonical form that is fast on complete grids and
// near-complete puzzles of 16x16 and 25x25, where General's minlex search
// ties in too many ways. Two grids have the same refined form exactly when
// they are equivalent (a transposition, permutations of the bands, of the
// rows inside each band, of the stacks and of the columns inside each
// stack, and a relabelling of the values), as for General, but the form is
// not the minlex one. It is defined in two steps:
//
//  1. Each row and each column gets a class: a number that depends only on
//     the grid's structure around the line, so that any transformation maps
//     a line to a line of the same class (an invariant). The class of a
//     row comes from its givens per stack and, for every other row, how
//     many values the row's and the other row's parts in each pair of
//     stacks share; then, a few times over, from the classes of the other
//     rows with those counts, until no class splits (the columns alike, in
//     the transposed grid).
//  2. The form is the smallest row-major string (blanks 0, values
//     relabelled in order of first appearance) among the transformations
//     whose sequence of row classes, then of column classes, is the
//     smallest. Inside a band the rows then go by class, and the bands by
//     their sorted classes (the columns alike), so only lines of one
//     class remain tied, and General's row-by-row search runs on those.
//
// Both steps depend only on the transformed grid, so equivalent grids get
// one form; the form is a transformation of g, so grids that are not
// equivalent get different ones. On a random complete 16x16 or 25x25 grid
// the classes are all different and there is nothing left to search.
//
// When the lines tie in too many ways for step 2 (over 32,768 extensions
// of one row, or MaxCandidates partial transformations: a very symmetric
// grid, such as a shuffled pattern grid of 16x16, whose lines all share
// one class), the form is instead that of an individualization-refinement
// search, as McKay's nauty does on graphs: the grid as a coloured graph
// (cells joined to their row, column and value, lines to their band or
// stack), its vertices split by their neighbours until the split is
// stable, then one vertex of the first largest tied part set apart and
// the split refined again, recursively; the form is read from the best
// leaf (the bands, lines, stacks and columns in the leaf's order, values
// labelled in order of first appearance), and branches equivalent under
// the automorphisms found so far are pruned. Whether the search passes
// those bounds depends only on the grid's class, so the form stays
// canonical (the 9x9 pattern grid stays under them).
//
// The mapping and the automorphism count are as for General (every
// automorphism keeps the classes). It fails if a row or column repeats a
// value or when ctx is done.
func Refined(ctx context.Context, g *sudoku.Grid) (GeneralForm, error) {
	n, side := g.Order(), g.Side()
	cells := g.Cells()
	if err := checkLines(cells, side); err != nil {
		return GeneralForm{}, err
	}
	s := newSearch(n, side, cells)
	classes := [2][]uint64{lineClasses(s.src[0], n), lineClasses(s.src[1], n)}
	ref := &refinement{}
	var keys [2][]uint64
	for t := range 2 {
		rowSeq, rowMasks := targetLines(classes[t], n)
		colSeq, _ := targetLines(classes[1-t], n)
		ref.rows[t] = rowMasks
		ref.start[t] = startColumns(classes[1-t], n)
		keys[t] = append(rowSeq, colSeq...)
	}
	s.classes = ref
	s.maxExt = maxExtensions
	var cur []*gcand
	switch c := slices.Compare(keys[0], keys[1]); {
	case c < 0:
		cur = []*gcand{s.start(0)}
	case c > 0:
		cur = []*gcand{s.start(1)}
	default:
		cur = []*gcand{s.start(0), s.start(1)}
	}
	for k := 0; k < side; k++ {
		var err error
		if cur, err = s.step(ctx, cur, k); errors.Is(err, errTooSymmetric) {
			return s.irForm(ctx)
		} else if err != nil {
			return GeneralForm{}, err
		}
	}
	return s.finish(cur)
}

// maxExtensions bounds the extensions of one row in Refined's row-by-row
// search; past it (or past MaxCandidates) Refined runs the
// individualization-refinement search instead. Both counts depend only on
// the grid's equivalence class, so the choice between the two searches
// does too.
const maxExtensions = 1 << 15

// newSearch returns the search over the side x side cells and their
// transpose.
func newSearch(n, side int, cells []uint8) *gsearch {
	s := &gsearch{n: n, side: side}
	s.src[0] = make([]int, side*side)
	s.src[1] = make([]int, side*side)
	for i, v := range cells {
		r, c := i/side, i%side
		s.src[0][r*side+c] = int(v)
		s.src[1][c*side+r] = int(v)
	}
	return s
}

// A refinement restricts the search to the transformations whose line
// classes come in the smallest order: per t (the grid or its transpose),
// the source rows each target row may take, and the columns' first order
// with its ties.
type refinement struct {
	rows  [2][]uint64 // bit r of rows[t][k]: source row r may be target row k
	start [2]colStart
}

// A colStart is the search's first order of the source columns: the
// columns by class inside each stack, the stacks by their classes, and the
// ties left (as in gcand).
type colStart struct {
	cols        []int
	cell, group uint64
}

// targetLines returns the smallest sequence of the classes cls of the
// side lines (rows) of a grid of order n under the line permutations that
// keep bands whole (the bands by their sorted classes, each band's lines
// sorted), and per target line the source lines that may take it.
func targetLines(cls []uint64, n int) (seq, masks []uint64) {
	side := n * n
	tuples := make([][]uint64, n) // each band's classes, sorted
	order := make([]int, n)
	for b := range n {
		tuples[b] = slices.Sorted(slices.Values(cls[b*n : b*n+n]))
		order[b] = b
	}
	slices.SortStableFunc(order, func(a, b int) int { return slices.Compare(tuples[a], tuples[b]) })
	seq = make([]uint64, 0, side)
	for _, b := range order {
		seq = append(seq, tuples[b]...)
	}
	masks = make([]uint64, side)
	for k := range masks {
		want := tuples[order[k/n]]
		for r := range side {
			if cls[r] == seq[k] && slices.Equal(tuples[r/n], want) {
				masks[k] |= 1 << r
			}
		}
	}
	return seq, masks
}

// startColumns returns the first column order for the column classes cls:
// inside each stack the columns by class (ties by index), the stacks by
// their classes (ties by first column), and the runs of equal classes as
// cells and of equal stacks as groups.
func startColumns(cls []uint64, n int) colStart {
	stacks := make([][]int, n)
	for st := range n {
		for j := range n {
			stacks[st] = append(stacks[st], st*n+j)
		}
		slices.SortFunc(stacks[st], func(a, b int) int { return cmp.Or(cmp.Compare(cls[a], cls[b]), cmp.Compare(a, b)) })
	}
	key := func(st []int) []uint64 {
		out := make([]uint64, len(st))
		for i, c := range st {
			out[i] = cls[c]
		}
		return out
	}
	slices.SortFunc(stacks, func(a, b []int) int { return cmp.Or(slices.Compare(key(a), key(b)), cmp.Compare(a[0], b[0])) })
	var cs colStart
	for st, cols := range stacks {
		if st == 0 || !slices.Equal(key(cols), key(stacks[st-1])) {
			cs.group |= 1 << st
		}
		for j, c := range cols {
			if j == 0 || cls[c] != cls[cols[j-1]] {
				cs.cell |= 1 << (st*n + j)
			}
			cs.cols = append(cs.cols, c)
		}
	}
	return cs
}

// lineClasses returns the class of each row of the side x side values src
// (0 blank) of a grid of order n: a hash of invariants that any
// transformation and relabelling keep (see Refined). The hash is fixed (no
// random seed), so that every run and every equivalent grid gets the same
// classes.
func lineClasses(src []int, n int) []uint64 {
	side := n * n
	masks := make([]uint64, side*n) // masks[r*n+st]: the values of row r in stack st
	for r := range side {
		for c := range side {
			if v := src[r*side+c]; v != 0 {
				masks[r*n+c/n] |= 1 << (v - 1)
			}
		}
	}
	// pair[r*side+q]: how the parts of rows r and q per pair of stacks
	// share values, under any order of the stacks.
	pair := make([]uint64, side*side)
	shared := make([]uint64, n*n)
	inner := make([]uint64, 0, n)
	codes := make([]uint64, n)
	for r := range side {
		for q := range side {
			if q == r {
				continue
			}
			for a := range n {
				for b := range n {
					shared[a*n+b] = uint64(bits.OnesCount64(masks[r*n+a] & masks[q*n+b]))
				}
			}
			for a := range n {
				inner = inner[:0]
				for b := range n {
					if b != a {
						inner = append(inner, shared[a*n+b]<<8|shared[b*n+a])
					}
				}
				slices.Sort(inner)
				h := mix(0, shared[a*n+a])
				for _, x := range inner {
					h = mix(h, x)
				}
				codes[a] = h
			}
			slices.Sort(codes)
			h := uint64(1)
			if r/n == q/n {
				h = 2
			}
			for _, x := range codes {
				h = mix(h, x)
			}
			pair[r*side+q] = h
		}
	}
	cls := make([]uint64, side)
	list := make([]uint64, 0, side)
	for r := range side {
		list = list[:0]
		for st := range n {
			list = append(list, uint64(bits.OnesCount64(masks[r*n+st])))
		}
		slices.Sort(list)
		h := mix(3, uint64(len(list)))
		for _, x := range list {
			h = mix(h, x)
		}
		list = list[:0]
		for q := range side {
			if q != r {
				list = append(list, pair[r*side+q])
			}
		}
		slices.Sort(list)
		for _, x := range list {
			h = mix(h, x)
		}
		cls[r] = h
	}
	// Refine: a row's class and the multiset of the other rows' classes
	// with their pair codes, until the number of classes stops growing.
	next := make([]uint64, side)
	for count := distinct(cls); count < side; {
		for r := range side {
			list = list[:0]
			for q := range side {
				if q != r {
					list = append(list, mix(cls[q], pair[r*side+q]))
				}
			}
			slices.Sort(list)
			h := mix(4, cls[r])
			for _, x := range list {
				h = mix(h, x)
			}
			next[r] = h
		}
		c := distinct(next)
		if c <= count {
			return cls
		}
		count = c
		cls, next = next, cls
	}
	return cls
}

// distinct returns the number of different values in xs.
func distinct(xs []uint64) int {
	s := slices.Sorted(slices.Values(xs))
	return len(slices.Compact(s))
}

// mix returns a hash of h followed by x (splitmix64's finalizer).
func mix(h, x uint64) uint64 {
	z := (h^0x9e3779b97f4a7c15)*0xbf58476d1ce4e5b9 + x
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}
