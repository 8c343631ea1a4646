package vtext

import (
	"bytes"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/gosudoku/sudoku/variant"
)

// The plain text forms, as puzzle books print them. A jigsaw is its givens
// and then its region map, each Size lines of Size characters (an empty
// line between them is allowed):
//
//	5.3..7...     givens: 1-9 then A-Z for 10-35, '.' or '0' blank
//	...
//	AAABBBCCC     regions: one letter per region, A-Z then a-z
//	...
//
// A killer is its cage map, Size lines with one character per cell (the
// cage's letter, A-Z a-z 0-9, or '.' for a cell in no cage), and then the
// sums, "A=10 B=15 ...", on one line or several (a cage without a sum is
// left out, or given as A=0). A letter names one cage: used in two
// separate areas, it is an error. The givens may come first, as Size lines as in a jigsaw. A
// killer has the usual boxes and no other rule.
//
//	AABBBCCDD
//	...
//	A=7 B=19 C=9 D=10 ...

// ErrText is wrapped by the errors of the text forms about their shape.
var ErrText = errors.New("text form")

const (
	regionLetters = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
	cageLetters   = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
)

// textLines splits a record into its non-empty lines and their line
// numbers (from 1), trimming spaces and carriage returns.
func textLines(data []byte) (lines []string, nums []int) {
	for k, l := range bytes.Split(data, []byte("\n")) {
		s := strings.TrimSpace(string(l))
		if s != "" {
			lines = append(lines, s)
			nums = append(nums, k+1)
		}
	}
	return lines, nums
}

func textErr(line, col int, format string, args ...any) error {
	return &PlaceError{Line: line, Column: col, Err: fmt.Errorf("%w: "+format, append([]any{ErrText}, args...)...)}
}

// readGivens reads n lines of givens.
func readGivens(p *variant.Puzzle, lines []string, nums []int) error {
	n := p.Size
	for r, l := range lines {
		if len(l) != n {
			return textErr(nums[r], 1, "%d characters in a row of %d", len(l), n)
		}
		for c := range n {
			ch := l[c]
			if ch == '.' || ch == '0' {
				continue
			}
			k := strings.IndexByte(symbols, ch)
			if k < 0 || k >= n {
				return textErr(nums[r], c+1, "%q is not a symbol for %dx%d", ch, n, n)
			}
			p.Givens[r*n+c] = k + 1
		}
	}
	return nil
}

// side returns the side of a text record from its first line.
func side(lines []string) (int, error) {
	if len(lines) == 0 {
		return 0, textErr(1, 1, "no lines")
	}
	n := len(lines[0])
	if n < variant.MinSize || n > variant.MaxSize {
		return 0, textErr(1, 1, "a row of %d cells: the side is %d to %d", n, variant.MinSize, variant.MaxSize)
	}
	return n, nil
}

// ReadJigsaw reads a jigsaw in the text form (2*Size lines).
func ReadJigsaw(data []byte) (*variant.Puzzle, error) {
	lines, nums := textLines(data)
	n, err := side(lines)
	if err != nil {
		return nil, err
	}
	if len(lines) != 2*n {
		return nil, textErr(1, 1, "%d lines: a %dx%d jigsaw is %d lines of givens and %d of regions", len(lines), n, n, n, n)
	}
	p := variant.New(n)
	if err := readGivens(p, lines[:n], nums[:n]); err != nil {
		return nil, err
	}
	p.Regions = make([]int, n*n)
	ids := map[byte]int{}
	var letters []byte // in order of first appearance
	count := map[byte]int{}
	firstAt := map[byte][2]int{} // line and column of each letter's first cell
	for r, l := range lines[n:] {
		if len(l) != n {
			return nil, textErr(nums[n+r], 1, "%d characters in a row of %d", len(l), n)
		}
		for c := range n {
			ch := l[c]
			if strings.IndexByte(regionLetters, ch) < 0 {
				return nil, textErr(nums[n+r], c+1, "%q is not a region letter", ch)
			}
			id, ok := ids[ch]
			if !ok {
				id = len(ids)
				ids[ch] = id
				letters = append(letters, ch)
				firstAt[ch] = [2]int{nums[n+r], c + 1}
			}
			count[ch]++
			p.Regions[r*n+c] = id
		}
	}
	if len(letters) > n {
		// Blame the letter with the fewest cells (the last such), likely
		// the typo, not the letter that happened to come tenth.
		odd := letters[0]
		for _, ch := range letters {
			if count[ch] <= count[odd] {
				odd = ch
			}
		}
		at := firstAt[odd]
		return nil, textErr(at[0], at[1], "%d region letters for a %dx%d grid: %q (%s, first here) is one too many", len(letters), n, n, odd, plural(count[odd], "cell"))
	}
	if err := p.Validate(); err != nil {
		return nil, &PlaceError{Line: nums[n], Column: 1, Err: err}
	}
	return p, nil
}

