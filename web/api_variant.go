package web

// Variant puzzles in the API: /api/solve, /api/count and /api/check take
// as "puzzle" any form the sudoku command reads variants in (an f-puzzles
// or SudokuPad link, f-puzzles JSON, the rules JSON line, killer and
// jigsaw text: internal/vtext) and answer for the variant with its rules.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/gosudoku/sudoku"
	"github.com/gosudoku/sudoku/internal/fpuzzles"
	"github.com/gosudoku/sudoku/internal/vtext"
	"github.com/gosudoku/sudoku/render"
	"github.com/gosudoku/sudoku/variant"
)

// maxVariantSide is the largest side of a variant the API takes: the
// symbols of a values line (1-9, A-Z).
const maxVariantSide = 35

// isVariantText reports whether p holds a variant puzzle rather than a
// classic grid: JSON with "size", a link, killer or jigsaw text
// (vtext.Sniff), or a short link that names one.
func isVariantText(p string) bool {
	prefix := p
	if len(prefix) > 64<<10 {
		prefix = prefix[:64<<10]
	}
	if _, ok := vtext.Sniff([]byte(prefix)); ok {
		return true
	}
	t := strings.TrimSpace(p)
	return vtext.IsShortLink(t) || vtext.IsSudokuPad(t)
}

// parseVariant reads the first variant puzzle of p within the server's
// limits. A rule the engine lacks, a link that needs the network and a
// text that cannot be read are 400 errors naming the place.
func (s *server) parseVariant(p string) (*variant.Puzzle, vtext.Form, error) {
	rec, err := vtext.NewReader(strings.NewReader(p)).Read()
	if err == io.EOF {
		return nil, 0, &requestError{status: http.StatusBadRequest, code: "puzzle-empty",
			msg: `"puzzle" holds no puzzle, only blank or comment lines`}
	}
	if err != nil {
		code := "puzzle-syntax"
		switch {
		case errors.Is(err, fpuzzles.ErrUnsupported), errors.Is(err, variant.ErrRule):
			code = "puzzle-rule"
		case errors.Is(err, vtext.ErrNeedsNetwork):
			code = "puzzle-link"
		}
		return nil, 0, &requestError{status: http.StatusBadRequest, code: code, msg: "puzzle: " + err.Error()}
	}
	v := rec.Puzzle
	if v.Size > min(s.opt.MaxOrder*s.opt.MaxOrder, maxVariantSide) {
		side := min(s.opt.MaxOrder*s.opt.MaxOrder, maxVariantSide)
		return nil, 0, &requestError{status: http.StatusRequestEntityTooLarge, code: "puzzle-too-large",
			msg: fmt.Sprintf("the puzzle is %dx%d: this server takes variants up to %dx%d", v.Size, v.Size, side, side)}
	}
	return v, rec.Form, nil
}

// variantInfo is what every answer about a variant carries: its side, its
// kinds and the puzzle as a rules JSON object (size, grid, regions,
// rules), which the page draws.
type variantInfo struct {
	Size    int             `json:"size"`
	Variant []string        `json:"variant"`
	Rules   json.RawMessage `json:"rules"`
	// Form is the form the puzzle was read in ("link", "fpuzzles" ...).
	Form string `json:"form"`
}

func newVariantInfo(p *variant.Puzzle, form vtext.Form) (variantInfo, error) {
	rules, err := vtext.WriteJSON(p)
	if err != nil {
		return variantInfo{}, err
	}
	kinds := []string{}
	seen := map[string]bool{}
	if p.Regions != nil {
		if _, _, boxes := p.BoxDims(); !boxes {
			kinds, seen["jigsaw"] = append(kinds, "jigsaw"), true
		}
	}
	for _, r := range p.Rules {
		if k := r.Kind(); !seen[k] {
			seen[k] = true
			kinds = append(kinds, k)
		}
	}
	return variantInfo{Size: p.Size, Variant: kinds, Rules: rules, Form: form.String()}, nil
}

// valuesText writes values as symbols, '.' for a blank.
func valuesText(vals []int) string {
	b := make([]byte, len(vals))
	for i, v := range vals {
		b[i] = '.'
		if v > 0 {
			b[i] = sudoku.SymbolByte(v)
		}
	}
	return string(b)
}

// parseValues reads a values line of a grid of side n.
func parseValues(s string, n int) ([]int, error) {
	s = strings.TrimSpace(s)
	if len(s) != n*n {
		return nil, badRequest(fmt.Sprintf(`"values" has %d symbols, want %d`, len(s), n*n))
	}
	vals := make([]int, n*n)
	for i := range len(s) {
		c := s[i]
		if c == '.' || c == '0' {
			continue
		}
		v := strings.IndexByte("123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ", c) + 1
		if v < 1 || v > n {
			return nil, badRequest(fmt.Sprintf(`"values": %q at %s is not a value of a %dx%d grid`, c, variant.CellName(i, n), n, n))
		}
		vals[i] = v
	}
	return vals, nil
}

