// Package fpuzzles reads and writes the JSON of f-puzzles
// (https://www.f-puzzles.com), the interchange format of variant Sudoku,
// which SudokuPad imports too. It knows the format's shape only: the
// rules' meaning and checks belong to package variant.
//
// A puzzle is one JSON object:
//
//	{"size": 9,
//	 "grid": [[{"value": 5, "given": true}, {"region": 0}, {}, ...], ...],
//	 "killercage": [{"cells": ["R1C1", "R1C2"], "value": "10"}],
//	 "diagonal+": true, ...}
//
// "grid" has size rows of size cells; a cell may hold "value" (a digit,
// "given" when it is a clue rather than a player's entry), "region" (the
// 0-based index of its region, where it differs from the box), pencil
// marks ("centerPencilMarks", "cornerPencilMarks"), and two rules:
// "givenPencilMarks" (the cell holds one of them) and "parity" ("odd" or
// "even"). Cells are named
// "R<row>C<column>" from R1C1; clues outside the grid (little killer,
// sandwich) use row or column 0 or size+1.
//
// The rules read, by key: "killercage" (cells, optional "value" sum),
// "littlekillersum" (an outside "cell", "direction" DR/DL/UR/UL, "value"),
// "thermometer", "palindrome", "renban", "whispers" ("lines": lists of
// cells, a thermometer's from its bulb; whispers may have a "value", the
// least difference), the line rules "regionsumline", "entropicline",
// "modularline", "lockout", "zipperline", "betweenline", "nabner" and
// "doublearrow" (the same "lines"), "arrow" ("cells" of the circle and
// "lines" each starting in the circle), "difference" and "ratio" (kropki
// dots: two adjacent "cells", optional "value", 1 and 2 by default), "xv"
// ("value" X or V), "odd" and "even" ("cell"), "sandwichsum" (an outside
// "cell" and "value"), "extraregion" ("cells"), the switches "diagonal+"
// (bottom left to top right), "diagonal-", "antiknight", "antiking",
// "disjointgroups", "nonconsecutive", "negative" (a list of "ratio"
// and "xv": every pair of neighbours without such a dot is not one),
// "quadruple" ("cells" and the "values" they hold), "xsum" and
// "skyscraper" (an outside "cell" and "value"), "minimum" and "maximum"
// ("cell"), "clone" ("cells" and "cloneCells"), and "rowindexer",
// "columnindexer" and "boxindexer" ("cells").
//
// Keys that only draw ("title", "author", "ruleset", "solution", "cage",
// "text", "line", "rectangle", "circle", "successMessage", cell colours
// and highlights, and a few settings of the f-puzzles page) are read and listed in [Puzzle.Cosmetic] where
// they make no rule. Any other key that says something (not null, false,
// "" or empty) is an error naming it: no rule is ever dropped silently.
//
// Each key is one row of the table in keys.go: its name, how to read it
// and how to write it; a rule given as an array of objects reads and
// writes one object per call. A new rule is a field in [Puzzle] and a row.
package fpuzzles

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// MaxSize is the largest grid side read.
const MaxSize = 64

// A Cell is a cell's place, rows and columns from 1 as in its name R1C1.
// Row or column 0 or size+1 is outside the grid, where little killer and
// sandwich clues sit.
type Cell struct{ Row, Col int }

// String returns the f-puzzles name of c, "R1C1".
func (c Cell) String() string { return fmt.Sprintf("R%dC%d", c.Row, c.Col) }

// A GridCell is one entry of "grid".
type GridCell struct {
	Value  int   // 0 for none
	Given  bool  // Value is a clue, not a player's entry
	Region int   // 0-based region index; -1 where the key is absent (the box)
	Center []int // centre pencil marks
	Corner []int // corner pencil marks
	Marks  []int // "givenPencilMarks": the cell holds one of them (a rule)
	// Parity is the cell key "parity": "odd" or "even" (a rule, as the
	// top-level "odd" and "even"), "" for none.
	Parity string
}

// A Cage is a killer cage, an extra region or an f-puzzles object with
// cells and an optional value.
type Cage struct {
	Cells []Cell
	Sum   int // 0 for none
	Off   int // byte offset of its object
}

