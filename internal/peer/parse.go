package peer

import (
	"errors"
	"fmt"
	"math/bits"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/gosudoku/sudoku/variant"
)

// The text forms of the Interactive Sudoku Solver, as its parser reads
// them (js/sudoku_parser.js there):
//
//   - a constraint string: items that each begin with "." and hold fields
//     separated by "~": ".Type~arg~R1C1~R1C2". An empty type is givens:
//     ".~R1C1_5~R2C3_1_2" (a cell with one value is a given, with several
//     a set of candidates). Cells are RxCy with x and y in base 17 (1-9,
//     then a-g for 10-16). Whitespace anywhere is ignored;
//   - one line in a grid form: "=" then a classic grid, the 81-character
//     compact killer (see ParseKiller), the long killer form "3x3:d:k:..."
//     (SudoCue's: each cell 256*sum + cage id), a jigsaw (givens then the
//     layout, or the layout alone), a classic grid of Size*Size symbols, a
//     grid of numbers and dots between separators, or Size^3 pencil marks;
//   - several of these in one text, separated by blank lines, their
//     constraints merged; lines starting with "#" are comments.

// UnsupportedError says that a constraint of the peer has no rule in
// package variant (or is used in a way the rule cannot express).
type UnsupportedError struct {
	// Type is the peer's constraint type ("Quad", "Sum", "Shape 9x9~0-8").
	Type string
	// Why says what is missing, when there is more to say than the type.
	Why string
}

func (e *UnsupportedError) Error() string {
	if e.Why != "" {
		return "constraint " + e.Type + " is not supported: " + e.Why
	}
	return "constraint " + e.Type + " is not supported: no rule of ours for it"
}

func unsupported(typ, why string, args ...any) error {
	return &UnsupportedError{Type: typ, Why: fmt.Sprintf(why, args...)}
}

// Parse reads a puzzle in any of the peer's text forms (see the package
// comment of parse.go: a constraint string, a grid form, or several parts
// separated by blank lines) and returns it as a variant puzzle that passes
// Validate. A constraint with no rule in package variant is an
// *UnsupportedError naming it; a malformed item is an error naming the
// item.
func Parse(text string) (*variant.Puzzle, error) {
	var lines []string
	for _, l := range strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n") {
		if strings.HasPrefix(l, "#") {
			l = ""
		}
		lines = append(lines, l)
	}
	var items []item
	for _, part := range splitParts(lines) {
		its, err := parsePart(part)
		if err != nil {
			return nil, err
		}
		items = append(items, its...)
	}
	if len(items) == 0 {
		return nil, errors.New("peer: empty puzzle")
	}
	return build(items)
}

// splitParts joins the lines between blank lines.
func splitParts(lines []string) []string {
	var parts []string
	var cur strings.Builder
	flush := func() {
		if cur.Len() > 0 {
			parts = append(parts, cur.String())
			cur.Reset()
		}
	}
	for _, l := range lines {
		if strings.TrimSpace(l) == "" {
			flush()
			continue
		}
		cur.WriteString(l)
		cur.WriteByte('\n')
	}
	flush()
	return parts
}

// item is one constraint: its type and its fields.
type item struct {
	typ  string
	args []string
	pos  int // 1-based place among the items of its part, for errors
}

func (it item) String() string {
	s := "." + it.typ
	if len(it.args) > 0 {
		s += "~" + strings.Join(it.args, "~")
	}
	if len(s) > 40 {
		s = s[:37] + "..."
	}
	return fmt.Sprintf("item %d (%s)", it.pos, s)
}

var space = regexp.MustCompile(`\s+`)

func parsePart(raw string) ([]item, error) {
	text := space.ReplaceAllString(raw, "")
	if its, ok, err := parseGridLine(text, raw); ok || err != nil {
		return its, err
	}
	if !strings.HasPrefix(text, ".") {
		return nil, fmt.Errorf("peer: %q is neither a grid form nor a constraint string (which starts with \".\")", short(text))
	}
	var items []item
	for k, s := range strings.Split(text[1:], ".") {
		f := strings.Split(s, "~")
		items = append(items, item{typ: f[0], args: f[1:], pos: k + 1})
	}
	return items, nil
}