// variantCount counts p's solutions up to limit within the request.
func (s *server) variantCount(ctx context.Context, p *variant.Puzzle, limit int) (variant.Result, error) {
	res, err := variant.Count(ctx, p, limit, variant.Options{})
	if err != nil {
		var ce *variant.CheckError
		if errors.As(err, &ce) {
			return res, &requestError{status: http.StatusUnprocessableEntity, code: "conflict", msg: "the givens break a rule: " + ce.Error()}
		}
		var re *variant.RuleError
		if errors.As(err, &re) {
			return res, &requestError{status: http.StatusBadRequest, code: "puzzle-rule", msg: "puzzle: " + err.Error()}
		}
		return res, searchError(err, s.opt.Timeout)
	}
	return res, nil
}

type variantSolveResponse struct {
	solveResponse
	variantInfo
}

func (s *server) solveVariant(ctx context.Context, req *solveRequest) (any, error) {
	p, form, err := s.parseVariant(req.Puzzle)
	if err != nil {
		return nil, err
	}
	info, err := newVariantInfo(p, form)
	if err != nil {
		return nil, err
	}
	start := time.Now()
	limit := 2
	if req.First {
		limit = 1
	}
	res, err := s.variantCount(ctx, p, limit)
	if err != nil {
		return nil, err
	}
	switch res.Status() {
	case sudoku.NoSolution:
		return nil, errNoSolution
	case sudoku.Multiple:
		return nil, errMultiple
	}
	return variantSolveResponse{solveResponse{
		Puzzle:   valuesText(givensOf(p)),
		Order:    squareOrder(p),
		Solution: valuesText(res.Solution),
		Status:   statusName(res.Status()),
		Guesses:  res.Guesses,
		Micros:   time.Since(start).Microseconds(),
	}, info}, nil
}

type variantCountResponse struct {
	countResponse
	variantInfo
}

func (s *server) countVariant(ctx context.Context, req *countRequest, limit int) (any, error) {
	p, form, err := s.parseVariant(req.Puzzle)
	if err != nil {
		return nil, err
	}
	info, err := newVariantInfo(p, form)
	if err != nil {
		return nil, err
	}
	start := time.Now()
	res, err := s.variantCount(ctx, p, limit)
	if err != nil {
		return nil, err
	}
	return variantCountResponse{countResponse{
		Puzzle:  valuesText(givensOf(p)),
		Order:   squareOrder(p),
		Count:   res.Count,
		Limit:   limit,
		Status:  countStatus(res.Count, limit),
		Guesses: res.Guesses,
		Micros:  time.Since(start).Microseconds(),
	}, info}, nil
}

// violationJSON is a broken rule: its index in the rules (-1 rows, -2
// columns, -3 regions, -4 givens), the cells at fault and a sentence.
type violationJSON struct {
	Rule  int    `json:"rule"`
	Cells []int  `json:"cells"`
	Text  string `json:"text"`
}

type variantCheckResponse struct {
	checkResponse
	variantInfo
	Violations []violationJSON `json:"violations,omitempty"`
	// Link is the puzzle's f-puzzles link, for a setter to export it.
	Link string `json:"link,omitempty"`
}

func violationsJSON(err error) []violationJSON {
	var ce *variant.CheckError
	if !errors.As(err, &ce) {
		return nil
	}
	out := make([]violationJSON, len(ce.Violations))
	for k, v := range ce.Violations {
		out[k] = violationJSON{Rule: v.Rule, Cells: v.Cells, Text: v.Text}
	}
	return out
}

func (s *server) checkVariant(ctx context.Context, req *checkRequest) (any, error) {
	p, form, err := s.parseVariant(req.Puzzle)
	if err != nil {
		return nil, err
	}
	info, err := newVariantInfo(p, form)
	if err != nil {
		return nil, err
	}
	givens := givensOf(p)
	resp := variantCheckResponse{variantInfo: info}
	if req.Values == "" {
		if link, err := vtext.Link(p); err == nil {
			resp.Link = link
		}
	}
	resp.Puzzle, resp.Order = valuesText(givens), squareOrder(p)
	for _, v := range givens {
		if v != 0 {
			resp.Givens++
		}
	}
	vals := givens
	if req.Values != "" {
		if vals, err = parseValues(req.Values, p.Size); err != nil {
			return nil, err
		}
		for i, g := range givens {
			if g != 0 && vals[i] == 0 {
				vals[i] = g
			}
		}
	}
	if err := p.Check(vals); err != nil {
		resp.Violations = violationsJSON(err)
		if resp.Violations == nil {
			return nil, err
		}
		resp.Status, resp.Message = "conflict", err.Error()
		return resp, nil
	}
	full := true
	for _, v := range vals {
		full = full && v != 0
	}
	switch {
	case full:
		resp.Status, resp.Message, resp.Solution = "solved", "the grid is complete and keeps every rule", valuesText(vals)
		return resp, nil
	case req.Values != "":
		resp.Status, resp.Message = "ok", "no rule is broken so far"
		return resp, nil
	}
	res, err := s.variantCount(ctx, p, 2)
	if err != nil {
		return nil, err
	}
	resp.Status = statusName(res.Status())
	switch res.Status() {
	case sudoku.NoSolution:
		resp.Message = errNoSolution.Error()
	case sudoku.Multiple:
		resp.Message = errMultiple.Error()
	default:
		resp.Message = fmt.Sprintf("a proper puzzle: %d givens, %s, one solution", resp.Givens, strings.Join(info.Variant, ", "))
		resp.Solution = valuesText(res.Solution)
	}
	return resp, nil
}

