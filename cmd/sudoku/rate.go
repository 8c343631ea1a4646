package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/gosudoku/sudoku"
	"github.com/gosudoku/sudoku/internal/vtext"
	"github.com/gosudoku/sudoku/logic"
	"github.com/gosudoku/sudoku/variant"
)

var cmdRate = &Command{
	Name:      "rate",
	UsageLine: "[flags] [file ...]",
	Short:     "rate puzzles on Sudoku Explainer's scale (ER/EP/ED)",
	Long: `Rate solves each puzzle step by step as Sudoku Explainer does (the first
step of the first technique that applies, in SE's rule order) and prints,
one line per puzzle in input order, serate's forum convention:

	<puzzle> ED=<ER>/<EP>/<ED>

ER is the rating of the hardest step, EP the hardest up to the first placed
value, ED the first step's. -format takes serate's codes instead: %g the
puzzle, %i the puzzle as 81 digits (0 for a blank), %r %p %d ER, EP and ED,
%R %P %D the names of the steps that set them, %L the level, %n the ordinal
(from 1), %e the time taken, %l a newline, %t a tab, %% a percent sign.
-o json writes one object per puzzle: puzzle, er, ep, ed, level, steps,
hardest, and the techniques used with counts. -o csv writes a header, then
puzzle,solution,rating,level per puzzle (0 for a blank, as Kaggle's sets).

Levels (by ER): easy 1.0-1.5, medium 1.6-2.5, hard 2.6-4.4, expert 4.5-7.0,
extreme 7.1 and up. A puzzle must have exactly one solution to be rated;
one that has not, or that hits -timeout, is reported on standard error and
gets "# file:line: message" in its place (exit status 1).

9x9 puzzles get Sudoku Explainer's rules; the other orders (4x4, 16x16 and
up) get singles, intersections, subsets and fish (and ALS-XZ with
-techniques all), then chains of SE's kinds, forcing X-chains to nested
dynamic chains (IDs x-chain to nested-dynamic-chain), so that a puzzle
with one solution gets a path without guessing.

The technique IDs, for -techniques (in SE's rule order):

` + techniqueIDList(),
	Setup: setup((*rateFlags).register, runRate),
}

// logicGrid returns the candidate grid of a record, classic or variant.
func logicGrid(rec *record) (*logic.Grid, error) {
	if rec.v != nil {
		return logic.NewVariantGrid(rec.v)
	}
	return logic.NewGrid(rec.p.Grid)
}

// recordLine writes a record's puzzle as one line: a classic puzzle as
// puzzleLine does, a variant in the form it was read in, or as rules JSON
// when that form takes several lines (killer and jigsaw text).
func recordLine(rec *record) string {
	if rec.v == nil {
		return puzzleLine(rec.p.Grid)
	}
	form := rec.vform
	if form != vtext.FormFPuzzles && form != vtext.FormLink {
		form = vtext.FormRules
	}
	b, err := vtext.Append(nil, rec.v, form)
	if err != nil {
		return valuesLine(rec.v.Givens, rec.v.Size)
	}
	return strings.TrimRight(string(b), "\n")
}

// gridLine writes the values of a logic grid as one line.
func gridLine(g *logic.Grid) string {
	if g.Variant() == nil {
		return solutionLine(g)
	}
	vals := make([]int, g.Side()*g.Side())
	for i := range vals {
		vals[i] = g.Value(i)
	}
	return valuesLine(vals, g.Side())
}

// recordDigits writes a record's givens as digits, 0 for a blank.
func recordDigits(rec *record) string {
	if rec.v == nil {
		return digits(rec.p.Grid)
	}
	return strings.ReplaceAll(valuesLine(givensOf(rec.v), rec.v.Size), ".", "0")
}

// givensOf returns p's givens, all blank when it has none.
func givensOf(p *variant.Puzzle) []int {
	if p.Givens == nil {
		return make([]int, p.Size*p.Size)
	}
	return p.Givens
}

// techniqueIDList lists the IDs of every technique, wrapped and indented
// for a help text.
func techniqueIDList() string {
	var b strings.Builder
	line := "\t"
	for k, t := range logic.Techniques() {
		word := t.ID()
		if k < len(logic.Techniques())-1 {
			word += ","
		}
		if len(line)+len(word) > 72 {
			b.WriteString(strings.TrimSuffix(line, " ") + "\n")
			line = "\t"
		}
		line += word + " "
	}
	b.WriteString(strings.TrimSuffix(line, " "))
	return b.String()
}

// logicFlags are the flags of the commands that reason like a person.
type logicFlags struct {
	filterFlags
	techniques string        // -techniques
	timeout    time.Duration // -timeout per puzzle
	set        logic.TechniqueSet
}