func short(s string) string {
	if len(s) > 30 {
		return s[:27] + "..."
	}
	return s
}

// A cell's place in the grid, 0-based.
type cellID struct{ r, c int }

// parseCell reads RxCy, x and y in base 17 (1-9, a-g).
func parseCell(s string) (cellID, bool) {
	if len(s) != 4 || (s[0] != 'R' && s[0] != 'r') || (s[2] != 'C' && s[2] != 'c') {
		return cellID{}, false
	}
	r, c := digit17(s[1]), digit17(s[3])
	if r < 1 || c < 1 {
		return cellID{}, false
	}
	return cellID{r - 1, c - 1}, true
}

func digit17(b byte) int {
	switch {
	case b >= '1' && b <= '9':
		return int(b - '0')
	case b >= 'a' && b <= 'g':
		return int(b-'a') + 10
	case b >= 'A' && b <= 'G':
		return int(b-'A') + 10
	}
	return 0
}

// builder gathers the puzzle as the items are read.
type builder struct {
	n        int
	cand     []uint64 // candidates of each cell (bit v-1), 0 = not restricted
	noBoxes  bool
	jigsaw   string
	rules    []variant.Rule
	diagonal [2]bool
	globals  map[string]bool // the once-only rules already added
}

func (b *builder) cell(it item, s string) (variant.Cell, error) {
	c, ok := parseCell(s)
	if !ok || c.r >= b.n || c.c >= b.n {
		return variant.Cell{}, fmt.Errorf("peer: %s: %q is not a cell of the %dx%d grid", it, s, b.n, b.n)
	}
	return variant.Cell{Row: c.r + 1, Col: c.c + 1}, nil
}

func (b *builder) cells(it item, args []string) ([]variant.Cell, error) {
	if len(args) == 0 {
		return nil, fmt.Errorf("peer: %s: no cells", it)
	}
	out := make([]variant.Cell, len(args))
	for k, s := range args {
		c, err := b.cell(it, s)
		if err != nil {
			return nil, err
		}
		out[k] = c
	}
	return out, nil
}

func (b *builder) number(it item, s, what string) (int, error) {
	v, err := strconv.Atoi(s)
	if err != nil {
		return 0, fmt.Errorf("peer: %s: %s %q is not an integer", it, what, s)
	}
	return v, nil
}

// shape reads the grid side from the Shape items (9 without one).
func gridSide(items []item) (int, error) {
	n := 9
	seen := false
	for _, it := range items {
		if it.typ != "Shape" {
			continue
		}
		spec := strings.Join(it.args, "~")
		var r, c int
		if len(it.args) == 0 || len(it.args) > 3 {
			return 0, fmt.Errorf("peer: %s: want ROWSxCOLS", it)
		}
		if _, err := fmt.Sscanf(it.args[0]+"\n", "%dx%d\n", &r, &c); err != nil {
			return 0, fmt.Errorf("peer: %s: shape %q is not ROWSxCOLS", it, spec)
		}
		if r != c {
			return 0, unsupported("Shape "+spec, "only square grids")
		}
		for _, a := range it.args[1:] {
			if a != "" && a != strconv.Itoa(r) && a != "1-"+strconv.Itoa(r) && a != "Sudoku" {
				return 0, unsupported("Shape "+spec, "values 1 to the side of the grid only")
			}
		}
		if seen && r != n {
			return 0, fmt.Errorf("peer: %s: a second shape, %dx%d", it, r, r)
		}
		n, seen = r, true
	}
	if n < variant.MinSize || n > 16 {
		return 0, unsupported(fmt.Sprintf("Shape %dx%d", n, n), "sides %d to 16 only", variant.MinSize)
	}
	return n, nil
}

