package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/gosudoku/sudoku"
)

var cmdSolve = &Command{
	Name:      "solve",
	UsageLine: "[flags] [file ...]",
	Short:     "solve puzzles",
	Long:      "Solve reads puzzles from the files (or standard input) and prints each solution.",
	Flags: func(fs *flag.FlagSet) func(ctx context.Context, env *Env, args []string) int {
		return func(ctx context.Context, env *Env, args []string) int {
			var in io.Reader = env.Stdin
			name := "-"
			if len(args) > 0 {
				f, err := os.Open(args[0])
				if err != nil {
					fmt.Fprintln(env.Stderr, "sudoku:", err)
					return 1
				}
				defer f.Close()
				in, name = f, args[0]
			}
			r := sudoku.NewReader(in)
			r.File = name
			w := sudoku.NewWriter(env.Stdout, sudoku.FormatLine)
			defer w.Flush()
			code := 0
			for {
				p, err := r.Read()
				if err == io.EOF {
					return code
				}
				if err != nil {
					fmt.Fprintln(env.Stderr, err)
					code = 1
					continue
				}
				res, err := sudoku.Count(ctx, p.Grid, 2, sudoku.Options{})
				if err != nil || res.Count == 0 {
					fmt.Fprintf(env.Stderr, "%s:%d: %v %v\n", name, p.Line, res.Status(), err)
					code = 1
					continue
				}
				w.Write(res.Solution, "")
			}
		}
	},
}
