package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"runtime/pprof"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"text/tabwriter"
	"time"

	"github.com/gosudoku/sudoku"
	"github.com/gosudoku/sudoku/format"
	"github.com/gosudoku/sudoku/internal/fast9"
	"github.com/gosudoku/sudoku/variant"
)

var cmdBench = &Command{
	Name:      "bench",
	UsageLine: "[flags] file ...",
	Short:     "measure solving speed on puzzle files",
	Long: `Bench reads every puzzle of each file into memory, then times solving them
(the first solution, no uniqueness proof) and, with -count, counting their
solutions up to 2 (a uniqueness check), like tdoku's benchmark program.

For each file and mode it prints: puzzles; puzzles/s (wall clock, over all
-j workers); µs/puzzle (1e6 / puzzles/s, as tdoku reports it); the median
and worst time of one search; the share of puzzles solved with no guess;
and guesses/puzzle. cpu µs/puzzle is the process's CPU time over puzzles:
on a busy machine, compare it between -j 1 and -j N to see how well the
work spreads when wall-clock figures are noisy. With -runs R each mode runs
R times and the run with the median throughput is shown. -j defaults to 1
here, so that figures are per core; -j N spreads the puzzles over N
goroutines. Puzzles that have no solution, more than one (for -count) or
hit -timeout or -max-guesses are reported on standard error; the last make
the exit status 1.

Files of variant puzzles (see "sudoku help solve") are timed the same way,
by their rules.

The first line names the 9x9 engine's kernel: avx512 or avx2 (its hot path
in assembly, on amd64 CPUs with AVX-512 or AVX2) or go (pure Go, on every
other machine and in builds with -tags noasm). The best one the CPU runs is
chosen at start; the environment variable SUDOKU_FAST9=go, avx2 or avx512
forces one, to compare them.`,
	Setup: setup((*benchFlags).register, runBench),
}

// maxRuns bounds bench -runs.
const maxRuns = 1000

// benchFlags are bench's flags.
type benchFlags struct {
	filterFlags
	count      bool   // -count: also count to 2
	n          int    // -n: puzzles per file, 0 for all
	runs       int    // -runs: passes per mode
	cpuprofile string // -cpuprofile file
}

func (f *benchFlags) register(fs *flag.FlagSet) {
	f.filterFlags.register(fs, searchFlags)
	f.jobs = 1
	fs.Lookup("j").DefValue = "1"
	fs.BoolVar(&f.count, "count", false, "also time counting solutions up to 2 (uniqueness checks)")
	fs.IntVar(&f.n, "n", 0, "use the first `N` puzzles of each file (0: all)")
	fs.IntVar(&f.runs, "runs", 1, "time each mode `R` times and show the median run")
	fs.StringVar(&f.cpuprofile, "cpuprofile", "", "write a CPU profile of the run to `file` (see go tool pprof)")
}