func build(items []item) (*variant.Puzzle, error) {
	n, err := gridSide(items)
	if err != nil {
		return nil, err
	}
	b := &builder{n: n, cand: make([]uint64, n*n), globals: map[string]bool{}}
	for _, it := range items {
		if err := b.add(it); err != nil {
			return nil, err
		}
	}
	p := variant.New(n)
	if b.noBoxes || b.jigsaw != "" {
		p.Regions = nil
	}
	if b.jigsaw != "" {
		reg, err := layout(b.jigsaw, n)
		if err != nil {
			return nil, err
		}
		p.Regions = reg
	}
	all := uint64(1)<<n - 1
	odd, even := uint64(0), uint64(0)
	for v := 1; v <= n; v++ {
		if v%2 == 1 {
			odd |= 1 << (v - 1)
		} else {
			even |= 1 << (v - 1)
		}
	}
	for i, m := range b.cand {
		at := variant.CellAt(i, n)
		switch {
		case m == 0 || m == all:
		case m == noValue:
			return nil, fmt.Errorf("peer: %s: the givens leave no value", at)
		case bits.OnesCount64(m) == 1:
			p.Givens[i] = bits.TrailingZeros64(m) + 1
		case m == odd:
			p.Rules = append(p.Rules, variant.Parity{Cell: at})
		case m == even:
			p.Rules = append(p.Rules, variant.Parity{Cell: at, Even: true})
		default:
			p.Rules = append(p.Rules, variant.Marks{Cell: at, Values: valueList(m)})
		}
	}
	p.Rules = append(p.Rules, b.rules...)
	if err := p.Validate(); err != nil {
		return nil, fmt.Errorf("peer: %w", err)
	}
	return p, nil
}

// noValue marks a cell whose given candidate sets do not meet.
const noValue = uint64(1) << 63

func valueList(m uint64) []int {
	var vs []int
	for v := 1; m != 0; v, m = v+1, m>>1 {
		if m&1 != 0 {
			vs = append(vs, v)
		}
	}
	return vs
}

// layout reads a jigsaw layout: Size*Size symbols, one region each.
func layout(s string, n int) ([]int, error) {
	if len(s) != n*n {
		return nil, fmt.Errorf("peer: jigsaw layout of %d cells, want %d", len(s), n*n)
	}
	ids := map[byte]int{}
	reg := make([]int, n*n)
	for i := 0; i < len(s); i++ {
		id, ok := ids[s[i]]
		if !ok {
			id = len(ids)
			ids[s[i]] = id
		}
		reg[i] = id
	}
	if len(ids) != n {
		return nil, fmt.Errorf("peer: jigsaw layout of %d regions, want %d", len(ids), n)
	}
	return reg, nil
}

// once adds a rule that the puzzle holds at most once.
func (b *builder) once(it item, r variant.Rule) error {
	if len(it.args) != 0 {
		return fmt.Errorf("peer: %s: takes no fields", it)
	}
	if !b.globals[it.typ] {
		b.globals[it.typ] = true
		b.rules = append(b.rules, r)
	}
	return nil
}

