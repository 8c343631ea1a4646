package web

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/gosudoku/sudoku"
	"github.com/gosudoku/sudoku/format"
	"github.com/gosudoku/sudoku/internal/vtext"
	"github.com/gosudoku/sudoku/logic"
	"github.com/gosudoku/sudoku/variant"
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

// mistake is a player's value or elimination that the solution refutes:
// a placed value (Kind "placed", Value placed, Want the solution's) or
// marks that lost the solution's value (Kind "marks", Value).
type mistake struct {
	Cell  int    `json:"cell"`
	Kind  string `json:"kind"`
	Value int    `json:"value"`
	Want  int    `json:"want,omitempty"`
	Text  string `json:"text"`
}

type hintResponse struct {
	// Status is "step" (Step and Vague are set), "mistakes" (the player's
	// progress contradicts the solution) or "solved".
	Status   string    `json:"status"`
	Step     *stepJSON `json:"step,omitempty"`
	Vague    string    `json:"vague,omitempty"`
	Mistakes []mistake `json:"mistakes,omitempty"`
}

type explainResponse struct {
	Status   string        `json:"status"` // "steps", "mistakes" or "solved"
	Steps    []stepJSON    `json:"steps,omitempty"`
	Rating   *logic.Rating `json:"rating,omitempty"`
	Stuck    string        `json:"stuck,omitempty"` // why the path stops short of the solution
	Mistakes []mistake     `json:"mistakes,omitempty"`
}

// stepJSON is a step as the API answers it: logic.Step's JSON, whose
// "at" gives the placements, eliminations, cells, candidates and units as
// indexes for the page, so that it reads no names back.
type stepJSON struct{ *logic.Step }

func (s stepJSON) MarshalJSON() ([]byte, error) { return s.Step.MarshalJSON() }

// progress reads a progressRequest into one grid (the givens, the
// player's values as placed values, the eliminations as marks) and
// returns its logic grid, or the player's mistakes: the placed values and
// the eliminations the solution refutes, as sudoku.CheckPlaced and
// sudoku.CheckMarks find and word them.
func (s *server) progress(ctx context.Context, req *progressRequest) (*logic.Grid, []mistake, error) {
	if isVariantText(req.Puzzle) {
		v, _, err := s.parseVariant(req.Puzzle)
		if err != nil {
			return nil, nil, err
		}
		return s.variantProgress(ctx, v, req)
	}
	p, err := s.parse(req.Puzzle)
	if err != nil {
		return nil, nil, err
	}
	if _, err := s.solution(ctx, p, 2); err != nil {
		return nil, nil, err
	}
	g, err := withProgress(p, req)
	if err != nil {
		return nil, nil, err
	}
	ms, err := mistakes(ctx, g)
	if err != nil || ms != nil {
		return nil, ms, searchError(err, s.opt.Timeout)
	}
	lg, err := logic.NewGrid(g)
	if err != nil {
		return nil, nil, err
	}
	return lg, nil, nil
}

// withProgress returns the puzzle g with the player's progress of req:
// the values of "grid" placed on its givens and the candidates of
// "eliminated" taken out of the marks of the blank cells.
func withProgress(g *sudoku.Grid, req *progressRequest) (*sudoku.Grid, error) {
	g = g.Clone()
	side := g.Side()
	if req.Grid != "" {
		cur, err := format.Parse(req.Grid)
		if err != nil {
			return nil, badRequest(`"grid": ` + err.Error())
		}
		if cur.Order() != g.Order() {
			return nil, badRequest(fmt.Sprintf(`"grid" is %dx%d, the puzzle %dx%d`, cur.Side(), cur.Side(), side, side))
		}
		for i := range g.NumCells() {
			v := cur.Cell(i)
			switch given := g.Cell(i); {
			case given != 0 && v != given:
				return nil, badRequest(fmt.Sprintf(`"grid" changes the given at %s`, sudoku.CellName(i, side)))
			case given == 0 && v != 0:
				g.Place(i, v)
			}
		}
	}
	out := make(map[int]uint64)
	for _, e := range req.Eliminated {
		i, v := e[0], e[1]
		if i < 0 || i >= g.NumCells() || v < 1 || v > side {
			return nil, badRequest(fmt.Sprintf(`"eliminated": [%d, %d] is no candidate of a %dx%d grid`, i, v, side, side))
		}
		if g.Cell(i) == 0 {
			out[i] |= 1 << (v - 1)
		}
	}
	for i, m := range out {
		if err := g.SetMarks(i, g.Marks(i)&^m); err != nil {
			return nil, badRequest(`"eliminated": ` + err.Error())
		}
	}
	return g, nil
}

