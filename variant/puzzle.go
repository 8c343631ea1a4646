package variant

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Sides of the grids a Puzzle can have.
const (
	MinSize = 4
	MaxSize = 64
)

// Puzzle is a variant puzzle: a grid of side Size, its givens, its region
// layout and its rules. Cells are numbered in reading order from 0 (cell
// r*Size+c is row r+1, column c+1); values are 1..Size, 0 is a blank.
//
// Every row and column holds each value once. Regions, when present, are
// a partition of the grid into Size regions of Size cells, each holding each
// value once: boxes (see Boxes) or a jigsaw (a region may be in several
// parts). Rules adds the variant
// constraints; each is one of the types listed in Kinds.
type Puzzle struct {
	// Size is the side of the grid, MinSize to MaxSize.
	Size int
	// Givens holds Size*Size values, 0 for a blank; nil means no givens.
	Givens []int
	// Regions gives the region (0..Size-1) of each of the Size*Size cells;
	// nil means no regions (a Latin square).
	Regions []int
	// Rules are the variant constraints.
	Rules []Rule
}

// New returns an empty puzzle of side n with the usual boxes: square for
// n = 4, 9, 16 ..., otherwise the most square r x c boxes with r <= c
// (6x6 as 2x3, 8x8 as 2x4, 12x12 as 3x4), and none when n is prime.
func New(n int) *Puzzle {
	p := &Puzzle{Size: n, Givens: make([]int, n*n)}
	if r, c := BoxShape(n); r > 1 {
		p.Regions = Boxes(n, r, c)
	}
	return p
}

// BoxShape returns the most square box shape r x c (r <= c, r*c = n) for a
// grid of side n; r is 1 when n is prime.
func BoxShape(n int) (r, c int) {
	r = 1
	for d := 2; d*d <= n; d++ {
		if n%d == 0 {
			r = d
		}
	}
	return r, n / r
}

// Boxes returns the region layout of boxes r rows high and c columns wide
// in a grid of side n = r*c, numbered in reading order. It returns nil if
// r*c is not n.
func Boxes(n, r, c int) []int {
	if r < 1 || c < 1 || r*c != n {
		return nil
	}
	reg := make([]int, n*n)
	bandBoxes := n / c
	for i := range reg {
		row, col := i/n, i%n
		reg[i] = row/r*bandBoxes + col/c
	}
	return reg
}

// BoxDims reports whether the puzzle's regions are boxes r x c, in any
// numbering, and their shape.
func (p *Puzzle) BoxDims() (r, c int, ok bool) {
	n := p.Size
	if len(p.Regions) != n*n {
		return 0, 0, false
	}
	toBox := make([]int, n)
	for r = 1; r <= n; r++ {
		if n%r != 0 {
			continue
		}
		c = n / r
		for k := range toBox {
			toBox[k] = -1
		}
		same := true
		for i, reg := range p.Regions {
			if reg < 0 || reg >= n {
				return 0, 0, false
			}
			box := i/n/r*(n/c) + i%n/c
			if toBox[reg] == -1 {
				toBox[reg] = box
			} else if toBox[reg] != box {
				same = false
				break
			}
		}
		if same && injective(toBox) {
			return r, c, true
		}
	}
	return 0, 0, false
}

// injective reports whether no two regions map to the same box (then,
// every region lying in one box, the regions are the boxes).
func injective(toBox []int) bool {
	var seen [MaxSize]bool
	for _, b := range toBox {
		if b < 0 || seen[b] {
			return false
		}
		seen[b] = true
	}
	return true
}

// Clone returns a deep copy of p (rules are values and are shared).
func (p *Puzzle) Clone() *Puzzle {
	q := *p
	q.Givens = append([]int(nil), p.Givens...)
	if p.Regions != nil {
		q.Regions = append([]int(nil), p.Regions...)
	}
	q.Rules = append([]Rule(nil), p.Rules...)
	return &q
}