// A LittleKiller is a sum along a diagonal, from a clue outside the grid.
type LittleKiller struct {
	Clue      Cell
	Direction string // "DR", "DL", "UR" or "UL": the way the diagonal runs
	Sum       int    // 0 for none (the clue makes no rule)
	Off       int
}

// Line returns the cells of l's diagonal inside a size x size grid, from
// the clue outward.
func (l LittleKiller) Line(size int) []Cell {
	dr, dc := 1, 1
	if l.Direction[0] == 'U' {
		dr = -1
	}
	if l.Direction[1] == 'L' {
		dc = -1
	}
	var cells []Cell
	for c := (Cell{l.Clue.Row + dr, l.Clue.Col + dc}); inGrid(c, size); c = (Cell{c.Row + dr, c.Col + dc}) {
		cells = append(cells, c)
	}
	return cells
}

// A Lines value is one f-puzzles line object: a thermometer, palindrome,
// renban or whispers line, which may branch into several lines.
type Lines struct {
	Lines [][]Cell
	Value int // a whispers line's "value", its least difference; 0 for none
	Off   int
}

// An Arrow is a circle (one cell or a pill of several) and its arrows;
// each line starts in the circle, as f-puzzles writes it.
type Arrow struct {
	Circle []Cell
	Lines  [][]Cell
	Off    int
}

// A Dot is a kropki dot or an XV mark between two orthogonal neighbours.
type Dot struct {
	Cells [2]Cell
	Value int // the difference or ratio; 10 for X and 5 for V
	Off   int
}

// A Clue is an odd or even cell, or a sandwich sum outside the grid.
type Clue struct {
	Cell  Cell
	Value int // a sandwich's sum
	Off   int
}

// A Quadruple is a quadruple clue: the values its cells hold.
type Quadruple struct {
	Cells  []Cell
	Values []int
	Off    int
}

// A Clone is a clone rule: Cells[k] holds the value of CloneCells[k].
type Clone struct {
	Cells, CloneCells []Cell
	Off               int
}

// Puzzle is an f-puzzles puzzle: the grid, the rules and the metadata.
type Puzzle struct {
	Size                   int
	Grid                   [][]GridCell // Size rows of Size cells
	Title, Author, Ruleset string
	Solution               []int // "solution", row by row, if given

	DiagonalPlus   bool // "diagonal+": bottom left to top right
	DiagonalMinus  bool // "diagonal-": top left to bottom right
	AntiKnight     bool
	AntiKing       bool
	DisjointGroups bool
	NonConsecutive bool
	NegativeRatio  bool // "negative" holds "ratio": every black dot is given
	NegativeXV     bool // "negative" holds "xv": every X and V is given

	KillerCages   []Cage
	ExtraRegions  []Cage
	LittleKillers []LittleKiller
	Sandwiches    []Clue
	Odd, Even     []Clue
	Thermometers  []Lines
	Palindromes   []Lines
	Renbans       []Lines
	Whispers      []Lines
	Arrows        []Arrow
	Differences   []Dot
	Ratios        []Dot
	XV            []Dot
	Quadruples    []Quadruple
	XSums         []Clue // outside the grid, with a value
	Skyscrapers   []Clue // outside the grid, with a value
	Minimums      []Clue
	Maximums      []Clue
	Clones        []Clone
	RowIndexers   []Cage // cells only
	ColIndexers   []Cage
	BoxIndexers   []Cage

	// The line rules of f-puzzles' newer constraints, a field a key:
	// "regionsumline", "entropicline", "modularline", "lockout",
	// "zipperline", "betweenline", "nabner", "doublearrow".
	RegionSumLines, EntropicLines, ModularLines, Lockouts []Lines
	ZipperLines, BetweenLines, Nabners, DoubleArrows      []Lines

	// Cosmetic lists the keys read that draw but make no rule, in order.
	Cosmetic []string
}

// An Error is f-puzzles JSON that cannot be read: Line and Column (1-based,
// the column in bytes) locate it in the text given to [Decode], Path names
// the value ("killercage[2].cells[0]", empty for JSON syntax).
type Error struct {
	Line, Column int
	Path         string
	Err          error
}

func (e *Error) Error() string {
	if e.Path == "" {
		return fmt.Sprintf("line %d, column %d: %v", e.Line, e.Column, e.Err)
	}
	return fmt.Sprintf("line %d, column %d: %s: %v", e.Line, e.Column, e.Path, e.Err)
}

