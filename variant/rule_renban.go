package variant

import (
	"slices"
	"strconv"
	"strings"
)

// Renban is a line whose values are different and form a run of
// consecutive values, in any order.
type Renban struct {
	Cells []Cell
}

// Kind returns "renban".
func (Renban) Kind() string { return "renban" }

func (r Renban) String() string { return "renban " + span(r.Cells) }

func (r Renban) validate(p *Puzzle) error {
	if err := validPath(r.Cells, p.Size, 2, "renban line"); err != nil {
		return err
	}
	if len(r.Cells) > p.Size {
		return ruleErr("%d cells cannot hold different values 1-%d", len(r.Cells), p.Size)
	}
	return nil
}

func (r Renban) check(ck *checker) {
	cells := indexes(r.Cells, ck.n)
	ck.distinct(cells, r)
	lo, hi, vals := ck.n+1, 0, []int(nil)
	for _, c := range cells {
		if v := ck.v[c]; v != 0 {
			lo, hi = min(lo, v), max(hi, v)
			vals = append(vals, v)
		}
	}
	if hi-lo >= len(cells) {
		slices.Sort(vals)
		var s []string
		for _, v := range vals {
			s = append(s, strconv.Itoa(v))
		}
		ck.add(cells, "%s holds %s: they are not part of %d consecutive values", r, strings.Join(s, ","), len(cells))
	}
}

func (r Renban) compile(b *builder) {
	cells := indexes(r.Cells, b.n)
	b.group(cells)
	b.prop(newRenbanProp(b, cells), cells)
}
