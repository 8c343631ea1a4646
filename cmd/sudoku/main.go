// Command sudoku solves, counts, checks, generates and benchmarks Sudoku
// puzzles of every order from 4x4 to 64x64.
//
// Every subcommand is a line filter: files or standard input ("-") in, one
// result per input puzzle in input order out, errors on standard error as
// file:line: message. Exit status: 0 all fine, 1 some input failed, 2 usage.
//
// Conventions shared by the filters (solve, count, check):
//   - A record that fails (unreadable, clashing givens, no solution or more
//     than one for solve) is reported on standard error, and standard output
//     gets the comment line "# file:line: message" in its place, so that
//     output record k belongs to input record k.
//   - -j N works on N records at once (default GOMAXPROCS); the output
//     order is the input order and memory stays bounded (internal/batch).
//   - -shard i/n keeps the records k (from 0, over all inputs) with
//     k%n == i; -f forces the input format, -o the output format.
//   - -timeout and -max-guesses bound the search of each puzzle; -jp N
//     searches each puzzle on N goroutines (by default a 16x16 or larger
//     puzzle gets the -j slots no other such search is using, so one hard
//     puzzle alone uses every core); -stats prints a summary.
//   - A progress bar shows on standard error when it is a terminal, the
//     results do not go to a terminal, and a run lasts over a second.
//
// bench has its own table output; see "sudoku bench -h".
package main

import (
	"context"
	"os"
	"os/signal"
)

// exitInterrupted is the exit status after an interrupt (128 + SIGINT).
const exitInterrupted = 130

// main runs the command line; the first interrupt (Ctrl-C) ends the
// context, so that the command stops, flushes the results it has and
// exits with status 130; a second one kills the process.
func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	context.AfterFunc(ctx, stop)
	code := Run(ctx, os.Args[1:], &Env{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr})
	if ctx.Err() != nil {
		code = exitInterrupted
	}
	stop()
	os.Exit(code)
}