func (e *Error) Unwrap() error { return e.Err }

// ErrUnsupported is wrapped by the error for a key that makes a rule this
// package does not read; the error names the key.
var ErrUnsupported = errors.New("not supported")

// cosmetic are the top-level keys that make no rule. "cage" is f-puzzles'
// drawn cage (the rule cage is "killercage").
var cosmetic = map[string]bool{
	"cage": true, "text": true, "line": true, "rectangle": true, "circle": true,
	"disabledlogic": true, "truecandidatesoptions": true, "highlightConflicts": true,
	"version": true, "successMessage": true,
}

// cellCosmetic are the grid-cell keys that make no rule.
var cellCosmetic = map[string]bool{"c": true, "cArray": true, "highlight": true, "highlightArray": true, "candidates": true}

// decoder walks the tree, remembering the path for errors.
type decoder struct {
	data []byte
	size int
}

// errAt returns an *Error at n's offset.
func (d *decoder) errAt(n *node, path string, format string, args ...any) error {
	return d.wrapAt(n.off, path, fmt.Errorf(format, args...))
}

func (d *decoder) wrapAt(off int, path string, err error) error {
	line, col := 1, 1
	if off > len(d.data) {
		off = len(d.data)
	}
	for _, b := range d.data[:off] {
		if b == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
	}
	return &Error{Line: line, Column: col, Path: path, Err: err}
}

// Decode reads one f-puzzles JSON object. Every error is an [*Error].
func Decode(data []byte) (*Puzzle, error) {
	d := &decoder{data: data}
	root, err := parseTree(data)
	if err != nil {
		var se *syntaxError
		errors.As(err, &se)
		return nil, d.wrapAt(se.off, "", se.err)
	}
	if root.kind != kObject {
		return nil, d.errAt(root, "", "an f-puzzles puzzle is an object, not %v", root.kind)
	}
	p := &Puzzle{}
	sizeNode := root.get("size")
	if sizeNode == nil {
		return nil, d.errAt(root, "", `no "size"`)
	}
	if p.Size, err = d.integer(sizeNode, "size"); err != nil {
		return nil, err
	}
	if p.Size < 1 || p.Size > MaxSize {
		return nil, d.errAt(sizeNode, "size", "%d is not a grid side from 1 to %d", p.Size, MaxSize)
	}
	d.size = p.Size
	if root.get("grid") == nil {
		return nil, d.errAt(root, "", `no "grid"`)
	}
	for i, key := range root.keys {
		v := root.vals[i]
		if err := d.field(p, key, v); err != nil {
			return nil, err
		}
	}
	return p, nil
}

// field reads one top-level key into p: by its row in keys, or as a
// cosmetic key, or as an error for a key that makes a rule we lack.
func (d *decoder) field(p *Puzzle, key string, v *node) error {
	if key == "size" {
		return nil // read first, by Decode
	}
	if k := keyNamed(key); k != nil {
		return k.decode(d, p, v)
	}
	if cosmetic[key] {
		if !v.empty() {
			p.Cosmetic = append(p.Cosmetic, key)
		}
		return nil
	}
	if v.empty() {
		return nil // an unknown key that says nothing makes no rule
	}
	return d.wrapAt(v.off, key, fmt.Errorf("the f-puzzles rule %q is %w", key, ErrUnsupported))
}

func (d *decoder) str(n *node, path string) (string, error) {
	if n.kind == kNull {
		return "", nil
	}
	if n.kind != kString {
		return "", d.errAt(n, path, "want a string, not %v", n.kind)
	}
	return n.s, nil
}

func (d *decoder) boolean(n *node, path string) (bool, error) {
	if n.kind == kNull {
		return false, nil
	}
	if n.kind != kBool {
		return false, d.errAt(n, path, "want true or false, not %v", n.kind)
	}
	return n.b, nil
}

// integer reads a whole number, written as a number or a numeric string.
func (d *decoder) integer(n *node, path string) (int, error) {
	if n.kind != kNumber && n.kind != kString {
		return 0, d.errAt(n, path, "want a whole number, not %v", n.kind)
	}
	v, err := strconv.Atoi(strings.TrimSpace(n.s))
	if err != nil || v < -1<<20 || v > 1<<20 {
		return 0, d.errAt(n, path, "%q is not a whole number", n.s)
	}
	return v, nil
}

