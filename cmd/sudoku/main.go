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
//     puzzle gets the -j slots no other search is using, so one hard
//     puzzle alone uses every core); -stats prints a summary.
//   - A progress bar shows on standard error when it is a terminal, the
//     results do not go to a terminal, and a run lasts over a second.
//
// bench has its own table output; see "sudoku bench -h".
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
)

// Command is one subcommand of sudoku.
type Command struct {
	Name      string
	UsageLine string // flags and arguments after the name
	Short     string // one line for the command list
	Long      string // the full help text
	// Flags is called with a fresh FlagSet to define the command's flags
	// and returns the function that runs it once they are parsed.
	Flags func(fs *flag.FlagSet) func(ctx context.Context, env *Env, args []string) int
}

// Env is what a command reads and writes.
type Env struct {
	Stdin          io.Reader
	Stdout, Stderr io.Writer
}

// commands lists the subcommands in the order help shows them.
// Add a command by adding one line here.
var commands = []*Command{
	cmdSolve,
	cmdCount,
	cmdCheck,
	cmdBench,
	cmdGenerate,
}

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	code := Run(ctx, os.Args[1:], &Env{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr})
	stop()
	os.Exit(code)
}

// Run runs the command line args (without the program name) and returns
// the exit status.
func Run(ctx context.Context, args []string, env *Env) int {
	if len(args) == 0 {
		usage(env.Stderr)
		return 2
	}
	if args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
		// Asked-for help goes to standard output.
		if len(args) > 1 {
			if c := lookup(args[1]); c != nil {
				fs := newFlagSet(c, env.Stdout)
				c.Flags(fs)
				fs.Usage()
				return 0
			}
			fmt.Fprintf(env.Stderr, "sudoku help: unknown command %q\n", args[1])
			return 2
		}
		usage(env.Stdout)
		return 0
	}
	c := lookup(args[0])
	if c == nil {
		fmt.Fprintf(env.Stderr, "sudoku: unknown command %q\n", args[0])
		usage(env.Stderr)
		return 2
	}
	fs := newFlagSet(c, env.Stderr)
	run := c.Flags(fs)
	if err := fs.Parse(args[1:]); err != nil {
		if err == flag.ErrHelp {
			return 0
		}
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
		fmt.Fprintf(w, "usage: sudoku %s %s\n\n%s\n\nFlags:\n", c.Name, c.UsageLine, c.Long)
		fs.PrintDefaults()
	}
	return fs
}

func usage(w io.Writer) {
	fmt.Fprintf(w, "usage: sudoku <command> [flags] [files]\n\nCommands:\n")
	for _, c := range commands {
		fmt.Fprintf(w, "  %-9s %s\n", c.Name, c.Short)
	}
	fmt.Fprintf(w, "\nRun 'sudoku help <command>' or 'sudoku <command> -h' for a command's flags.\n")
}
