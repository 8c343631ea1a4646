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
	"bytes"
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
)

// exitInterrupted is the exit status after an interrupt (128 + SIGINT).
const exitInterrupted = 130

// main runs the command line; the first interrupt (Ctrl-C) ends the
// context, so that the command stops, flushes the results it has and
// exits with status 130; a second one kills the process. Serve, whose work
// runs until it is interrupted, exits with its own status (0 after a clean
// stop).
func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	context.AfterFunc(ctx, stop)
	code := Run(ctx, os.Args[1:], &Env{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr})
	if ctx.Err() != nil && (len(os.Args) < 2 || lookup(os.Args[1]) != cmdServe) {
		code = exitInterrupted
	}
	stop()
	os.Exit(code)
}

// commands lists the subcommands in the order help shows them.
// Add a command by adding one line here.
var commands = []*Command{
	cmdSolve,
	cmdCount,
	cmdCheck,
	cmdConvert,
	cmdBench,
	cmdGenerate,
	cmdRate,
	cmdHint,
	cmdExplain,
	cmdRender,
	cmdCanon,
	cmdLibrary,
	cmdServe,
}

// Run runs the command line args (without the program name) and returns
// the exit status. A failed write to standard output makes it at least 1.
func Run(ctx context.Context, args []string, env *Env) int {
	out := &checkedWriter{w: env.Stdout}
	env = &Env{Stdin: env.Stdin, Stdout: out, Stderr: env.Stderr}
	code := runArgs(ctx, args, env)
	if err := out.firstErr(); err != nil && code == 0 {
		// The command did not see it (help, a table): say so here.
		fmt.Fprintf(env.Stderr, "sudoku: writing standard output: %v\n", oneLine(err.Error()))
		code = 1
	}
	return code
}

// runArgs runs the command line on env.
func runArgs(ctx context.Context, args []string, env *Env) int {
	if len(args) == 0 {
		usage(env.Stderr)
		return 2
	}
	if args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
		// Asked-for help goes to standard output.
		if len(args) > 1 {
			if c := lookup(args[1]); c != nil {
				fs := newFlagSet(c, env.Stdout)
				c.Setup(fs)
				fs.Usage()
				return 0
			}
			fmt.Fprintf(env.Stderr, "sudoku help: unknown command %q\n", oneLine(args[1]))
			return 2
		}
		usage(env.Stdout)
		return 0
	}
	c := lookup(args[0])
	if c == nil {
		fmt.Fprintf(env.Stderr, "sudoku: unknown command %q\n", oneLine(args[0]))
		usage(env.Stderr)
		return 2
	}
	// The flag package writes its help and its errors to one writer:
	// asked-for help (-h) goes to standard output, errors to standard
	// error.
	var msg bytes.Buffer
	fs := newFlagSet(c, &msg)
	run := c.Setup(fs)
	err := fs.Parse(args[1:])
	fs.SetOutput(env.Stderr)
	switch {
	case err == flag.ErrHelp:
		env.Stdout.Write(msg.Bytes())
		return 0
	case err != nil:
		env.Stderr.Write(msg.Bytes())
		return 2
	}
	return run(ctx, env, fs.Args())
}

// lookup returns the command with the given name, or nil.
func lookup(name string) *Command {
	for _, c := range commands {
		if c.Name == name {
			return c
		}
	}
	return nil
}

// newFlagSet returns c's flag set, with its help written to w.
func newFlagSet(c *Command, w io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(c.Name, flag.ContinueOnError)
	fs.SetOutput(w)
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "usage: sudoku %s %s\n\n%s\n\nFlags:\n", c.Name, c.UsageLine, c.Long)
		fs.PrintDefaults()
	}
	return fs
}

// usage writes the command list.
func usage(w io.Writer) {
	fmt.Fprintf(w, "usage: sudoku <command> [flags] [files]\n\nCommands:\n")
	for _, c := range commands {
		fmt.Fprintf(w, "  %-9s %s\n", c.Name, c.Short)
	}
	fmt.Fprintf(w, "\nRun 'sudoku help <command>' or 'sudoku <command> -h' for a command's flags.\n")
}