// runBench times solving (and with -count, counting) the puzzles of each
// file and prints a table row per file and mode.
func runBench(ctx context.Context, env *Env, f *benchFlags, args []string) (code int) {
	if err := f.validate(); err != nil {
		return usageError(env, "bench", err)
	}
	if len(args) == 0 {
		return usageError(env, "bench", errors.New("no files to benchmark"))
	}
	if err := errors.Join(atLeast("-n", f.n, 0), inRange("-runs", f.runs, 1, maxRuns)); err != nil {
		return usageError(env, "bench", err)
	}
	b := &bencher{ff: &f.filterFlags, rep: newReporter(env.Stderr), runs: f.runs}
	if err := checkOutputs(env, args, map[string]string{"-cpuprofile": f.cpuprofile}); err != nil {
		return usageError(env, "bench", err)
	}
	if f.cpuprofile != "" {
		pf, err := createOutput(f.cpuprofile)
		if err != nil {
			b.rep.errorf("sudoku bench: %v", err)
			return 1
		}
		if err := pprof.StartCPUProfile(pf); err != nil {
			pf.Abort()
			b.rep.errorf("sudoku bench: %v", err)
			return 1
		}
		defer func() {
			pprof.StopCPUProfile()
			if err := pf.Commit(); err != nil {
				b.rep.errorf("sudoku bench: -cpuprofile: %v", err)
				code = 1
			}
		}()
	}
	limits := []int{1}
	if f.count {
		limits = append(limits, 2)
	}
	// The 9x9 engine's kernel, and the others this machine runs.
	kname, knote := fast9.Kernel()
	fmt.Fprintf(env.Stdout, "kernel: %s (9x9 engine; runs here: %s; SUDOKU_FAST9=go, avx2 or avx512 forces one)\n", kname, strings.Join(fast9.Kernels(), ", "))
	if knote != "" {
		b.rep.errorf("sudoku bench: %s", knote)
	}
	tw := tabwriter.NewWriter(env.Stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	header := false // written before the first row: no empty table
	for _, name := range args {
		grids, ok := b.load(ctx, env, name, f.n)
		if !ok {
			code = 1
		}
		if ctx.Err() != nil {
			break
		}
		if len(grids) == 0 {
			if ok { // a file that failed was named once already
				b.rep.errorf("sudoku bench: %s: no puzzles", name)
			}
			code = 1
			continue
		}
		if !header {
			fmt.Fprintf(tw, "file\tmode\tpuzzles\tpuzzles/s\tµs/puzzle\tcpu µs/puzzle\tmedian µs\tworst µs\tno guess\tguesses/puzzle\t\n")
			header = true
		}
		for _, limit := range limits {
			r, err := b.measure(ctx, name, grids, limit)
			if ctx.Err() != nil {
				break
			}
			if err != nil {
				tw.Flush()
				b.rep.errorf("sudoku bench: %v", err)
				return 1
			}
			if r.stopped > 0 {
				code = 1
			}
			display := filepath.Base(name)
			if name == "-" {
				display = stdinName
			}
			r.print(tw, display, limit)
		}
	}
	if err := tw.Flush(); err != nil {
		b.rep.errorf("sudoku bench: %v", err)
		return 1
	}
	if ctx.Err() != nil {
		b.rep.errorf("sudoku bench: interrupted")
		return 1
	}
	return code
}

// bencher runs the benchmark of one command line.
type bencher struct {
	ff   *filterFlags
	rep  *reporter
	runs int
}

// load reads up to n puzzles (all for 0) of the file; it reports the
// records it cannot read and returns false if there were any.
func (b *bencher) load(ctx context.Context, env *Env, name string, n int) ([]benchItem, bool) {
	in, display, closer, err := openInput(ctx, env, name)
	if err != nil {
		b.rep.errorf("sudoku bench: %v", err)
		return nil, false
	}
	if closer != nil {
		defer closer.Close()
	}
	// One reader for classic and variant records (filter.go's input).
	r := format.NewReader(bufio.NewReaderSize(in, 64<<10))
	r.Format = (&input{format: b.ff.inFormat.Format, vform: b.ff.inFormat.vform, vforced: b.ff.inFormat.vforced}).readFormat()
	r.File = display
	r.Variants = true
	var grids []benchItem
	ok := true
	for n == 0 || len(grids) < n {
		p, err := r.Read()
		if err == io.EOF {
			break
		}
		var perr *sudoku.ParseError
		if errors.As(err, &perr) {
			b.rep.errorf("%v", err)
			ok = false
			continue
		}
		if err != nil {
			if ctx.Err() == nil {
				b.rep.errorf("sudoku bench: %s: %v", display, err)
			}
			return grids, false
		}
		grids = append(grids, benchItem{g: p.Grid, v: p.Variant})
	}
	return grids, ok
}

// benchResult is one timed pass over a file.
type benchResult struct {
	n          int
	elapsed    time.Duration
	cpu        time.Duration   // process CPU time, or -1 if unknown
	times      []time.Duration // of each search
	guesses    int64
	noGuess    int
	noSolution int
	several    int
	stopped    int
}

// measure times b.runs passes over grids counting up to limit and returns
// the pass with the median throughput.
func (b *bencher) measure(ctx context.Context, name string, grids []benchItem, limit int) (*benchResult, error) {
	var done atomic.Int64
	prog := startProgress(b.rep, b.ff.progress, progressSpec{
		total:   int64(len(grids) * b.runs),
		current: done.Load,
		desc:    fmt.Sprintf("%s limit %d", filepath.Base(name), limit),
	})
	defer prog.stop()
	var passes []*benchResult
	for range b.runs {
		r, err := b.pass(ctx, grids, limit, &done)
		if err != nil {
			return nil, err
		}
		passes = append(passes, r)
	}
	slices.SortFunc(passes, func(x, y *benchResult) int { return int(x.elapsed - y.elapsed) })
	r := passes[len(passes)/2]
	if r.noSolution > 0 || r.stopped > 0 || (limit > 1 && r.several > 0) {
		b.rep.errorf("%s: %d puzzles with no solution, %d with more than one, %d stopped by -timeout or -max-guesses",
			name, r.noSolution, r.several, r.stopped)
	}
	return r, nil
}

// pass solves every grid once on b.ff.jobs goroutines.
func (b *bencher) pass(ctx context.Context, grids []benchItem, limit int, done *atomic.Int64) (*benchResult, error) {
	const chunk = 16
	r := &benchResult{n: len(grids), times: make([]time.Duration, len(grids))}
	guesses := make([]int64, len(grids))
	outcomes := make([]outcome, len(grids))
	var next atomic.Int64
	var wg sync.WaitGroup
	var firstErr error
	var errOnce sync.Once
	cpu0, cpuOK := cpuTime()
	start := time.Now()
	for range b.ff.jobs {
		wg.Go(func() {
			for {
				lo := int(next.Add(chunk)) - chunk
				if lo >= len(grids) || ctx.Err() != nil {
					return
				}
				for i := lo; i < min(lo+chunk, len(grids)); i++ {
					sctx, cancel := ctx, context.CancelFunc(nil)
					if b.ff.timeout > 0 {
						sctx, cancel = context.WithTimeout(ctx, b.ff.timeout)
					}
					if v := grids[i].v; v != nil {
						t0 := time.Now()
						res, err := b.ff.solvers.count(sctx, v, limit, variant.Options{MaxNodes: b.ff.maxGuesses, CountOnly: true})
						r.times[i] = time.Since(t0)
						if cancel != nil {
							cancel()
						}
						guesses[i] = res.Guesses
						var cerr *variant.CheckError
						switch {
						case ctx.Err() != nil:
							errOnce.Do(func() { firstErr = ctx.Err() })
							return
						case errors.As(err, &cerr):
							outcomes[i] = noSolution
						case err != nil:
							outcomes[i] = stoppedOutcome
						case res.Count == 0:
							outcomes[i] = noSolution
						case res.Count > 1:
							outcomes[i] = severalOutcome
						}
						continue
					}
					opt, end := b.ff.begin(grids[i].g)
					opt.CountOnly = true // the solutions are not shown: a search allocates nothing
					t0 := time.Now()
					res, err := sudoku.Count(sctx, grids[i].g, limit, opt)
					r.times[i] = time.Since(t0)
					end()
					if cancel != nil {
						cancel()
					}
					guesses[i] = res.Guesses
					switch {
					case ctx.Err() != nil:
						errOnce.Do(func() { firstErr = ctx.Err() })
						return
					case err != nil:
						// Declared here, cerr escapes (to errors.As) only
						// for a puzzle that failed.
						var cerr *sudoku.ConflictError
						outcomes[i] = stoppedOutcome
						if errors.As(err, &cerr) {
							outcomes[i] = noSolution
						}
					case res.Count == 0:
						outcomes[i] = noSolution
					case res.Count > 1:
						outcomes[i] = severalOutcome
					}
				}
				done.Add(int64(min(lo+chunk, len(grids)) - lo))
			}
		})
	}
	wg.Wait()
	r.elapsed = time.Since(start)
	r.cpu = -1
	if cpu1, ok := cpuTime(); ok && cpuOK {
		r.cpu = cpu1 - cpu0
	}
	if firstErr != nil {
		return nil, firstErr
	}
	for i, g := range guesses {
		r.guesses += g
		if g == 0 && outcomes[i] != stoppedOutcome {
			r.noGuess++
		}
		switch outcomes[i] {
		case noSolution:
			r.noSolution++
		case severalOutcome:
			r.several++
		case stoppedOutcome:
			r.stopped++
		}
	}
	return r, nil
}

// print writes one table row.
func (r *benchResult) print(w io.Writer, file string, limit int) {
	mode := "first"
	if limit > 1 {
		mode = fmt.Sprintf("count %d", limit)
	}
	sorted := slices.Clone(r.times)
	slices.Sort(sorted)
	us := func(d time.Duration) float64 { return float64(d.Nanoseconds()) / 1e3 }
	n := float64(r.n)
	cpu := "-"
	if r.cpu >= 0 {
		cpu = fmt.Sprintf("%.1f", us(r.cpu)/n)
	}
	if r.stopped > 0 {
		// Stopped searches solved nothing: no speed, share or mean is
		// honest over the row.
		fmt.Fprintf(w, "%s\t%s (%d stopped)\t%d\t-\t-\t-\t%.1f\t%.1f\t-\t-\t\n",
			oneLine(file), mode, r.stopped, r.n, us(sorted[len(sorted)/2]), us(sorted[len(sorted)-1]))
		return
	}
	fmt.Fprintf(w, "%s\t%s\t%d\t%.0f\t%.1f\t%s\t%.1f\t%.1f\t%.1f%%\t%.2f\t\n",
		oneLine(file), mode, r.n, n/r.elapsed.Seconds(), us(r.elapsed)/n, cpu,
		us(sorted[len(sorted)/2]), us(sorted[len(sorted)-1]),
		100*float64(r.noGuess)/n, float64(r.guesses)/n)
}

// benchItem is one puzzle of a bench file: a classic grid or a variant
// puzzle.
type benchItem struct {
	g *sudoku.Grid
	v *variant.Puzzle
}