// maxMistakes bounds the mistakes one answer names.
const maxMistakes = 20

// mistakes returns the placed values of g that the solution of its givens
// refutes, then, once those are taken out, the cells whose marks lost the
// solution's value: every one that sudoku.CheckPlaced and sudoku.CheckMarks
// find in turn, in their words. g loses the wrong values and gets the
// lost candidates back.
func mistakes(ctx context.Context, g *sudoku.Grid) ([]mistake, error) {
	var ms []mistake
	for len(ms) < maxMistakes {
		err := sudoku.CheckPlaced(ctx, g, searchOptions)
		pe, ok := errors.AsType[*sudoku.PlacedError](err)
		if !ok {
			if err != nil {
				return nil, err
			}
			break
		}
		ms = append(ms, mistake{Cell: pe.Cell, Kind: "placed", Value: pe.Value, Want: pe.Want, Text: pe.Error()})
		g.Place(pe.Cell, 0)
		if g.HasMarks() {
			g.SetMarks(pe.Cell, 1<<g.Side()-1) // every candidate again
		}
	}
	for len(ms) < maxMistakes {
		err := sudoku.CheckMarks(ctx, g, searchOptions)
		me, ok := errors.AsType[*sudoku.MarksError](err)
		if !ok {
			if err != nil {
				return nil, err
			}
			break
		}
		ms = append(ms, mistake{Cell: me.Cell, Kind: "marks", Value: me.Value, Text: me.Error()})
		g.SetMarks(me.Cell, g.Marks(me.Cell)|1<<(me.Value-1))
	}
	return ms, nil
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
	return hintResponse{Status: "step", Step: &stepJSON{st}, Vague: st.Vague()}, nil
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
	resp := explainResponse{Status: "steps"}
	for _, st := range steps {
		resp.Steps = append(resp.Steps, stepJSON{st})
	}
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
	if isVariantText(req.Puzzle) {
		v, _, err := s.parseVariant(req.Puzzle)
		if err != nil {
			return nil, err
		}
		if _, err := s.variantSolution(ctx, v); err != nil {
			return nil, err
		}
		r, err := logic.RateVariant(ctx, v, logicOptions)
		if err != nil {
			return nil, logicError(err, s.opt.Timeout)
		}
		line, err := vtext.WriteJSON(v)
		if err != nil {
			return nil, err
		}
		b, err := r.MarshalJSONWith(strings.TrimSpace(string(line)))
		if err != nil {
			return nil, err
		}
		return json.RawMessage(b), nil
	}
	p, err := s.parse(req.Puzzle)
	if err != nil {
		return nil, err
	}
	if _, err := s.solution(ctx, p, 2); err != nil {
		return nil, err
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
var errStuck = &requestError{status: http.StatusUnprocessableEntity, code: "stuck",
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

// variantSolution returns the one solution of v: no solution is
// errNoSolution, several errMultiple.
func (s *server) variantSolution(ctx context.Context, v *variant.Puzzle) ([]int, error) {
	res, err := s.variantCount(ctx, v, 2)
	if err != nil {
		return nil, err
	}
	switch {
	case res.Count == 0:
		return nil, errNoSolution
	case res.Count > 1:
		return nil, errMultiple
	}
	return res.Solution, nil
}

// variantProgress is progress for a variant puzzle: "grid" is a line of
// Size*Size values ('.' or 0 a blank; 1-9 then A-Z), and the player's
// values and eliminations are judged against the puzzle's one solution.
func (s *server) variantProgress(ctx context.Context, v *variant.Puzzle, req *progressRequest) (*logic.Grid, []mistake, error) {
	sol, err := s.variantSolution(ctx, v)
	if err != nil {
		return nil, nil, err
	}
	g, err := logic.NewVariantGrid(v)
	if err != nil {
		return nil, nil, err
	}
	n := v.Size
	name := func(i int) string { return sudoku.CellName(i, n) }
	var ms []mistake
	if req.Grid != "" {
		vals, err := valuesOf(req.Grid, n)
		if err != nil {
			return nil, nil, badRequest(`"grid": ` + err.Error())
		}
		for i, x := range vals {
			given := 0
			if v.Givens != nil {
				given = v.Givens[i]
			}
			switch {
			case given != 0 && x != given:
				return nil, nil, badRequest(fmt.Sprintf(`"grid" changes the given at %s`, name(i)))
			case given != 0 || x == 0:
			case x != sol[i]:
				if len(ms) < maxMistakes {
					ms = append(ms, mistake{Cell: i, Kind: "placed", Value: x, Want: sol[i],
						Text: fmt.Sprintf("%s = %c was placed, the solution has %c", name(i), sudoku.SymbolByte(x), sudoku.SymbolByte(sol[i]))})
				}
			default:
				g.Place(i, x)
			}
		}
	}
	for _, e := range req.Eliminated {
		i, x := e[0], e[1]
		if i < 0 || i >= n*n || x < 1 || x > n {
			return nil, nil, badRequest(fmt.Sprintf(`"eliminated": [%d, %d] is no candidate of a %dx%d grid`, i, x, n, n))
		}
		if g.Value(i) != 0 {
			continue
		}
		if x == sol[i] {
			if len(ms) < maxMistakes && !hasMistake(ms, i) {
				ms = append(ms, mistake{Cell: i, Kind: "marks", Value: x,
					Text: fmt.Sprintf("%s lost its %c, which the solution needs", name(i), sudoku.SymbolByte(x))})
			}
			continue
		}
		g.Eliminate(i, x)
	}
	if ms != nil {
		return nil, ms, nil
	}
	return g, nil, nil
}

func hasMistake(ms []mistake, cell int) bool {
	for _, m := range ms {
		if m.Cell == cell {
			return true
		}
	}
	return false
}

// valuesOf reads a line of n*n values: symbols 1-9 then A-Z ('.' or '0'
// a blank), or numbers separated by spaces.
func valuesOf(line string, n int) ([]int, error) {
	line = strings.TrimSpace(line)
	var fields []string
	if strings.ContainsAny(line, " \t,") {
		fields = strings.FieldsFunc(line, func(r rune) bool { return r == ' ' || r == '\t' || r == ',' })
	} else {
		for _, r := range line {
			fields = append(fields, string(r))
		}
	}
	if len(fields) != n*n {
		return nil, fmt.Errorf("%d values for a %dx%d grid (want %d)", len(fields), n, n, n*n)
	}
	vals := make([]int, n*n)
	for i, f := range fields {
		x := 0
		switch {
		case f == "." || f == "0":
		case len(f) == 1 && f[0] >= '1' && f[0] <= '9':
			x = int(f[0] - '0')
		case len(f) == 1 && f[0] >= 'A' && f[0] <= 'Z':
			x = int(f[0]-'A') + 10
		default:
			if _, err := fmt.Sscanf(f, "%d", &x); err != nil {
				return nil, fmt.Errorf("%s: %q is not a value", sudoku.CellName(i, n), f)
			}
		}
		if x < 0 || x > n {
			return nil, fmt.Errorf("%s: %q is not a value of a %dx%d grid", sudoku.CellName(i, n), f, n, n)
		}
		vals[i] = x
	}
	return vals, nil
}
