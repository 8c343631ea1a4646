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
// A key of a stack is its 3 cell keys, 4 bits each. The pattern search
// (searchPattern) compares the same keys on grids of 0s and 1s whose 1 is
// labelled 1, read from tables by the stacks' patterns (c.pat).

// perm3 lists the 6 permutations of 0, 1, 2. Bit p of a column mask allows
// perm3[p]: target column 3j+i of target stack j comes from column
// perm3[p][i] of its source stack.
// (The last two are padding, so that an index below 8 needs no check.)
var perm3 = [8][3]uint8{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}

const (
	newKey  = 15   // the key of a digit without a label yet
	allPerm = 0x3f // every permutation allowed
)

// A cand is a partial transformation (see above).
type cand struct {
	rows   [9]uint8  // target row -> source row, for the rows done
	stacks [3]uint8  // target stack -> source stack
	mask   [3]uint8  // target stack -> permutations of its columns still allowed
	key    [16]uint8 // source digit -> its key: its label, or newKey if none yet (key[0] = 0)
	next   uint8     // the next free label
	t      uint8     // 1 if the source is the transposed grid
	used   uint16    // source rows used
}

// noKeys are the keys of a candidate that has labelled no digit.
var noKeys = [16]uint8{0, newKey, newKey, newKey, newKey, newKey, newKey, newKey, newKey, newKey}

// patKeys are the keys of the pattern search, whose grids hold 0 and 1.
var patKeys = [16]uint8{0, 1}

// triplets holds a grid (0) and its transpose (1) by stacks: [t][r][s] is
// stack s of row r, the value of its cell i in bits 8-4i to 11-4i and
// whether it is given in bit 14-i. (Stack 3 is padding, so that an index
// below 4 needs no check.)
type triplets [2][9][4]uint16

// A Canonicalizer computes canonical forms. Its zero value is ready to use;
// it keeps its working memory between calls, so reuse one (per goroutine)
// for many grids.
type Canonicalizer struct {
	src     triplets      // the grid and its transpose
	sig     [2][9]uint8   // givens of each row by stack, 2 bits each
	pat     [2][16]uint16 // the pattern of each row, stack s in bits 3s to 3s+2 (cell i of the stack in bit 3s+2-i)
	givens  [81]uint8     // the cells with givens
	cells   [81]uint8     // the grid
	ngivens int           // their number
	a, b    []cand        // the candidates of the last row and the next
	pend    []pending     // the extensions of the row being searched with its best keys
	best    [3]uint16     // the best keys of the row being searched
}

// search runs the row-by-row search on c.src from the candidates in c.a,
// which have their rows before from, and returns the candidates left after
// the last row. With fixed, the candidates have all their rows and keep
// them. (searchPattern is the pattern search.)
func (c *Canonicalizer) search(fixed bool, from int) []cand {
	src := &c.src
	cur := c.a
	for k := from; k < 9; k++ {
		c.best = [3]uint16{0xffff, 0xffff, 0xffff}
		c.pend = c.pend[:0]
		for i := range cur {
			cd := &cur[i]
			g := &src[cd.t]
			var rows uint16 // the source rows to try
			switch {
			case fixed:
				rows = 1 << cd.rows[k]
			case k%3 == 0: // the rows of the bands not used yet
				rows = 0x1ff &^ (bandRows[cd.used&7] | bandRows[cd.used>>3&7]<<3 | bandRows[cd.used>>6&7]<<6)
			default: // the rows of this band not used yet
				rows = 7 << (cd.rows[k-k%3] / 3 * 3) &^ cd.used
			}
			for ; rows != 0; rows &= rows - 1 {
				c.try(cd, i, bits.TrailingZeros16(rows), g)
			}
		}
		c.b = c.b[:0]
		for _, p := range c.pend {
			cd := &cur[p.cand]
			c.b = grow(cd, k, int(p.r), &src[cd.t], &p, c.b)
		}
		c.a, c.b = c.b, c.a
		cur = c.a
	}
	return cur
}

