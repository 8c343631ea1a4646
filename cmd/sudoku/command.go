package main

import (
	"cmp"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"runtime"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/gosudoku/sudoku"
	"github.com/gosudoku/sudoku/format"
	"github.com/gosudoku/sudoku/internal/vtext"
)

// Command is one subcommand of sudoku.
type Command struct {
	Name      string
	UsageLine string // flags and arguments after the name
	Short     string // one line for the command list
	Long      string // the full help text
	// Setup defines the command's flags on a fresh FlagSet and returns the
	// function that runs the command once they are parsed.
	Setup func(fs *flag.FlagSet) RunFunc
}

// RunFunc runs a command on its arguments (after the flags) and returns
// the exit status.
type RunFunc func(ctx context.Context, env *Env, args []string) int

// Env is what a command reads and writes.
type Env struct {
	Stdin          io.Reader
	Stdout, Stderr io.Writer
}

// setup returns a Command's Setup from the command's flags type F, the
// method that defines F's flags and the named function that runs the
// command: every run gets its own F, so commands share no state.
func setup[F any](register func(*F, *flag.FlagSet), run func(context.Context, *Env, *F, []string) int) func(*flag.FlagSet) RunFunc {
	return func(fs *flag.FlagSet) RunFunc {
		f := new(F)
		register(f, fs)
		return func(ctx context.Context, env *Env, args []string) int {
			return run(ctx, env, f, args)
		}
	}
}

// usageError reports a bad flag value or argument and returns the usage
// exit status.
func usageError(env *Env, cmd string, err error) int {
	for line := range strings.Lines(err.Error()) { // errors.Join: one a line
		fmt.Fprintf(env.Stderr, "sudoku %s: %s\n", cmd, oneLine(strings.TrimSuffix(line, "\n")))
	}
	fmt.Fprintf(env.Stderr, "Run 'sudoku %s -h' for usage.\n", cmd)
	return 2
}

// filterFlags are the flags shared by the line-filter commands; they mean
// the same in every command.
type filterFlags struct {
	jobs       int           // -j: records worked on at once
	inFormat   formatFlag    // -f: input format
	stats      bool          // -stats: summary on stderr
	shard      shardFlag     // -shard i/n
	timeout    time.Duration // -timeout per puzzle
	maxGuesses int64         // -max-guesses per puzzle
	perPuzzle  int           // -jp: goroutines per puzzle, 0 for auto
	active     atomic.Int32  // 16x16+ searches running now, for -jp auto
	progress   bool          // -progress: the bar even when stderr is no terminal
	solvers    solverPool    // variant rule sets compiled by the workers
}

// Which shared flags a command takes, for register.
const (
	searchFlags = 1 << iota // -timeout, -max-guesses, -jp
	streamFlags             // -stats, -shard
)

// register defines the shared flags on fs: -j, -f and -progress, and the
// groups in which.
func (f *filterFlags) register(fs *flag.FlagSet, which int) {
	f.jobs = runtime.GOMAXPROCS(0)
	fs.IntVar(&f.jobs, "j", f.jobs, "work on `N` puzzles at once (output order is kept)")
	fs.Var(&f.inFormat, "f", "input `format`: "+formatList+" (auto detects each record)")
	fs.BoolVar(&f.progress, "progress", false, "show the progress bar even when standard error is not a terminal")
	if which&streamFlags != 0 {
		fs.BoolVar(&f.stats, "stats", false, "print a summary on standard error")
		fs.Var(&f.shard, "shard", "process only records k (from 0, over all inputs) with k%n == i, for `i/n`")
	}
	if which&searchFlags != 0 {
		fs.DurationVar(&f.timeout, "timeout", 0, "stop the search of one puzzle after `d` (0: no limit)")
		fs.Int64Var(&f.maxGuesses, "max-guesses", 0, "stop the search of one puzzle after `N` guesses (0: no limit)")
		fs.IntVar(&f.perPuzzle, "jp", 0, "search each puzzle on `N` goroutines (0: a 16x16 or larger puzzle gets the -j slots no other such search is using)")
	}
}

// Bounds of the shared numeric flags.
const (
	maxJobs  = 1024          // -j and -jp
	maxLimit = 1_000_000_000 // count -limit
)

// validate checks the flag values; it returns a usage error naming the
// bound a value breaks, or nil.
func (f *filterFlags) validate() error {
	return errors.Join(
		inRange("-j", f.jobs, 1, maxJobs),
		inRange("-jp", f.perPuzzle, 0, maxJobs),
		atLeast("-timeout", f.timeout, 0),
		atLeast("-max-guesses", f.maxGuesses, 0),
	)
}