// optSum reads an optional sum: absent, null or "" is 0.
func (d *decoder) optSum(n *node, path string) (int, error) {
	if n == nil || n.kind == kNull || n.kind == kString && strings.TrimSpace(n.s) == "" {
		return 0, nil
	}
	v, err := d.integer(n, path)
	if err == nil && v < 0 {
		err = d.errAt(n, path, "a sum of %d is below 0", v)
	}
	return v, err
}

func (d *decoder) array(n *node, path string) ([]*node, error) {
	if n.kind == kNull {
		return nil, nil
	}
	if n.kind != kArray {
		return nil, d.errAt(n, path, "want an array, not %v", n.kind)
	}
	return n.items, nil
}

// object checks that n is an object with only the keys allowed.
func (d *decoder) object(n *node, path string, allowed ...string) error {
	if n.kind != kObject {
		return d.errAt(n, path, "want an object, not %v", n.kind)
	}
next:
	for i, k := range n.keys {
		for _, a := range allowed {
			if k == a {
				continue next
			}
		}
		return d.errAt(n.vals[i], path+"."+k, "the key %q is not part of this rule", k)
	}
	return nil
}

// cell reads a cell name; outside allows row or column 0 or size+1.
func (d *decoder) cell(n *node, path string, outside bool) (Cell, error) {
	if n.kind != kString {
		return Cell{}, d.errAt(n, path, "want a cell name like \"R1C1\", not %v", n.kind)
	}
	c, ok := parseCell(n.s)
	if !ok {
		return Cell{}, d.errAt(n, path, "%q is not a cell name like \"R1C1\"", n.s)
	}
	if outside {
		if !onBorder(c, d.size) {
			return Cell{}, d.errAt(n, path, "%s is not just outside the %dx%d grid", c, d.size, d.size)
		}
	} else if !inGrid(c, d.size) {
		return Cell{}, d.errAt(n, path, "%s is outside the %dx%d grid", c, d.size, d.size)
	}
	return c, nil
}

func parseCell(s string) (Cell, bool) {
	s = strings.ToUpper(s)
	if len(s) < 4 || s[0] != 'R' {
		return Cell{}, false
	}
	r, c, ok := strings.Cut(s[1:], "C")
	if !ok {
		return Cell{}, false
	}
	row, err1 := strconv.Atoi(r)
	col, err2 := strconv.Atoi(c)
	if err1 != nil || err2 != nil || r[0] == '+' || c[0] == '+' || row < 0 || col < 0 || row > MaxSize+1 || col > MaxSize+1 {
		return Cell{}, false
	}
	return Cell{row, col}, true
}

func inGrid(c Cell, size int) bool {
	return c.Row >= 1 && c.Row <= size && c.Col >= 1 && c.Col <= size
}

// onBorder reports whether c is in the ring of cells around the grid.
func onBorder(c Cell, size int) bool {
	if c.Row < 0 || c.Col < 0 || c.Row > size+1 || c.Col > size+1 || inGrid(c, size) {
		return false
	}
	return true
}

// cellList reads an array of distinct cell names inside the grid.
func (d *decoder) cellList(n *node, path string) ([]Cell, error) {
	items, err := d.array(n, path)
	if err != nil {
		return nil, err
	}
	cells := make([]Cell, 0, len(items))
	seen := map[Cell]bool{}
	for i, it := range items {
		c, err := d.cell(it, fmt.Sprintf("%s[%d]", path, i), false)
		if err != nil {
			return nil, err
		}
		if seen[c] {
			return nil, d.errAt(it, fmt.Sprintf("%s[%d]", path, i), "%s appears twice", c)
		}
		seen[c] = true
		cells = append(cells, c)
	}
	return cells, nil
}

