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

// setterContext bounds one record's work by -timeout.
func setterContext(ctx context.Context, ff *filterFlags) (context.Context, context.CancelFunc) {
	if ff.timeout > 0 {
		return context.WithTimeout(ctx, ff.timeout)
	}
	return ctx, func() {}
}

// setterError sorts the error of a setter's search as the searches do.
func setterError(ff *filterFlags, err error, r *searchResult) {
	r.err = err
	if errors.Is(err, sudoku.ErrLimit) {
		r.err = fmt.Errorf("search stopped at -max-guesses %d", ff.maxGuesses)
	}
	_, invalid := errors.AsType[*variant.RuleError](err)
	if !invalid {
		_, invalid = errors.AsType[*variant.CheckError](err)
	}
	r.judge(ff, invalid)
}

// whyResult is count -why's work on one record.
type whyResult struct {
	searchResult
	d variant.Diagnosis
}

// runWhy is count -why: the count of each puzzle (up to 2), then comment
// lines saying why.
func runWhy(ctx context.Context, j *job, f *countFlags, args []string) int {
	work := func(ctx context.Context, rec *record) whyResult {
		if rec.err != nil {
			return whyResult{searchResult: searchResult{err: rec.err, out: invalidOutcome}}
		}
		ctx, cancel := setterContext(ctx, &f.filterFlags)
		defer cancel()
		start := time.Now()
		d, err := variant.Diagnose(ctx, setterPuzzle(rec), variant.Options{MaxNodes: f.maxGuesses})
		r := whyResult{d: d}
		r.res.Count = d.Count
		r.dur = time.Since(start)
		setterError(&f.filterFlags, err, &r.searchResult)
		return r
	}
	emit := func(rec *record, r whyResult) error {
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
		s := strconv.Itoa(r.res.Count)
		if r.res.Count >= 2 {
			s += "+"
		}
		if f.comment && rec.p != nil && rec.p.Comment != "" {
			s += " " + oneLine(rec.p.Comment)
		}
		p := setterPuzzle(rec)
		return j.out.text(s + whyText(p, r.d))
	}
	return filter(ctx, j, args, work, emit)
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

// candResult is solve -candidates' work on one record.
type candResult struct {
	searchResult
	cands []uint64
}

// runCandidates is solve -candidates: the true candidates of each puzzle
// as a grid, a blank line after each.
func runCandidates(ctx context.Context, j *job, f *solveFlags, args []string) int {
	work := func(ctx context.Context, rec *record) candResult {
		if rec.err != nil {
			return candResult{searchResult: searchResult{err: rec.err, out: invalidOutcome}}
		}
		ctx, cancel := setterContext(ctx, &f.filterFlags)
		defer cancel()
		start := time.Now()
		c, err := variant.TrueCandidates(ctx, setterPuzzle(rec), variant.Options{MaxNodes: f.maxGuesses})
		r := candResult{cands: c}
		r.res.Count = 1 // a count of 0 would read as "no solution"
		r.dur = time.Since(start)
		setterError(&f.filterFlags, err, &r.searchResult)
		return r
	}
	emit := func(rec *record, r candResult) error {
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
		if r.cands[0] == 0 {
			return j.fail(rec, errors.New("no solution, so no candidates"))
		}
		return j.out.text(candidatesText(r.cands, setterPuzzle(rec)))
	}
	return filter(ctx, j, args, work, emit)
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
