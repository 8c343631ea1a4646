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
	var w writer
	w.b.WriteString(`{"size":`)
	w.b.WriteString(strconv.Itoa(p.Size))
	for _, kv := range []struct{ k, v string }{{"title", p.Title}, {"author", p.Author}, {"ruleset", p.Ruleset}} {
		if kv.v != "" {
			w.key(kv.k)
			w.str(kv.v)
		}
	}
	w.key("grid")
	w.b.WriteByte('[')
	for r, row := range p.Grid {
		w.sep(r)
		w.b.WriteByte('[')
		for c, gc := range row {
			w.sep(c)
			w.gridCell(gc)
		}
		w.b.WriteByte(']')
	}
	w.b.WriteByte(']')
	for _, f := range []struct {
		k string
		v bool
	}{{"diagonal+", p.DiagonalPlus}, {"diagonal-", p.DiagonalMinus}, {"antiknight", p.AntiKnight},
		{"antiking", p.AntiKing}, {"disjointgroups", p.DisjointGroups}, {"nonconsecutive", p.NonConsecutive}} {
		if f.v {
			w.key(f.k)
			w.b.WriteString("true")
		}
	}
	if p.NegativeRatio || p.NegativeXV {
		w.key("negative")
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
	w.cages("killercage", p.KillerCages, true)
	w.cages("extraregion", p.ExtraRegions, false)
	if len(p.LittleKillers) > 0 {
		w.key("littlekillersum")
		w.b.WriteByte('[')
		for i, lk := range p.LittleKillers {
			w.sep(i)
			w.b.WriteString(`{"cell":`)
			w.cell(lk.Clue)
			w.b.WriteString(`,"cells":`)
			w.cellList(lk.Line(p.Size))
			w.b.WriteString(`,"direction":`)
			w.str(lk.Direction)
			w.b.WriteString(`,"value":`)
			w.sum(lk.Sum)
			w.b.WriteByte('}')
		}
		w.b.WriteByte(']')
	}
	w.clues("sandwichsum", p.Sandwiches, true)
	w.clues("odd", p.Odd, false)
	w.clues("even", p.Even, false)
	w.lines("thermometer", p.Thermometers)
	w.lines("palindrome", p.Palindromes)
	w.lines("renban", p.Renbans)
	w.lines("whispers", p.Whispers)
	if len(p.Arrows) > 0 {
		w.key("arrow")
		w.b.WriteByte('[')
		for i, a := range p.Arrows {
			w.sep(i)
			w.b.WriteString(`{"cells":`)
			w.cellList(a.Circle)
			w.b.WriteString(`,"lines":`)
			w.lineList(a.Lines)
			w.b.WriteByte('}')
		}
		w.b.WriteByte(']')
	}
	w.dots("difference", p.Differences, 1)
	w.dots("ratio", p.Ratios, 2)
	w.dots("xv", p.XV, 0)
	if p.Solution != nil {
		w.key("solution")
		w.b.WriteByte('[')
		for i, v := range p.Solution {
			w.sep(i)
			if v == 0 {
				w.b.WriteString("null")
			} else {
				w.b.WriteString(strconv.Itoa(v))
			}
		}
		w.b.WriteByte(']')
	}
	w.b.WriteByte('}')
	return w.b.Bytes()
}

type writer struct{ b bytes.Buffer }

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
	w.b.WriteByte('}')
}

func (w *writer) cages(key string, cages []Cage, sums bool) {
	if len(cages) == 0 {
		return
	}
	w.key(key)
	w.b.WriteByte('[')
	for i, c := range cages {
		w.sep(i)
		w.b.WriteString(`{"cells":`)
		w.cellList(c.Cells)
		if sums {
			w.b.WriteString(`,"value":`)
			w.sum(c.Sum)
		}
		w.b.WriteByte('}')
	}
	w.b.WriteByte(']')
}

func (w *writer) clues(key string, clues []Clue, values bool) {
	if len(clues) == 0 {
		return
	}
	w.key(key)
	w.b.WriteByte('[')
	for i, c := range clues {
		w.sep(i)
		w.b.WriteString(`{"cell":`)
		w.cell(c.Cell)
		if values {
			w.b.WriteString(`,"value":`)
			w.b.WriteString(`"` + strconv.Itoa(c.Value) + `"`)
		}
		w.b.WriteByte('}')
	}
	w.b.WriteByte(']')
}

func (w *writer) lines(key string, ls []Lines) {
	if len(ls) == 0 {
		return
	}
	w.key(key)
	w.b.WriteByte('[')
	for i, l := range ls {
		w.sep(i)
		w.b.WriteString(`{"lines":`)
		w.lineList(l.Lines)
		w.b.WriteByte('}')
	}
	w.b.WriteByte(']')
}

func (w *writer) dots(key string, dots []Dot, def int) {
	if len(dots) == 0 {
		return
	}
	w.key(key)
	w.b.WriteByte('[')
	for i, d := range dots {
		w.sep(i)
		w.b.WriteString(`{"cells":`)
		w.cellList(d.Cells[:])
		switch {
		case def == 0 && d.Value == 10:
			w.b.WriteString(`,"value":"X"`)
		case def == 0:
			w.b.WriteString(`,"value":"V"`)
		default:
			w.b.WriteString(`,"value":"` + strconv.Itoa(d.Value) + `"`)
		}
		w.b.WriteByte('}')
	}
	w.b.WriteByte(']')
}