func (d *decoder) grid(n *node) ([][]GridCell, error) {
	rows, err := d.array(n, "grid")
	if err != nil {
		return nil, err
	}
	if len(rows) != d.size {
		return nil, d.errAt(n, "grid", "%d rows for a size of %d", len(rows), d.size)
	}
	g := make([][]GridCell, d.size)
	for r, rowNode := range rows {
		path := fmt.Sprintf("grid[%d]", r)
		cells, err := d.array(rowNode, path)
		if err != nil {
			return nil, err
		}
		if len(cells) != d.size {
			return nil, d.errAt(rowNode, path, "%d cells in row %d for a size of %d", len(cells), r+1, d.size)
		}
		g[r] = make([]GridCell, d.size)
		for c, cn := range cells {
			if g[r][c], err = d.gridCell(cn, fmt.Sprintf("grid[%d][%d] (R%dC%d)", r, c, r+1, c+1)); err != nil {
				return nil, err
			}
		}
	}
	return g, nil
}

func (d *decoder) gridCell(n *node, path string) (GridCell, error) {
	gc := GridCell{Region: -1}
	if n.kind == kNull {
		return gc, nil
	}
	if n.kind != kObject {
		return gc, d.errAt(n, path, "want an object, not %v", n.kind)
	}
	var err error
	for i, k := range n.keys {
		v := n.vals[i]
		switch k {
		case "value":
			if v.kind == kNull || v.kind == kString && v.s == "" {
				continue
			}
			if gc.Value, err = d.integer(v, path+".value"); err != nil {
				return gc, err
			}
			if gc.Value < 0 || gc.Value > d.size {
				return gc, d.errAt(v, path+".value", "%d is not a digit from 1 to %d", gc.Value, d.size)
			}
		case "given":
			if gc.Given, err = d.boolean(v, path+".given"); err != nil {
				return gc, err
			}
		case "region":
			if v.kind == kNull {
				continue
			}
			if gc.Region, err = d.integer(v, path+".region"); err != nil {
				return gc, err
			}
			if gc.Region < -1 || gc.Region >= d.size {
				return gc, d.errAt(v, path+".region", "region %d is not from 0 to %d", gc.Region, d.size-1)
			}
		case "parity":
			if v.empty() {
				continue
			}
			p, err := d.str(v, path+".parity")
			if err != nil {
				return gc, err
			}
			if gc.Parity = strings.ToLower(p); gc.Parity != "odd" && gc.Parity != "even" {
				return gc, d.errAt(v, path+".parity", `a parity is "odd" or "even", not %q`, p)
			}
		case "centerPencilMarks", "cornerPencilMarks", "givenPencilMarks":
			marks, err := d.marks(v, path+"."+k)
			if err != nil {
				return gc, err
			}
			switch k {
			case "centerPencilMarks":
				gc.Center = marks
			case "cornerPencilMarks":
				gc.Corner = marks
			default:
				gc.Marks = marks
			}
		default:
			if !cellCosmetic[k] && !v.empty() {
				return gc, d.errAt(v, path+"."+k, "the cell key %q is %w", k, ErrUnsupported)
			}
		}
	}
	if gc.Given && gc.Value == 0 {
		return gc, d.errAt(n, path, "given but with no value")
	}
	return gc, nil
}

func (d *decoder) marks(n *node, path string) ([]int, error) {
	items, err := d.array(n, path)
	if err != nil {
		return nil, err
	}
	var marks []int
	for i, it := range items {
		v, err := d.integer(it, fmt.Sprintf("%s[%d]", path, i))
		if err != nil {
			return nil, err
		}
		if v < 1 || v > d.size {
			return nil, d.errAt(it, fmt.Sprintf("%s[%d]", path, i), "%d is not a digit from 1 to %d", v, d.size)
		}
		marks = append(marks, v)
	}
	return marks, nil
}

func (d *decoder) solution(n *node) ([]int, error) {
	items, err := d.array(n, "solution")
	if err != nil || items == nil {
		return nil, err
	}
	if len(items) != d.size*d.size {
		return nil, d.errAt(n, "solution", "%d values for %d cells", len(items), d.size*d.size)
	}
	sol := make([]int, len(items))
	for i, it := range items {
		if it.kind == kNull || it.kind == kString && (it.s == "" || it.s == ".") {
			continue // f-puzzles leaves unknown cells out as null or "."
		}
		v, err := d.integer(it, fmt.Sprintf("solution[%d]", i))
		if err != nil {
			return nil, err
		}
		if v < 0 || v > d.size {
			return nil, d.errAt(it, fmt.Sprintf("solution[%d]", i), "%d is not a digit from 1 to %d", v, d.size)
		}
		sol[i] = v
	}
	return sol, nil
}