func (b *builder) add(it item) error {
	switch it.typ {
	case "":
		return b.givens(it)
	case "Shape":
		return nil
	case "NoBoxes":
		b.noBoxes = true
		return nil
	case "Jigsaw":
		if len(it.args) < 1 || len(it.args) > 2 {
			return fmt.Errorf("peer: %s: want the layout", it)
		}
		b.jigsaw = it.args[len(it.args)-1]
		return nil
	case "Diagonal":
		if len(it.args) != 1 || (it.args[0] != "1" && it.args[0] != "-1") {
			return fmt.Errorf("peer: %s: want the direction 1 or -1", it)
		}
		pos := it.args[0] == "1"
		k := 0
		if pos {
			k = 1
		}
		if !b.diagonal[k] {
			b.diagonal[k] = true
			b.rules = append(b.rules, variant.Diagonal{Positive: pos})
		}
		return nil
	case "Windoku":
		return b.once(it, variant.Windoku{})
	case "DisjointSets":
		return b.once(it, variant.Disjoint{})
	case "AntiKnight":
		return b.once(it, variant.AntiKnight{})
	case "AntiKing":
		return b.once(it, variant.AntiKing{})
	case "AntiConsecutive":
		return b.once(it, variant.NonConsecutive{})
	case "StrictKropki":
		return b.once(it, variant.KropkiNegative{White: true, Black: true})
	case "StrictXV":
		return b.once(it, variant.XVNegative{})
	case "AllDifferent":
		cs, err := b.cells(it, it.args)
		if err != nil {
			return err
		}
		b.rules = append(b.rules, variant.ExtraRegion{Cells: cs})
		return nil
	case "Cage":
		if len(it.args) < 2 {
			return fmt.Errorf("peer: %s: want a sum and cells", it)
		}
		sum := 0
		if it.args[0] != "" {
			var err error
			if sum, err = b.number(it, it.args[0], "sum"); err != nil {
				return err
			}
		}
		cs, err := b.cells(it, it.args[1:])
		if err != nil {
			return err
		}
		b.rules = append(b.rules, variant.Cage{Cells: cs, Sum: sum})
		return nil
	case "LittleKiller":
		if len(it.args) != 2 {
			return fmt.Errorf("peer: %s: want a sum and the first cell", it)
		}
		sum, err := b.number(it, it.args[0], "sum")
		if err != nil {
			return err
		}
		start, err := b.cell(it, it.args[1])
		if err != nil {
			return err
		}
		line := littleKillerLine(b.n, start)
		if line == nil {
			return fmt.Errorf("peer: %s: no little killer diagonal starts at %s", it, it.args[1])
		}
		b.rules = append(b.rules, variant.LittleKiller{Cells: line, Sum: sum})
		return nil
	case "Sandwich":
		if len(it.args) != 2 {
			return fmt.Errorf("peer: %s: want a sum and a row or column (R3, C5)", it)
		}
		sum, err := b.number(it, it.args[0], "sum")
		if err != nil {
			return err
		}
		id := it.args[1]
		k := 0
		if len(id) == 2 {
			k = digit17(id[1])
		}
		if k < 1 || k > b.n || (id[0] != 'R' && id[0] != 'C') {
			return fmt.Errorf("peer: %s: %q is not a row or column", it, id)
		}
		b.rules = append(b.rules, variant.Sandwich{Column: id[0] == 'C', Index: k, Sum: sum})
		return nil
	case "Thermo", "Renban", "Palindrome":
		cs, err := b.cells(it, it.args)
		if err != nil {
			return err
		}
		switch it.typ {
		case "Thermo":
			b.rules = append(b.rules, variant.Thermo{Cells: cs})
		case "Renban":
			b.rules = append(b.rules, variant.Renban{Cells: cs})
		default:
			b.rules = append(b.rules, variant.Palindrome{Cells: cs})
		}
		return nil
	case "Whisper":
		args, diff := it.args, 5
		if len(args) > 0 {
			if d, err := strconv.Atoi(args[0]); err == nil {
				diff, args = d, args[1:]
			}
		}
		cs, err := b.cells(it, args)
		if err != nil {
			return err
		}
		// A line may pass a cell twice; its rule is between neighbours
		// only, so it is the same as the pieces that do not.
		for _, seg := range simplePieces(cs) {
			b.rules = append(b.rules, variant.Whisper{Cells: seg, Diff: diff})
		}
		return nil
	case "Arrow":
		cs, err := b.cells(it, it.args)
		if err != nil {
			return err
		}
		if len(cs) < 2 {
			return fmt.Errorf("peer: %s: an arrow needs a circle and a line", it)
		}
		b.rules = append(b.rules, variant.Arrow{Circle: cs[:1], Line: cs[1:]})
		return nil
	case "PillArrow":
		if len(it.args) < 1 {
			return fmt.Errorf("peer: %s: want the pill size and cells", it)
		}
		size, err := b.number(it, it.args[0], "pill size")
		if err != nil {
			return err
		}
		cs, err := b.cells(it, it.args[1:])
		if err != nil {
			return err
		}
		if size != 2 && size != 3 || len(cs) <= size {
			return fmt.Errorf("peer: %s: a pill of 2 or 3 cells and a line", it)
		}
		pill := append([]variant.Cell(nil), cs[:size]...)
		sort.Slice(pill, func(i, j int) bool {
			return pill[i].Row < pill[j].Row || pill[i].Row == pill[j].Row && pill[i].Col < pill[j].Col
		})
		b.rules = append(b.rules, variant.Arrow{Circle: pill, Line: cs[size:]})
		return nil
	case "WhiteDot", "BlackDot", "X", "V":
		cs, err := b.cells(it, it.args)
		if err != nil {
			return err
		}
		pairs := adjacentPairs(cs)
		if len(pairs) == 0 {
			return fmt.Errorf("peer: %s: no two of its cells are neighbours", it)
		}
		for _, pr := range pairs {
			switch it.typ {
			case "WhiteDot":
				b.rules = append(b.rules, variant.Kropki{Cells: pr})
			case "BlackDot":
				b.rules = append(b.rules, variant.Kropki{Cells: pr, Black: true})
			case "X":
				b.rules = append(b.rules, variant.XV{Cells: pr, Sum: 10})
			default:
				b.rules = append(b.rules, variant.XV{Cells: pr, Sum: 5})
			}
		}
		return nil
	case "RegionSumLine", "Entropic", "Zipper", "Between", "DoubleArrow":
		cs, err := b.cells(it, it.args)
		if err != nil {
			return err
		}
		switch it.typ {
		case "RegionSumLine":
			b.rules = append(b.rules, variant.RegionSum{Cells: cs})
		case "Entropic":
			b.rules = append(b.rules, variant.Entropic{Cells: cs})
		case "Zipper":
			b.rules = append(b.rules, variant.Zipper{Cells: cs})
		case "Between":
			b.rules = append(b.rules, variant.Between{Cells: cs})
		default:
			b.rules = append(b.rules, variant.DoubleArrow{Cells: cs})
		}
		return nil
	case "Modular", "Lockout", "SumLine":
		if len(it.args) < 1 {
			return fmt.Errorf("peer: %s: want a number and cells", it)
		}
		k, err := b.number(it, it.args[0], "the number")
		if err != nil {
			return err
		}
		args := it.args[1:]
		if len(args) > 0 && args[len(args)-1] == "LOOP" {
			return unsupported(it.typ, "a line that closes on itself (LOOP)")
		}
		cs, err := b.cells(it, args)
		if err != nil {
			return err
		}
		switch {
		case it.typ == "Modular" && k != 3:
			return unsupported(it.typ, "mod %d (ours is mod 3)", k)
		case it.typ == "Modular":
			b.rules = append(b.rules, variant.Modular{Cells: cs})
		case it.typ == "Lockout" && k != b.n/2:
			return unsupported(it.typ, "ends %d apart (ours: %d, half the side)", k, b.n/2)
		case it.typ == "Lockout":
			b.rules = append(b.rules, variant.Lockout{Cells: cs})
		default:
			b.rules = append(b.rules, variant.TenLine{Cells: cs, Sum: k})
		}
		return nil
	case "Quad":
		if len(it.args) < 2 {
			return fmt.Errorf("peer: %s: want the top left cell and values", it)
		}
		tl, err := b.cell(it, it.args[0])
		if err != nil {
			return err
		}
		if tl.Row >= b.n || tl.Col >= b.n {
			return fmt.Errorf("peer: %s: no 2x2 square has its top left at %s", it, it.args[0])
		}
		var vs []int
		for _, a := range it.args[1:] {
			v, err := b.number(it, a, "value")
			if err != nil {
				return err
			}
			vs = append(vs, v)
		}
		cs := []variant.Cell{tl, {Row: tl.Row, Col: tl.Col + 1}, {Row: tl.Row + 1, Col: tl.Col}, {Row: tl.Row + 1, Col: tl.Col + 1}}
		b.rules = append(b.rules, variant.Quadruple{Cells: cs, Values: vs})
		return nil
	case "XSum", "Skyscraper":
		if len(it.args) < 2 || len(it.args) > 3 {
			return fmt.Errorf("peer: %s: want a row or column and one or two clues", it)
		}
		id := it.args[0]
		k := 0
		if len(id) == 2 {
			k = digit17(id[1])
		}
		if k < 1 || k > b.n || (id[0] != 'R' && id[0] != 'C') {
			return fmt.Errorf("peer: %s: %q is not a row or column", it, id)
		}
		for j, a := range it.args[1:] {
			if a == "" {
				continue
			}
			v, err := b.number(it, a, "clue")
			if err != nil {
				return err
			}
			col, rev := id[0] == 'C', j == 1
			if it.typ == "XSum" {
				b.rules = append(b.rules, variant.XSum{Column: col, Index: k, Reverse: rev, Sum: v})
			} else {
				b.rules = append(b.rules, variant.Skyscraper{Column: col, Index: k, Reverse: rev, Count: v})
			}
		}
		return nil
	case "Indexing":
		if len(it.args) < 2 || it.args[0] != "R" && it.args[0] != "C" {
			return fmt.Errorf("peer: %s: want R or C and cells", it)
		}
		cs, err := b.cells(it, it.args[1:])
		if err != nil {
			return err
		}
		b.rules = append(b.rules, variant.Indexer{Cells: cs, Column: it.args[0] == "C"})
		return nil
	case "Or", "And", "Replicate", "End":
		return unsupported(it.typ, "composite constraints (one of several rule sets)")
	}
	if it.typ == "" || strings.ToUpper(it.typ[:1]) != it.typ[:1] {
		return fmt.Errorf("peer: %s: unknown constraint type %q", it, it.typ)
	}
	return &UnsupportedError{Type: it.typ}
}

