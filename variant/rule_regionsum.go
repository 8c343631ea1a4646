package variant

// RegionSum is a region-sum line: the line is cut where it passes from
// one region (box or jigsaw region) to another, and every segment of it
// sums to the same total. A line that leaves a region and comes back
// makes two segments there. In a grid without regions the line is one
// segment and says nothing.
type RegionSum struct {
	Cells []Cell
}

// Kind returns "regionsum".
func (RegionSum) Kind() string { return "regionsum" }

func (r RegionSum) String() string { return "region-sum line " + span(r.Cells) }

func (r RegionSum) validate(p *Puzzle) error {
	return validPath(r.Cells, p.Size, 2, "region-sum line")
}

// segments cuts the line's cells where the region changes.
func (r RegionSum) segments(p *Puzzle) [][]int {
	cells := indexes(r.Cells, p.Size)
	if p.Regions == nil {
		return [][]int{cells}
	}
	var out [][]int
	start := 0
	for k := 1; k <= len(cells); k++ {
		if k == len(cells) || p.Regions[cells[k]] != p.Regions[cells[k-1]] {
			out = append(out, cells[start:k])
			start = k
		}
	}
	return out
}

func (r RegionSum) check(ck *checker) {
	ck.equalSums(r.segments(ck.p), r, "segment")
}

func (r RegionSum) compile(b *builder) {
	if segs := r.segments(b.p); len(segs) > 1 {
		b.equalGroups(segs)
	}
}