func (d *decoder) negative(p *Puzzle, n *node) error {
	items, err := d.array(n, "negative")
	if err != nil {
		return err
	}
	for i, it := range items {
		path := fmt.Sprintf("negative[%d]", i)
		s, err := d.str(it, path)
		if err != nil {
			return err
		}
		switch s {
		case "ratio":
			p.NegativeRatio = true
		case "xv":
			p.NegativeXV = true
		default:
			return d.errAt(it, path, "the negative rule for %q is %w", s, ErrUnsupported)
		}
	}
	return nil
}

// cage reads one killer cage (sums) or extra region.
func (d *decoder) cage(it *node, path string, sums bool) (Cage, error) {
	allowed := []string{"cells", "value", "fontC", "outlineC"}
	if !sums {
		allowed = allowed[:1]
	}
	if err := d.object(it, path, allowed...); err != nil {
		return Cage{}, err
	}
	cellsNode := it.get("cells")
	if cellsNode == nil {
		return Cage{}, d.errAt(it, path, `no "cells"`)
	}
	cells, err := d.cellList(cellsNode, path+".cells")
	if err != nil {
		return Cage{}, err
	}
	if len(cells) == 0 {
		return Cage{}, d.errAt(cellsNode, path+".cells", "no cells")
	}
	sum, err := d.optSum(it.get("value"), path+".value")
	if err != nil {
		return Cage{}, err
	}
	return Cage{Cells: cells, Sum: sum, Off: it.off}, nil
}

// littleKiller reads one little killer clue.
func (d *decoder) littleKiller(it *node, path string) (LittleKiller, error) {
	lk := LittleKiller{Off: it.off}
	if err := d.object(it, path, "cell", "cells", "direction", "value"); err != nil {
		return lk, err
	}
	cn, dn := it.get("cell"), it.get("direction")
	if cn == nil || dn == nil {
		return lk, d.errAt(it, path, `want "cell" and "direction"`)
	}
	var err error
	if lk.Clue, err = d.cell(cn, path+".cell", true); err != nil {
		return lk, err
	}
	if lk.Direction, err = d.str(dn, path+".direction"); err != nil {
		return lk, err
	}
	switch lk.Direction {
	case "DR", "DL", "UR", "UL":
	default:
		return lk, d.errAt(dn, path+".direction", "%q is not DR, DL, UR or UL", lk.Direction)
	}
	line := lk.Line(d.size)
	if len(line) == 0 {
		return lk, d.errAt(dn, path+".direction", "from %s the diagonal %s misses the grid", lk.Clue, lk.Direction)
	}
	if cs := it.get("cells"); cs != nil && !cs.empty() {
		cells, err := d.cellList(cs, path+".cells")
		if err != nil {
			return lk, err
		}
		if !sameCells(cells, line) {
			return lk, d.errAt(cs, path+".cells", "the cells are not the diagonal %s from %s (%s)", lk.Direction, lk.Clue, cellNames(line))
		}
	}
	lk.Sum, err = d.optSum(it.get("value"), path+".value")
	return lk, err
}

func sameCells(a, b []Cell) bool {
	if len(a) != len(b) {
		return false
	}
	in := map[Cell]bool{}
	for _, c := range a {
		in[c] = true
	}
	for _, c := range b {
		if !in[c] {
			return false
		}
	}
	return true
}

func cellNames(cells []Cell) string {
	names := make([]string, len(cells))
	for i, c := range cells {
		names[i] = c.String()
	}
	return strings.Join(names, " ")
}

// clue reads an odd, even, minimum or maximum cell (a cell in the grid)
// or a clue outside the grid with a value (what: "sandwich", "x-sum",
// "skyscraper"; "" for a cell in the grid).
func (d *decoder) clue(it *node, path, what string) (Clue, error) {
	cl := Clue{Off: it.off}
	outside := what != ""
	allowed := []string{"cell"}
	if outside {
		allowed = append(allowed, "value")
	}
	if err := d.object(it, path, allowed...); err != nil {
		return cl, err
	}
	cn := it.get("cell")
	if cn == nil {
		return cl, d.errAt(it, path, `no "cell"`)
	}
	var err error
	if cl.Cell, err = d.cell(cn, path+".cell", outside); err != nil {
		return cl, err
	}
	if outside {
		if (cl.Cell.Row == 0 || cl.Cell.Row == d.size+1) == (cl.Cell.Col == 0 || cl.Cell.Col == d.size+1) {
			return cl, d.errAt(cn, path+".cell", "%s is a corner: a %s clue sits beside a row or above a column", cl.Cell, what)
		}
		vn := it.get("value")
		if vn == nil || vn.empty() && vn.kind != kNumber {
			return cl, d.errAt(it, path, "a %s clue with no value", what)
		}
		cl.Value, err = d.optSum(vn, path+".value")
	}
	return cl, err
}

