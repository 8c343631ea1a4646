package vtext

import (
	"errors"
	"fmt"
	"strings"

	"github.com/gosudoku/sudoku/internal/fpuzzles"
	"github.com/gosudoku/sudoku/internal/lzstring"
	"github.com/gosudoku/sudoku/variant"
)

// A PlaceError is a puzzle that cannot be read, at a place of its text:
// Line and Column (1-based, the column in bytes) within the text given.
type PlaceError struct {
	Line, Column int
	Err          error
}

func (e *PlaceError) Error() string {
	return fmt.Sprintf("line %d, column %d: %v", e.Line, e.Column, e.Err)
}

func (e *PlaceError) Unwrap() error { return e.Err }

// place returns a *PlaceError at byte offset off of data.
func place(data []byte, off int, err error) error {
	line, col := 1, 1
	for _, b := range data[:min(off, len(data))] {
		if b == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
	}
	return &PlaceError{Line: line, Column: col, Err: err}
}

// ReadFPuzzles reads one f-puzzles JSON object into a valid puzzle. Errors
// are *PlaceError values naming the line and column: of the JSON value at
// fault for the shape of the text (its message starts with the path of
// the value, "killercage[2].cells[0]"), of the rule's object for a rule the model refuses
// (wrapping a *variant.RuleError), and of "grid" for the regions and
// givens. A rule f-puzzles has but the model lacks is an error naming it
// (fpuzzles.ErrUnsupported).
//
// The givens are the cells with "given": true; when no cell has it, every
// "value" is a given (hand-written files). A value a player entered in a
// puzzle that has givens is an error rather than lost. Pencil marks,
// colours, "solution" and the metadata are not kept.
func ReadFPuzzles(data []byte) (*variant.Puzzle, error) {
	fp, err := fpuzzles.Decode(data)
	if err != nil {
		var fe *fpuzzles.Error
		if errors.As(err, &fe) {
			inner := fe.Err
			if fe.Path != "" {
				inner = fmt.Errorf("%s: %w", fe.Path, fe.Err)
			}
			return nil, &PlaceError{Line: fe.Line, Column: fe.Column, Err: inner}
		}
		return nil, err
	}
	p, offs, err := fromFPuzzles(fp)
	if err != nil {
		var pe *offsetError
		if errors.As(err, &pe) {
			return nil, place(data, pe.off, pe.err)
		}
		return nil, err
	}
	if err := p.Validate(); err != nil {
		off := 0
		var re *variant.RuleError
		if errors.As(err, &re) && re.Rule >= 0 && re.Rule < len(offs) {
			off = offs[re.Rule]
		} else {
			off = gridOffset(data)
		}
		return nil, place(data, off, err)
	}
	return p, nil
}

// gridOffset is where "grid" is written, for errors about regions and
// givens (0 if it cannot be found).
func gridOffset(data []byte) int {
	i := strings.Index(string(data), `"grid"`)
	return max(i, 0)
}

// offsetError is a conversion error at a byte offset.
type offsetError struct {
	off int
	err error
}

func (e *offsetError) Error() string { return e.err.Error() }

func cell(c fpuzzles.Cell) variant.Cell { return variant.Cell{Row: c.Row, Col: c.Col} }

func cells(cs []fpuzzles.Cell) []variant.Cell { return convert(cs, cell) }

// convert returns f of each element of s.
func convert[A, B any](s []A, f func(A) B) []B {
	out := make([]B, len(s))
	for i, a := range s {
		out[i] = f(a)
	}
	return out
}

