package main

import (
	"bufio"
	"context"
	crand "crypto/rand"
	"encoding/binary"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"math"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gosudoku/sudoku"
	"github.com/gosudoku/sudoku/format"
	"github.com/gosudoku/sudoku/generate"
	"github.com/gosudoku/sudoku/internal/vtext"
	"github.com/gosudoku/sudoku/logic"
)

var cmdGenerate = &Command{
	Name:      "generate",
	UsageLine: "[-order N | -size S] [-n COUNT] [-seed S] [-symmetry NAME | -mask FILE] [-clues N] [flags]",
	Short:     "generate puzzles with exactly one solution",
	Long: `Generate prints puzzles that have exactly one solution, one a record.

Each puzzle is dug from a random complete grid: the cells (or, with
-symmetry, the orbits of cells) are tried once each in random order and a
clue goes when the puzzle stays unique without it. The puzzle is minimal:
no clue can be removed ("minimal"); with a symmetry, no orbit of clues can
be removed ("orbit-minimal"), and -minimal also tests single clues and
digs until no single clue can go either ("minimal"); when a check of a
large grid stops at -max-guesses the clue stays and the puzzle is
"near-minimal". With -mask, the clues sit exactly at the mask's x cells.
-clues and -minimal are targets: the best of -attempts puzzles is printed,
marked "target-missed" when it misses them.

Puzzle k is made from (seed, k) alone: the same seed, flags and k give the
same output on any machine and any -j (from 36x36 up, and where checks
stop at -max-guesses, with the same solver version too). -shard i/n
makes the puzzles k with k%n == i, as the other commands' -shard keeps
the records k with k%n == i: the shards 0/n, 1/n, ... together make the
whole run, and taking their lines in turn gives its output.

In line format each puzzle is followed by a comment such as
"# clues=24 minimal"; -solution adds the solution as the next record. The
json format writes one object per line with the puzzle ("grid"), its
"solution" and its figures.

-variant makes variant puzzles (see -variant below), minimal in givens;
with -level, one whose rating by the variants' human logic (sudoku rate)
is of that level: a puzzle above it gets givens of its solution, in an
order drawn from its seed, until it rates at the level, one below it is
passed over (40 tries a puzzle).

Symmetries: ` + strings.Join(generate.SymmetryNames(), ", ") + `
(several joined with +, like mirror-lr+mirror-tb).`,
	Setup: setup((*genFlags).register, runGenerate),
}

// genFlags are generate's flags.
type genFlags struct {
	order         optInt
	size          optInt
	clues         int
	attempts      int
	jobs          int
	count         uint64
	seed          seedFlag
	sym           generate.Symmetry
	maskFile      string
	format        format.Format
	shard         shardFlag
	withSolution  bool
	stats         bool
	forceProgress bool
	minimal       bool
	verify        bool
	noComment     bool
	timeout       time.Duration
	maxGuesses    int64
	dig           generate.DigOrder
	rating        string     // -rating lo-hi
	level         string     // -level
	technique     string     // -technique
	techniques    string     // -techniques
	variant       string     // -variant NAME[,NAME]: variant puzzles (generate_variant.go)
	givens        int        // -givens: a variant killer's most givens (-1: as needed)
	vform         vtext.Form // -o's variant form, if vforced
	vforced       bool       // -o names a variant form
	formatSet     bool       // -o was given
}

