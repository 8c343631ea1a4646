package canon

import "math/bits"

// The search builds the form row by row, keeping every partial
// transformation (a candidate) whose rows so far give the smallest prefix
// and dropping the others as soon as one of their stacks is larger.
//
// A candidate fixes the source rows of the target rows so far, the source
// stack of each target stack and the labels of the digits seen so far; the
// order of the columns inside each stack is kept open as the set of the 6
// permutations still allowed (perm3). Columns that are blank in every row so
// far can be swapped without changing the prefix, so they stay open; when
// two new digits of a row could take their labels either way, the candidate
// splits in two.
//
// Inside a stack, cells are compared by their key: 0 for a blank, the label
// of a digit already labelled, and newKey for a digit not yet labelled (it
// gets the next free label, larger than all others, in order of position).
// A key of a stack is its 3 cell keys, 4 bits each.

// perm3 lists the 6 permutations of 0, 1, 2. Bit p of a column mask allows
// perm3[p]: target column 3j+i of target stack j comes from column
// perm3[p][i] of its source stack.
var perm3 = [6][3]uint8{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}

const (
	newKey  = 15   // the key of a digit without a label yet
	allPerm = 0x3f // every permutation allowed
)

// A cand is a partial transformation (see above).
type cand struct {
	rows   [9]uint8  // target row -> source row, for the rows done
	stacks [3]uint8  // target stack -> source stack
	mask   [3]uint8  // target stack -> permutations of its columns still allowed
	label  [10]uint8 // source digit -> label, 0 if none yet
	next   uint8     // the next free label
	t      uint8     // 1 if the source is the transposed grid
	used   uint16    // source rows used
}

// mode says what a search compares.
type mode uint8

const (
	labelled mode = iota // cell keys: digits relabelled (the minlex form)
	pattern              // givens only: 0 blank, 1 given (the pattern-first form's first pass)
	fixed                // labelled, each candidate keeps the rows it has (the second pass)
)

// A Canonicalizer computes canonical forms. Its zero value is ready to use;
// it keeps its working memory between calls, so reuse one (per goroutine)
// for many grids.
type Canonicalizer struct {
	src  [2][81]uint8 // the grid and its transpose
	a, b []cand       // the candidates of the last row and the next
}

// search runs the row-by-row search from the candidates in c.a, which have
// their rows before from, and returns the candidates left after the last
// row.
func (c *Canonicalizer) search(m mode, from int) []cand {
	cur, nxt := c.a, c.b
	for k := from; k < 9; k++ {
		best := [3]uint16{0xffff, 0xffff, 0xffff}
		nxt = nxt[:0]
		for i := range cur {
			cd := &cur[i]
			src := &c.src[cd.t]
			switch {
			case m == fixed:
				nxt = c.extend(cd, k, int(cd.rows[k]), src, m, &best, nxt)
			case k%3 == 0:
				for r := range 9 {
					if cd.used>>(r/3*3)&7 == 0 {
						nxt = c.extend(cd, k, r, src, m, &best, nxt)
					}
				}
			default:
				b := int(cd.rows[k-k%3]) / 3 * 3
				for r := b; r < b+3; r++ {
					if cd.used>>r&1 == 0 {
						nxt = c.extend(cd, k, r, src, m, &best, nxt)
					}
				}
			}
		}
		cur, nxt = nxt, cur
	}
	c.a, c.b = cur, nxt
	return cur
}

// group is a set of permutations of one stack that give its smallest key
// and the same labels: the source digits that get new labels, in order.
type group struct {
	mask uint8
	news [3]uint8
	n    uint8
}

// minPerms[t][m] is the set of the permutations in m that give a stack the
// smallest key, for stacks whose 3 cell keys (a, b, c) are in the order t =
// 9*cmp(a, b) + 3*cmp(a, c) + cmp(b, c), cmp 0 for <, 1 for = and 2 for >.
var minPerms = func() (t [27][64]uint8) {
	for a := range 3 {
		for b := range 3 {
			for c := range 3 {
				kv := [3]int{a, b, c}
				ot := 9*cmp3(a, b) + 3*cmp3(a, c) + cmp3(b, c)
				for m := 1; m < 64; m++ {
					best, mm := 1<<30, uint8(0)
					for p := range 6 {
						if m>>p&1 == 0 {
							continue
						}
						x := kv[perm3[p][0]]*16 + kv[perm3[p][1]]*4 + kv[perm3[p][2]]
						if x < best {
							best, mm = x, 0
						}
						if x == best {
							mm |= 1 << p
						}
					}
					t[ot][m] = mm
				}
			}
		}
	}
	return t
}()

// cmp3 returns 0, 1 or 2 for a < b, a == b and a > b.
func cmp3[T int | uint16](a, b T) int {
	n := 1
	if a < b {
		n = 0
	}
	if a > b {
		n = 2
	}
	return n
}

