package variant

// Entropic is an entropic line: any three consecutive cells hold a low, a
// middle and a high value (1-3, 4-6, 7-9 in 9x9): cells at most two apart
// on the line are of different classes. In other sizes the classes are
// as even as they can be, the middle one larger or smaller by one as
// f-puzzles and its solvers make them: 4x4 1, 2-3, 4; 6x6 1-2, 3-4,
// 5-6; 8x8 1-3, 4-5, 6-8; 16x16 1-5, 6-11, 12-16.
type Entropic struct {
	Cells []Cell
}

// Kind returns "entropic".
func (Entropic) Kind() string { return "entropic" }

func (e Entropic) String() string { return "entropic line " + span(e.Cells) }

func (e Entropic) validate(p *Puzzle) error {
	return validPath(e.Cells, p.Size, 2, "entropic line")
}

// entropicClasses returns the low, middle and high values of 1..n.
func entropicClasses(n int) [3]uint64 {
	lo, mid := n/3, (n+2)/3
	if 2*lo+mid != n {
		lo, mid = (n+2)/3, n/3
	}
	return [3]uint64{rangeMask(1, lo), rangeMask(lo+1, lo+mid), rangeMask(lo+mid+1, n)}
}

var classWords = [3]string{"low", "middle", "high"}

func (e Entropic) check(ck *checker) {
	ck.classLine(indexes(e.Cells, ck.n), entropicClasses(ck.n), e, func(k int) string { return classWords[k] })
}

func (e Entropic) compile(b *builder) {
	b.classLine(indexes(e.Cells, b.n), entropicClasses(b.n))
}