// WriteJigsaw writes p, which must have regions and no rules, in the
// jigsaw text form: 2*Size lines, each ending in a line break.
func WriteJigsaw(p *variant.Puzzle) ([]byte, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	n := p.Size
	if len(p.Rules) > 0 {
		return nil, fmt.Errorf("%w: a jigsaw has no rules but its regions; %s needs another form (fpuzzles, rules)", ErrText, p.Rules[0])
	}
	if p.Regions == nil || n > len(symbols) || n > len(regionLetters) {
		return nil, fmt.Errorf("%w: the jigsaw form needs regions and a side of at most %d", ErrText, len(symbols))
	}
	var b bytes.Buffer
	writeGivens(&b, p)
	// Letters in order of first appearance, so equal layouts read alike.
	letter := map[int]byte{}
	for _, r := range p.Regions {
		if _, ok := letter[r]; !ok {
			letter[r] = regionLetters[len(letter)]
		}
	}
	for i, r := range p.Regions {
		b.WriteByte(letter[r])
		if i%n == n-1 {
			b.WriteByte('\n')
		}
	}
	return b.Bytes(), nil
}

func writeGivens(b *bytes.Buffer, p *variant.Puzzle) {
	n := p.Size
	for i := range n * n {
		v := 0
		if p.Givens != nil {
			v = p.Givens[i]
		}
		if v == 0 {
			b.WriteByte('.')
		} else {
			b.WriteByte(symbols[v-1])
		}
		if i%n == n-1 {
			b.WriteByte('\n')
		}
	}
}

// ReadKiller reads a killer in the text form: Size lines of cage map (or
// 2*Size lines: givens, then the map) and the sums.
func ReadKiller(data []byte) (*variant.Puzzle, error) {
	lines, nums := textLines(data)
	if _, err := side(lines); err != nil {
		return nil, err
	}
	grid := 0
	for grid < len(lines) && !strings.Contains(lines[grid], "=") {
		grid++
	}
	// The side is the length most rows have, so that one short or long
	// row is blamed on its own line.
	n := commonLength(lines[:grid])
	if n < variant.MinSize || n > variant.MaxSize {
		return nil, textErr(nums[0], 1, "rows of %d cells: the side is %d to %d", n, variant.MinSize, variant.MaxSize)
	}
	p := variant.New(n)
	switch grid {
	case n:
	case 2 * n:
		if err := readGivens(p, lines[:n], nums[:n]); err != nil {
			return nil, err
		}
	default:
		return nil, textErr(1, 1, "%d lines before the sums: a %dx%d killer has %d lines of cages (after %[3]d of givens, if any)", grid, n, n, n)
	}
	mapLines, mapNums := lines[grid-n:grid], nums[grid-n:grid]
	cells := map[byte][]variant.Cell{}
	var order []byte
	for r, l := range mapLines {
		if len(l) != n {
			return nil, textErr(mapNums[r], 1, "%d characters in a row of %d", len(l), n)
		}
		for c := range n {
			ch := l[c]
			if ch == '.' {
				continue
			}
			if strings.IndexByte(cageLetters, ch) < 0 {
				return nil, textErr(mapNums[r], c+1, "%q is not a cage letter (A-Z, a-z, 0-9) or '.'", ch)
			}
			if cells[ch] == nil {
				order = append(order, ch)
			}
			cells[ch] = append(cells[ch], variant.Cell{Row: r + 1, Col: c + 1})
		}
	}
	for _, ch := range order {
		if !connected(cells[ch]) {
			// Two cages with one letter would share one sum: more likely a
			// typo than meant, so it is an error rather than two cages.
			c := firstApart(cells[ch])
			return nil, textErr(mapNums[c.Row-1], c.Col, "cage letter %q is used in two separate areas (%s and %s): give each cage its own letter", ch, cells[ch][0], c)
		}
	}
	sums := map[byte]int{}
	where := map[byte]int{} // the rule index of each cage, for errors
	for k, l := range lines[grid:] {
		col := 1
		for _, f := range strings.FieldsFunc(l, func(r rune) bool { return r == ' ' || r == ',' || r == '\t' }) {
			col = strings.Index(l, f) + 1
			name, val, ok := strings.Cut(f, "=")
			sum, err := strconv.Atoi(val)
			if !ok || len(name) != 1 || err != nil || sum < 0 {
				return nil, textErr(nums[grid+k], col, "%q is not a sum like A=10 (A=0: no sum)", f)
			}
			if cells[name[0]] == nil {
				return nil, textErr(nums[grid+k], col, "no cage %q in the map", name)
			}
			if _, dup := sums[name[0]]; dup {
				return nil, textErr(nums[grid+k], col, "a second sum for cage %q", name)
			}
			sums[name[0]] = sum
			where[name[0]] = nums[grid+k]<<16 | col
		}
	}
	at := map[int]int{}
	for _, ch := range order {
		at[len(p.Rules)] = where[ch]
		p.Rules = append(p.Rules, variant.Cage{Cells: cells[ch], Sum: sums[ch]})
	}
	if err := p.Validate(); err != nil {
		line, col := mapNums[0], 1
		var re *variant.RuleError
		if errors.As(err, &re) && re.Rule >= 0 && at[re.Rule] != 0 {
			line, col = at[re.Rule]>>16, at[re.Rule]&0xffff
		}
		return nil, &PlaceError{Line: line, Column: col, Err: err}
	}
	return p, nil
}