// searchPattern is search for the pattern search, with try and grow
// written out: the keys are those of the stacks' patterns (patCol), a
// row's three compared as one number; no digit is labelled, so no
// candidate splits.
func (c *Canonicalizer) searchPattern(from int) []cand {
	pat := &c.pat
	cur := c.a
	for k := from; k < 9; k++ {
		if k%3 == 2 && len(cur) == 1 {
			// One candidate, one row left in its band: it extends by it.
			cd := &cur[0]
			r := bits.TrailingZeros16(7<<(cd.rows[k-2]/3*3)&^cd.used) & 15
			p := pat[cd.t&1][r]
			cd.rows[k] = uint8(r)
			cd.used |= 1 << r
			cd.mask = [3]uint8{patCol[cd.mask[0]&63][p>>(3*cd.stacks[0]&15)&7].perms, patCol[cd.mask[1]&63][p>>(3*cd.stacks[1]&15)&7].perms, patCol[cd.mask[2]&63][p>>(3*cd.stacks[2]&15)&7].perms}
			continue
		}
		best := ^uint64(0)
		pend := c.pend[:0]
		for i := range cur {
			cd := &cur[i]
			var rows uint16 // the source rows to try
			if k%3 == 0 {   // the rows of the bands not used yet
				rows = 0x1ff &^ (bandRows[cd.used&7] | bandRows[cd.used>>3&7]<<3 | bandRows[cd.used>>6&7]<<6)
			} else { // the rows of this band not used yet
				rows = 7 << (cd.rows[k-k%3] / 3 * 3) &^ cd.used
			}
			pt := &pat[cd.t&1]
			t0, t1, t2 := &patCol[cd.mask[0]&63], &patCol[cd.mask[1]&63], &patCol[cd.mask[2]&63]
			s0, s1, s2 := 3*cd.stacks[0], 3*cd.stacks[1], 3*cd.stacks[2]
			for ; rows != 0; rows &= rows - 1 {
				r := bits.TrailingZeros16(rows)
				p := pt[r&15]
				e0, e1, e2 := &t0[p>>(s0&15)&7], &t1[p>>(s1&15)&7], &t2[p>>(s2&15)&7]
				key := uint64(e0.key)<<32 | uint64(e1.key)<<16 | uint64(e2.key)
				if key > best {
					continue
				}
				if key < best {
					best = key
					pend = pend[:0]
				}
				pend = append(pend, pending{cand: i, r: uint8(r), mins: [3]uint8{e0.perms, e1.perms, e2.perms}})
			}
		}
		c.pend = pend
		if len(pend) == 1 && len(cur) == 1 {
			// The lone candidate extends in place.
			n := &cur[0]
			n.rows[k] = pend[0].r
			n.used |= 1 << pend[0].r
			n.mask = pend[0].mins
			continue
		}
		out := c.b[:0]
		for _, p := range pend {
			out = append(out, cur[p.cand])
			n := &out[len(out)-1]
			n.rows[k] = p.r
			n.used |= 1 << p.r
			n.mask = p.mins
		}
		c.a, c.b = out, cur
		cur = out
	}
	return cur
}

// patCol[m][b] is patTab[b][m].
var patCol = func() (t [64][8]struct {
	key   uint16
	perms uint8
}) {
	for b := range 8 {
		for m := range 64 {
			t[m][b] = patTab[b][m]
		}
	}
	return t
}()

// patBit[i] is the bit of cell i of a line in its pattern (pat).
var patBit = [9]uint16{4, 2, 1, 4 << 3, 2 << 3, 1 << 3, 4 << 6, 2 << 6, 1 << 6}

// bandRows[b] is 7 if a band whose rows used are the bits of b is used,
// else 0.
var bandRows = [8]uint16{0, 7, 7, 7, 7, 7, 7, 7}

// A pending extension is a candidate and a source row whose keys are the
// best of the row so far, with the permutations of each stack that give them.
type pending struct {
	cand  int
	r     uint8
	mins  [3]uint8 // per stack, the permutations that give its smallest key
	split uint8    // the stacks whose permutations label new digits differently
	news  uint8    // the stacks with new digits
}

