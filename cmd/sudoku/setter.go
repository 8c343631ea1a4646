package main

// The setters' tools in the line filters: count -why says why a puzzle
// has no solution or several, solve -candidates prints its true
// candidates (package variant's Diagnose and TrueCandidates). Both take
// every puzzle the filters read, classic or variant.

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/gosudoku/sudoku"
	"github.com/gosudoku/sudoku/variant"
)

// setterPuzzle returns rec's puzzle as a variant puzzle: a classic grid as
// one with no rules.
func setterPuzzle(rec *record) *variant.Puzzle {
	if rec.v != nil {
		return rec.v
	}
	return asVariant(rec.p.Grid)
}

// setterResult is a setter's tool's work on one record: the search's
// outcome and the tool's answer.
type setterResult[T any] struct {
	searchResult
	v T
}

// runSetter runs a setter's tool over the records: compute answers for
// one puzzle within -timeout and -max-guesses, with the count it found
// (2 for several; 0 reads as no solution), and write prints the answer of
// a puzzle that was read and searched to the end.
func runSetter[T any](ctx context.Context, j *job, ff *filterFlags, args []string,
	compute func(context.Context, *variant.Puzzle, variant.Options) (T, int, error),
	write func(*record, T, int) error) int {
	work := func(ctx context.Context, rec *record) setterResult[T] {
		if rec.err != nil {
			return setterResult[T]{searchResult: searchResult{err: rec.err, out: invalidOutcome}}
		}
		if ff.timeout > 0 {
			var cancel context.CancelFunc
			ctx, cancel = context.WithTimeout(ctx, ff.timeout)
			defer cancel()
		}
		start := time.Now()
		v, count, err := compute(ctx, setterPuzzle(rec), variant.Options{MaxNodes: ff.maxGuesses})
		r := setterResult[T]{v: v}
		r.res.Count, r.err, r.dur = count, err, time.Since(start)
		if errors.Is(err, sudoku.ErrLimit) {
			r.err = fmt.Errorf("search stopped at -max-guesses %d", ff.maxGuesses)
		}
		_, invalid := errors.AsType[*variant.RuleError](err)
		if !invalid {
			_, invalid = errors.AsType[*variant.CheckError](err)
		}
		r.judge(ff, invalid)
		return r
	}
	emit := func(rec *record, r setterResult[T]) error {
		j.tally.add(r.out, 0, r.dur)
		if rec.err != nil {
			return j.fail(rec, rec.err)
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if r.out == stoppedOutcome || r.out == invalidOutcome {
			return j.fail(rec, r.err)
		}
		return write(rec, r.v, r.res.Count)
	}
	return filter(ctx, j, args, work, emit)
}

// runWhy is count -why: the count of each puzzle (up to 2), then comment
// lines saying why.
func runWhy(ctx context.Context, j *job, f *countFlags, args []string) int {
	diagnose := func(ctx context.Context, p *variant.Puzzle, opt variant.Options) (variant.Diagnosis, int, error) {
		d, err := variant.Diagnose(ctx, p, opt)
		return d, d.Count, err
	}
	return runSetter(ctx, j, &f.filterFlags, args, diagnose, func(rec *record, d variant.Diagnosis, count int) error {
		s := strconv.Itoa(count)
		if count >= 2 {
			s += "+"
		}
		if f.comment && rec.p != nil && rec.p.Comment != "" {
			s += " " + oneLine(rec.p.Comment)
		}
		return j.out.text(s + whyText(setterPuzzle(rec), d))
	})
}

// runCandidates is solve -candidates: the true candidates of each puzzle
// as a grid, a blank line after each.
func runCandidates(ctx context.Context, j *job, f *solveFlags, args []string) int {
	cands := func(ctx context.Context, p *variant.Puzzle, opt variant.Options) ([]uint64, int, error) {
		c, err := variant.TrueCandidates(ctx, p, opt)
		return c, 1, err // a count of 0 would read as "no solution"
	}
	return runSetter(ctx, j, &f.filterFlags, args, cands, func(rec *record, c []uint64, _ int) error {
		if c[0] == 0 {
			return j.fail(rec, errors.New("no solution, so no candidates"))
		}
		return j.out.text(candidatesText(c, setterPuzzle(rec)))
	})
}

// whyText is the comment lines after a count: for two solutions, both and
// the cells where they differ; for none, the givens and rules that
// contradict. It is "" for a unique puzzle.
func whyText(p *variant.Puzzle, d variant.Diagnosis) string {
	var b strings.Builder
	n := p.Size
	switch d.Count {
	case 0:
		k := len(d.Givens) + len(d.Rules)
		switch {
		case k == 0:
			b.WriteString("\n# no solution: the regions alone leave none")
		case d.Minimal:
			fmt.Fprintf(&b, "\n# no solution: these %d contradict (with the rows, columns and regions); without any one of them the rest has a solution:", k)
		default:
			fmt.Fprintf(&b, "\n# no solution: these %d contradict (with the rows, columns and regions); a check stopped at -max-guesses, so a smaller set may exist:", k)
		}
		for _, i := range d.Givens {
			fmt.Fprintf(&b, "\n#   given %s = %d", variant.CellName(i, n), p.Givens[i])
		}
		for _, k := range d.Rules {
			fmt.Fprintf(&b, "\n#   rule %d: %s", k+1, p.Rules[k])
		}
	case 2:
		a, c := d.Solutions[0], d.Solutions[1]
		fmt.Fprintf(&b, "\n# two solutions, different in %d cells:", len(d.Differ))
		for k, i := range d.Differ {
			if k > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, " %s (%s or %s)", variant.CellName(i, n), symbol(a[i], n), symbol(c[i], n))
		}
		fmt.Fprintf(&b, "\n# 1: %s\n# 2: %s", valuesLine(a, n), valuesLine(c, n))
	}
	return b.String()
}