func (f *genFlags) register(fs *flag.FlagSet) {
	f.order.v = 3
	f.sym = generate.None
	f.format = format.Line
	fs.Var(&f.order, "order", "box size `N`: 2 (4x4) to 8 (64x64)")
	fs.Var(&f.size, "size", "grid side `S` (4, 9, 16, 25, 36, 49, 64) instead of -order")
	fs.Uint64Var(&f.count, "n", 1, "make `COUNT` puzzles")
	fs.Var(&f.seed, "seed", "seed `S` (default: random, shown by -stats)")
	fs.Func("symmetry", "clue `symmetry`: "+strings.Join(generate.SymmetryNames(), ", "), func(v string) error {
		s, err := generate.ParseSymmetry(v)
		f.sym = s
		return err
	})
	fs.StringVar(&f.maskFile, "mask", "", "put the clues exactly at the x cells of the grid of x and . in `FILE`")
	fs.IntVar(&f.clues, "clues", 0, "aim for at most `N` clues (the fewest found in -attempts grids otherwise)")
	fs.Func("dig", "dig `order`: random, or boxes (boxes in random order: 4-6x faster from 16x16 up, but clues crowd in some boxes)", func(v string) error {
		switch v {
		case "random":
			f.dig = generate.DigRandom
		case "boxes":
			f.dig = generate.DigBoxes
		default:
			return errors.New("want random or boxes")
		}
		return nil
	})
	fs.BoolVar(&f.verify, "verify", false, "count each puzzle's solutions to 2 once more before printing it (a check of the solver)")
	fs.StringVar(&f.rating, "rating", "", "keep puzzles whose Sudoku Explainer rating (ER) lies in `lo-hi`, e.g. 4.0-6.0 (or one value)")
	fs.StringVar(&f.level, "level", "", "keep puzzles of a `level`: easy, medium, hard, expert or extreme (see sudoku help rate)")
	fs.StringVar(&f.technique, "technique", "", "make puzzles whose hardest step is of technique `ID` (e.g. x-wing, or skyscraper, 2-string-kite, empty-rectangle; see sudoku help rate)")
	fs.StringVar(&f.techniques, "techniques", "default", "technique `set` of the ratings: default, se121, all or a list of IDs")
	fs.BoolVar(&f.minimal, "minimal", false, "with -symmetry, make puzzles from which no single clue can be removed either")
	fs.IntVar(&f.attempts, "attempts", 0, "grids tried per puzzle (default 1; 100 with -clues or -minimal; 1000 with -level or -rating; 5000 with -technique at 9x9; 20000 with -mask)")
	fs.IntVar(&f.jobs, "j", runtime.GOMAXPROCS(0), "make `N` puzzles at once (output order is kept)")
	f.shard.wide = true
	fs.Var(&f.shard, "shard", "make only the puzzles k (from 0) with k%n == i, for `i/n`")
	fs.StringVar(&f.variant, "variant", "", "make variant puzzles of the `families` joined by commas ("+variantFamilies()+"), -size 4 to 16 (default 9), written as -o rules (the default), fpuzzles, link, killer or jigsaw")
	fs.IntVar(&f.givens, "givens", -1, "with -variant killer: keep at most `N` givens, one-cell cages counted (0: none; default as the cages need)")
	fs.Func("o", "output `format`: line, groups, numbers, pretty, sdk, ss, json; with -variant: rules, fpuzzles, link, killer, jigsaw", func(v string) error {
		f.formatSet = true
		if vf, ok := vtext.LookupForm(v); ok && vf != vtext.FormDetect {
			f.vform, f.vforced = vf, true
			return nil
		}
		f.vforced = false
		out, err := format.Lookup(v)
		if err == nil && (out == format.Auto || out == format.Counted) {
			err = fmt.Errorf("cannot write format %v", out)
		}
		f.format = out
		return err
	})
	fs.BoolVar(&f.withSolution, "solution", false, "also print each puzzle's solution")
	fs.BoolVar(&f.noComment, "nocomment", false, "leave out the comment after each puzzle")
	fs.BoolVar(&f.stats, "stats", false, "print a summary on standard error: time, clue counts")
	fs.BoolVar(&f.forceProgress, "progress", false, "show the progress bar even when standard error is not a terminal")
	fs.DurationVar(&f.timeout, "timeout", 0, "stop the whole run after `d` (0: no limit, but 10m for puzzles of a rating from 25x25 up, where one try takes minutes)")
	fs.Int64Var(&f.maxGuesses, "max-guesses", 0, "bound each uniqueness check to `N` guesses (0: none up to 16x16, 200 above; -1: none)")
}