// fromFPuzzles converts fp to the model and returns, for each rule, the
// byte offset of the f-puzzles object it comes from.
func fromFPuzzles(fp *fpuzzles.Puzzle) (*variant.Puzzle, []int, error) {
	n := fp.Size
	if n < variant.MinSize {
		return nil, nil, &offsetError{0, fmt.Errorf("size %d: the smallest grid is %dx%[2]d", n, variant.MinSize)}
	}
	p := variant.New(n)
	anyGiven := false
	for _, row := range fp.Grid {
		for _, gc := range row {
			anyGiven = anyGiven || gc.Given
		}
	}
	for r, row := range fp.Grid {
		for c, gc := range row {
			i := r*n + c
			if gc.Value != 0 {
				if anyGiven && !gc.Given {
					return nil, nil, &offsetError{0, fmt.Errorf("R%dC%d holds %d entered by a player (no \"given\"): progress is not kept; mark it given or remove it", r+1, c+1, gc.Value)}
				}
				p.Givens[i] = gc.Value
			}
			if gc.Region >= 0 {
				if p.Regions == nil {
					p.Regions = make([]int, n*n)
					for k := range p.Regions {
						p.Regions[k] = k / n // rows: f-puzzles' regions of a prime side
					}
				}
				p.Regions[i] = gc.Region
			}
		}
	}
	var offs []int
	add := func(off int, r variant.Rule) {
		p.Rules = append(p.Rules, r)
		offs = append(offs, off)
	}
	if fp.DiagonalPlus {
		add(0, variant.Diagonal{Positive: true})
	}
	if fp.DiagonalMinus {
		add(0, variant.Diagonal{})
	}
	if fp.DisjointGroups {
		add(0, variant.Disjoint{})
	}
	for _, x := range fp.ExtraRegions {
		add(x.Off, variant.ExtraRegion{Cells: cells(x.Cells)})
	}
	if fp.AntiKnight {
		add(0, variant.AntiKnight{})
	}
	if fp.AntiKing {
		add(0, variant.AntiKing{})
	}
	// f-puzzles' "nonconsecutive" is the negative rule of the white dots.
	negWhite := fp.NonConsecutive && len(fp.Differences) > 0
	if fp.NonConsecutive && !negWhite {
		add(0, variant.NonConsecutive{})
	}
	for _, c := range fp.KillerCages {
		add(c.Off, variant.Cage{Cells: cells(c.Cells), Sum: c.Sum})
	}
	for _, lk := range fp.LittleKillers {
		if lk.Sum == 0 {
			continue // an empty clue says nothing
		}
		add(lk.Off, variant.LittleKiller{Cells: cells(lk.Line(n)), Sum: lk.Sum})
	}
	for _, t := range fp.Thermometers {
		for _, l := range t.Lines {
			add(t.Off, variant.Thermo{Cells: cells(l)})
		}
	}
	for _, a := range fp.Arrows {
		for _, l := range a.Lines {
			add(a.Off, variant.Arrow{Circle: cells(a.Circle), Line: cells(l[1:])})
		}
	}
	for _, d := range fp.Differences {
		add(d.Off, variant.Kropki{Cells: [2]variant.Cell{cell(d.Cells[0]), cell(d.Cells[1])}, Value: defaultZero(d.Value, 1)})
	}
	for _, d := range fp.Ratios {
		add(d.Off, variant.Kropki{Cells: [2]variant.Cell{cell(d.Cells[0]), cell(d.Cells[1])}, Black: true, Value: defaultZero(d.Value, 2)})
	}
	if negWhite || fp.NegativeRatio {
		add(0, variant.KropkiNegative{White: negWhite, Black: fp.NegativeRatio})
	}
	for _, x := range fp.XV {
		add(x.Off, variant.XV{Cells: [2]variant.Cell{cell(x.Cells[0]), cell(x.Cells[1])}, Sum: x.Value})
	}
	if fp.NegativeXV {
		add(0, variant.XVNegative{})
	}
	for _, c := range fp.Odd {
		add(c.Off, variant.Parity{Cell: cell(c.Cell)})
	}
	for _, c := range fp.Even {
		add(c.Off, variant.Parity{Cell: cell(c.Cell), Even: true})
	}
	for _, w := range fp.Whispers {
		for _, l := range w.Lines {
			add(w.Off, variant.Whisper{Cells: cells(l), Diff: defaultZero(w.Value, (n+1)/2)})
		}
	}
	for _, r := range fp.Renbans {
		for _, l := range r.Lines {
			add(r.Off, variant.Renban{Cells: cells(l)})
		}
	}
	for _, r := range fp.Palindromes {
		for _, l := range r.Lines {
			add(r.Off, variant.Palindrome{Cells: cells(l)})
		}
	}
	addLines(fp, add)
	for _, s := range fp.Sandwiches {
		sw := variant.Sandwich{Sum: s.Value}
		if s.Cell.Row == 0 || s.Cell.Row == n+1 {
			sw.Column, sw.Index = true, s.Cell.Col
		} else {
			sw.Index = s.Cell.Row
		}
		add(s.Off, sw)
	}
	for _, q := range fp.Quadruples {
		add(q.Off, variant.Quadruple{Cells: cells(q.Cells), Values: q.Values})
	}
	for _, c := range fp.XSums {
		column, index, reverse := clueEdge(c.Cell, n)
		add(c.Off, variant.XSum{Column: column, Index: index, Reverse: reverse, Sum: c.Value})
	}
	for _, c := range fp.Skyscrapers {
		column, index, reverse := clueEdge(c.Cell, n)
		add(c.Off, variant.Skyscraper{Column: column, Index: index, Reverse: reverse, Count: c.Value})
	}
	for _, c := range fp.Minimums {
		add(c.Off, variant.Extremum{Cell: cell(c.Cell)})
	}
	for _, c := range fp.Maximums {
		add(c.Off, variant.Extremum{Cell: cell(c.Cell), Max: true})
	}
	for _, c := range fp.Clones {
		add(c.Off, variant.Clone{Cells: cells(c.Cells), Clones: cells(c.CloneCells)})
	}
	for _, x := range fp.RowIndexers {
		add(x.Off, variant.Indexer{Cells: cells(x.Cells)})
	}
	for _, x := range fp.ColIndexers {
		add(x.Off, variant.Indexer{Cells: cells(x.Cells), Column: true})
	}
	for _, x := range fp.BoxIndexers {
		add(x.Off, variant.Indexer{Cells: cells(x.Cells), Box: true})
	}
	// Given pencil marks (of a cell with no value: f-puzzles ignores them
	// beside one) limit the cell to them.
	for r, row := range fp.Grid {
		for c, gc := range row {
			if len(gc.Marks) > 0 && gc.Value == 0 {
				add(0, variant.Marks{Cell: variant.Cell{Row: r + 1, Col: c + 1}, Values: gc.Marks})
			}
			if gc.Parity != "" {
				add(0, variant.Parity{Cell: variant.Cell{Row: r + 1, Col: c + 1}, Even: gc.Parity == "even"})
			}
		}
	}
	return p, offs, nil
}

