package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"

	"github.com/gosudoku/sudoku"
	"github.com/gosudoku/sudoku/format"
)

// validate is check -yesno, the validator of seed 003. Each input is a
// count line, then that many grids of whitespace-separated numbers read as
// tokens (as the seed's cin >> does): side*side numbers per grid, where the
// side is the number of tokens on the first grid's first line (9 unless
// that is a valid side). It prints one YES or NO a grid, in input order,
// on the machinery of the other filters: -j, -shard (over the grids of all
// inputs), -stats, -progress, interrupts, inputs closed once read.
func validate(ctx context.Context, env *Env, ff *filterFlags, files []string) int {
	if err := checkOutputs(env, files, nil); err != nil {
		return usageError(env, "check", err)
	}
	j := newJob(env, ff, 0)
	j.tally.checks = true
	v := &validator{inputFiles: newInputFiles(ctx, env, files, j.rep), shard: ff.shard}
	work := func(_ context.Context, g *yesnoGrid) error {
		if g.err != nil {
			return g.err
		}
		grid, err := sudoku.FromValues(sudoku.OrderForSide(g.side), g.vals)
		if err == nil {
			err = grid.CheckSolved()
		}
		return err
	}
	emit := func(g *yesnoGrid, err error) error {
		if err != nil {
			j.tally.add(invalidOutcome, 0, 0)
			j.failed = true
			line := g.line
			if g.err != nil {
				line = g.errLine
			}
			j.rep.errorf("%s:%d: grid %d: %v", g.file, line, g.k, err)
			return j.out.text("NO")
		}
		j.tally.add(solvedOutcome, 0, 0)
		return j.out.text("YES")
	}
	return stream(ctx, j, v.inputFiles, v.next, work, emit)
}

// yesnoGrid is one grid of a counted input.
type yesnoGrid struct {
	file    string
	line    int // of its first number
	k       int // from 1 within its file
	side    int
	vals    []int
	err     error // a reason it is NO found while reading, or nil
	errLine int   // the line of err
}

// validator reads the grids of counted inputs one after the other.
type validator struct {
	*inputFiles
	shard shardFlag
	index int // of the next grid, from 0 over all inputs

	toks  *tokens // of the current file; nil between files
	left  int     // grids the count line still promises
	count int     // grids the count line promised
	k     int     // grids read from the current file
	side  int     // of the current file's grids, 0 until known
}

// next returns the next grid in the shard, or io.EOF. A file that cannot
// be read or whose count line is bad is reported and skipped.
func (v *validator) next() (*yesnoGrid, error) {
	for {
		if err := v.ctx.Err(); err != nil {
			return nil, err
		}
		if v.toks == nil && !v.open() {
			if len(v.files) == 0 {
				return nil, io.EOF
			}
			continue
		}
		if v.left == 0 {
			v.finish()
			continue
		}
		g, ok := v.grid()
		if !ok {
			if v.ctx.Err() == nil && v.toks.err == nil {
				v.fileErrorf(v.toks.last, "%d grids, but the count line says %d", v.k, v.count)
			}
			v.finish()
			continue
		}
		v.left--
		v.index++
		v.records.Add(1)
		if v.shard.keep(v.index - 1) {
			return g, nil
		}
	}
}

// fileErrorf reports a fault of the current file as a whole.
func (v *validator) fileErrorf(line int, format string, args ...any) {
	v.rep.errorf("%s:%d: %s", v.name, line, fmt.Sprintf(format, args...))
	v.failed = true
}

// open opens the next file and reads its count line; it reports false if
// no file is left or the count line is bad (then the file is closed).
func (v *validator) open() bool {
	r, ok := v.openNext()
	if !ok {
		return false
	}
	v.toks = newTokens(r)
	v.k, v.side = 0, 0
	t, ok := v.toks.next()
	if !ok {
		if v.toks.err == nil && v.ctx.Err() == nil {
			v.fileErrorf(v.toks.last, "no count line")
		}
		v.finish()
		return false
	}
	count, err := strconv.Atoi(t.s)
	if more, ok := v.toks.peek(0); err != nil || count < 0 || ok && !more.first {
		v.fileErrorf(t.line, "bad count line: want one number of grids")
		v.toks.err = errSkip
		v.finish()
		return false
	}
	v.left, v.count = count, count
	return true
}

// errSkip marks a file given up on, so that finish says nothing more.
var errSkip = errors.New("skipped")