// runGenerate checks the flags, makes the generator and prints its
// puzzles.
func runGenerate(ctx context.Context, env *Env, f *genFlags, args []string) int {
	if len(args) > 0 {
		fmt.Fprintf(env.Stderr, "sudoku generate: unexpected argument %q\n", args[0])
		return 2
	}
	if f.variant != "" {
		return runGenerateVariant(ctx, env, f)
	}
	if f.vforced {
		return usageError(env, "generate", fmt.Errorf("-o %v: a variant form needs -variant", f.vform))
	}
	if f.givens >= 0 {
		return usageError(env, "generate", errors.New("-givens goes with -variant killer (use -clues for classic puzzles)"))
	}
	if f.maskFile != "" {
		if err := checkOutputs(env, []string{f.maskFile}, nil); err != nil {
			return usageError(env, "generate", err)
		}
	}
	opt, err := f.options()
	if err != nil {
		fmt.Fprintf(env.Stderr, "sudoku generate: %v\n", err)
		return 2
	}
	gen, err := generate.New(opt)
	if err != nil {
		fmt.Fprintln(env.Stderr, "sudoku", err)
		return 2
	}
	if d := opt.Difficulty; d != nil {
		if n, attempts := d.Odds(opt.Order), gen.Options().Attempts; n > attempts {
			fmt.Fprintf(env.Stderr, "sudoku generate: warning: %s is the hardest step of about one dug puzzle in %d: most puzzles will miss within -attempts %d (say target-missed)\n",
				d.Technique, n, attempts)
		}
	}
	if f.timeout == 0 {
		f.timeout = defaultTimeout(gen.Options())
	}
	if f.timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, f.timeout)
		defer cancel()
	}
	return f.print(ctx, env, gen, opt)
}

// ratedTimeout is the -timeout of a run that makes puzzles of a rating
// from 25x25 up when none is given.
const ratedTimeout = 10 * time.Minute

// defaultTimeout returns the limit of a run of opt without -timeout:
// ratedTimeout for puzzles of a rating from 25x25 up, where one try takes
// minutes (rating a 25x25 puzzle for -level hard took over 90 s on the
// loaded 2-core machine), and none otherwise.
func defaultTimeout(opt generate.Options) time.Duration {
	if opt.Difficulty != nil && opt.Order >= 5 {
		return ratedTimeout
	}
	return 0
}

// Without a progress bar (standard error is no terminal), a run that has
// made no puzzle for stillAfter says so on standard error, and then every
// stillEvery while it makes none.
const (
	stillAfter = 10 * time.Second
	stillEvery = time.Minute
)

// stillWorking writes, while no puzzle comes, a line on standard error:
// how many of n puzzles are done after how long, what one costs and the
// limit. It returns the function that stops it.
func (f *genFlags) stillWorking(rep *reporter, done func() int64, n uint64, opt generate.Options) func() {
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() {
		start := time.Now()
		wait, last := stillAfter, int64(0)
		for {
			select {
			case <-stop:
				return
			case <-time.After(wait):
			}
			wait = stillEvery
			k := done()
			if quiet := k == last; !quiet {
				last = k
				continue // puzzles came since the last look
			}
			side := opt.Order * opt.Order
			what := "each try fills and digs a grid"
			if opt.Difficulty != nil {
				what = "each try fills, digs and rates a grid"
			}
			limit := "no -timeout"
			if f.timeout > 0 {
				limit = "-timeout " + f.timeout.String()
			}
			rep.errorf("sudoku generate: still working: %d of %d %dx%d puzzles after %v (%s, up to %d tries a puzzle; %s)",
				k, n, side, side, time.Since(start).Round(time.Second), what, opt.Attempts, limit)
		}
	})
	return func() {
		close(stop)
		wg.Wait()
	}
}

// options returns the generator options the flags ask for, reading the
// -mask file, or a usage error.
func (f *genFlags) options() (generate.Options, error) {
	if err := f.validate(); err != nil {
		return generate.Options{}, err
	}
	order := f.order.v
	if f.size.set {
		order = sudoku.OrderForSide(f.size.v)
	}
	opt := generate.Options{
		Order:      order,
		Symmetry:   f.sym,
		MaxClues:   f.clues,
		Minimal:    f.minimal,
		Verify:     f.verify,
		Dig:        f.dig,
		Attempts:   f.attempts,
		MaxGuesses: f.maxGuesses,
		Workers:    f.jobs,
		Seed:       f.seed.value(),
	}
	d, err := f.difficulty(order)
	if err != nil {
		return opt, err
	}
	opt.Difficulty = d
	if f.maskFile != "" {
		m, err := readMask(f.maskFile)
		if err != nil {
			return opt, err
		}
		opt.Mask = m
		if !f.size.set && !f.order.set {
			opt.Order = m.Order()
		} else if opt.Order != m.Order() {
			return opt, fmt.Errorf("-mask %s: mask of order %d for puzzles of order %d", f.maskFile, m.Order(), opt.Order)
		}
	}
	return opt, nil
}