// clueEdge returns the row or column of a clue outside a grid of side n and
// whether it is seen from its far end (right of a row, below a column).
func clueEdge(c fpuzzles.Cell, n int) (column bool, index int, reverse bool) {
	switch {
	case c.Row == 0:
		return true, c.Col, false
	case c.Row == n+1:
		return true, c.Col, true
	case c.Col == 0:
		return false, c.Row, false
	}
	return false, c.Row, true
}

// edgeClue returns the cell outside a grid of side n of a clue seen from
// one end of a row or column.
func edgeClue(column bool, index int, reverse bool, n int) fpuzzles.Cell {
	switch {
	case column && reverse:
		return fpuzzles.Cell{Row: n + 1, Col: index}
	case column:
		return fpuzzles.Cell{Row: 0, Col: index}
	case reverse:
		return fpuzzles.Cell{Row: index, Col: n + 1}
	}
	return fpuzzles.Cell{Row: index, Col: 0}
}

// defaultZero returns 0 for the value that is the default v, as the model
// writes defaults.
func defaultZero(x, v int) int {
	if x == v {
		return 0
	}
	return x
}

// ErrNoFPuzzles is wrapped by the error for a rule f-puzzles cannot hold.
var ErrNoFPuzzles = errors.New("f-puzzles has no way to write it")

// WriteFPuzzles writes p as one line of f-puzzles JSON (no line break).
// Windoku windows become four extra regions; a grid without regions gets
// rows as regions (the same rules). A rule f-puzzles cannot hold (an XV
// mark that is neither X nor V, a 10-line) is an error wrapping
// ErrNoFPuzzles.
func WriteFPuzzles(p *variant.Puzzle) ([]byte, error) {
	fp, err := toFPuzzles(p)
	if err != nil {
		return nil, err
	}
	return fpuzzles.Encode(fp), nil
}