// finish reports what follows the promised grids and any read error, and
// closes the current file.
func (v *validator) finish() {
	switch err := v.toks.err; {
	case err == errSkip || v.ctx.Err() != nil:
	case err != nil:
		v.fileErrorf(v.toks.line, "%v", err)
	default:
		if t, ok := v.toks.next(); ok {
			v.fileErrorf(t.line, "%q after the %d grids of the count line", t.s, v.count)
		} else if v.toks.err != nil {
			v.fileErrorf(v.toks.line, "%v", v.toks.err)
		}
	}
	v.closeCur()
	v.toks = nil
}

// grid reads the next grid, or returns false if the input ends before
// its first number.
func (v *validator) grid() (*yesnoGrid, bool) {
	if v.side == 0 {
		// The side is the number of tokens on the first grid's first line.
		n := 0
		for ; n <= sudoku.MaxOrder*sudoku.MaxOrder; n++ {
			t, ok := v.toks.peek(n)
			if !ok || n > 0 && t.first {
				break
			}
		}
		v.side = n
		if sudoku.OrderForSide(n) == 0 {
			v.side = 9
		}
	}
	n := v.side * v.side
	g := &yesnoGrid{file: v.name, k: v.k + 1, side: v.side, vals: make([]int, n)}
	for i := range n {
		t, ok := v.toks.next()
		if !ok {
			if i == 0 {
				return nil, false
			}
			if g.err == nil {
				g.err, g.errLine = fmt.Errorf("%d numbers, want %d", i, n), v.toks.last
			}
			break
		}
		if i == 0 {
			g.line = t.line
		}
		x, err := strconv.Atoi(t.s)
		if g.err == nil && (err != nil || x < 1 || x > v.side) {
			// The first bad value only; the rest is read.
			g.err = fmt.Errorf("%s holds %q: want a number 1-%d", sudoku.CellName(i, v.side), t.s, v.side)
			g.errLine = t.line
		}
		g.vals[i] = x
	}
	v.k++
	return g, true
}

// maxToken bounds the bytes of a token that are kept; a longer token is
// cut and marked with "...", which no number is.
const maxToken = 32

// token is one whitespace-separated word of a counted input.
type token struct {
	s     string
	line  int
	first bool // first on its line
}

// tokens splits an input into words in constant memory, whatever the
// length of its lines. The text is decoded as every reader of puzzles
// decodes it (format.Decode: UTF-16 and byte order marks).
type tokens struct {
	br      *bufio.Reader
	line    int  // where the reader is
	last    int  // the line of the last token read
	newline bool // a line ended since the last token
	ahead   []token
	err     error // a read error other than io.EOF
	buf     []byte
}

func newTokens(r io.Reader) *tokens {
	return &tokens{br: bufio.NewReaderSize(format.Decode(r), 64<<10), line: 1, newline: true}
}

// next returns the next token, or false at the end of the input.
func (t *tokens) next() (token, bool) {
	if len(t.ahead) > 0 {
		tok := t.ahead[0]
		t.ahead = t.ahead[1:]
		return tok, true
	}
	return t.read()
}

// peek returns the i-th token ahead without taking it.
func (t *tokens) peek(i int) (token, bool) {
	for len(t.ahead) <= i {
		tok, ok := t.read()
		if !ok {
			return token{}, false
		}
		t.ahead = append(t.ahead, tok)
	}
	return t.ahead[i], true
}

func (t *tokens) read() (token, bool) {
	for {
		c, err := t.br.ReadByte()
		if err != nil {
			if err != io.EOF {
				t.err = err
			}
			return token{}, false
		}
		if c == '\n' {
			t.line++
			t.newline = true
			continue
		}
		if isBlank(c) {
			continue
		}
		tok := token{line: t.line, first: t.newline}
		t.newline = false
		t.buf = append(t.buf[:0], c)
		long := false
		for {
			c, err := t.br.ReadByte()
			if err != nil {
				if err != io.EOF {
					t.err = err
				}
				break
			}
			if c == '\n' || isBlank(c) {
				t.br.UnreadByte()
				break
			}
			if len(t.buf) < maxToken {
				t.buf = append(t.buf, c)
			} else {
				long = true
			}
		}
		tok.s = string(t.buf)
		t.last = tok.line
		if long {
			tok.s += "..."
		}
		return tok, true
	}
}

// isBlank reports whether c separates tokens within a line.
func isBlank(c byte) bool {
	return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f'
}