// quadruple reads one quadruple clue: its cells and the values they hold.
func (d *decoder) quadruple(it *node, path string) (Quadruple, error) {
	q := Quadruple{Off: it.off}
	if err := d.object(it, path, "cells", "values"); err != nil {
		return q, err
	}
	cn, vn := it.get("cells"), it.get("values")
	if cn == nil || vn == nil {
		return q, d.errAt(it, path, `want "cells" and "values"`)
	}
	var err error
	if q.Cells, err = d.cellList(cn, path+".cells"); err != nil {
		return q, err
	}
	if len(q.Cells) == 0 {
		return q, d.errAt(cn, path+".cells", "no cells")
	}
	if q.Values, err = d.marks(vn, path+".values"); err != nil {
		return q, err
	}
	if len(q.Values) == 0 || len(q.Values) > len(q.Cells) {
		return q, d.errAt(vn, path+".values", "%d values for %d cells", len(q.Values), len(q.Cells))
	}
	return q, nil
}

// clone reads one clone rule: two lists of cells of one length.
func (d *decoder) clone(it *node, path string) (Clone, error) {
	c := Clone{Off: it.off}
	if err := d.object(it, path, "cells", "cloneCells"); err != nil {
		return c, err
	}
	cn, kn := it.get("cells"), it.get("cloneCells")
	if cn == nil || kn == nil {
		return c, d.errAt(it, path, `want "cells" and "cloneCells"`)
	}
	var err error
	if c.Cells, err = d.cellList(cn, path+".cells"); err != nil {
		return c, err
	}
	if c.CloneCells, err = d.cellList(kn, path+".cloneCells"); err != nil {
		return c, err
	}
	if len(c.Cells) == 0 || len(c.Cells) != len(c.CloneCells) {
		return c, d.errAt(kn, path+".cloneCells", "%d cells cloned to %d", len(c.Cells), len(c.CloneCells))
	}
	return c, nil
}

// line reads one line object: a thermometer, palindrome, renban ...
func (d *decoder) line(it *node, path string) (Lines, error) {
	return d.lineObject(it, path)
}

// lineObject reads the "lines" of a line object that may hold the keys
// more besides.
func (d *decoder) lineObject(it *node, path string, more ...string) (Lines, error) {
	if err := d.object(it, path, append([]string{"lines", "outlineC", "width", "isNewConstraint", "fromConstraint"}, more...)...); err != nil {
		return Lines{}, err
	}
	ln := it.get("lines")
	if ln == nil {
		return Lines{}, d.errAt(it, path, `no "lines"`)
	}
	ls, err := d.lineList(ln, path+".lines", 2)
	return Lines{Lines: ls, Off: it.off}, err
}

// valueLine reads one whispers object, whose "value" (optional) is the
// least difference of neighbours, 1 to size-1.
func (d *decoder) valueLine(it *node, path string) (Lines, error) {
	l, err := d.lineObject(it, path, "value")
	if err != nil {
		return l, err
	}
	vn := it.get("value")
	if l.Value, err = d.optSum(vn, path+".value"); err != nil {
		return l, err
	}
	if vn != nil && vn.kind == kNumber || l.Value != 0 {
		if l.Value < 1 || l.Value >= d.size {
			return l, d.errAt(vn, path+".value", "a difference of %d: want 1 to %d", l.Value, d.size-1)
		}
	}
	return l, nil
}