func fcell(c variant.Cell) fpuzzles.Cell { return fpuzzles.Cell{Row: c.Row, Col: c.Col} }

func fcells(cs []variant.Cell) []fpuzzles.Cell { return convert(cs, fcell) }

func toFPuzzles(p *variant.Puzzle) (*fpuzzles.Puzzle, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	n := p.Size
	fp := &fpuzzles.Puzzle{Size: n, Grid: make([][]fpuzzles.GridCell, n)}
	def := variant.New(n).Regions
	regions := p.Regions
	if regions == nil && def != nil {
		regions = make([]int, n*n)
		for i := range regions {
			regions[i] = i / n
		}
	}
	writeRegions := !equal(regions, def)
	for r := range n {
		fp.Grid[r] = make([]fpuzzles.GridCell, n)
		for c := range n {
			i := r*n + c
			gc := fpuzzles.GridCell{Region: -1}
			if p.Givens != nil && p.Givens[i] != 0 {
				gc.Value, gc.Given = p.Givens[i], true
			}
			if writeRegions {
				gc.Region = regions[i]
			}
			fp.Grid[r][c] = gc
		}
	}
	for k, rule := range p.Rules {
		bad := func(why string) error {
			return &variant.RuleError{Rule: k, Name: rule.String(), Err: fmt.Errorf("%w: %s", ErrNoFPuzzles, why)}
		}
		switch r := rule.(type) {
		case variant.Diagonal:
			if r.Positive {
				fp.DiagonalPlus = true
			} else {
				fp.DiagonalMinus = true
			}
		case variant.Windoku:
			for _, w := range windows(n) {
				fp.ExtraRegions = append(fp.ExtraRegions, fpuzzles.Cage{Cells: w})
			}
		case variant.Disjoint:
			fp.DisjointGroups = true
		case variant.ExtraRegion:
			fp.ExtraRegions = append(fp.ExtraRegions, fpuzzles.Cage{Cells: fcells(r.Cells)})
		case variant.AntiKnight:
			fp.AntiKnight = true
		case variant.AntiKing:
			fp.AntiKing = true
		case variant.NonConsecutive:
			fp.NonConsecutive = true
		case variant.Cage:
			fp.KillerCages = append(fp.KillerCages, fpuzzles.Cage{Cells: fcells(r.Cells), Sum: r.Sum})
		case variant.LittleKiller:
			lk, ok := littleKiller(r, n)
			if !ok {
				return nil, bad("the diagonal does not run from the edge of the grid to the edge")
			}
			fp.LittleKillers = append(fp.LittleKillers, lk)
		case variant.Thermo:
			fp.Thermometers = append(fp.Thermometers, fpuzzles.Lines{Lines: [][]fpuzzles.Cell{fcells(r.Cells)}})
		case variant.Arrow:
			start := r.Circle[0]
			for _, c := range r.Circle {
				if touch(c, r.Line[0]) {
					start = c
					break
				}
			}
			line := append([]fpuzzles.Cell{fcell(start)}, fcells(r.Line)...)
			fp.Arrows = append(fp.Arrows, fpuzzles.Arrow{Circle: fcells(r.Circle), Lines: [][]fpuzzles.Cell{line}})
		case variant.Kropki:
			d := fpuzzles.Dot{Cells: [2]fpuzzles.Cell{fcell(r.Cells[0]), fcell(r.Cells[1])}, Value: r.Value}
			if r.Black {
				if d.Value == 0 {
					d.Value = 2
				}
				fp.Ratios = append(fp.Ratios, d)
			} else {
				if d.Value == 0 {
					d.Value = 1
				}
				fp.Differences = append(fp.Differences, d)
			}
		case variant.KropkiNegative:
			fp.NonConsecutive = fp.NonConsecutive || r.White
			fp.NegativeRatio = fp.NegativeRatio || r.Black
		case variant.XV:
			if r.Sum != 5 && r.Sum != 10 {
				return nil, bad("only X (10) and V (5)")
			}
			fp.XV = append(fp.XV, fpuzzles.Dot{Cells: [2]fpuzzles.Cell{fcell(r.Cells[0]), fcell(r.Cells[1])}, Value: r.Sum})
		case variant.XVNegative:
			fp.NegativeXV = true
		case variant.Parity:
			if r.Even {
				fp.Even = append(fp.Even, fpuzzles.Clue{Cell: fcell(r.Cell)})
			} else {
				fp.Odd = append(fp.Odd, fpuzzles.Clue{Cell: fcell(r.Cell)})
			}
		case variant.Whisper:
			fp.Whispers = append(fp.Whispers, fpuzzles.Lines{Lines: [][]fpuzzles.Cell{fcells(r.Cells)}, Value: r.Diff})
		case variant.Renban:
			fp.Renbans = append(fp.Renbans, fpuzzles.Lines{Lines: [][]fpuzzles.Cell{fcells(r.Cells)}})
		case variant.Palindrome:
			fp.Palindromes = append(fp.Palindromes, fpuzzles.Lines{Lines: [][]fpuzzles.Cell{fcells(r.Cells)}})
		case variant.RegionSum, variant.Entropic, variant.Modular, variant.Lockout, variant.Zipper,
			variant.Between, variant.Nabner, variant.DoubleArrow:
			if !writeLine(fp, r) {
				return nil, bad("an unknown line kind " + rule.Kind())
			}
		case variant.TenLine:
			return nil, bad("f-puzzles has no 10-lines")
		case variant.Sandwich:
			c := fpuzzles.Cell{Row: r.Index}
			if r.Column {
				c = fpuzzles.Cell{Col: r.Index}
			}
			fp.Sandwiches = append(fp.Sandwiches, fpuzzles.Clue{Cell: c, Value: r.Sum})
		case variant.Quadruple:
			fp.Quadruples = append(fp.Quadruples, fpuzzles.Quadruple{Cells: fcells(r.Cells), Values: r.Values})
		case variant.XSum:
			fp.XSums = append(fp.XSums, fpuzzles.Clue{Cell: edgeClue(r.Column, r.Index, r.Reverse, n), Value: r.Sum})
		case variant.Skyscraper:
			fp.Skyscrapers = append(fp.Skyscrapers, fpuzzles.Clue{Cell: edgeClue(r.Column, r.Index, r.Reverse, n), Value: r.Count})
		case variant.Extremum:
			if r.Max {
				fp.Maximums = append(fp.Maximums, fpuzzles.Clue{Cell: fcell(r.Cell)})
			} else {
				fp.Minimums = append(fp.Minimums, fpuzzles.Clue{Cell: fcell(r.Cell)})
			}
		case variant.Clone:
			fp.Clones = append(fp.Clones, fpuzzles.Clone{Cells: fcells(r.Cells), CloneCells: fcells(r.Clones)})
		case variant.Indexer:
			x := fpuzzles.Cage{Cells: fcells(r.Cells)}
			switch {
			case r.Box:
				fp.BoxIndexers = append(fp.BoxIndexers, x)
			case r.Column:
				fp.ColIndexers = append(fp.ColIndexers, x)
			default:
				fp.RowIndexers = append(fp.RowIndexers, x)
			}
		case variant.Marks:
			gc := &fp.Grid[r.Cell.Row-1][r.Cell.Col-1]
			if gc.Value != 0 || len(gc.Marks) > 0 {
				return nil, bad("a cell with a given or other marks holds no pencil marks in f-puzzles")
			}
			gc.Marks = r.Values
		default:
			return nil, bad("an unknown kind " + rule.Kind())
		}
	}
	// The model reads "nonconsecutive" with white dots as their negative
	// rule: a NonConsecutive rule beside white dots would change meaning.
	if fp.NonConsecutive && len(fp.Differences) > 0 {
		for k, rule := range p.Rules {
			if _, ok := rule.(variant.NonConsecutive); ok {
				return nil, &variant.RuleError{Rule: k, Name: rule.String(), Err: fmt.Errorf("%w: beside white dots f-puzzles reads it as \"all white dots given\"", ErrNoFPuzzles)}
			}
		}
	}
	return fp, nil
}