// difficulty reads -rating, -level, -technique and -techniques for puzzles
// of the order; nil if none of the first three is given.
func (f *genFlags) difficulty(order int) (*generate.Difficulty, error) {
	if f.rating == "" && f.level == "" && f.technique == "" {
		return nil, nil
	}
	set, err := logic.ParseTechniqueSet(f.techniques)
	if err != nil {
		return nil, fmt.Errorf("-techniques: %v", err)
	}
	d := &generate.Difficulty{Techniques: set}
	if f.level != "" {
		if f.rating != "" {
			return nil, errors.New("-level and -rating both set a rating range: give one")
		}
		l, err := logic.ParseLevel(f.level)
		if err != nil {
			return nil, fmt.Errorf("-level: %v", err)
		}
		d = generate.ForOrder(order, l)
		d.Techniques = set
	}
	if f.rating != "" {
		lo, hi, ok := strings.Cut(f.rating, "-")
		if !ok {
			hi = lo
		}
		if d.MinER, err = parseTenths(lo); err == nil {
			d.MaxER, err = parseTenths(hi)
		}
		if err != nil || d.MaxER < d.MinER {
			return nil, fmt.Errorf("-rating %q: want lo-hi with 0.0 <= lo <= hi <= 20.0, e.g. 4.0-6.0", f.rating)
		}
	}
	if f.technique != "" {
		if err := d.SetTechnique(f.technique); err != nil {
			return nil, fmt.Errorf("-technique: %v", err)
		}
	}
	return d, nil
}

// parseTenths reads a rating such as "4.5" as tenths (45).
func parseTenths(s string) (int, error) {
	v, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	if err != nil || v < 0 || v > 20 {
		return 0, fmt.Errorf("bad rating %q", s)
	}
	return int(math.Round(v * 10)), nil
}

// Bounds of generate's flags.
const maxAttempts = 1_000_000

// validate checks the flag values one by one and together; it returns a
// usage error naming the bound a value breaks, or nil.
func (f *genFlags) validate() error {
	order := f.order.v
	var errs []error
	add := func(err error) { errs = append(errs, err) }
	if f.size.set {
		if o := sudoku.OrderForSide(f.size.v); o == 0 {
			add(fmt.Errorf("-size %d: want 4, 9, 16, 25, 36, 49 or 64", f.size.v))
		} else if f.order.set && o != order {
			add(fmt.Errorf("-order %d and -size %d disagree", order, f.size.v))
		} else {
			order = o
		}
	}
	add(inRange("-order", order, sudoku.MinOrder, sudoku.MaxOrder))
	if order >= sudoku.MinOrder && order <= sudoku.MaxOrder {
		add(inRange("-clues", f.clues, 0, order*order*order*order))
	}
	add(inRange("-j", f.jobs, 1, maxJobs))
	add(inRange("-attempts", f.attempts, 0, maxAttempts))
	add(atLeast("-timeout", f.timeout, 0))
	if f.maxGuesses < -1 {
		add(fmt.Errorf("-max-guesses %d: want -1, 0 or more", f.maxGuesses))
	}
	if f.count < 1 {
		add(errors.New("-n 0: want at least 1"))
	}
	if f.maskFile != "" {
		for _, c := range []struct {
			set  bool
			name string
		}{{f.sym != generate.None, "-symmetry"}, {f.clues != 0, "-clues"}, {f.minimal, "-minimal"}} {
			if c.set {
				add(fmt.Errorf("-mask and %s do not go together: the mask places the clues", c.name))
			}
		}
	}
	return errors.Join(errs...)
}