// lineList reads an array of lines of at least minLen cells, each cell the
// orthogonal or diagonal neighbour of the one before.
func (d *decoder) lineList(n *node, path string, minLen int) ([][]Cell, error) {
	items, err := d.array(n, path)
	if err != nil {
		return nil, err
	}
	if len(items) == 0 {
		return nil, d.errAt(n, path, "no lines")
	}
	var out [][]Cell
	for i, it := range items {
		lp := fmt.Sprintf("%s[%d]", path, i)
		cells, err := d.cellList(it, lp)
		if err != nil {
			return nil, err
		}
		if len(cells) < minLen {
			return nil, d.errAt(it, lp, "a line needs at least %d cells, not %d", minLen, len(cells))
		}
		for j := 1; j < len(cells); j++ {
			if !touch(cells[j-1], cells[j]) {
				return nil, d.errAt(it.items[j], fmt.Sprintf("%s[%d]", lp, j), "%s does not touch %s", cells[j], cells[j-1])
			}
		}
		out = append(out, cells)
	}
	return out, nil
}

// touch reports whether a and b are neighbours, diagonals included.
func touch(a, b Cell) bool {
	dr, dc := a.Row-b.Row, a.Col-b.Col
	return a != b && dr >= -1 && dr <= 1 && dc >= -1 && dc <= 1
}

// adjacent reports whether a and b are orthogonal neighbours.
func adjacent(a, b Cell) bool {
	dr, dc := a.Row-b.Row, a.Col-b.Col
	return dr*dr+dc*dc == 1
}

// arrow reads one arrow: its circle and its lines.
func (d *decoder) arrow(it *node, path string) (Arrow, error) {
	a := Arrow{Off: it.off}
	if err := d.object(it, path, "cells", "lines"); err != nil {
		return a, err
	}
	cn, ln := it.get("cells"), it.get("lines")
	if cn == nil || ln == nil {
		return a, d.errAt(it, path, `want "cells" (the circle) and "lines"`)
	}
	var err error
	if a.Circle, err = d.cellList(cn, path+".cells"); err != nil {
		return a, err
	}
	if len(a.Circle) == 0 {
		return a, d.errAt(cn, path+".cells", "an arrow with no circle")
	}
	if a.Lines, err = d.lineList(ln, path+".lines", 2); err != nil {
		return a, err
	}
	for j, l := range a.Lines {
		in := false
		for _, c := range a.Circle {
			in = in || c == l[0]
		}
		if !in {
			return a, d.errAt(ln.items[j], fmt.Sprintf("%s.lines[%d]", path, j), "the line starts at %s, outside the circle %s", l[0], cellNames(a.Circle))
		}
		for _, c := range l[1:] {
			for _, o := range a.Circle {
				if c == o {
					return a, d.errAt(ln.items[j], fmt.Sprintf("%s.lines[%d]", path, j), "the line goes back into the circle at %s", c)
				}
			}
		}
	}
	return a, nil
}

// dot reads one kropki dot of the rule key (def is its default value)
// or one XV mark (def 0: the value is X or V).
func (d *decoder) dot(it *node, path, key string, def int) (Dot, error) {
	if err := d.object(it, path, "cells", "value"); err != nil {
		return Dot{}, err
	}
	cn := it.get("cells")
	if cn == nil {
		return Dot{}, d.errAt(it, path, `no "cells"`)
	}
	cells, err := d.cellList(cn, path+".cells")
	if err != nil {
		return Dot{}, err
	}
	if len(cells) != 2 || !adjacent(cells[0], cells[1]) {
		return Dot{}, d.errAt(cn, path+".cells", "a dot sits between two orthogonal neighbours, not %s", cellNames(cells))
	}
	dot := Dot{Cells: [2]Cell{cells[0], cells[1]}, Value: def, Off: it.off}
	vn := it.get("value")
	if def == 0 {
		s := ""
		if vn != nil {
			if s, err = d.str(vn, path+".value"); err != nil {
				return dot, err
			}
		}
		switch strings.ToUpper(s) {
		case "X":
			dot.Value = 10
		case "V":
			dot.Value = 5
		default:
			return dot, d.errAt(it, path, `an XV mark is "X" or "V", not %q`, s)
		}
	} else if vn != nil && !(vn.kind == kString && vn.s == "") && vn.kind != kNull {
		if dot.Value, err = d.integer(vn, path+".value"); err != nil {
			return dot, err
		}
		if dot.Value < 1 || dot.Value > d.size {
			return dot, d.errAt(vn, path+".value", "a %s of %d: want 1 to %d", key, dot.Value, d.size)
		}
	}
	return dot, nil
}
