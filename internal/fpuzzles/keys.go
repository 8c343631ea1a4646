package fpuzzles

import "fmt"

// A key is one top-level key of the f-puzzles JSON that this package
// reads and writes, but "size" (read first and written first): its name,
// how Decode reads its value into a Puzzle and how Encode writes it.
type key struct {
	name   string
	decode func(d *decoder, p *Puzzle, v *node) error
	encode func(w *writer, p *Puzzle) // writes `,"name":value`, or nothing when p holds none
}

// keys has one row per key, in the order Encode writes them. A new rule
// is one row here, a field in Puzzle, and its item's reader and writer.
var keys = []key{
	textKey("title", func(p *Puzzle) *string { return &p.Title }),
	textKey("author", func(p *Puzzle) *string { return &p.Author }),
	textKey("ruleset", func(p *Puzzle) *string { return &p.Ruleset }),
	{"grid", func(d *decoder, p *Puzzle, v *node) (err error) { p.Grid, err = d.grid(v); return err },
		func(w *writer, p *Puzzle) { w.key("grid"); w.grid(p.Grid) }},
	flagKey("diagonal+", func(p *Puzzle) *bool { return &p.DiagonalPlus }),
	flagKey("diagonal-", func(p *Puzzle) *bool { return &p.DiagonalMinus }),
	flagKey("antiknight", func(p *Puzzle) *bool { return &p.AntiKnight }),
	flagKey("antiking", func(p *Puzzle) *bool { return &p.AntiKing }),
	flagKey("disjointgroups", func(p *Puzzle) *bool { return &p.DisjointGroups }),
	flagKey("nonconsecutive", func(p *Puzzle) *bool { return &p.NonConsecutive }),
	{"negative", func(d *decoder, p *Puzzle, v *node) error { return d.negative(p, v) },
		func(w *writer, p *Puzzle) {
			if p.NegativeRatio || p.NegativeXV {
				w.key("negative")
				w.negative(p)
			}
		}},
	listKey("killercage", func(p *Puzzle) *[]Cage { return &p.KillerCages },
		func(d *decoder, it *node, path string) (Cage, error) { return d.cage(it, path, true) },
		func(w *writer, c Cage) { w.cage(c, true) }),
	listKey("extraregion", func(p *Puzzle) *[]Cage { return &p.ExtraRegions },
		func(d *decoder, it *node, path string) (Cage, error) { return d.cage(it, path, false) },
		func(w *writer, c Cage) { w.cage(c, false) }),
	listKey("littlekillersum", func(p *Puzzle) *[]LittleKiller { return &p.LittleKillers },
		(*decoder).littleKiller, (*writer).littleKiller),
	clueKey("sandwichsum", func(p *Puzzle) *[]Clue { return &p.Sandwiches }, "sandwich"),
	clueKey("odd", func(p *Puzzle) *[]Clue { return &p.Odd }, ""),
	clueKey("even", func(p *Puzzle) *[]Clue { return &p.Even }, ""),
	listKey("thermometer", func(p *Puzzle) *[]Lines { return &p.Thermometers }, (*decoder).line, (*writer).line),
	listKey("palindrome", func(p *Puzzle) *[]Lines { return &p.Palindromes }, (*decoder).line, (*writer).line),
	listKey("renban", func(p *Puzzle) *[]Lines { return &p.Renbans }, (*decoder).line, (*writer).line),
	listKey("whispers", func(p *Puzzle) *[]Lines { return &p.Whispers }, (*decoder).valueLine, (*writer).line),
	lineKey("regionsumline", func(p *Puzzle) *[]Lines { return &p.RegionSumLines }),
	lineKey("entropicline", func(p *Puzzle) *[]Lines { return &p.EntropicLines }),
	lineKey("modularline", func(p *Puzzle) *[]Lines { return &p.ModularLines }),
	lineKey("lockout", func(p *Puzzle) *[]Lines { return &p.Lockouts }),
	lineKey("zipperline", func(p *Puzzle) *[]Lines { return &p.ZipperLines }),
	lineKey("betweenline", func(p *Puzzle) *[]Lines { return &p.BetweenLines }),
	lineKey("nabner", func(p *Puzzle) *[]Lines { return &p.Nabners }),
	lineKey("doublearrow", func(p *Puzzle) *[]Lines { return &p.DoubleArrows }),
	listKey("arrow", func(p *Puzzle) *[]Arrow { return &p.Arrows }, (*decoder).arrow, (*writer).arrow),
	dotKey("difference", func(p *Puzzle) *[]Dot { return &p.Differences }, 1),
	dotKey("ratio", func(p *Puzzle) *[]Dot { return &p.Ratios }, 2),
	dotKey("xv", func(p *Puzzle) *[]Dot { return &p.XV }, 0),
	listKey("quadruple", func(p *Puzzle) *[]Quadruple { return &p.Quadruples }, (*decoder).quadruple, (*writer).quadruple),
	clueKey("xsum", func(p *Puzzle) *[]Clue { return &p.XSums }, "x-sum"),
	clueKey("skyscraper", func(p *Puzzle) *[]Clue { return &p.Skyscrapers }, "skyscraper"),
	clueKey("minimum", func(p *Puzzle) *[]Clue { return &p.Minimums }, ""),
	clueKey("maximum", func(p *Puzzle) *[]Clue { return &p.Maximums }, ""),
	listKey("clone", func(p *Puzzle) *[]Clone { return &p.Clones }, (*decoder).clone, (*writer).clone),
	cellsKey("rowindexer", func(p *Puzzle) *[]Cage { return &p.RowIndexers }),
	cellsKey("columnindexer", func(p *Puzzle) *[]Cage { return &p.ColIndexers }),
	cellsKey("boxindexer", func(p *Puzzle) *[]Cage { return &p.BoxIndexers }),
	{"solution", func(d *decoder, p *Puzzle, v *node) (err error) { p.Solution, err = d.solution(v); return err },
		func(w *writer, p *Puzzle) {
			if p.Solution != nil {
				w.key("solution")
				w.solution(p.Solution)
			}
		}},
}