// try tries source row r of g as the next row of candidate cd (c.a[ci]): if
// its keys are no larger than the best of the row so far, it becomes
// pending, the only one if they are smaller.
func (c *Canonicalizer) try(cd *cand, ci, r int, g *[9][4]uint16) {
	p := pending{cand: ci, r: uint8(r)}
	less := false
	row := &g[r]
	var keys [3]uint16
	for j := range 3 {
		tr := row[cd.stacks[j]&3]
		if !less && patMin[tr>>12&7][cd.mask[j]&63] > c.best[j] {
			return // even its smallest pattern, all digits 1, is larger
		}
		x, y, z := uint16(cd.key[tr>>8&15]), uint16(cd.key[tr>>4&15]), uint16(cd.key[tr&15])
		mm := minPerms[(9*cmp3(x, y)+3*cmp3(x, z)+cmp3(y, z))&31][cd.mask[j]&63]
		sh := &permShift[bits.TrailingZeros8(mm)&7]
		key := x<<sh[0] | y<<sh[1] | z<<sh[2]
		if !less {
			if key > c.best[j] {
				return
			}
			if key < c.best[j] {
				less = true
			}
		}
		keys[j], p.mins[j] = key, mm
		if n := isNew(x) + isNew(y) + isNew(z); n != 0 {
			p.news |= 1 << j
			if n >= 2 && mm&(mm-1) != 0 {
				p.split |= 1 << j
			}
		}
	}
	if less {
		c.best = keys
		c.pend = c.pend[:0]
	}
	c.pend = append(c.pend, p)
}

// patTab[b][m] is patMin[b][m] and patMinPerms[b][m] together.
var patTab = func() (t [8][64]struct {
	key   uint16
	perms uint8
}) {
	for b := range 8 {
		for m := range 64 {
			t[b][m].key, t[b][m].perms = patMin[b][m], patMinPerms[b][m]
		}
	}
	return t
}()