// readMask reads the -mask file.
func readMask(name string) (*generate.Mask, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	m, err := generate.ParseMask(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	return m, nil
}

// print runs gen over the flags' shard and writes the puzzles, with a
// progress bar and the -stats summary; it returns the exit status.
func (f *genFlags) print(ctx context.Context, env *Env, gen *generate.Generator, opt generate.Options) int {
	first, step, n := f.shard.every(f.count)
	out := &genOutput{w: format.NewWriter(env.Stdout, f.format), bw: bufio.NewWriter(env.Stdout),
		format: f.format, seed: opt.Seed, solution: f.withSolution, comment: !f.noComment}
	rep := newReporter(env.Stderr)
	var done atomic.Int64
	bar := startProgress(rep, f.forceProgress, progressSpec{total: int64(n), current: done.Load, desc: "generate"})
	stopStill := func() {}
	if !f.forceProgress && !isTerminal(env.Stderr) {
		stopStill = f.stillWorking(rep, done.Load, n, gen.Options())
	}
	var tally genTally
	start := time.Now()
	err := gen.RunEvery(ctx, first, step, n, func(p *generate.Puzzle) error {
		done.Add(1)
		tally.add(p)
		return out.write(p)
	})
	bar.stop()
	stopStill()
	if ferr := out.flush(); err == nil {
		err = ferr
	}
	elapsed := time.Since(start)
	if f.stats {
		tally.summary(env.Stderr, opt.Seed, elapsed, f.jobs)
	}
	if err != nil {
		switch {
		case errors.Is(err, context.DeadlineExceeded) && f.timeout > 0:
			err = fmt.Errorf("stopped by -timeout %v after %d of %d puzzles", f.timeout, tally.n, n)
		case ctx.Err() != nil:
			err = fmt.Errorf("interrupted after %d of %d puzzles", tally.n, n)
		}
		rep.errorf("sudoku generate: %v", err)
		return 1
	}
	return 0
}

// optInt is an int flag that knows whether it was set.
type optInt struct {
	v   int
	set bool
}

func (o *optInt) String() string {
	if o == nil {
		return "0"
	}
	return strconv.Itoa(o.v)
}

func (o *optInt) Set(s string) error {
	v, err := strconv.ParseInt(s, 0, strconv.IntSize)
	if err != nil {
		return errors.New("parse error")
	}
	o.v, o.set = int(v), true
	return nil
}

// seedFlag is a uint64 seed; unset, a random one is drawn once.
type seedFlag struct {
	v   uint64
	set bool
}

func (s *seedFlag) String() string {
	if s == nil || !s.set {
		return ""
	}
	return strconv.FormatUint(s.v, 10)
}

func (s *seedFlag) Set(v string) error {
	n, err := strconv.ParseUint(v, 0, 64)
	if err != nil {
		return errors.New("want a number from 0 to 2^64-1")
	}
	s.v, s.set = n, true
	return nil
}

func (s *seedFlag) value() uint64 {
	if !s.set {
		var b [8]byte
		crand.Read(b[:])
		s.v, s.set = binary.LittleEndian.Uint64(b[:]), true
	}
	return s.v
}

// genOutput writes generated puzzles.
type genOutput struct {
	w        *format.Writer
	bw       *bufio.Writer // for json
	format   format.Format
	seed     uint64
	solution bool
	comment  bool
}

// genJSON is one json line; "grid", "solution" and "comment" read back as
// a puzzle.
type genJSON struct {
	Order    int     `json:"order"`
	Grid     string  `json:"grid"`
	Solution string  `json:"solution,omitempty"`
	Comment  string  `json:"comment,omitempty"`
	Seed     uint64  `json:"seed"`
	Index    uint64  `json:"index"`
	Clues    int     `json:"clues"`
	Kind     string  `json:"kind"`
	Symmetry string  `json:"symmetry,omitempty"`
	Stopped  int     `json:"stopped,omitempty"` // dig checks stopped at -max-guesses
	Missed   bool    `json:"target_missed,omitempty"`
	ER       float64 `json:"er,omitempty"`
	Level    string  `json:"level,omitempty"`
	Hardest  string  `json:"hardest,omitempty"`
}

func (o *genOutput) write(p *generate.Puzzle) error {
	if o.format == format.JSON {
		j := genJSON{Order: p.Grid.Order(), Grid: p.Grid.String(), Seed: o.seed, Index: p.Index,
			Clues: p.Clues, Kind: p.Kind(), Stopped: p.Stopped, Missed: !p.TargetMet}
		if o.comment {
			j.Comment = p.Comment()
		}
		if p.Symmetry != generate.None {
			j.Symmetry = p.Symmetry.String()
		}
		if r := p.Rating; r != nil {
			j.ER, j.Level, j.Hardest = float64(r.ER)/10, r.Level.String(), r.Hardest
		}
		if o.solution {
			j.Solution = p.Solution.String()
		}
		b, err := json.Marshal(j)
		if err != nil {
			return err
		}
		o.bw.Write(b)
		return o.bw.WriteByte('\n')
	}
	comment := ""
	if o.comment {
		comment = "# " + p.Comment()
	}
	if o.format == format.CSV && o.solution {
		// CSV has a solution column: the solution goes beside its puzzle,
		// not in the puzzle column as a record of its own.
		return o.w.WritePuzzle(&format.Puzzle{Grid: p.Grid, Solution: p.Solution, Comment: comment})
	}
	if err := o.w.Write(p.Grid, comment); err != nil {
		return err
	}
	if o.solution {
		comment = ""
		if o.comment {
			comment = "# solution"
		}
		return o.w.Write(p.Solution, comment)
	}
	return nil
}

func (o *genOutput) flush() error {
	if err := o.w.Close(); err != nil {
		return err
	}
	return o.bw.Flush()
}

// genTally sums up a run for -stats in constant memory: counters, and a
// histogram of clue counts (at most one entry per cell count).
type genTally struct {
	n       int
	clues   map[int]int // clue count to puzzles
	kinds   map[string]int
	checks  int
	guesses int64
	missed  int
}

func (t *genTally) add(p *generate.Puzzle) {
	t.n++
	if t.kinds == nil {
		t.kinds, t.clues = map[string]int{}, map[int]int{}
	}
	t.clues[p.Clues]++
	t.kinds[p.Kind()]++
	t.checks += p.Checks
	t.guesses += p.Guesses
	if !p.TargetMet {
		t.missed++
	}
}

func (t *genTally) summary(w io.Writer, seed uint64, d time.Duration, jobs int) {
	fmt.Fprintf(w, "seed %d: %d puzzles in %v, %.1f puzzles/s, %.3f ms/puzzle (-j %d)\n",
		seed, t.n, d.Round(time.Millisecond), float64(t.n)/d.Seconds(), d.Seconds()*1000/float64(max(t.n, 1)), jobs)
	if t.n == 0 {
		return
	}
	kinds := make([]string, 0, len(t.kinds))
	for k, v := range t.kinds {
		kinds = append(kinds, fmt.Sprintf("%s %d", k, v))
	}
	slices.Sort(kinds)
	fmt.Fprintf(w, "kinds: %s; %.1f checks/puzzle, %.1f guesses/puzzle", strings.Join(kinds, ", "),
		float64(t.checks)/float64(t.n), float64(t.guesses)/float64(t.n))
	if t.missed > 0 {
		fmt.Fprintf(w, "; %d missed -clues or -minimal", t.missed)
	}
	fmt.Fprintln(w)
	counts := slices.Sorted(maps.Keys(t.clues))
	sum, seen, median := 0, 0, -1
	for _, c := range counts {
		sum += c * t.clues[c]
		// The median is the clue count of puzzle n/2 (from 0) in order.
		if seen += t.clues[c]; median < 0 && seen > t.n/2 {
			median = c
		}
	}
	fmt.Fprintf(w, "clues: min %d, median %d, mean %.2f, max %d\n", counts[0], median, float64(sum)/float64(t.n), counts[len(counts)-1])
	for _, c := range counts {
		fmt.Fprintf(w, "  %3d clues: %7d  %5.2f%%\n", c, t.clues[c], 100*float64(t.clues[c])/float64(t.n))
	}
}