// extend tries source row r as target row k of candidate cd. If the row's
// keys are no larger than the best so far, it appends the extended
// candidate(s) to out, first emptying out when they are smaller.
func (c *Canonicalizer) extend(cd *cand, k, r int, src *[81]uint8, m mode, best *[3]uint16, out []cand) []cand {
	var keys [3]uint16
	var mins [3]uint8
	less := false
	split := false
	for j := range 3 {
		base := r*9 + 3*int(cd.stacks[j])
		var kv [3]uint16
		news := 0
		for i := range 3 {
			v := src[base+i]
			switch {
			case v == 0:
			case m == pattern:
				kv[i] = 1
			case cd.label[v] != 0:
				kv[i] = uint16(cd.label[v])
			default:
				kv[i] = newKey
				news++
			}
		}
		mm := minPerms[9*cmp3(kv[0], kv[1])+3*cmp3(kv[0], kv[2])+cmp3(kv[1], kv[2])][cd.mask[j]]
		p := &perm3[bits.TrailingZeros8(mm)]
		key := kv[p[0]]<<8 | kv[p[1]]<<4 | kv[p[2]]
		if !less {
			if key > best[j] {
				return out
			}
			if key < best[j] {
				less = true
			}
		}
		keys[j], mins[j] = key, mm
		if news >= 2 && mm&(mm-1) != 0 {
			split = true
		}
	}
	if less {
		*best = keys
		out = out[:0]
	}
	if !split {
		// One extension: the permutations left differ only in where the
		// blanks go, so they label the same digits alike.
		out = append(out, *cd)
		n := &out[len(out)-1]
		n.rows[k] = uint8(r)
		n.used |= 1 << r
		n.mask = mins
		if m != pattern {
			for j := range 3 {
				p := &perm3[bits.TrailingZeros8(mins[j])]
				base := r*9 + 3*int(cd.stacks[j])
				for i := range 3 {
					if v := src[base+int(p[i])]; v != 0 && n.label[v] == 0 {
						n.label[v] = n.next
						n.next++
					}
				}
			}
		}
		return out
	}
	return c.split(cd, k, r, src, &mins, out)
}

// split appends the extensions of cd by source row r as target row k when
// two new digits of a stack can take their labels either way: one per way.
func (c *Canonicalizer) split(cd *cand, k, r int, src *[81]uint8, mins *[3]uint8, out []cand) []cand {
	var groups [3][6]group
	var ng [3]int
	for j := range 3 {
		base := r*9 + 3*int(cd.stacks[j])
		for ms := mins[j]; ms != 0; ms &= ms - 1 {
			bit := ms & -ms
			var g group
			p := &perm3[bits.TrailingZeros8(ms)]
			for i := range 3 {
				if v := src[base+int(p[i])]; v != 0 && cd.label[v] == 0 {
					g.news[g.n] = v
					g.n++
				}
			}
			found := false
			for x := range ng[j] {
				if groups[j][x].news == g.news {
					groups[j][x].mask |= bit
					found = true
					break
				}
			}
			if !found {
				g.mask = bit
				groups[j][ng[j]] = g
				ng[j]++
			}
		}
	}
	for _, g0 := range groups[0][:ng[0]] {
		for _, g1 := range groups[1][:ng[1]] {
			for _, g2 := range groups[2][:ng[2]] {
				out = append(out, *cd)
				n := &out[len(out)-1]
				n.rows[k] = uint8(r)
				n.used |= 1 << r
				n.mask = [3]uint8{g0.mask, g1.mask, g2.mask}
				for _, g := range [3]*group{&g0, &g1, &g2} {
					for _, v := range g.news[:g.n] {
						n.label[v] = n.next
						n.next++
					}
				}
			}
		}
	}
	return out
}

// firstRow puts in c.a the candidates for the first row: row 0 of the
// form is the same for every mode (its digits are 1, 2, ... in order), the
// row's pattern with the blanks of each stack first and the stacks by
// their number of givens, fewest first. Only the source rows with the
// fewest givens in their emptiest stack (and so on) can give it, with the
// stacks in that order.
func (c *Canonicalizer) firstRow(m mode) {
	var counts [2][9][3]uint8
	best := [3]uint8{4, 4, 4}
	for t := range 2 {
		for r := range 9 {
			n := &counts[t][r]
			for j := range 3 {
				for i := range 3 {
					if c.src[t][r*9+3*j+i] != 0 {
						n[j]++
					}
				}
			}
			s := *n
			if s[0] > s[1] {
				s[0], s[1] = s[1], s[0]
			}
			if s[1] > s[2] {
				s[1], s[2] = s[2], s[1]
			}
			if s[0] > s[1] {
				s[0], s[1] = s[1], s[0]
			}
			counts[t][r] = *n
			if s[0] < best[0] || s[0] == best[0] && (s[1] < best[1] || s[1] == best[1] && s[2] < best[2]) {
				best = s
			}
		}
	}
	c.a = c.a[:0]
	keys := [3]uint16{0xffff, 0xffff, 0xffff}
	for t := range 2 {
		for r := range 9 {
			n := &counts[t][r]
			for _, sp := range perm3 {
				if n[sp[0]] != best[0] || n[sp[1]] != best[1] || n[sp[2]] != best[2] {
					continue
				}
				cd := cand{stacks: sp, mask: [3]uint8{allPerm, allPerm, allPerm}, next: 1, t: uint8(t)}
				c.a = c.extend(&cd, 0, r, &c.src[t], m, &keys, c.a)
			}
		}
	}
}