// symbol writes a value as valuesLine does: 1-9 then A-Z, numbers past 35.
func symbol(v, n int) string {
	if n > 35 || v <= 9 {
		return strconv.Itoa(v)
	}
	return string(rune('A' + v - 10))
}

// candidatesText draws candidates as a grid: each cell's values (1-9 then
// A-Z, numbers joined by commas past 35x35; "-" for none), columns
// aligned, with lines between boxes when the regions are boxes; a blank
// line ends it.
func candidatesText(cands []uint64, p *variant.Puzzle) string {
	n := p.Size
	cell := make([]string, n*n)
	width := 1
	for i, m := range cands {
		var parts []string
		for v := 1; v <= n; v++ {
			if m&(1<<(v-1)) != 0 {
				parts = append(parts, symbol(v, n))
			}
		}
		sep := ""
		if n > 35 {
			sep = ","
		}
		cell[i] = strings.Join(parts, sep)
		if cell[i] == "" {
			cell[i] = "-"
		}
		width = max(width, len(cell[i]))
	}
	br, bc, boxes := p.BoxDims()
	var b strings.Builder
	for r := range n {
		if boxes && r > 0 && r%br == 0 {
			for c := range n {
				if c > 0 && c%bc == 0 {
					b.WriteString("-+-")
				} else if c > 0 {
					b.WriteByte('-')
				}
				b.WriteString(strings.Repeat("-", width))
			}
			b.WriteByte('\n')
		}
		line := make([]byte, 0, n*(width+3))
		for c := range n {
			if c > 0 {
				if boxes && c%bc == 0 {
					line = append(line, " | "...)
				} else {
					line = append(line, ' ')
				}
			}
			line = append(line, cell[r*n+c]...)
			line = append(line, strings.Repeat(" ", width-len(cell[r*n+c]))...)
		}
		b.WriteString(strings.TrimRight(string(line), " "))
		b.WriteByte('\n')
	}
	return b.String()
}
