package main

// generate -variant: variant puzzles from variant.Generate, written in a
// variant form (internal/vtext).

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"sync/atomic"
	"time"

	"github.com/gosudoku/sudoku/internal/batch"
	"github.com/gosudoku/sudoku/internal/vtext"
	"github.com/gosudoku/sudoku/logic"
	"github.com/gosudoku/sudoku/variant"
)

// levelTries bounds the puzzles generateLevel makes for one of a level.
const levelTries = 40

// generateLevel makes a puzzle of spec whose rating by the human logic
// (logic.RateVariant) is of the level: a generated puzzle above it gets
// givens of its solution, one at a time in an order drawn from the seed,
// until it rates at the level or below; one below it, or that falls
// below, is passed over for the next seed. Puzzle k of a run is made
// from its seed alone.
func generateLevel(ctx context.Context, spec variant.Spec, seed uint64, level logic.Level) (*variant.Generated, error) {
	rate := func(p *variant.Puzzle) (logic.Level, error) {
		r, err := logic.RateVariant(ctx, p, logic.Options{AssumeUnique: true})
		return r.Level, err
	}
	for t := range uint64(levelTries) {
		s := variantSeed(seed, t)
		g, err := variant.Generate(ctx, spec, s)
		if err != nil {
			return nil, err
		}
		l, err := rate(g.Puzzle)
		if err != nil && ctx.Err() != nil {
			return nil, err
		}
		if err != nil || l < level {
			continue // beyond the logic, or too easy
		}
		// More givens until it is easy enough; a minimal puzzle
		// with givens added keeps its one solution.
		rng := s
		var blanks []int
		for i, v := range g.Puzzle.Givens {
			if v == 0 {
				blanks = append(blanks, i)
			}
		}
		for l > level && len(blanks) > 0 {
			rng = variantSeed(rng, 1)
			k := int(rng % uint64(len(blanks)))
			i := blanks[k]
			blanks = append(blanks[:k], blanks[k+1:]...)
			g.Puzzle.Givens[i] = g.Solution[i]
			if l, err = rate(g.Puzzle); err != nil {
				if ctx.Err() != nil {
					return nil, err
				}
				break
			}
		}
		if err == nil && l == level {
			return g, nil
		}
	}
	return nil, fmt.Errorf("no %s puzzle of %v in %d tries (seed %d)", level, spec, levelTries, seed)
}

// variantFamilies lists the names -variant takes.
func variantFamilies() string {
	var names []string
	for _, f := range variant.Families() {
		names = append(names, f[0])
	}
	return strings.Join(names, ", ")
}

// variantSeed is the seed of puzzle k of a run with seed s: puzzle k is
// made from (s, k) alone, whatever -j and -shard.
func variantSeed(s, k uint64) uint64 {
	x := s ^ (k+1)*0x9e3779b97f4a7c15
	x ^= x >> 31
	x *= 0xbf58476d1ce4e5b9
	return x ^ x>>29
}

// variantJob is one puzzle to make: its index k and what came of it.
type variantJob struct {
	k   uint64
	g   *variant.Generated
	err error
	dur time.Duration
}

// runGenerateVariant makes f.count puzzles of the families -variant names
// on a grid of side -size (9 by default) and writes them in -o's form.
func runGenerateVariant(ctx context.Context, env *Env, f *genFlags) int {
	var errs []error
	if f.order.set {
		errs = append(errs, errors.New("-order with -variant: give the side with -size"))
	}
	for _, c := range []struct {
		set  bool
		name string
	}{{f.maskFile != "", "-mask"}, {f.clues != 0, "-clues"}, {f.minimal, "-minimal"}, {f.rating != "", "-rating"},
		{f.technique != "", "-technique"}, {f.formatSet && !f.vforced, "-o " + f.format.String()}} {
		if c.set {
			errs = append(errs, fmt.Errorf("%s does not go with -variant (-level does)", c.name))
		}
	}
	var level logic.Level
	if f.level != "" {
		l, err := logic.ParseLevel(f.level)
		errs = append(errs, err)
		level = l
	}
	if f.count < 1 {
		errs = append(errs, errors.New("-n 0: want at least 1"))
	}
	errs = append(errs, inRange("-j", f.jobs, 1, maxJobs), atLeast("-timeout", f.timeout, 0))
	spec, err := variant.ParseSpec(f.variant, f.size.v)
	errs = append(errs, err)
	if f.givens >= 0 {
		if err == nil && !slices.Contains(spec.Families, "killer") {
			errs = append(errs, fmt.Errorf("-givens %d: only a killer can do with fewer givens than minimal", f.givens))
		}
		spec.MaxGivens = f.givens
	}
	if err := errors.Join(errs...); err != nil {
		return usageError(env, "generate", err)
	}
	form := vtext.FormRules
	if f.vforced {
		form = f.vform
	}
	if f.timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, f.timeout)
		defer cancel()
	}
	seed := f.seed.value()
	first, step, n := f.shard.every(f.count)
	rep := newReporter(env.Stderr)
	var done atomic.Int64
	bar := startProgress(rep, f.forceProgress, progressSpec{total: int64(n), current: done.Load, desc: "generate"})
	next := func() (*variantJob, error) {
		if n == 0 {
			return nil, io.EOF
		}
		j := &variantJob{k: first}
		first += step
		n--
		return j, nil
	}
	work := func(ctx context.Context, j *variantJob) *variantJob {
		start := time.Now()
		if f.level != "" {
			j.g, j.err = generateLevel(ctx, spec, variantSeed(seed, j.k), level)
		} else {
			j.g, j.err = variant.Generate(ctx, spec, variantSeed(seed, j.k))
		}
		j.dur = time.Since(start)
		return j
	}
	out := newOutput(env, 0)
	var made int
	var busy time.Duration
	emit := func(_ *variantJob, j *variantJob) error {
		done.Add(1)
		if j.err != nil {
			return fmt.Errorf("puzzle %d: %w", j.k, j.err)
		}
		made++
		busy += j.dur
		b, err := vtext.Append(nil, j.g.Puzzle, form)
		if err != nil {
			return fmt.Errorf("puzzle %d: %w", j.k, err)
		}
		if f.withSolution {
			b = append(b, valuesLine(j.g.Solution, spec.Size)...)
			b = append(b, '\n')
		}
		return out.raw(b)
	}
	start := time.Now()
	err = batch.Run(ctx, batch.Options{Workers: f.jobs, Chunk: 1}, next, work, emit)
	bar.stop()
	if ferr := out.flush(); err == nil {
		err = ferr
	}
	if f.stats {
		elapsed := time.Since(start)
		fmt.Fprintf(env.Stderr, "seed %d: %d %v puzzles of side %d in %v (-j %d): %.1f puzzles/s, %.1f ms/puzzle of work\n",
			seed, made, spec, spec.Size, elapsed.Round(time.Millisecond), f.jobs, float64(made)/elapsed.Seconds(),
			float64(busy.Microseconds())/1e3/float64(max(made, 1)))
	}
	if err != nil {
		switch {
		case errors.Is(err, context.DeadlineExceeded) && f.timeout > 0:
			err = fmt.Errorf("stopped by -timeout %v after %d puzzles", f.timeout, made)
		case ctx.Err() != nil:
			err = fmt.Errorf("interrupted after %d puzzles", made)
		}
		rep.errorf("sudoku generate: %v", err)
		return 1
	}
	return 0
}