// givensOf returns p's givens, zeros when it has none.
func givensOf(p *variant.Puzzle) []int {
	if p.Givens != nil {
		return p.Givens
	}
	return make([]int, p.Size*p.Size)
}

// squareOrder is the box side of a puzzle with square boxes (9x9: 3), 0
// for any other.
func squareOrder(p *variant.Puzzle) int {
	if r, c, ok := p.BoxDims(); ok && r == c {
		return r
	}
	return 0
}

// countStatus names a count's outcome.
func countStatus(count, limit int) string {
	switch {
	case count == 1 && limit > 1:
		return "unique"
	case count == 1:
		return "solved"
	case count > 1:
		return "multiple"
	}
	return "none"
}

// variantGenerateResponse is /api/generate's answer for a variant: the
// puzzle's givens and solution as symbols, with its rules.
type variantGenerateResponse struct {
	Puzzle   string `json:"puzzle"`
	Solution string `json:"solution"`
	Order    int    `json:"order"`
	Clues    int    `json:"clues"`
	Seed     uint64 `json:"seed"`
	Kind     string `json:"kind"`
	Micros   int64  `json:"micros"`
	variantInfo
}

// generateVariant makes a puzzle of the families named in req.Variant
// ("killer", "killer,x": variant.Families) on a grid of side req.Size
// (0: 9), level "any" (variants are not rated yet).
func (s *server) generateVariant(ctx context.Context, req *generateRequest) (any, error) {
	if req.Level != "" {
		return nil, badRequest(`"level": variants are made at any level for now; leave "level" out`)
	}
	if req.Symmetry != "" {
		return nil, badRequest(`"symmetry": variants are made without a symmetry; leave "symmetry" out`)
	}
	spec, err := variant.ParseSpec(req.Variant, req.Size)
	if err != nil {
		return nil, badRequest(`"variant": ` + err.Error())
	}
	if spec.Size > min(s.opt.MaxGenerateOrder*s.opt.MaxGenerateOrder, variant.MaxGenerateSize) {
		side := min(s.opt.MaxGenerateOrder*s.opt.MaxGenerateOrder, variant.MaxGenerateSize)
		return nil, badRequest(fmt.Sprintf(`"size" is %d: this server makes variants up to %dx%d`, spec.Size, side, side))
	}
	seed := randomSeed()
	if req.Seed != nil {
		seed = *req.Seed
	}
	start := time.Now()
	g, err := variant.Generate(ctx, spec, seed)
	if err != nil {
		if errors.Is(err, variant.ErrGiveUp) {
			return nil, &requestError{status: http.StatusUnprocessableEntity, code: "not-found", msg: err.Error() + " (try another seed)"}
		}
		return nil, searchError(err, s.opt.GenerateTimeout)
	}
	info, err := newVariantInfo(g.Puzzle, vtext.FormRules)
	if err != nil {
		return nil, err
	}
	clues := 0
	for _, v := range givensOf(g.Puzzle) {
		if v != 0 {
			clues++
		}
	}
	return variantGenerateResponse{
		Puzzle: valuesText(givensOf(g.Puzzle)), Solution: valuesText(g.Solution), Order: squareOrder(g.Puzzle),
		Clues: clues, Seed: seed, Kind: spec.String(), Micros: time.Since(start).Microseconds(), variantInfo: info,
	}, nil
}

// variantItem reads a variant for /api/render, with its solution when
// asked for (a puzzle without exactly one solution is an error then).
func (s *server) variantItem(ctx context.Context, text string, solutions bool) (render.Item, error) {
	p, _, err := s.parseVariant(text)
	if err != nil {
		return render.Item{}, err
	}
	it := render.Item{Variant: p}
	if solutions {
		res, err := s.variantCount(ctx, p, 2)
		if err != nil {
			return it, err
		}
		switch res.Status() {
		case sudoku.NoSolution:
			return it, errNoSolution
		case sudoku.Multiple:
			return it, errMultiple
		}
		it.VariantSolution = res.Solution
	}
	return it, nil
}