// CellName names cell i of a grid of side n, "r5c4".
func CellName(i, n int) string {
	return "r" + strconv.Itoa(i/n+1) + "c" + strconv.Itoa(i%n+1)
}

// Cell is a cell of the grid by its row and column, counted from 1 as in
// "r1c1" (the top-left cell).
type Cell struct {
	Row, Col int
}

// C returns the cell at row r and column c (from 1).
func C(r, c int) Cell { return Cell{r, c} }

func (c Cell) String() string { return "r" + strconv.Itoa(c.Row) + "c" + strconv.Itoa(c.Col) }

// Index returns the cell's index in reading order in a grid of side n.
func (c Cell) Index(n int) int { return (c.Row-1)*n + c.Col - 1 }

// CellAt returns the cell with index i in a grid of side n.
func CellAt(i, n int) Cell { return Cell{i/n + 1, i%n + 1} }

func (c Cell) on(n int) bool { return c.Row >= 1 && c.Row <= n && c.Col >= 1 && c.Col <= n }

// indexes returns the indexes of cells in a grid of side n.
func indexes(cells []Cell, n int) []int {
	ix := make([]int, len(cells))
	for k, c := range cells {
		ix[k] = c.Index(n)
	}
	return ix
}

// cellList names cells joined by sep: "r1c1-r1c2".
func cellList(cells []Cell, sep string) string {
	var b strings.Builder
	for k, c := range cells {
		if k > 0 {
			b.WriteString(sep)
		}
		b.WriteString(c.String())
	}
	return b.String()
}

// span names a group of cells by its first and last cell in reading
// order, "r1c1-r2c1", or the one cell.
func span(cells []Cell) string {
	if len(cells) == 0 {
		return "(no cells)"
	}
	lo, hi := cells[0], cells[0]
	for _, c := range cells {
		if c.Row < lo.Row || c.Row == lo.Row && c.Col < lo.Col {
			lo = c
		}
		if c.Row > hi.Row || c.Row == hi.Row && c.Col > hi.Col {
			hi = c
		}
	}
	if lo == hi {
		return lo.String()
	}
	return lo.String() + "-" + hi.String()
}

// ErrRule is wrapped by every error about a rule that is not well formed.
var ErrRule = errors.New("rule not well formed")

// RuleError is a rule that cannot be used: Rule is its index in
// Puzzle.Rules (-1 for the puzzle's size, givens or regions).
type RuleError struct {
	Rule int
	Name string // the rule's description, or "regions", "givens", "size"
	Err  error
}

func (e *RuleError) Error() string {
	if e.Rule < 0 {
		return e.Name + ": " + e.Err.Error()
	}
	return fmt.Sprintf("rule %d (%s): %v", e.Rule+1, e.Name, e.Err)
}

func (e *RuleError) Unwrap() error { return e.Err }

// ruleErr makes a rule error's text, wrapping ErrRule.
func ruleErr(format string, args ...any) error {
	return fmt.Errorf("%w: "+format, append([]any{ErrRule}, args...)...)
}

// Validate reports the first part of p that is not well formed, as a
// *RuleError naming the place: a size out of range, a given out of range,
// regions that are not Size regions of Size cells, a rule with cells off
// the grid, a cage sum no digits can make, a thermometer that crosses
// itself ... Regions in several parts and overlapping cages are allowed,
// as in f-puzzles.
func (p *Puzzle) Validate() error {
	n := p.Size
	if n < MinSize || n > MaxSize {
		return &RuleError{-1, "size", ruleErr("size %d is not in %d..%d", n, MinSize, MaxSize)}
	}
	if p.Givens != nil {
		if len(p.Givens) != n*n {
			return &RuleError{-1, "givens", ruleErr("%d givens for %d cells", len(p.Givens), n*n)}
		}
		for i, v := range p.Givens {
			if v < 0 || v > n {
				return &RuleError{-1, "givens", ruleErr("%s holds %d, not in 0..%d", CellName(i, n), v, n)}
			}
		}
	}
	if p.Regions != nil {
		if err := validRegions(p.Regions, n); err != nil {
			return &RuleError{-1, "regions", err}
		}
	}
	for k, r := range p.Rules {
		if r == nil {
			return &RuleError{k, "nil", ruleErr("rule is nil")}
		}
		if err := r.validate(p); err != nil {
			return &RuleError{k, r.String(), err}
		}
	}
	return nil
}