// WriteKiller writes p, which must have the usual boxes and no rules but
// cages (at most 62), in the killer text form: the givens if it has any,
// the cage map and the sums in lines of at most 72 characters, each line
// ending in a line break.
func WriteKiller(p *variant.Puzzle) ([]byte, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	n := p.Size
	if !equal(p.Regions, variant.New(n).Regions) {
		return nil, fmt.Errorf("%w: the killer form has the usual boxes only", ErrText)
	}
	if n > len(symbols) {
		return nil, fmt.Errorf("%w: the killer form goes up to %dx%[2]d", ErrText, len(symbols))
	}
	var cages []variant.Cage
	for _, r := range p.Rules {
		c, ok := r.(variant.Cage)
		if !ok {
			return nil, fmt.Errorf("%w: a killer has cages only; %s needs another form (fpuzzles, rules)", ErrText, r)
		}
		cages = append(cages, c)
	}
	if len(cages) > len(cageLetters) {
		return nil, fmt.Errorf("%w: %d cages, more than the %d letters of the killer form", ErrText, len(cages), len(cageLetters))
	}
	// Letters go to the cages in reading order of their first cell, so the
	// map reads A, B, C ... from the top; the cells of a cage are written
	// back in reading order too.
	sort.SliceStable(cages, func(i, j int) bool { return first(cages[i], n) < first(cages[j], n) })
	var b bytes.Buffer
	if p.Givens != nil && anyNonZero(p.Givens) {
		writeGivens(&b, p)
	}
	grid := bytes.Repeat([]byte{'.'}, n*n)
	for k, c := range cages {
		if !connected(c.Cells) {
			return nil, fmt.Errorf("%w: %s is in several parts, which a cage map cannot show; use another form (fpuzzles, rules)", ErrText, c)
		}
		for _, cell := range c.Cells {
			if grid[cell.Index(n)] != '.' {
				return nil, fmt.Errorf("%w: %s overlaps another cage at %s, which a cage map cannot show; use another form (fpuzzles, rules)", ErrText, c, cell)
			}
			grid[cell.Index(n)] = cageLetters[k]
		}
	}
	for r := range n {
		b.Write(grid[r*n : r*n+n])
		b.WriteByte('\n')
	}
	var sums []string
	for k, c := range cages {
		if c.Sum > 0 {
			sums = append(sums, fmt.Sprintf("%c=%d", cageLetters[k], c.Sum))
		}
	}
	// The sums, in lines of at most 72 characters.
	width := 0
	for k, s := range sums {
		if k > 0 && width+1+len(s) > 72 {
			b.WriteByte('\n')
			width = 0
		} else if k > 0 {
			b.WriteByte(' ')
			width++
		}
		b.WriteString(s)
		width += len(s)
	}
	b.WriteByte('\n')
	return b.Bytes(), nil
}

func first(c variant.Cage, n int) int {
	lo := n * n
	for _, cell := range c.Cells {
		lo = min(lo, cell.Index(n))
	}
	return lo
}

func anyNonZero(vs []int) bool {
	for _, v := range vs {
		if v != 0 {
			return true
		}
	}
	return false
}

// connected reports whether cells form one area of orthogonal neighbours.
func connected(cells []variant.Cell) bool {
	return len(cells) == 0 || firstApart(cells) == cells[0]
}

// commonLength returns the length most of lines have (the longest of
// those tied), 0 for none.
func commonLength(lines []string) int {
	count := map[int]int{}
	best := 0
	for _, l := range lines {
		count[len(l)]++
		if c := count[len(l)]; c > count[best] || c == count[best] && len(l) > best {
			best = len(l)
		}
	}
	return best
}

// firstApart returns the first cell, in reading order of cells as given,
// that the area of cells[0] does not reach.
func firstApart(cells []variant.Cell) variant.Cell {
	in := make(map[variant.Cell]bool, len(cells))
	for _, c := range cells {
		in[c] = true
	}
	seen := map[variant.Cell]bool{cells[0]: true}
	stack := []variant.Cell{cells[0]}
	for len(stack) > 0 {
		c := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, d := range [4][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
			nb := variant.Cell{Row: c.Row + d[0], Col: c.Col + d[1]}
			if in[nb] && !seen[nb] {
				seen[nb] = true
				stack = append(stack, nb)
			}
		}
	}
	for _, c := range cells {
		if !seen[c] {
			return c
		}
	}
	return cells[0]
}
