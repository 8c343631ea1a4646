package variant

// Whisper is a whispers line: neighbours along the line differ by at
// least Diff; 0 means half the side rounded up (German whispers: 5 in
// 9x9, 3 in 6x6, 8 in 16x16); f-puzzles' "value" gives another (Dutch
// whispers: 4). Besides each pair of neighbours, the engine keeps every
// cell whose two neighbours (on one line, or on two whispers of the same
// difference that meet there) must differ (in one row, column, region
// ...) with two different partners: on a German whisper in 9x9, such a
// cell holds neither 4 (only 9 is 5 away) nor 6.
type Whisper struct {
	Cells []Cell
	Diff  int
}

// Kind returns "whisper".
func (Whisper) Kind() string { return "whisper" }

func (w Whisper) String() string {
	if w.Diff != 0 {
		return "whisper " + span(w.Cells) + " (difference " + itoa(w.Diff) + ")"
	}
	return "whisper " + span(w.Cells)
}

func (w Whisper) diff(n int) int {
	if w.Diff != 0 {
		return w.Diff
	}
	return (n + 1) / 2
}

func (w Whisper) validate(p *Puzzle) error {
	if err := validPath(w.Cells, p.Size, 2, "whisper line"); err != nil {
		return err
	}
	if w.Diff < 0 || w.Diff >= p.Size {
		return ruleErr("no two values 1-%d differ by %d", p.Size, w.Diff)
	}
	return nil
}

func (w Whisper) check(ck *checker) {
	cells, d := indexes(w.Cells, ck.n), w.diff(ck.n)
	for k := 1; k < len(cells); k++ {
		a, b := cells[k-1], cells[k]
		if x, y := ck.v[a], ck.v[b]; x != 0 && y != 0 && abs(x-y) < d {
			ck.add([]int{a, b}, "%s: %s and %s differ by %d, less than %d", w, ck.at(a), ck.at(b), abs(x-y), d)
		}
	}
}

func (w Whisper) compile(b *builder) {
	d := w.diff(b.n)
	ok := func(x, y int) bool { return abs(x-y) >= d }
	b.linePairs(indexes(w.Cells, b.n), ok)
	// The first whisper of its difference adds the triples of all of
	// them, so that lines meeting at a cell (a Y) count together.
	var lines [][]int
	for k, r := range b.p.Rules {
		if o, isW := r.(Whisper); isW && o.diff(b.n) == d {
			if k < b.rule {
				return
			}
			lines = append(lines, indexes(o.Cells, b.n))
		}
	}
	b.lineTriples(lines, ok)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
