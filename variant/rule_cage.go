package variant

import "strconv"

// Cage is a killer cage: its cells hold different values that sum to Sum,
// or any different values when Sum is 0. Cages may overlap, as in
// f-puzzles.
type Cage struct {
	Cells []Cell
	Sum   int
}

// Kind returns "killer".
func (Cage) Kind() string { return "killer" }

func (c Cage) String() string {
	s := "cage " + span(c.Cells)
	if c.Sum > 0 {
		s += " (sum " + strconv.Itoa(c.Sum) + ")"
	}
	return s
}

func (c Cage) validate(p *Puzzle) error {
	if err := validCells(c.Cells, p.Size, 1); err != nil {
		return err
	}
	k, n := len(c.Cells), p.Size
	if k > n {
		return ruleErr("%d cells cannot hold different values 1-%d", k, n)
	}
	if c.Sum < 0 {
		return ruleErr("sum %d is negative", c.Sum)
	}
	if lo, hi := k*(k+1)/2, k*(2*n-k+1)/2; c.Sum != 0 && (c.Sum < lo || c.Sum > hi) {
		return ruleErr("no %d different values 1-%d sum to %d (only %d to %d)", k, n, c.Sum, lo, hi)
	}
	return nil
}

func (c Cage) check(ck *checker) {
	cells := indexes(c.Cells, ck.n)
	ck.distinct(cells, c)
	if c.Sum > 0 && ck.full(cells) {
		if text, s := ck.sumText(cells); s != c.Sum {
			ck.add(cells, "%s holds %s = %d", c, text, s)
		}
	}
}

func (c Cage) compile(b *builder) {
	cells := indexes(c.Cells, b.n)
	b.group(cells)
	if c.Sum > 0 {
		b.cage(cells, c.Sum)
	}
}

// overlapsCage reports whether cells share a cell with one of cages, in a
// grid.
func overlapsCage(cages [][]int, cells []int) bool {
	var in [MaxSize * MaxSize / 64]uint64
	for _, c := range cells {
		in[c>>6] |= 1 << (c & 63)
	}
	for _, cage := range cages {
		for _, c := range cage {
			if in[c>>6]&(1<<(c&63)) != 0 {
				return true
			}
		}
	}
	return false
}
