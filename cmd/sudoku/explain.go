package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"strings"
	"time"

	"github.com/gosudoku/sudoku/format"
	"github.com/gosudoku/sudoku/logic"
)

var cmdExplain = &Command{
	Name:      "explain",
	UsageLine: "[flags] [file ...]",
	Short:     "show the whole logical solution path of each puzzle",
	Long: `Explain solves each puzzle step by step as a person would (as Sudoku
Explainer does) and prints, for each puzzle in input order, the puzzle, one
numbered line a step (rating, technique, and the sentence that explains it)
and the solved grid, then an empty line:

	puzzle .2.9......48....31...
	  1  1.2  Hidden Single: In box 1, 3 fits only r1c1, so r1c1 = 3
	  ...
	solved 325941768648752931...

-o json writes one JSON object a step (technique, name, rating, placements,
eliminations, cells, candidates, units, text; "at": the same as indexes;
for a 9x9 chain, "chain": its links, each with the step behind it where
no single gives it; and "step": its number), then one object with the
solution and the rating. -o marks prints the candidate
grid (pencil marks) before each step. A puzzle without exactly one solution
is an error ("# file:line: the puzzle has more than one solution", or no
solution, naming a placed value or a cell whose marks lost the solution's
value). When no technique applies (a puzzle beyond the techniques), the
steps found are printed and then "# file:line: stuck after step N ..."
(exit status 1).

Every order is explained: 9x9 puzzles with Sudoku Explainer's rules, the
others (4x4, 16x16 and up) with singles, intersections, subsets and fish,
then chains of SE's kinds up to nested dynamic chains (a hard 16x16
puzzle takes seconds; -timeout bounds it). -techniques picks the rules
(sudoku help rate lists their IDs).`,
	Setup: setup((*explainFlags).register, runExplain),
}

// explainFlags are explain's flags.
type explainFlags struct {
	logicFlags
	out string // -o: text, json or marks
}

func (f *explainFlags) register(fs *flag.FlagSet) {
	f.logicFlags.register(fs)
	fs.StringVar(&f.out, "o", "text", "output `format`: text, json (one object per step) or marks (the candidates before each step)")
}

// runExplain prints the solution path of each puzzle.
func runExplain(ctx context.Context, env *Env, f *explainFlags, args []string) int {
	if err := f.validate(); err != nil {
		return usageError(env, "explain", err)
	}
	if f.out != "text" && f.out != "json" && f.out != "marks" {
		return usageError(env, "explain", fmt.Errorf("-o %s: want text, json or marks", f.out))
	}
	j := newJob(env, &f.filterFlags, 0)
	j.variants = true
	work := func(ctx context.Context, rec *record) (out struct {
		text string
		err  error
		dur  time.Duration
	}) {
		if rec.err != nil {
			out.err = rec.err
			return out
		}
		ctx, cancel := f.context(ctx)
		defer cancel()
		start := time.Now()
		out.text, out.err = f.explain(ctx, rec)
		out.dur = time.Since(start)
		return out
	}
	j.tally.done = "explained"
	emit := func(rec *record, r struct {
		text string
		err  error
		dur  time.Duration
	}) error {
		j.tally.add(logicOutcome(rec, r.err), 0, r.dur)
		if r.err != nil {
			if rec.err == nil && ctx.Err() != nil {
				return ctx.Err()
			}
			if r.text != "" {
				// The steps found before the logic got stuck.
				if err := j.out.text(strings.TrimSuffix(r.text, "\n")); err != nil {
					return err
				}
			}
			return j.fail(rec, f.logicError(r.err))
		}
		if f.out == "json" {
			// JSON lines: no blank line between puzzles (the text
			// form keeps one).
			return j.out.text(strings.TrimSuffix(r.text, "\n"))
		}
		return j.out.text(r.text)
	}
	return filter(ctx, j, args, work, emit)
}

// explain writes the path of one puzzle.
func (f *explainFlags) explain(ctx context.Context, rec *record) (string, error) {
	g, err := logicGrid(rec)
	if err != nil {
		return "", err
	}
	opt := logic.Options{Techniques: f.set}
	// A puzzle without exactly one solution has no path: on an empty
	// 16x16 grid the chains would look for one until -timeout.
	check := func() error { return g.CheckUnique(ctx, 0) }
	if rec.v == nil {
		check = func() error { return logic.CheckUnique(ctx, rec.p.Grid, 0) }
	}
	if err := check(); err != nil {
		return "", err
	}
	if f.out == "marks" && g.Puzzle() == nil {
		return "", fmt.Errorf("-o marks: a %dx%d grid has no pencil-mark form (use -o text or json)", g.Side(), g.Side())
	}
	opt.AssumeUnique = true
	var b strings.Builder
	if f.out != "json" {
		fmt.Fprintf(&b, "puzzle %s\n", recordLine(rec))
	}
	var steps []*logic.Step
	for !g.Solved() {
		if f.out == "marks" {
			b.WriteString(format.Text(g.Puzzle(), format.Pencil))
		}
		st, err := logic.Next(ctx, g, opt)
		if errors.Is(err, logic.ErrStuck) {
			return b.String(), fmt.Errorf("stuck after step %d with %d cells blank: %w", len(steps), g.Blank(), errNoTechnique)
		}
		if err != nil {
			return "", err
		}
		steps = append(steps, st)
		g.Apply(st)
		switch f.out {
		case "json":
			sb, err := json.Marshal(st)
			if err != nil {
				return "", err
			}
			fmt.Fprintf(&b, `{"step":%d,%s`+"\n", len(steps), sb[1:])
		default:
			fmt.Fprintf(&b, "%3d  %s  %s: %s\n", len(steps), st.RatingString(), st.Name, st.Text)
		}
	}
	r := logic.RatePath(steps)
	if f.out == "json" {
		rb, err := json.Marshal(r)
		if err != nil {
			return "", err
		}
		fmt.Fprintf(&b, `{"solution":%q,"rating":%s}`+"\n", gridLine(g), rb)
	} else {
		fmt.Fprintf(&b, "solved %s %s %s\n", gridLine(g), r, r.Level)
	}
	return b.String(), nil
}
