package main

// Variant puzzles (package variant) in the line filters: solve, count,
// check and convert read killer, jigsaw, X, thermometers ... from
// f-puzzles JSON and links, the rules JSON line and the killer and jigsaw
// text forms (internal/vtext). A file is read as variant puzzles when -f
// names a variant form, or when it starts like one (vtext.Sniff); every
// other file goes to the classic reader as before.

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/gosudoku/sudoku"
	"github.com/gosudoku/sudoku/format"
	"github.com/gosudoku/sudoku/internal/vtext"
	"github.com/gosudoku/sudoku/variant"
)

// variantForms are the names -f and -o take for the variant forms.
var variantForms = []vtext.Form{vtext.FormFPuzzles, vtext.FormLink, vtext.FormRules, vtext.FormJigsaw, vtext.FormKiller}

func variantFormNames() []string {
	names := make([]string, len(variantForms))
	for k, f := range variantForms {
		names[k] = f.String()
	}
	return names
}

// sniffInput decides from the start of a file whether it holds variant
// puzzles. A regular file is judged on its first 64 KiB (vtext.Sniff);
// a pipe or a terminal without waiting for more than its first line: it
// decides for JSON and links; a first line of 4 to 35 characters may start
// a killer's cage map or a jigsaw's givens, which the lines after it tell
// apart from a classic grid's rows when they are already read (a file
// is, a pipe may not be). Without them, a first row of classic symbols is
// a classic grid (-f jigsaw reads a jigsaw from a slow pipe) and a row
// with letters a variant record.
func sniffInput(br *bufio.Reader, mayBlock bool) (vtext.Form, bool) {
	if !mayBlock {
		// A regular file: its first 64 KiB are there to read.
		b, _ := br.Peek(br.Size())
		return vtext.Sniff(b)
	}
	if _, err := br.Peek(1); err != nil {
		return vtext.FormDetect, false
	}
	for {
		b, _ := br.Peek(br.Buffered())
		first, rest, complete := firstLine(b)
		if !complete {
			if _, err := br.Peek(br.Buffered() + 1); err == nil {
				continue // wait for the rest of the first line
			}
			b, _ = br.Peek(br.Buffered()) // the whole input, or a full buffer
			first, rest, _ = firstLine(b)
		}
		if first == "" || first[0] == '{' || strings.Contains(first, "://") || strings.HasPrefix(first, "N4Ig") {
			return vtext.Sniff(b)
		}
		n := len(first)
		switch {
		case n < variant.MinSize || n > 35:
			return vtext.FormDetect, false
		case strings.Count(rest, "\n") >= 2*n-1 || !complete:
			return vtext.Sniff(b)
		case classicRow(first) || !mapRow(first):
			return vtext.FormDetect, false
		}
		return vtext.FormDetect, true // cage letters: the reader looks at each record
	}
}

// firstLine returns the first line of b that is neither empty nor a
// comment, trimmed, the text after it, and whether that line is complete.
func firstLine(b []byte) (string, string, bool) {
	s := string(b)
	for {
		l, rest, ok := strings.Cut(s, "\n")
		if t := strings.TrimSpace(l); t != "" && t[0] != '#' {
			return t, rest, ok
		}
		if !ok {
			return "", "", false
		}
		s = rest
	}
}

// mapRow reports whether s could be a row of a cage or region map: letters,
// digits and '.' only.
func mapRow(s string) bool {
	for i := range len(s) {
		c := s[i]
		if !(c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '.') {
			return false
		}
	}
	return true
}

// classicRow reports whether s could be a row or line of a classic grid:
// only blanks and the symbols of a grid of side len(s) (or of 81 cells).
func classicRow(s string) bool {
	const symbols = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
	n := len(s)
	for i := range n {
		c := s[i]
		if c == '.' || c == '0' {
			continue
		}
		if k := strings.IndexByte(symbols, c); k < 0 || k >= n {
			return false
		}
	}
	return true
}