// minPerms[t][m] is the set of the permutations in m that give a stack the
// smallest key, for stacks whose 3 cell keys (a, b, c) are in the order t =
// 9*cmp(a, b) + 3*cmp(a, c) + cmp(b, c), cmp 0 for <, 1 for = and 2 for >.
var minPerms = func() (t [32][64]uint8) {
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

// permShift[p][i] is the shift of the key of cell i of a stack in the
// stack's key under permutation p.
var permShift = func() (t [8][3]uint8) {
	for p := range 6 {
		for pos, i := range perm3[p] {
			t[p][i] = uint8(8 - 4*pos)
		}
	}
	return t
}()

// patMin[b][m] is the smallest key that the permutations in m give to a
// stack whose cells given are the bits of b (cell 0 the highest), all
// digits 1: the key of the pattern search, and a bound below the keys of
// the stack in the labelled one. patMinPerms[b][m] are the permutations that
// give it.
var patMin, patMinPerms = func() (t [8][64]uint16, ps [8][64]uint8) {
	for b := range 8 {
		n := [3]uint16{uint16(b >> 2), uint16(b >> 1 & 1), uint16(b & 1)}
		for m := 1; m < 64; m++ {
			t[b][m] = 0xffff
			for p := range 6 {
				if m>>p&1 == 0 {
					continue
				}
				x := n[perm3[p][0]]<<8 | n[perm3[p][1]]<<4 | n[perm3[p][2]]
				if x < t[b][m] {
					t[b][m], ps[b][m] = x, 0
				}
				if x == t[b][m] {
					ps[b][m] |= 1 << p
				}
			}
		}
	}
	return t, ps
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

// isNew returns 1 if key k is newKey, else 0.
func isNew(k uint16) int {
	if k == newKey {
		return 1
	}
	return 0
}

// grow appends to out the extensions of candidate cd by the pending source
// row p.r of g as target row k: one, or one per way to label the new digits
// of a stack when two or three new digits could take their labels either
// way (each of its permutations left then labels them differently: the
// blank or old digit among them has one place).
func grow(cd *cand, k, r int, g *[9][4]uint16, p *pending, out []cand) []cand {
	if p.news == 0 {
		// No digit to label, no split (as always in the pattern search).
		out = append(out, *cd)
		n := &out[len(out)-1]
		n.rows[k] = uint8(r)
		n.used |= 1 << r
		n.mask = p.mins
		return out
	}
	row := &g[r]
	// Each of the split stacks' permutations in turn, the others' together.
	var ms [3]uint8
	rest := p.mins
	for {
		for j := range 3 {
			if p.split>>j&1 == 0 {
				ms[j] = p.mins[j]
			} else {
				ms[j] = rest[j] & -rest[j]
			}
		}
		out = append(out, *cd)
		n := &out[len(out)-1]
		n.rows[k] = uint8(r)
		n.used |= 1 << r
		n.mask = ms
		for j := range 3 {
			if p.news>>j&1 == 0 {
				continue
			}
			tr := row[cd.stacks[j]&3]
			pm := &perm3[bits.TrailingZeros8(ms[j])&7]
			for _, i := range pm {
				if v := tr >> (8 - 4*i) & 15; n.key[v] == newKey {
					n.key[v] = n.next
					n.next++
				}
			}
		}
		// Next combination: like counting, the last split stack first.
		j := 2
		for ; j >= 0; j-- {
			if p.split>>j&1 == 0 {
				continue
			}
			rest[j] &= rest[j] - 1
			if rest[j] != 0 {
				break
			}
			rest[j] = p.mins[j]
		}
		if j < 0 {
			return out
		}
	}
}

// firstRow puts in c.a the candidates for the first row, with keys
// (noKeys; firstPattern is the pattern search's). Row 0 of the form is the
// same for every kind (its digits are 1, 2, ... in order): the row's pattern with the
// blanks of each stack first and the stacks by their number of givens,
// fewest first. Only the source rows with the fewest givens in their
// emptiest stack (and so on) can give it, with the stacks in that order.
func (c *Canonicalizer) firstRow(keys *[16]uint8) {
	src := &c.src
	best := uint8(0xff)
	for t := range 2 {
		for _, s := range c.sig[t] {
			best = min(best, sigOrder[s].sorted)
		}
	}
	c.best = [3]uint16{0xffff, 0xffff, 0xffff}
	c.pend = c.pend[:0]
	c.b = c.b[:0]
	c.a = c.a[:0]
	for t := range 2 {
		for r, s := range c.sig[t] {
			o := &sigOrder[s]
			if o.sorted != best {
				continue
			}
			for ps := o.perms; ps != 0; ps &= ps - 1 {
				c.b = append(c.b, cand{stacks: perm3[bits.TrailingZeros8(ps)], mask: [3]uint8{allPerm, allPerm, allPerm}, key: *keys, next: 1, t: uint8(t)})
				c.try(&c.b[len(c.b)-1], len(c.b)-1, r, &src[t])
			}
		}
	}
	for _, p := range c.pend {
		cd := &c.b[p.cand]
		c.a = grow(cd, 0, int(p.r), &src[cd.t], &p, c.a)
	}
}

// firstPattern is firstRow for the pattern search, in one pass: every row
// with the fewest givens per stack (sorted) gives row 0's pattern, so they
// need no comparing.
func (c *Canonicalizer) firstPattern() {
	best := uint8(0xff)
	c.a = c.a[:0]
	for t := range 2 {
		for r, s := range &c.sig[t] {
			o := &sigOrder[s&63]
			if o.sorted > best {
				continue
			}
			if o.sorted < best {
				best = o.sorted
				c.a = c.a[:0]
			}
			p := c.pat[t][r]
			for ps := o.perms; ps != 0; ps &= ps - 1 {
				sp := &perm3[bits.TrailingZeros8(ps)&7]
				c.a = append(c.a, cand{stacks: *sp, key: patKeys, next: 1, t: uint8(t), used: 1 << r,
					mask: [3]uint8{patTab[p>>(3*sp[0]&15)&7][allPerm].perms, patTab[p>>(3*sp[1]&15)&7][allPerm].perms, patTab[p>>(3*sp[2]&15)&7][allPerm].perms}})
				c.a[len(c.a)-1].rows[0] = uint8(r)
			}
		}
	}
}

// sigOrder[s] gives, for a row whose stacks hold n0, n1 and n2 givens
// (s = n0 | n1<<2 | n2<<4), the counts sorted (smallest first, 2 bits each,
// the first the highest) and the stack permutations that sort them.
var sigOrder = func() (t [64]struct{ sorted, perms uint8 }) {
	for s := range 64 {
		n := [3]int{s & 3, s >> 2 & 3, s >> 4 & 3}
		best := 0xff
		for p, sp := range perm3[:6] {
			x := n[sp[0]]<<4 | n[sp[1]]<<2 | n[sp[2]]
			if x < best {
				best, t[s].perms = x, 0
			}
			if x == best {
				t[s].perms |= 1 << p
			}
		}
		t[s].sorted = uint8(best)
	}
	return t
}()
