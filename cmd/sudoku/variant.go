package main

// Variant puzzles (package variant) in the line filters: solve, count,
// check and convert read killer, jigsaw, X, thermometers ... from
// f-puzzles JSON and links, the rules JSON line and the killer and jigsaw
// text forms (internal/vtext). A file is read as variant puzzles when -f
// names a variant form, or when it starts like one (sniff.go); every
// other file goes to the classic reader as before (input.next, filter.go).
// This file writes and checks them.

import (
	"context"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/gosudoku/sudoku"
	"github.com/gosudoku/sudoku/format"
	"github.com/gosudoku/sudoku/internal/vtext"
	"github.com/gosudoku/sudoku/variant"
)

// valuesLine writes the values of a grid of side n as one line: symbols
// 1-9 then A-Z up to 35x35 ('.' blank), numbers separated by spaces (0
// blank) beyond.
func valuesLine(vals []int, n int) string {
	const symbols = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
	var b strings.Builder
	for i, v := range vals {
		switch {
		case n > len(symbols):
			if i > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(strconv.Itoa(v))
		case v == 0:
			b.WriteByte('.')
		default:
			b.WriteByte(symbols[v-1])
		}
	}
	return b.String()
}

// classicGrid returns the classic grid of p's values vals when p is a
// classic puzzle's shape (a side of 4, 9 ... 64 with square boxes), so
// that the classic formats can write it.
func classicGrid(p *variant.Puzzle, vals []int) (*sudoku.Grid, bool) {
	order := sudoku.OrderForSide(p.Size)
	if order == 0 {
		return nil, false
	}
	if r, c, ok := p.BoxDims(); !ok || r != c {
		return nil, false
	}
	g, err := sudoku.FromValues(order, vals)
	return g, err == nil
}

// writeVariant writes p with the values vals (a solution, or the givens
// of a puzzle for convert) in the output form: a variant form with -o;
// else a classic format when p has no rules and a classic shape; else one
// line of values for a solution, and an error for a puzzle, whose rules a
// classic format would lose.
func (j *job) writeVariant(rec *record, out formatFlag, vals []int, solution bool) error {
	p := rec.v
	if vals == nil {
		vals = make([]int, p.Size*p.Size)
	}
	if out.vforced {
		q := p.Clone()
		q.Givens = vals
		b, err := vtext.Append(nil, q, out.vform)
		if err != nil {
			return j.fail(rec, err)
		}
		return j.out.raw(b)
	}
	f := out.Format
	if _, classic := classicGrid(p, vals); !solution && (len(p.Rules) > 0 || !classic) {
		lost := "its regions"
		if len(p.Rules) > 0 {
			lost = "its rules (" + p.Rules[0].String() + ")"
		}
		return j.fail(rec, fmt.Errorf("-o %v would lose %s: use -o %s", f, lost, strings.Join(variantFormNames(), ", ")))
	}
	if f == format.Auto || f == format.Line {
		if g, ok := classicGrid(p, vals); ok && len(p.Rules) == 0 && f == format.Auto {
			return j.out.grid(g, "", format.Line)
		}
		return j.out.text(valuesLine(vals, p.Size))
	}
	if g, ok := classicGrid(p, vals); ok {
		return j.out.grid(g, "", f)
	}
	return j.fail(rec, fmt.Errorf("-o %v: a %dx%d grid of this shape needs -o line or a variant form (%s)", f, p.Size, p.Size, strings.Join(variantFormNames(), ", ")))
}

// asVariant returns a classic grid's givens as a variant puzzle, for -o
// with a variant form.
func asVariant(g *sudoku.Grid) *variant.Puzzle {
	p := variant.New(g.Side())
	p.Givens = g.Values()
	return p
}

// raw writes b, whole lines, as it is.
func (o *output) raw(b []byte) error {
	if _, err := o.bw.Write(b); err != nil {
		return err
	}
	return o.end()
}

// checkVariant judges a variant record's grid: a complete grid (or any
// with -complete) by every rule, one with blanks for givens that break a
// rule already.
func checkVariant(rec *record, complete bool) error {
	p := rec.v
	vals := p.Givens
	if vals == nil {
		vals = make([]int, p.Size*p.Size)
	}
	full := true
	for _, v := range vals {
		full = full && v != 0
	}
	if complete && !full {
		for i, v := range vals {
			if v == 0 {
				return fmt.Errorf("%s is empty", variant.CellName(i, p.Size))
			}
		}
	}
	return p.Check(vals)
}

// solverPool keeps the rule sets the workers compiled last
// (variant.Solver), so that a file of puzzles that share a side, regions
// and rules (X, windoku, one jigsaw layout ...) is compiled once per
// worker, not once per puzzle. The zero value is ready; it is safe for
// concurrent use.
type solverPool struct{ pool sync.Pool }

// lastRules is one worker's last rule set: the puzzle it came from, and
// its Solver once a second puzzle had the same rules.
type lastRules struct {
	p *variant.Puzzle
	s *variant.Solver
}

// count is variant.Count: the same results and errors, with a compiled
// rule set reused when the puzzle before it on this worker had the same.
func (sp *solverPool) count(ctx context.Context, p *variant.Puzzle, limit int, opt variant.Options) (variant.Result, error) {
	last, _ := sp.pool.Get().(*lastRules)
	defer func() { sp.pool.Put(last) }()
	if last == nil || !sameRules(last.p, p) {
		last = &lastRules{p: p}
		return variant.Count(ctx, p, limit, opt)
	}
	if err := p.Validate(); err != nil {
		return variant.Result{Limit: max(limit, 1)}, err
	}
	if last.s == nil {
		s, err := variant.NewSolver(p)
		if err != nil {
			return variant.Result{Limit: max(limit, 1)}, err
		}
		last.s = s
	}
	last.p = p
	return last.s.Count(ctx, p.Givens, limit, opt)
}

// sameRules reports whether p and q have the same side, regions and rules.
func sameRules(p, q *variant.Puzzle) bool {
	return p.Size == q.Size && slices.Equal(p.Regions, q.Regions) && reflect.DeepEqual(p.Rules, q.Rules)
}
