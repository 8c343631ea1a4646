package variant

// Whisper is a German whispers line: neighbours along the line differ by
// at least Diff; 0 means half the side rounded up (5 in 9x9).
type Whisper struct {
	Cells []Cell
	Diff  int
}

// Kind returns "whisper".
func (Whisper) Kind() string { return "whisper" }

func (w Whisper) String() string { return "whisper " + span(w.Cells) }

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
	cells, d := indexes(w.Cells, b.n), w.diff(b.n)
	for k := 1; k < len(cells); k++ {
		b.pair(cells[k-1], cells[k], func(x, y int) bool { return abs(x-y) >= d })
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
