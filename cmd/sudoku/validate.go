package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/gosudoku/sudoku"
)

// validate is check -yesno, the validator of seed 003. Each input is a
// count line, then that many grids of whitespace-separated numbers read as
// tokens (as the seed's cin >> does): side*side numbers a grid, where the
// side is the number of tokens on the first grid's first line (9 unless
// that is a valid side). It prints one YES or NO a grid.
func validate(ctx context.Context, env *Env, files []string) int {
	if err := checkOutputs(env, files, nil); err != nil {
		fmt.Fprintln(env.Stderr, "sudoku:", oneLine(err.Error()))
		return 2
	}
	if len(files) == 0 {
		files = []string{"-"}
	}
	out := bufio.NewWriter(env.Stdout)
	defer out.Flush()
	code := 0
	for _, name := range files {
		r, display, closer, err := openInput(ctx, env, name)
		if err != nil {
			fmt.Fprintln(env.Stderr, oneLine(err.Error()))
			code = 1
			continue
		}
		v := &validator{sc: bufio.NewScanner(r), file: display, out: out, stderr: env.Stderr}
		v.sc.Buffer(make([]byte, 64<<10), 1<<20)
		if !v.run(ctx) {
			code = 1
		}
		if closer != nil {
			closer.Close()
		}
		if ctx.Err() != nil {
			fmt.Fprintln(env.Stderr, "sudoku: interrupted")
			break
		}
	}
	if err := out.Flush(); err != nil {
		fmt.Fprintln(env.Stderr, "sudoku:", err)
		return 1
	}
	return code
}

// validator reads one counted input token by token.
type validator struct {
	sc     *bufio.Scanner
	file   string
	line   int
	toks   []string // the rest of the current line
	out    io.Writer
	stderr io.Writer
	ok     bool
}

func (v *validator) errorf(line int, format string, args ...any) {
	fmt.Fprintln(v.stderr, oneLine(fmt.Sprintf("%s:%d: %s", v.file, line, fmt.Sprintf(format, args...))))
	v.ok = false
}

// token returns the next token and its line, or false at the end.
func (v *validator) token() (string, int, bool) {
	for len(v.toks) == 0 {
		if !v.sc.Scan() {
			return "", v.line, false
		}
		v.line++
		v.toks = strings.Fields(v.sc.Text())
	}
	t := v.toks[0]
	v.toks = v.toks[1:]
	return t, v.line, true
}

// run validates the input and reports whether every grid is YES and the
// input well formed.
func (v *validator) run(ctx context.Context) bool {
	v.ok = true
	t, line, ok := v.token()
	if !ok {
		v.errorf(line, "no count line")
		return false
	}
	count, err := strconv.Atoi(t)
	if err != nil || count < 0 || len(v.toks) > 0 {
		v.errorf(line, "bad count line: want one number of grids")
		return false
	}
	side := 0
	for k := 1; k <= count; k++ {
		if ctx.Err() != nil {
			return false
		}
		// The side comes from the first line of the first grid.
		if side == 0 {
			for len(v.toks) == 0 && v.sc.Scan() {
				v.line++
				v.toks = strings.Fields(v.sc.Text())
			}
			side = len(v.toks)
			if sudoku.OrderForSide(side) == 0 {
				side = 9
			}
		}
		yes, ok := v.grid(k, side)
		if !ok && ctx.Err() != nil {
			return false
		}
		if !ok {
			// The input ends before grid k: there is nothing to answer.
			v.errorf(v.line, "%d grids, but the count line says %d", k-1, count)
			return false
		}
		if yes {
			fmt.Fprintln(v.out, "YES")
		} else {
			fmt.Fprintln(v.out, "NO")
		}
	}
	if t, line, ok := v.token(); ok {
		v.errorf(line, "%q after the %d grids of the count line", t, count)
	}
	if err := v.sc.Err(); err != nil {
		v.errorf(v.line, "%v", err)
	}
	return v.ok
}

// grid reads grid k (from 1) and reports whether it is a valid completed
// grid (reporting why not on standard error), and false for ok if the
// input ended before the grid's first number.
func (v *validator) grid(k, side int) (yes, ok bool) {
	n := side * side
	vals := make([]int, n)
	bad := false
	start := 0
	for i := range n {
		t, line, more := v.token()
		if i == 0 {
			if !more {
				return false, false
			}
			start = line
		}
		if !more {
			v.errorf(line, "grid %d: %d numbers, want %d", k, i, n)
			return false, true
		}
		x, err := strconv.Atoi(t)
		if bad {
			continue // report the first bad value only; read the rest
		}
		if err != nil || x < 1 || x > side {
			v.errorf(line, "grid %d: r%dc%d holds %q: want a number 1-%d", k, i/side+1, i%side+1, t, side)
			bad = true
			continue
		}
		vals[i] = x
	}
	if bad {
		return false, true
	}
	g, err := sudoku.FromValues(sudoku.OrderForSide(side), vals)
	if err == nil {
		err = g.CheckSolved()
	}
	if err != nil {
		v.errorf(start, "grid %d: %v", k, err)
		return false, true
	}
	return true, true
}
