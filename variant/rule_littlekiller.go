package variant

import "strconv"

// LittleKiller is a little killer clue: the values in Cells, a diagonal
// line of the grid, sum to Sum; values may repeat where the other rules
// allow. f-puzzles gives the clue outside the grid with a direction; the
// cells are those the arrow points along.
type LittleKiller struct {
	Cells []Cell
	Sum   int
}

// Kind returns "littlekiller".
func (LittleKiller) Kind() string { return "littlekiller" }

func (l LittleKiller) String() string {
	if len(l.Cells) == 0 {
		return "little killer (no cells) (sum " + strconv.Itoa(l.Sum) + ")"
	}
	return "little killer " + cellList([]Cell{l.Cells[0], l.Cells[len(l.Cells)-1]}, "-") + " (sum " + strconv.Itoa(l.Sum) + ")"
}

func (l LittleKiller) validate(p *Puzzle) error {
	if err := validCells(l.Cells, p.Size, 1); err != nil {
		return err
	}
	for k := 1; k < len(l.Cells); k++ {
		a, b := l.Cells[k-1], l.Cells[k]
		dr, dc := b.Row-a.Row, b.Col-a.Col
		if dr*dr != 1 || dc*dc != 1 {
			return ruleErr("%s and %s are not diagonal neighbours", a, b)
		}
		if k > 1 {
			if pr, pc := a.Row-l.Cells[k-2].Row, a.Col-l.Cells[k-2].Col; pr != dr || pc != dc {
				return ruleErr("the line turns at %s", a)
			}
		}
	}
	if k := len(l.Cells); l.Sum < k || l.Sum > k*p.Size {
		return ruleErr("%d values 1-%d cannot sum to %d", k, p.Size, l.Sum)
	}
	return nil
}

func (l LittleKiller) check(ck *checker) {
	cells := indexes(l.Cells, ck.n)
	if ck.full(cells) {
		if text, s := ck.sumText(cells); s != l.Sum {
			ck.add(cells, "%s holds %s = %d", l, text, s)
		}
	}
}

func (l LittleKiller) compile(b *builder) {
	cells := indexes(l.Cells, b.n)
	coef := make([]int, len(cells))
	for k := range coef {
		coef[k] = 1
	}
	b.linear(cells, coef, l.Sum)
}