// validRegions checks a layout: n regions of n cells each. A region may
// be in several parts, as f-puzzles allows (published puzzles use them).
func validRegions(reg []int, n int) error {
	if len(reg) != n*n {
		return ruleErr("%d region entries for %d cells", len(reg), n*n)
	}
	size := make([]int, n)
	for i, r := range reg {
		if r < 0 || r >= n {
			return ruleErr("%s is in region %d, not in 1..%d", CellName(i, n), r+1, n)
		}
		size[r]++
	}
	for r, s := range size {
		if s != n {
			return ruleErr("region %d has %d cells, not %d", r+1, s, n)
		}
	}
	return nil
}

// reach counts the cells of start's region in reg that steps to
// orthogonal neighbours inside it reach from start, marking them in seen.
// stack is scratch space, returned for reuse.
func reach(reg []int, n, start int, seen []bool, stack []int) (int, []int) {
	r := reg[start]
	stack = append(stack[:0], start)
	seen[start] = true
	count := 0
	for len(stack) > 0 {
		i := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		count++
		for _, j := range orthogonal(i, n) {
			if j >= 0 && reg[j] == r && !seen[j] {
				seen[j] = true
				stack = append(stack, j)
			}
		}
	}
	return count, stack
}

// orthogonal returns the four orthogonal neighbours of cell i, -1 where
// off the grid.
func orthogonal(i, n int) [4]int {
	r, c := i/n, i%n
	nb := [4]int{-1, -1, -1, -1}
	if r > 0 {
		nb[0] = i - n
	}
	if r < n-1 {
		nb[1] = i + n
	}
	if c > 0 {
		nb[2] = i - 1
	}
	if c < n-1 {
		nb[3] = i + 1
	}
	return nb
}

// validCells checks that cells are on the grid and distinct, and that
// there are at least least of them.
func validCells(cells []Cell, n, least int) error {
	if len(cells) < least {
		return ruleErr("%d cells, needs at least %d", len(cells), least)
	}
	for k, c := range cells {
		if !c.on(n) {
			return ruleErr("%s is off the %dx%d grid", c, n, n)
		}
		if dupBefore(cells, k) {
			return ruleErr("%s appears twice", c)
		}
	}
	return nil
}

// validPath checks that cells are on the grid and that consecutive cells
// touch (orthogonally or diagonally), as lines must; what says what the
// line is, for the error when it crosses itself.
func validPath(cells []Cell, n, least int, what string) error {
	if len(cells) < least {
		return ruleErr("%d cells, needs at least %d", len(cells), least)
	}
	for k, c := range cells {
		if !c.on(n) {
			return ruleErr("%s is off the %dx%d grid", c, n, n)
		}
		if dupBefore(cells, k) {
			return ruleErr("the %s crosses itself at %s", what, c)
		}
		if k > 0 && !touching(cells[k-1], c) {
			return ruleErr("%s and %s are not neighbours", cells[k-1], c)
		}
	}
	return nil
}

// dupBefore reports whether cells[k] appears earlier in cells (lines and
// cages are short; a quadratic scan allocates nothing).
func dupBefore(cells []Cell, k int) bool {
	for _, d := range cells[:k] {
		if d == cells[k] {
			return true
		}
	}
	return false
}

func touching(a, b Cell) bool {
	dr, dc := a.Row-b.Row, a.Col-b.Col
	return a != b && dr >= -1 && dr <= 1 && dc >= -1 && dc <= 1
}

func adjacent(a, b Cell) bool {
	dr, dc := a.Row-b.Row, a.Col-b.Col
	return dr*dr+dc*dc == 1
}