// openVariant returns the variant reader for a file that holds variant
// puzzles (forced by -f, or sniffed), or nil.
func (in *input) openVariant(br *bufio.Reader, r io.Reader) *vtext.Reader {
	if in.format != format.Auto && !in.vforced {
		return nil
	}
	vr := vtext.NewReader(br)
	if in.vforced {
		vr.Form = in.vform
		return vr
	}
	mayBlock := true // a pipe or a terminal
	if c, ok := r.(*countingReader); ok {
		_, mayBlock = c.r.(*ctxReader)
	}
	if _, ok := sniffInput(br, mayBlock); !ok {
		return nil
	}
	if !in.variants {
		// A command of classic puzzles only: its reader would call every
		// cage letter a bad symbol.
		in.rep.errorf("sudoku: %s holds variant puzzles, which this command does not read (solve, count, check, convert and bench do)", in.name)
		in.failed = true
		return vtext.NewReader(strings.NewReader(""))
	}
	return vr // it detects the form of each record
}

// nextVariant returns the next record of the variant reader.
func (in *input) nextVariant() (*record, bool, error) {
	vrec, err := in.vcur.Read()
	if err == io.EOF {
		in.close()
		return nil, false, nil
	}
	if err != nil && in.ctx.Err() != nil {
		in.close()
		return nil, false, in.ctx.Err()
	}
	rec := &record{file: in.name, index: in.index}
	var re *vtext.ReadError
	switch {
	case errors.As(err, &re):
		rec.line = re.Line
		rec.err = &sudoku.ParseError{File: in.name, Line: re.Line, Column: re.Column, Err: re.Err}
	case err != nil:
		in.rep.errorf("sudoku: %s: %v", in.name, err)
		in.failed = true
		in.close()
		return nil, false, nil
	default:
		rec.line, rec.v, rec.vform = vrec.Line, vrec.Puzzle, vrec.Form
	}
	return rec, true, nil
}

// variantSearch counts the solutions of a variant puzzle up to limit with
// the per-puzzle limits of ff (-max-guesses bounds the guesses).
func variantSearch(ctx context.Context, ff *filterFlags, rec *record, limit int) searchResult {
	if ff.timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, ff.timeout)
		defer cancel()
	}
	start := time.Now()
	res, err := variant.Count(ctx, rec.v, limit, variant.Options{MaxNodes: ff.maxGuesses})
	r := searchResult{err: err, dur: time.Since(start), vsol: res.Solution}
	r.res.Count, r.res.Guesses = res.Count, res.Guesses
	var cerr *variant.CheckError
	if errors.Is(err, sudoku.ErrLimit) {
		r.err = fmt.Errorf("search stopped at -max-guesses %d", ff.maxGuesses)
	}
	r.judge(ff, errors.As(err, &cerr))
	return r
}

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

// benchItem is one puzzle of a bench file: a classic grid or a variant
// puzzle.
type benchItem struct {
	g *sudoku.Grid
	v *variant.Puzzle
}

// variantReader returns the variant reader for a bench file that holds
// variant puzzles (-f names a variant form, or the file starts like one),
// or nil.
func (b *bencher) variantReader(br *bufio.Reader, r io.Reader) *vtext.Reader {
	in := &input{variants: true, format: b.ff.inFormat.Format, vform: b.ff.inFormat.vform, vforced: b.ff.inFormat.vforced}
	return in.openVariant(br, r)
}

// loadVariants reads up to n variant puzzles (all for 0); it reports the
// records it cannot read and returns false if there were any.
func (b *bencher) loadVariants(ctx context.Context, vr *vtext.Reader, display string, n int) ([]benchItem, bool) {
	var items []benchItem
	ok := true
	for n == 0 || len(items) < n {
		rec, err := vr.Read()
		if err == io.EOF {
			break
		}
		var re *vtext.ReadError
		if errors.As(err, &re) {
			b.rep.errorf("%v", &sudoku.ParseError{File: display, Line: re.Line, Column: re.Column, Err: re.Err})
			ok = false
			continue
		}
		if err != nil {
			if ctx.Err() == nil {
				b.rep.errorf("sudoku bench: %s: %v", display, err)
			}
			return items, false
		}
		items = append(items, benchItem{v: rec.Puzzle})
	}
	return items, ok
}