// givens reads ".~R1C1_5~R2C2_1_2": each field a cell and its values.
func (b *builder) givens(it item) error {
	for _, f := range it.args {
		parts := strings.Split(f, "_")
		c, err := b.cell(it, parts[0])
		if err != nil {
			return err
		}
		if len(parts) < 2 {
			return fmt.Errorf("peer: %s: %q gives no value", it, f)
		}
		var m uint64
		for _, s := range parts[1:] {
			v, err := strconv.Atoi(s)
			if err != nil || v < 1 || v > b.n || strconv.Itoa(v) != s {
				return fmt.Errorf("peer: %s: %q: value %q is not 1-%d", it, f, s, b.n)
			}
			m |= 1 << (v - 1)
		}
		i := c.Index(b.n)
		if b.cand[i] != 0 {
			m &= b.cand[i]
			if m == 0 {
				m = noValue
			}
		}
		b.cand[i] = m
	}
	return nil
}

// adjacentPairs returns each pair of orthogonal neighbours among cs, in
// the order of their first cell.
func adjacentPairs(cs []variant.Cell) [][2]variant.Cell {
	var out [][2]variant.Cell
	for i, a := range cs {
		for _, b := range cs[i+1:] {
			if dr, dc := a.Row-b.Row, a.Col-b.Col; dr*dr+dc*dc == 1 {
				out = append(out, [2]variant.Cell{a, b})
			}
		}
	}
	return out
}

