package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"time"

	"github.com/gosudoku/sudoku"
	"github.com/gosudoku/sudoku/logic"
)

var cmdHint = &Command{
	Name:      "hint",
	UsageLine: "[flags] [file ...]",
	Short:     "give the next logical step of each puzzle",
	Long: `Hint prints, one line per puzzle in input order, the next step a person would
take (the step Sudoku Explainer takes): the technique, its rating and one
sentence naming the cells, units and candidates, for example

	Hidden Single (1.2): In box 1, 3 fits only r1c1, so r1c1 = 3

-vague names only the technique and the region (a nudge). -o json writes
the step as an object: technique, name, rating, placements ("r1c1=3"),
eliminations ("r4c4<>7"), cells, candidates, units and text.

The puzzle may carry pencil marks (a player's own candidates): eliminated
candidates stay out. A puzzle without exactly one solution gets no hint but
an error that says why: more than one solution, or none, naming the placed
value or the cell whose marks lost the solution's value ("r2c3 lost its 9,
which the solution needs").`,
	Setup: setup((*hintFlags).register, runHint),
}

// hintFlags are hint's flags.
type hintFlags struct {
	logicFlags
	vague bool       // -vague
	out   textOrJSON // -o text (the default) or json
}

// textOrJSON is an -o flag that takes text or json.
type textOrJSON struct{ json bool }

func (f *textOrJSON) String() string {
	if f != nil && f.json {
		return "json"
	}
	return "text"
}

func (f *textOrJSON) Set(s string) error {
	switch s {
	case "text":
		f.json = false
	case "json":
		f.json = true
	default:
		return fmt.Errorf("want text or json")
	}
	return nil
}

func (f *hintFlags) register(fs *flag.FlagSet) {
	f.logicFlags.register(fs)
	fs.BoolVar(&f.vague, "vague", false, "name only the technique and the region")
	fs.Var(&f.out, "o", "output `format`: text (one sentence a puzzle) or json (one JSON object a puzzle)")
}

type stepResult struct {
	st  *logic.Step
	err error
	dur time.Duration
}

// runHint prints the next step of each puzzle.
func runHint(ctx context.Context, env *Env, f *hintFlags, args []string) int {
	if err := f.validate(); err != nil {
		return usageError(env, "hint", err)
	}
	asJSON := f.out.json
	j := newJob(env, &f.filterFlags, 0)
	j.variants = true
	work := func(ctx context.Context, rec *record) stepResult {
		if rec.err != nil {
			return stepResult{err: rec.err}
		}
		ctx, cancel := f.context(ctx)
		defer cancel()
		g, err := logicGrid(rec)
		if err != nil {
			return stepResult{err: err}
		}
		start := time.Now()
		st, err := logic.Next(ctx, g, logic.Options{Techniques: f.set})
		return stepResult{st: st, err: err, dur: time.Since(start)}
	}
	j.tally.done = "hinted"
	emit := func(rec *record, r stepResult) error {
		j.tally.add(logicOutcome(rec, r.err), 0, r.dur)
		if r.err != nil {
			if rec.err == nil && ctx.Err() != nil {
				return ctx.Err()
			}
			return j.fail(rec, f.logicError(r.err))
		}
		switch {
		case asJSON:
			b, err := json.Marshal(r.st)
			if err != nil {
				return err
			}
			return j.out.text(string(b))
		case f.vague:
			return j.out.text(r.st.Vague())
		}
		return j.out.text(r.st.String())
	}
	return filter(ctx, j, args, work, emit)
}

// solutionLine writes a solved logic grid as one line.
func solutionLine(g *logic.Grid) string {
	p, _ := sudoku.New(g.Order())
	for i := range p.NumCells() {
		_ = p.SetCell(i, g.Value(i))
	}
	return puzzleLine(p)
}