func equal(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func touch(a, b variant.Cell) bool {
	dr, dc := a.Row-b.Row, a.Col-b.Col
	return a != b && dr >= -1 && dr <= 1 && dc >= -1 && dc <= 1
}

// windows returns the windoku windows of a grid of side k*k: k x k cells
// starting one cell in from each box corner.
func windows(n int) [][]fpuzzles.Cell {
	k := 0
	for k*k < n {
		k++
	}
	var out [][]fpuzzles.Cell
	for wr := 0; wr < k-1; wr++ {
		for wc := 0; wc < k-1; wc++ {
			var w []fpuzzles.Cell
			for r := range k {
				for c := range k {
					w = append(w, fpuzzles.Cell{Row: 2 + wr*(k+1) + r, Col: 2 + wc*(k+1) + c})
				}
			}
			out = append(out, w)
		}
	}
	return out
}

// littleKiller finds the clue outside the grid from which l's diagonal runs.
func littleKiller(l variant.LittleKiller, n int) (fpuzzles.LittleKiller, bool) {
	dirs := []struct {
		name   string
		dr, dc int
	}{{"DR", 1, 1}, {"DL", 1, -1}, {"UR", -1, 1}, {"UL", -1, -1}}
	for _, d := range dirs {
		if len(l.Cells) > 1 && (l.Cells[1].Row-l.Cells[0].Row != d.dr || l.Cells[1].Col-l.Cells[0].Col != d.dc) {
			continue
		}
		clue := fpuzzles.Cell{Row: l.Cells[0].Row - d.dr, Col: l.Cells[0].Col - d.dc}
		lk := fpuzzles.LittleKiller{Clue: clue, Direction: d.name, Sum: l.Sum}
		if clue.Row >= 1 && clue.Row <= n && clue.Col >= 1 && clue.Col <= n {
			continue // the clue must sit outside the grid
		}
		line := lk.Line(n)
		if len(line) != len(l.Cells) {
			continue
		}
		same := true
		for i, c := range line {
			same = same && c == fcell(l.Cells[i])
		}
		if same {
			return lk, true
		}
	}
	return fpuzzles.LittleKiller{}, false
}

// Link returns an f-puzzles link to p.
func Link(p *variant.Puzzle) (string, error) {
	data, err := WriteFPuzzles(p)
	if err != nil {
		return "", err
	}
	return "https://www.f-puzzles.com/?load=" + lzstring.CompressToBase64(string(data)), nil
}

// ErrNotLink is wrapped by the error for a text that holds no f-puzzles
// puzzle link.
var ErrNotLink = errors.New("not an f-puzzles or SudokuPad f-puzzles link")

// ReadLink reads the puzzle of an f-puzzles link (".../?load=<data>"), a
// SudokuPad link (any form ReadSudokuPad reads) or the
// <data> alone: the LZ-string base64 compression of f-puzzles JSON. URL
// escapes (%2B, %2F, %3D) are undone. Errors locate the fault in the JSON
// text the link holds.
func ReadLink(s string) (*variant.Puzzle, error) {
	if p, ok, err := readOtherLink(s); ok {
		return p, err // SudokuPad's forms, short links (sudokupad.go)
	}
	data, err := LinkData(s)
	if err != nil {
		return nil, err
	}
	return ReadFPuzzles([]byte(data))
}

// LinkData returns the f-puzzles JSON that a link holds (see ReadLink).
func LinkData(s string) (string, error) {
	s = strings.TrimSpace(s)
	switch {
	case strings.Contains(s, "?load="):
		s = s[strings.Index(s, "?load=")+len("?load="):]
	case strings.Contains(s, "/fpuzzles"):
		s = s[strings.Index(s, "/fpuzzles")+len("/fpuzzles"):]
	case strings.Contains(s, "://"):
		return "", ErrNotLink
	}
	if i := strings.IndexAny(s, "&#"); i >= 0 {
		s = s[:i]
	}
	s = strings.NewReplacer("%2B", "+", "%2b", "+", "%2F", "/", "%2f", "/", "%3D", "=", "%3d", "=").Replace(s)
	json, err := lzstring.DecompressFromBase64(s)
	if err != nil {
		return "", fmt.Errorf("%w: %w", ErrNotLink, err)
	}
	if !strings.HasPrefix(strings.TrimSpace(json), "{") {
		return "", fmt.Errorf("%w: it holds no JSON object", ErrNotLink)
	}
	return json, nil
}