func (f *logicFlags) register(fs *flag.FlagSet) {
	f.filterFlags.register(fs, streamFlags)
	fs.StringVar(&f.techniques, "techniques", "default", "technique `set`: default (SukakuExplainer's), se121 (Sudoku Explainer 1.2.1's), all (adds finned and sashimi fish, W-Wings and ALS-XZ), or a comma-separated list of technique IDs (sudoku help rate lists them)")
	fs.DurationVar(&f.timeout, "timeout", 0, "stop working on one puzzle after `d` (0: no limit)")
}

// validate checks the shared flags and reads the technique set.
func (f *logicFlags) validate() error {
	if err := f.filterFlags.validate(); err != nil {
		return err
	}
	if f.timeout < 0 {
		return errors.New("-timeout must not be negative")
	}
	set, err := logic.ParseTechniqueSet(f.techniques)
	if err != nil {
		return fmt.Errorf("-techniques: %v (sudoku help rate lists the IDs)", err)
	}
	f.set = set
	return nil
}

// context returns ctx bounded by -timeout.
func (f *logicFlags) context(ctx context.Context) (context.Context, context.CancelFunc) {
	if f.timeout > 0 {
		return context.WithTimeout(ctx, f.timeout)
	}
	return context.WithCancel(ctx)
}

// logicError words a logic error for a user.
func (f *logicFlags) logicError(err error) error {
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		return fmt.Errorf("stopped at -timeout %v", f.timeout)
	case errors.Is(err, logic.ErrStuck):
		return errors.New("no technique of the set applies (beyond the solver)")
	case errors.Is(err, logic.ErrNotUnique):
		// No solution (naming the placed value or the marks that lost
		// it), or several.
		return errors.New(strings.TrimPrefix(err.Error(), "logic: "))
	}
	return err
}

// logicOutcome sorts the outcome of a logic search (hint, explain) for
// -stats.
func logicOutcome(rec *record, err error) outcome {
	switch {
	case err == nil:
		return solvedOutcome
	case rec.err != nil, errors.As(err, new(*sudoku.ConflictError)):
		return invalidOutcome
	case errors.Is(err, logic.ErrMultiple):
		return severalOutcome
	case errors.Is(err, logic.ErrNoSolution):
		return noSolution
	case errors.Is(err, logic.ErrStuck), errors.Is(err, errNoTechnique):
		return stuckOutcome
	}
	return stoppedOutcome
}

// errNoTechnique ends explain's path where no technique applies (the
// steps found so far are printed).
var errNoTechnique = errors.New("no technique of the set applies")

// rateFlags are rate's flags.
type rateFlags struct {
	logicFlags
	format string     // -format: serate's codes
	out    formatFlag // -o json
}

func (f *rateFlags) register(fs *flag.FlagSet) {
	f.logicFlags.register(fs)
	fs.StringVar(&f.format, "format", "%g ED=%r/%p/%d", "output `format` with serate's % codes (see above)")
	fs.Var(&f.out, "o", "output `format`: json (one object per puzzle) or csv (puzzle,solution,rating,level); default: -format")
}

type rateResult struct {
	r        logic.Rating
	solution string // with -o csv: as digits
	err      error
	dur      time.Duration
}

// digits writes a grid as one line of symbols with 0 for a blank, as CSV
// files of puzzles do.
func digits(g *sudoku.Grid) string {
	b := make([]byte, g.NumCells())
	for i := range b {
		b[i] = '0'
		if v := g.Cell(i); v != 0 {
			b[i] = sudoku.SymbolByte(v)
		}
	}
	return string(b)
}

// rateStats counts results in constant memory.
type rateStats struct {
	n, fail int
	levels  [5]int
	maxER   int
	busy    time.Duration
}

