package variant

// ExtraRegion is an extra region: its cells (at most Size) hold different
// values, so a region of Size cells holds each value once.
type ExtraRegion struct {
	Cells []Cell
}

// Kind returns "region".
func (ExtraRegion) Kind() string { return "region" }

func (x ExtraRegion) String() string { return "extra region " + span(x.Cells) }

func (x ExtraRegion) validate(p *Puzzle) error {
	if err := validCells(x.Cells, p.Size, 1); err != nil {
		return err
	}
	if len(x.Cells) > p.Size {
		return ruleErr("%d cells, more than the %d values", len(x.Cells), p.Size)
	}
	return nil
}

func (x ExtraRegion) check(ck *checker) { ck.distinct(indexes(x.Cells, ck.n), x) }

func (x ExtraRegion) compile(b *builder) { b.group(indexes(x.Cells, b.n)) }
