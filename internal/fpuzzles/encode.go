package fpuzzles

import (
	"bytes"
	"encoding/json"
	"strconv"
)

// Encode writes p as one line of f-puzzles JSON (no line break), with the
// keys in a fixed order: size, title, author, ruleset, grid, the rules,
// solution. Empty rules and metadata are left out; a cell's "region" is
// written where it is set (Region >= 0). [Puzzle.Cosmetic] is not written.
// Decode(Encode(p)) gives p back, but for Cosmetic and the offsets.
func Encode(p *Puzzle) []byte {
	w := writer{size: p.Size}
	w.b.WriteString(`{"size":`)
	w.b.WriteString(strconv.Itoa(p.Size))
	for _, k := range keys {
		k.encode(&w, p)
	}
	w.b.WriteByte('}')
	return w.b.Bytes()
}

// grid writes "grid", every row.
func (w *writer) grid(g [][]GridCell) {
	w.b.WriteByte('[')
	for r, row := range g {
		w.sep(r)
		w.b.WriteByte('[')
		for c, gc := range row {
			w.sep(c)
			w.gridCell(gc)
		}
		w.b.WriteByte(']')
	}
	w.b.WriteByte(']')
}

// negative writes the rule keys of "negative".
func (w *writer) negative(p *Puzzle) {
	var names []string
	if p.NegativeRatio {
		names = append(names, `"ratio"`)
	}
	if p.NegativeXV {
		names = append(names, `"xv"`)
	}
	w.b.WriteByte('[')
	for i, n := range names {
		w.sep(i)
		w.b.WriteString(n)
	}
	w.b.WriteByte(']')
}

// solution writes "solution", null for an unknown cell.
func (w *writer) solution(sol []int) {
	w.b.WriteByte('[')
	for i, v := range sol {
		w.sep(i)
		if v == 0 {
			w.b.WriteString("null")
		} else {
			w.b.WriteString(strconv.Itoa(v))
		}
	}
	w.b.WriteByte(']')
}

// writer builds the JSON of a puzzle of side size.
type writer struct {
	b    bytes.Buffer
	size int
}

func (w *writer) key(k string) {
	w.b.WriteByte(',')
	w.str(k)
	w.b.WriteByte(':')
}

func (w *writer) sep(i int) {
	if i > 0 {
		w.b.WriteByte(',')
	}
}

func (w *writer) str(s string) {
	var b bytes.Buffer
	e := json.NewEncoder(&b)
	e.SetEscapeHTML(false)
	_ = e.Encode(s) // a string always encodes
	w.b.Write(bytes.TrimSuffix(b.Bytes(), []byte("\n")))
}

// sum writes a sum as f-puzzles does, a string ("" for none).
func (w *writer) sum(v int) {
	if v == 0 {
		w.b.WriteString(`""`)
		return
	}
	w.b.WriteString(`"` + strconv.Itoa(v) + `"`)
}

func (w *writer) cell(c Cell) { w.b.WriteString(`"` + c.String() + `"`) }

func (w *writer) cellList(cells []Cell) {
	w.b.WriteByte('[')
	for i, c := range cells {
		w.sep(i)
		w.cell(c)
	}
	w.b.WriteByte(']')
}

func (w *writer) lineList(lines [][]Cell) {
	w.b.WriteByte('[')
	for i, l := range lines {
		w.sep(i)
		w.cellList(l)
	}
	w.b.WriteByte(']')
}

func (w *writer) ints(vs []int) {
	w.b.WriteByte('[')
	for i, v := range vs {
		w.sep(i)
		w.b.WriteString(strconv.Itoa(v))
	}
	w.b.WriteByte(']')
}

func (w *writer) gridCell(gc GridCell) {
	w.b.WriteByte('{')
	n := 0
	field := func(k string) {
		w.sep(n)
		n++
		w.str(k)
		w.b.WriteByte(':')
	}
	if gc.Value != 0 {
		field("value")
		w.b.WriteString(strconv.Itoa(gc.Value))
	}
	if gc.Given {
		field("given")
		w.b.WriteString("true")
	}
	if gc.Region >= 0 {
		field("region")
		w.b.WriteString(strconv.Itoa(gc.Region))
	}
	if len(gc.Center) > 0 {
		field("centerPencilMarks")
		w.ints(gc.Center)
	}
	if len(gc.Corner) > 0 {
		field("cornerPencilMarks")
		w.ints(gc.Corner)
	}
	if len(gc.Marks) > 0 {
		field("givenPencilMarks")
		w.ints(gc.Marks)
	}
	if gc.Parity != "" {
		field("parity")
		w.str(gc.Parity)
	}
	w.b.WriteByte('}')
}

// cage writes a killer cage (sums) or an extra region.
func (w *writer) cage(c Cage, sums bool) {
	w.b.WriteString(`{"cells":`)
	w.cellList(c.Cells)
	if sums {
		w.b.WriteString(`,"value":`)
		w.sum(c.Sum)
	}
	w.b.WriteByte('}')
}

// littleKiller writes a little killer clue with the cells of its diagonal.
func (w *writer) littleKiller(lk LittleKiller) {
	w.b.WriteString(`{"cell":`)
	w.cell(lk.Clue)
	w.b.WriteString(`,"cells":`)
	w.cellList(lk.Line(w.size))
	w.b.WriteString(`,"direction":`)
	w.str(lk.Direction)
	w.b.WriteString(`,"value":`)
	w.sum(lk.Sum)
	w.b.WriteByte('}')
}

// clue writes an odd or even cell, or a sandwich sum (values).
func (w *writer) clue(c Clue, values bool) {
	w.b.WriteString(`{"cell":`)
	w.cell(c.Cell)
	if values {
		w.b.WriteString(`,"value":`)
		w.b.WriteString(`"` + strconv.Itoa(c.Value) + `"`)
	}
	w.b.WriteByte('}')
}

// line writes a line object (a thermometer, whispers ...), with its value
// if it has one.
func (w *writer) line(l Lines) {
	w.b.WriteString(`{"lines":`)
	w.lineList(l.Lines)
	if l.Value != 0 {
		w.b.WriteString(`,"value":"` + strconv.Itoa(l.Value) + `"`)
	}
	w.b.WriteByte('}')
}

// arrow writes an arrow: its circle and its lines.
func (w *writer) arrow(a Arrow) {
	w.b.WriteString(`{"cells":`)
	w.cellList(a.Circle)
	w.b.WriteString(`,"lines":`)
	w.lineList(a.Lines)
	w.b.WriteByte('}')
}

// dot writes a kropki dot, or an XV mark (xv).
func (w *writer) dot(d Dot, xv bool) {
	w.b.WriteString(`{"cells":`)
	w.cellList(d.Cells[:])
	switch {
	case xv && d.Value == 10:
		w.b.WriteString(`,"value":"X"`)
	case xv:
		w.b.WriteString(`,"value":"V"`)
	default:
		w.b.WriteString(`,"value":"` + strconv.Itoa(d.Value) + `"`)
	}
	w.b.WriteByte('}')
}

// quadruple writes a quadruple clue.
func (w *writer) quadruple(q Quadruple) {
	w.b.WriteString(`{"cells":`)
	w.cellList(q.Cells)
	w.b.WriteString(`,"values":`)
	w.ints(q.Values)
	w.b.WriteByte('}')
}

// clone writes a clone rule.
func (w *writer) clone(c Clone) {
	w.b.WriteString(`{"cells":`)
	w.cellList(c.Cells)
	w.b.WriteString(`,"cloneCells":`)
	w.cellList(c.CloneCells)
	w.b.WriteByte('}')
}