// runRate rates each puzzle.
func runRate(ctx context.Context, env *Env, f *rateFlags, args []string) int {
	if err := f.validate(); err != nil {
		return usageError(env, "rate", err)
	}
	asJSON, asCSV := false, false
	switch f.out.String() {
	case "", "auto":
	case "json":
		asJSON = true
	case "csv":
		asCSV = true
	default:
		return usageError(env, "rate", fmt.Errorf("-o %s: rate writes json, csv or -format text", f.out.String()))
	}
	if err := checkRateFormat(f.format); err != nil {
		return usageError(env, "rate", err)
	}
	// rate prints its own summary, not the search tally of the filters.
	wantStats := f.stats
	f.stats = false
	j := newJob(env, &f.filterFlags, 0)
	j.variants = true
	var st rateStats
	start := time.Now()
	work := func(ctx context.Context, rec *record) rateResult {
		if rec.err != nil {
			return rateResult{err: rec.err}
		}
		ctx, cancel := f.context(ctx)
		defer cancel()
		t0 := time.Now()
		opt := logic.Options{Techniques: f.set}
		if rec.v != nil {
			r, err := logic.RateVariant(ctx, rec.v, opt)
			res := rateResult{r: r, err: err, dur: time.Since(t0)}
			if err == nil && asCSV {
				sol, err := variant.Solve(ctx, rec.v, variant.Options{})
				res.solution, res.err = strings.ReplaceAll(valuesLine(sol.Solution, rec.v.Size), ".", "0"), err
			}
			return res
		}
		r, err := logic.Rate(ctx, rec.p.Grid, opt)
		res := rateResult{r: r, err: err, dur: time.Since(t0)}
		if err == nil && asCSV {
			sol, err := sudoku.Solve(ctx, rec.p.Grid, sudoku.Options{})
			if err == nil {
				res.solution = digits(sol.Solution)
			}
			res.err = err
		}
		return res
	}
	header := asCSV
	emit := func(rec *record, r rateResult) error {
		if header {
			// Kaggle's layout, with the rating and level after the
			// solution; a failed record is a comment line as elsewhere.
			header = false
			if err := j.out.text("puzzle,solution,rating,level"); err != nil {
				return err
			}
		}
		st.n++
		st.busy += r.dur
		if r.err != nil {
			st.fail++
			if rec.err == nil && ctx.Err() != nil {
				return ctx.Err()
			}
			return j.fail(rec, f.logicError(r.err))
		}
		st.levels[r.r.Level]++
		st.maxER = max(st.maxER, r.r.ER)
		puzzle := recordLine(rec)
		if asJSON {
			b, err := r.r.MarshalJSONWith(puzzle)
			if err != nil {
				return err
			}
			return j.out.text(string(b))
		}
		if asCSV {
			return j.out.text(fmt.Sprintf("%s,%s,%s,%s", recordDigits(rec), r.solution, logic.FormatRating(r.r.ER), r.r.Level))
		}
		return j.out.text(formatRating(f.format, rec, puzzle, r))
	}
	code := filter(ctx, j, args, work, emit)
	if wantStats {
		el := time.Since(start)
		fmt.Fprintf(env.Stderr, "puzzles %d: rated %d, failed %d; time %v (-j %d): %.1f puzzles/s, %.2f ms/puzzle busy\n",
			st.n, st.n-st.fail, st.fail, el.Round(time.Millisecond), f.jobs,
			float64(st.n)/el.Seconds(), float64(st.busy.Microseconds())/1000/float64(max(st.n, 1)))
		var parts []string
		for l := logic.Easy; l <= logic.Extreme; l++ {
			parts = append(parts, fmt.Sprintf("%s %d", l, st.levels[l]))
		}
		fmt.Fprintf(env.Stderr, "levels: %s; highest ER %s\n", strings.Join(parts, ", "), logic.FormatRating(st.maxER))
	}
	return code
}

// checkRateFormat rejects unknown % codes.
func checkRateFormat(format string) error {
	for k := 0; k < len(format); k++ {
		if format[k] != '%' {
			continue
		}
		k++
		if k == len(format) || !strings.ContainsRune("girpdRPDLnelt%", rune(format[k])) {
			return fmt.Errorf("-format %q: unknown code at byte %d (want one of %%g %%i %%r %%p %%d %%R %%P %%D %%L %%n %%e %%l %%t %%%%)", format, k)
		}
	}
	return nil
}

// formatRating expands serate's % codes.
func formatRating(format string, rec *record, puzzle string, r rateResult) string {
	var b strings.Builder
	for k := 0; k < len(format); k++ {
		c := format[k]
		if c != '%' || k+1 == len(format) {
			b.WriteByte(c)
			continue
		}
		k++
		switch format[k] {
		case 'g':
			b.WriteString(puzzle)
		case 'i':
			b.WriteString(recordDigits(rec))
		case 'r':
			b.WriteString(logic.FormatRating(r.r.ER))
		case 'p':
			b.WriteString(logic.FormatRating(r.r.EP))
		case 'd':
			b.WriteString(logic.FormatRating(r.r.ED))
		case 'R':
			b.WriteString(r.r.Hardest)
		case 'P':
			b.WriteString(r.r.HardestEP)
		case 'D':
			b.WriteString(r.r.HardestED)
		case 'L':
			b.WriteString(r.r.Level.String())
		case 'n':
			b.WriteString(strconv.Itoa(rec.index + 1))
		case 'e':
			b.WriteString(r.dur.Round(time.Microsecond).String())
		case 'l':
			b.WriteByte('\n')
		case 't':
			b.WriteByte('\t')
		default:
			b.WriteByte(format[k])
		}
	}
	return b.String()
}