// inRange returns a usage error for flag name unless lo <= v <= hi.
func inRange[T cmp.Ordered](name string, v, lo, hi T) error {
	if v < lo || v > hi {
		return fmt.Errorf("%s %v: want %v to %v", name, v, lo, hi)
	}
	return nil
}

// atLeast returns a usage error for flag name unless v >= lo.
func atLeast[T cmp.Ordered](name string, v, lo T) error {
	if v < lo {
		return fmt.Errorf("%s %v: want %v or more", name, v, lo)
	}
	return nil
}

// options returns the search options the flags ask for.
func (f *filterFlags) options() sudoku.Options {
	return sudoku.Options{MaxGuesses: f.maxGuesses, Workers: f.perPuzzle}
}

// begin counts a search of g as running until the returned function is
// called, and returns the search options for it. With -jp 0 (auto), a
// 16x16 or larger puzzle is searched on the -j slots that no other such
// search is using: one puzzle alone gets every slot, a stream one slot
// each. 9x9 and 4x4 puzzles are too quick to gain from it, and neither
// take nor count a slot: a counter shared by every worker, touched twice
// per puzzle of a few microseconds, would cost more than it tells (and
// the helpers of a parallel search yield to other work anyway).
func (f *filterFlags) begin(g *sudoku.Grid) (sudoku.Options, func()) {
	opt := f.options()
	if opt.Workers != 0 || g.Order() < 4 {
		return opt, func() {}
	}
	n := int(f.active.Add(1))
	opt.Workers = max(1, f.jobs-n+1)
	return opt, func() { f.active.Add(-1) }
}

// formatList names every format -f and -o take: the classic ones, then
// the variant forms (which the format table lists after them).
var formatList = strings.Join(formatNames(), ", ")

func formatNames() []string {
	var names []string
	for f := format.Auto; ; f++ {
		name := f.String()
		if strings.HasPrefix(name, "Format(") {
			return names
		}
		names = append(names, name)
	}
}

// formatFlag is a format.Format, or a variant form (vtext.Form), set by
// name.
type formatFlag struct {
	format.Format
	vform   vtext.Form
	vforced bool // a variant form was named
}

func (f *formatFlag) String() string {
	if f.vforced {
		return f.vform.String()
	}
	return f.Format.String()
}

func (f *formatFlag) Set(s string) error {
	if vf, ok := vtext.LookupForm(s); ok && vf != vtext.FormDetect {
		f.Format, f.vform, f.vforced = format.Auto, vf, true
		return nil
	}
	v, err := format.Lookup(s)
	if err != nil {
		return err // it names every format, the variant forms too
	}
	f.Format, f.vforced = v, false
	return nil
}

// shardFlag is -shard "i/n" of every command: keep the records k (the
// puzzles k of generate), from 0, with k%n == i. n shards run apart
// together do the whole work once; their outputs, taken in turn, are
// the whole output.
type shardFlag struct {
	i, n uint64
	wide bool // n may be any uint64 (generate's -n); else at most math.MaxInt
}

func (s *shardFlag) String() string {
	if s == nil || s.n == 0 {
		return ""
	}
	return fmt.Sprintf("%d/%d", s.i, s.n)
}

func (s *shardFlag) Set(v string) error {
	a, b, ok := strings.Cut(v, "/")
	i, err1 := strconv.ParseUint(a, 10, 64)
	n, err2 := strconv.ParseUint(b, 10, 64)
	if !ok || err1 != nil || err2 != nil || n < 1 || i >= n || !s.wide && n > math.MaxInt {
		return fmt.Errorf("want i/n with 0 <= i < n, like 0/4")
	}
	s.i, s.n = i, n
	return nil
}

// keep reports whether record k is in the shard.
func (s *shardFlag) keep(k int) bool { return s.n == 0 || uint64(k)%s.n == s.i }

// every returns the first index, the step and the number of the puzzles
// of the shard out of count puzzles.
func (s *shardFlag) every(count uint64) (first, step, n uint64) {
	if s.n == 0 {
		return 0, 1, count
	}
	if s.i >= count {
		return s.i, s.n, 0
	}
	return s.i, s.n, (count-s.i-1)/s.n + 1
}

// variantForms are the names -f and -o take for the variant forms.
var variantForms = []vtext.Form{vtext.FormFPuzzles, vtext.FormLink, vtext.FormRules, vtext.FormJigsaw, vtext.FormKiller}

func variantFormNames() []string {
	names := make([]string, len(variantForms))
	for k, f := range variantForms {
		names[k] = f.String()
	}
	return names
}