// littleKillerLine returns the diagonal of cells a little killer clue
// starting at start sums, as the peer names them: from the left edge down
// and right, from the right edge up and left, from the top edge down and
// left, from the bottom edge up and right; the first of these to cover a
// set of two or more cells names it. nil if no clue starts at start.
func littleKillerLine(n int, start variant.Cell) []variant.Cell {
	seen := map[string]bool{}
	var found []variant.Cell
	add := func(r, c, dr, dc int) {
		var line []variant.Cell
		for ; r >= 0 && c >= 0 && r < n && c < n; r, c = r+dr, c+dc {
			line = append(line, variant.Cell{Row: r + 1, Col: c + 1})
		}
		if len(line) <= 1 {
			return
		}
		key := make([]string, len(line))
		for k, x := range line {
			key[k] = fmt.Sprint(x.Row, x.Col)
		}
		sort.Strings(key)
		ks := strings.Join(key, ",")
		if seen[ks] {
			return
		}
		seen[ks] = true
		if line[0] == start && found == nil {
			found = line
		}
	}
	for r := 0; r < n-1; r++ {
		add(r, 0, 1, 1)
	}
	for r := 1; r < n-1; r++ {
		add(r, n-1, -1, -1)
	}
	for c := 1; c < n; c++ {
		add(0, c, 1, -1)
	}
	for c := 1; c < n-1; c++ {
		add(n-1, c, -1, 1)
	}
	return found
}

// simplePieces cuts a line into pieces that pass no cell twice, each
// piece starting at the cell the last one ended on.
func simplePieces(cs []variant.Cell) [][]variant.Cell {
	var out [][]variant.Cell
	start := 0
	seen := map[variant.Cell]bool{}
	for k, c := range cs {
		if seen[c] {
			out = append(out, cs[start:k])
			start = k - 1
			seen = map[variant.Cell]bool{cs[k-1]: true}
		}
		seen[c] = true
	}
	return append(out, cs[start:])
}