// keyNamed returns the row of keys named name, or nil.
func keyNamed(name string) *key {
	for i := range keys {
		if keys[i].name == name {
			return &keys[i]
		}
	}
	return nil
}

// textKey is the row of a string, written where it is not empty.
func textKey(name string, at func(*Puzzle) *string) key {
	return key{name,
		func(d *decoder, p *Puzzle, v *node) (err error) { *at(p), err = d.str(v, name); return err },
		func(w *writer, p *Puzzle) {
			if s := *at(p); s != "" {
				w.key(name)
				w.str(s)
			}
		}}
}

// flagKey is the row of a rule that is on or off, written where it is on.
func flagKey(name string, at func(*Puzzle) *bool) key {
	return key{name,
		func(d *decoder, p *Puzzle, v *node) (err error) { *at(p), err = d.boolean(v, name); return err },
		func(w *writer, p *Puzzle) {
			if *at(p) {
				w.key(name)
				w.b.WriteString("true")
			}
		}}
}

// listKey is the row of a rule given as an array of objects, each read by
// item at its path ("killercage[2]") and written by write; an empty list
// is not written.
func listKey[T any](name string, at func(*Puzzle) *[]T, item func(d *decoder, it *node, path string) (T, error), write func(w *writer, x T)) key {
	return key{name,
		func(d *decoder, p *Puzzle, v *node) error {
			items, err := d.array(v, name)
			if err != nil {
				return err
			}
			var out []T
			for i, it := range items {
				x, err := item(d, it, fmt.Sprintf("%s[%d]", name, i))
				if err != nil {
					return err
				}
				out = append(out, x)
			}
			*at(p) = out
			return nil
		},
		func(w *writer, p *Puzzle) {
			xs := *at(p)
			if len(xs) == 0 {
				return
			}
			w.key(name)
			w.b.WriteByte('[')
			for i, x := range xs {
				w.sep(i)
				write(w, x)
			}
			w.b.WriteByte(']')
		}}
}

// clueKey is the row of cells in the grid (odd, even, minimum, maximum;
// what is "") or of clues outside it with a value (what names them in
// errors: "sandwich").
func clueKey(name string, at func(*Puzzle) *[]Clue, what string) key {
	return listKey(name, at,
		func(d *decoder, it *node, path string) (Clue, error) { return d.clue(it, path, what) },
		func(w *writer, c Clue) { w.clue(c, what != "") })
}

// cellsKey is the row of a rule given as objects with "cells" only (the
// indexers).
func cellsKey(name string, at func(*Puzzle) *[]Cage) key {
	return listKey(name, at,
		func(d *decoder, it *node, path string) (Cage, error) { return d.cage(it, path, false) },
		func(w *writer, c Cage) { w.cage(c, false) })
}

// dotKey is the row of kropki dots whose value is def unless given, or of
// XV marks (def 0).
func dotKey(name string, at func(*Puzzle) *[]Dot, def int) key {
	return listKey(name, at,
		func(d *decoder, it *node, path string) (Dot, error) { return d.dot(it, path, name, def) },
		func(w *writer, x Dot) { w.dot(x, def == 0) })
}

// lineKey is the row of a line rule given as line objects ("lines").
func lineKey(name string, at func(*Puzzle) *[]Lines) key {
	return listKey(name, at, (*decoder).line, (*writer).line)
}
