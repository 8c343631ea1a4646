package web

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/gosudoku/sudoku"
	"github.com/gosudoku/sudoku/logic"
)

// progressRequest is a puzzle and a player's progress on it: the body of
// /api/hint and /api/explain.
type progressRequest struct {
	// Puzzle holds the givens.
	Puzzle string `json:"puzzle"`
	// Grid, if set, is the puzzle with the player's values added, on one
	// line in the puzzle's order.
	Grid string `json:"grid"`
	// Eliminated lists [cell, value] pairs the player has ruled out
	// (row-major cell index from 0, value from 1).
	Eliminated [][2]int `json:"eliminated"`
}

// mistake is a player's value or elimination that the solution refutes.
type mistake struct {
	Cell int    `json:"cell"`
	Text string `json:"text"`
}

type hintResponse struct {
	// Status is "step" (Step and Vague are set), "mistakes" (the player's
	// progress contradicts the solution) or "solved".
	Status   string      `json:"status"`
	Step     *logic.Step `json:"step,omitempty"`
	Vague    string      `json:"vague,omitempty"`
	Mistakes []mistake   `json:"mistakes,omitempty"`
}

type explainResponse struct {
	Status   string        `json:"status"` // "steps", "mistakes" or "solved"
	Steps    []*logic.Step `json:"steps,omitempty"`
	Rating   *logic.Rating `json:"rating,omitempty"`
	Stuck    string        `json:"stuck,omitempty"` // why the path stops short of the solution
	Mistakes []mistake     `json:"mistakes,omitempty"`
}

// progress reads a progressRequest: the puzzle's unique solution, and the
// logic grid of the player's progress, or the mistakes in it.
func (s *server) progress(ctx context.Context, req *progressRequest) (*logic.Grid, []mistake, error) {
	p, err := s.parse(req.Puzzle)
	if err != nil {
		return nil, nil, err
	}
	res, err := sudoku.Count(ctx, p, 2, searchOptions)
	if err != nil {
		return nil, nil, searchError(err, s.opt.Timeout)
	}
	switch res.Status() {
	case sudoku.NoSolution:
		return nil, nil, errNoSolution
	case sudoku.Multiple:
		return nil, nil, errMultiple
	}
	sol := res.Solution
	cur := p
	if req.Grid != "" {
		cur, err = sudoku.Parse(req.Grid)
		if err != nil {
			return nil, nil, badRequest(`"grid": ` + err.Error())
		}
		if cur.Order() != p.Order() {
			return nil, nil, badRequest(fmt.Sprintf(`"grid" is %dx%d, the puzzle %dx%d`, cur.Side(), cur.Side(), p.Side(), p.Side()))
		}
	}
	side := p.Side()
	var ms []mistake
	for i := range p.NumCells() {
		if v := p.Cell(i); v != 0 && cur.Cell(i) != v {
			return nil, nil, badRequest(fmt.Sprintf(`"grid" changes the given at %s`, sudoku.CellName(i, side)))
		}
		if v := cur.Cell(i); v != 0 && v != sol.Cell(i) {
			ms = append(ms, mistake{i, fmt.Sprintf("%s holds %c: the solution has %c there", sudoku.CellName(i, side), sudoku.SymbolByte(v), sudoku.SymbolByte(sol.Cell(i)))})
		}
	}
	for _, e := range req.Eliminated {
		i, v := e[0], e[1]
		if i < 0 || i >= p.NumCells() || v < 1 || v > side {
			return nil, nil, badRequest(fmt.Sprintf(`"eliminated": [%d, %d] is no candidate of a %dx%d grid`, i, v, side, side))
		}
		if cur.Cell(i) == 0 && sol.Cell(i) == v {
			ms = append(ms, mistake{i, fmt.Sprintf("%s: %c is ruled out, but the solution has %c there", sudoku.CellName(i, side), sudoku.SymbolByte(v), sudoku.SymbolByte(v))})
		}
	}
	if ms != nil {
		return nil, ms, nil
	}
	g, err := logic.NewGrid(cur)
	if err != nil {
		return nil, nil, err
	}
	for _, e := range req.Eliminated {
		if cur.Cell(e[0]) == 0 {
			g.Eliminate(e[0], e[1])
		}
	}
	return g, nil, nil
}

// logicOptions are the options of every logic search: the puzzles reach
// it with a known unique solution.
var logicOptions = logic.Options{AssumeUnique: true}

func (s *server) hint(ctx context.Context, req *progressRequest) (any, error) {
	g, ms, err := s.progress(ctx, req)
	if err != nil {
		return nil, err
	}
	if ms != nil {
		return hintResponse{Status: "mistakes", Mistakes: ms}, nil
	}
	if g.Solved() {
		return hintResponse{Status: "solved"}, nil
	}
	st, err := logic.Next(ctx, g, logicOptions)
	if err != nil {
		return nil, logicError(err, s.opt.Timeout)
	}
	return hintResponse{Status: "step", Step: st, Vague: st.Vague()}, nil
}

func (s *server) explain(ctx context.Context, req *progressRequest) (any, error) {
	g, ms, err := s.progress(ctx, req)
	if err != nil {
		return nil, err
	}
	if ms != nil {
		return explainResponse{Status: "mistakes", Mistakes: ms}, nil
	}
	if g.Solved() {
		return explainResponse{Status: "solved"}, nil
	}
	steps, err := logic.Path(ctx, g, logicOptions)
	resp := explainResponse{Status: "steps", Steps: steps}
	if err != nil {
		if !errors.Is(err, logic.ErrStuck) {
			return nil, logicError(err, s.opt.Timeout)
		}
		resp.Stuck = "no technique of the solver applies after these steps"
	}
	if len(steps) > 0 {
		r := logic.RatePath(steps)
		resp.Rating = &r
	}
	return resp, nil
}

func (s *server) rate(ctx context.Context, req *puzzleRequest) (any, error) {
	p, err := s.parse(req.Puzzle)
	if err != nil {
		return nil, err
	}
	res, err := sudoku.Count(ctx, p, 2, searchOptions)
	if err != nil {
		return nil, searchError(err, s.opt.Timeout)
	}
	switch res.Status() {
	case sudoku.NoSolution:
		return nil, errNoSolution
	case sudoku.Multiple:
		return nil, errMultiple
	}
	r, err := logic.Rate(ctx, p, logicOptions)
	if err != nil {
		return nil, logicError(err, s.opt.Timeout)
	}
	b, err := r.MarshalJSONWith(p.String())
	if err != nil {
		return nil, err
	}
	return json.RawMessage(b), nil
}

// errStuck answers a puzzle the logic cannot go on with.
var errStuck = &requestError{status: http.StatusUnprocessableEntity,
	msg: "no technique of the solver applies to this grid: it is beyond the step-by-step solver"}

// logicError turns an error of the logic package into the error to
// answer.
func logicError(err error, timeout time.Duration) error {
	switch {
	case errors.Is(err, logic.ErrStuck):
		return errStuck
	case errors.Is(err, logic.ErrLimit):
		return &limitError{timeout: timeout, err: sudoku.ErrLimit}
	}
	return searchError(err, timeout)
}
