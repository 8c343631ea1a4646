package web

// The setters' tools in the API: /api/count with "why" says why a puzzle
// has no solution or several, and /api/candidates gives its true
// candidates (package variant's Diagnose and TrueCandidates), for classic
// and variant puzzles alike.

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"time"

	"github.com/gosudoku/sudoku"
	"github.com/gosudoku/sudoku/variant"
)

// setterPuzzle reads a request's puzzle, classic or variant, as a variant
// puzzle (a classic grid as one with no rules), with its variant info
// (nil for a classic grid).
func (s *server) setterPuzzle(text string) (*variant.Puzzle, *variantInfo, error) {
	if isVariantText(text) {
		p, form, err := s.parseVariant(text)
		if err != nil {
			return nil, nil, err
		}
		info, err := newVariantInfo(p, form)
		if err != nil {
			return nil, nil, err
		}
		return p, &info, nil
	}
	g, err := s.parse(text)
	if err != nil {
		return nil, nil, err
	}
	p := variant.New(g.Side())
	p.Givens = g.Values()
	return p, nil, nil
}

// setterError turns the errors of the setters' searches into answers: a
// rule that cannot be used is a 400, a search stopped by the request's
// deadline or a limit a 422 (searchError).
func (s *server) setterError(err error) error {
	if _, ok := errors.AsType[*variant.RuleError](err); ok {
		return &requestError{status: http.StatusBadRequest, code: "puzzle-rule", msg: "puzzle: " + err.Error()}
	}
	if ce, ok := errors.AsType[*variant.CheckError](err); ok {
		return &requestError{status: http.StatusUnprocessableEntity, code: "conflict", msg: "the givens break a rule: " + ce.Error()}
	}
	return searchError(err, s.opt.Timeout)
}

// candidatesRequest is the body of /api/candidates.
type candidatesRequest struct {
	Puzzle string `json:"puzzle"`
}

// candidatesResponse lists, for each cell in reading order (givens
// included), the values some solution puts there; every list is empty
// when the puzzle has no solution.
type candidatesResponse struct {
	Size       int     `json:"size"`
	Candidates [][]int `json:"candidates"`
	// Status is "none", "unique" or "multiple".
	Status string `json:"status"`
	Micros int64  `json:"micros"`
}

func (s *server) candidates(ctx context.Context, req *candidatesRequest) (any, error) {
	p, _, err := s.setterPuzzle(req.Puzzle)
	if err != nil {
		return nil, err
	}
	start := time.Now()
	c, err := variant.TrueCandidates(ctx, p, variant.Options{})
	if err != nil {
		return nil, s.setterError(err)
	}
	resp := candidatesResponse{Size: p.Size, Candidates: make([][]int, len(c)), Status: "unique"}
	for i, m := range c {
		resp.Candidates[i] = []int{}
		for v := 1; v <= p.Size; v++ {
			if m&(1<<(v-1)) != 0 {
				resp.Candidates[i] = append(resp.Candidates[i], v)
			}
		}
		switch {
		case m == 0:
			resp.Status = "none"
		case m&(m-1) != 0 && resp.Status != "none":
			resp.Status = "multiple"
		}
	}
	resp.Micros = time.Since(start).Microseconds()
	return resp, nil
}

// whyJSON is the "why" of /api/count: for several solutions, two of them
// ("solutions", values on one line) and the cells where they differ; for
// none, the givens (cells) and rules (indexes into the puzzle's rules)
// that contradict, "minimal" when each was shown needed; "text" says it
// in words.
type whyJSON struct {
	Solutions []string `json:"solutions,omitempty"`
	Differ    []int    `json:"differ,omitempty"`
	Givens    []int    `json:"givens,omitempty"`
	Rules     []int    `json:"rules,omitempty"`
	Minimal   bool     `json:"minimal,omitempty"`
	Text      []string `json:"text"`
}

type whyCountResponse struct {
	countResponse
	*variantInfo
	Why whyJSON `json:"why"`
}

// countWhy is /api/count with "why": a count to 2 and why.
func (s *server) countWhy(ctx context.Context, req *countRequest) (any, error) {
	if req.Limit != 0 && req.Limit != 2 {
		return nil, badRequest(`"why" counts to 2: leave out "limit"`)
	}
	p, info, err := s.setterPuzzle(req.Puzzle)
	if err != nil {
		return nil, err
	}
	start := time.Now()
	d, err := variant.Diagnose(ctx, p, variant.Options{})
	if err != nil {
		return nil, s.setterError(err)
	}
	n := p.Size
	why := whyJSON{Text: []string{}}
	switch d.Count {
	case 0:
		why.Givens, why.Rules, why.Minimal = d.Givens, d.Rules, d.Minimal
		for _, i := range d.Givens {
			why.Text = append(why.Text, "given "+variant.CellName(i, n)+" = "+strconv.Itoa(p.Givens[i]))
		}
		for _, k := range d.Rules {
			why.Text = append(why.Text, "rule "+strconv.Itoa(k+1)+": "+p.Rules[k].String())
		}
		if len(why.Text) == 0 {
			why.Text = append(why.Text, "the regions alone leave no solution")
		}
	case 2:
		a, b := d.Solutions[0], d.Solutions[1]
		why.Solutions = []string{valuesText(a), valuesText(b)}
		why.Differ = d.Differ
		for _, i := range d.Differ {
			why.Text = append(why.Text, variant.CellName(i, n)+": "+string(sudoku.SymbolByte(a[i]))+" or "+string(sudoku.SymbolByte(b[i])))
		}
	}
	return whyCountResponse{countResponse{
		Puzzle: valuesText(givensOf(p)),
		Order:  squareOrder(p),
		Count:  d.Count,
		Limit:  2,
		Status: countStatus(d.Count, 2),
		Micros: time.Since(start).Microseconds(),
	}, info, why}, nil
}
