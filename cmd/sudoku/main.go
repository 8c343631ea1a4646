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
	"regexp"
	"strconv"
	"time"
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
		// The error and the usage line, not every flag's help (42 lines
		// for solve): "sudoku help NAME" shows those.
		fmt.Fprintf(env.Stderr, "sudoku %s: %s\nusage: sudoku %s %s\n(sudoku help %s lists the flags)\n", c.Name, flagProblem(fs, err), c.Name, c.UsageLine, c.Name)
		return 2
	}
	return run(ctx, env, fs.Args())
}

// badValue is the flag package's error for a value that does not parse.
var badValue = regexp.MustCompile(`^invalid value "(.*)" for flag -([^:]+): parse error$`)

// flagProblem words a flag error: a duration without its unit, a negative
// count, say what to write instead of "parse error".
func flagProblem(fs *flag.FlagSet, err error) string {
	m := badValue.FindStringSubmatch(err.Error())
	if m == nil {
		return err.Error()
	}
	val, name := m[1], m[2]
	f := fs.Lookup(name)
	if f == nil {
		return err.Error()
	}
	g, ok := f.Value.(flag.Getter)
	if !ok {
		return err.Error()
	}
	switch g.Get().(type) {
	case time.Duration:
		if _, err := strconv.ParseFloat(val, 64); err == nil {
			return fmt.Sprintf("-%s %s: a duration needs its unit: write %ss (or 500ms, 2m, 1h)", name, oneLine(val), oneLine(val))
		}
		return fmt.Sprintf("-%s %s: not a duration: write e.g. 5s, 500ms, 2m or 1h", name, oneLine(val))
	case uint, uint64:
		if n, err := strconv.ParseInt(val, 10, 64); err == nil && n < 0 {
			return fmt.Sprintf("-%s %s: give a whole number of 0 or more", name, oneLine(val))
		}
		return fmt.Sprintf("-%s %s: not a whole number of 0 or more (invalid value)", name, oneLine(val))
	case int, int64:
		return fmt.Sprintf("-%s %s: not a whole number (invalid value)", name, oneLine(val))
	case float64:
		return fmt.Sprintf("-%s %s: not a number (invalid value)", name, oneLine(val))
	}
	return oneLine(err.Error())
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
		fmt.Fprintf(fs.Output(), "usage: sudoku %s %s\n\n%s\n", c.Name, c.UsageLine, c.Long)
		n := 0
		fs.VisitAll(func(*flag.Flag) { n++ })
		if n > 0 { // library's flags are its subcommands'
			fmt.Fprintf(fs.Output(), "\nFlags:\n")
			fs.PrintDefaults()
		}
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
