package web

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/gosudoku/sudoku"
	"github.com/gosudoku/sudoku/format"
	"github.com/gosudoku/sudoku/generate"
	"github.com/gosudoku/sudoku/logic"
)

// guard runs h for an API request once the client's rate allows it, its
// body is read and a slot among Options.Workers of its lane is free, with
// the request's deadline (Options.Timeout) in its context.
func (s *server) guard(h func(w http.ResponseWriter, r *http.Request)) http.Handler {
	return s.guardIn(nil, s.opt.Timeout, h)
}

// guardIn is guard in the lane in, or (nil) the lane of the work the
// request asks for (laneFor), with a deadline of its own.
func (s *server) guardIn(in *lane, timeout time.Duration, h func(w http.ResponseWriter, r *http.Request)) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !s.limiter.allow(clientKey(r)) {
			w.Header().Set("Retry-After", "1")
			writeJSON(w, http.StatusTooManyRequests, errorBody{Error: "too many requests from your address: wait a second", Code: "rate"})
			return
		}
		// The body first, then a slot of its lane, one per client at a
		// time (fair.go).
		body := []byte(r.URL.RawQuery)
		if r.Method == http.MethodPost {
			b, err := readBody(w, r, s.opt.MaxBody)
			if err != nil {
				s.writeError(w, r, err)
				return
			}
			body = b
		}
		lane, limit := in, timeout
		if lane == nil {
			lane = s.laneFor(r.URL.Path, body)
			if lane == s.lanes.light {
				limit = min(timeout, lightTimeout)
			}
		}
		ctx, cancel := context.WithTimeout(r.Context(), limit)
		defer cancel()
		release, err := lane.acquire(ctx, clientKey(r), len(body))
		if err != nil {
			w.Header().Set("Retry-After", "1")
			writeJSON(w, http.StatusServiceUnavailable, errorBody{Error: "the server is busy: try again", Code: "busy"})
			return
		}
		defer release()
		if lane == s.lanes.logic || lane == s.lanes.heavy {
			runLow(func() { h(w, r.WithContext(ctx)) })
			return
		}
		h(w, r.WithContext(ctx))
	})
}

// api turns fn into a guarded API handler: the JSON body, at most
// Options.MaxBody bytes, is decoded into a fresh *Req (unknown fields are an
// error); fn's answer is written as JSON, its error by statusOf.
func api[Req any](s *server, fn func(ctx context.Context, req *Req) (any, error)) http.Handler {
	return apiWithin(s, s.opt.Timeout, fn)
}

// apiWithin is api with a deadline of its own.
func apiWithin[Req any](s *server, timeout time.Duration, fn func(ctx context.Context, req *Req) (any, error)) http.Handler {
	return s.guardIn(nil, timeout, func(w http.ResponseWriter, r *http.Request) {
		req := new(Req)
		if err := decode(w, r, s.opt.MaxBody, req); err != nil {
			s.writeError(w, r, err)
			return
		}
		resp, err := fn(r.Context(), req)
		if err != nil {
			s.writeError(w, r, err)
			return
		}
		writeJSON(w, http.StatusOK, resp)
	})
}

// decode reads r's JSON body, at most max bytes, into v.
func decode(w http.ResponseWriter, r *http.Request, max int64, v any) error {
	body := http.MaxBytesReader(w, r.Body, max)
	dec := json.NewDecoder(body)
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		if mbe, ok := errors.AsType[*http.MaxBytesError](err); ok {
			return &requestError{status: http.StatusRequestEntityTooLarge, msg: fmt.Sprintf("request body: larger than %d bytes", mbe.Limit)}
		}
		if err == io.EOF {
			return badRequest("request body: empty; send a JSON object")
		}
		if se, ok := errors.AsType[*json.SyntaxError](err); ok {
			return badRequest(fmt.Sprintf("request body: byte %d: %v", se.Offset, err))
		}
		if te, ok := errors.AsType[*json.UnmarshalTypeError](err); ok {
			return badRequest(fmt.Sprintf("request body: field %q: want a %v, not a JSON %s", te.Field, te.Type, te.Value))
		}
		return badRequest("request body: " + strings.TrimPrefix(err.Error(), "json: "))
	}
	if _, err := dec.Token(); err != io.EOF {
		if _, ok := errors.AsType[*http.MaxBytesError](err); ok {
			return &requestError{status: http.StatusRequestEntityTooLarge, msg: fmt.Sprintf("request body: larger than %d bytes", max)}
		}
		return badRequest("request body: more than one JSON value")
	}
	return nil
}

// writeJSON writes v as the JSON answer with the given status.
func writeJSON(w http.ResponseWriter, status int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		status = http.StatusInternalServerError
		b = []byte(`{"error":"internal error: cannot encode the answer"}`)
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	w.Write(append(b, '\n'))
}

// puzzleRequest is the body of the endpoints that take one puzzle.
type puzzleRequest struct {
	Puzzle string `json:"puzzle"`
}

// parse reads the first puzzle of p within the server's limits.
func (s *server) parse(p string) (*sudoku.Grid, error) {
	if strings.TrimSpace(p) == "" {
		return nil, &requestError{status: http.StatusBadRequest, code: "puzzle-empty",
			msg: `"puzzle" is empty: give a puzzle in any format the sudoku command reads`}
	}
	if isVariantText(p) {
		return nil, &requestError{status: http.StatusBadRequest, code: "puzzle-rule",
			msg: "puzzle: a variant puzzle: this endpoint takes classic grids only (solve, count, check, hint, explain and rate take variants)"}
	}
	rec, err := format.NewReader(strings.NewReader(p)).Read()
	if err == io.EOF {
		return nil, &requestError{status: http.StatusBadRequest, code: "puzzle-empty",
			msg: `"puzzle" holds no puzzle, only blank or comment lines (or a count line)`}
	}
	if err != nil {
		return nil, err
	}
	g := rec.Grid
	if g.Order() > s.opt.MaxOrder {
		return nil, &requestError{status: http.StatusRequestEntityTooLarge, code: "puzzle-too-large",
			msg: fmt.Sprintf("the puzzle is %dx%d: this server takes grids up to %dx%d", g.Side(), g.Side(), s.opt.MaxOrder*s.opt.MaxOrder, s.opt.MaxOrder*s.opt.MaxOrder)}
	}
	return g, nil
}

// searchOptions is the search configuration every handler uses: one
// goroutine per request (Workers bounds the requests), and a stack of
// states bounded so that a request holds a few MB whatever its grid (an
// empty 64x64 grid held 170 MB; a 36x36 grid takes at most 20 MB).
var searchOptions = sudoku.Options{MaxMemory: maxSearchMemory}

// maxSearchMemory bounds the memory of one search (sudoku.Options.MaxMemory).
const maxSearchMemory = 24 << 20

// solution counts the solutions of g up to limit (1 finds any, 2 checks
// that it is the only one) and returns the result with its solution; no
// solution is errNoSolution, several errMultiple, and a search stopped by
// the request's deadline or a limit a *limitError.
func (s *server) solution(ctx context.Context, g *sudoku.Grid, limit int) (sudoku.Result, error) {
	res, err := sudoku.Count(ctx, g, limit, searchOptions)
	if err != nil {
		return res, searchError(err, s.opt.Timeout)
	}
	switch res.Status() {
	case sudoku.NoSolution:
		return res, errNoSolution
	case sudoku.Multiple:
		return res, errMultiple
	}
	return res, nil
}

type solveRequest struct {
	Puzzle string `json:"puzzle"`
	// First asks for any solution, without the uniqueness check.
	First bool `json:"first"`
}

type solveResponse struct {
	Puzzle   string `json:"puzzle"`
	Order    int    `json:"order"`
	Solution string `json:"solution"`
	Status   string `json:"status"`
	Guesses  int64  `json:"guesses"`
	Micros   int64  `json:"micros"`
}

func (s *server) solve(ctx context.Context, req *solveRequest) (any, error) {
	if isVariantText(req.Puzzle) {
		return s.solveVariant(ctx, req)
	}
	g, err := s.parse(req.Puzzle)
	if err != nil {
		return nil, err
	}
	start := time.Now()
	limit := 2
	if req.First {
		limit = 1
	}
	res, err := s.solution(ctx, g, limit)
	if err != nil {
		return nil, err
	}
	return solveResponse{
		Puzzle:   g.String(),
		Order:    g.Order(),
		Solution: res.Solution.String(),
		Status:   statusName(res.Status()),
		Guesses:  res.Guesses,
		Micros:   time.Since(start).Microseconds(),
	}, nil
}

type countRequest struct {
	Puzzle string `json:"puzzle"`
	// Limit is the number of solutions to stop at; 0 means 2.
	Limit int `json:"limit"`
	// Why counts to 2 and says why: two solutions and where they differ,
	// or the givens and rules that contradict (api_setter.go).
	Why bool `json:"why"`
}

type countResponse struct {
	Puzzle  string `json:"puzzle"`
	Order   int    `json:"order"`
	Count   int    `json:"count"`
	Limit   int    `json:"limit"`
	Status  string `json:"status"`
	Guesses int64  `json:"guesses"`
	Micros  int64  `json:"micros"`
}

func (s *server) count(ctx context.Context, req *countRequest) (any, error) {
	if req.Limit < 0 || req.Limit > s.opt.MaxLimit {
		return nil, badRequest(fmt.Sprintf(`"limit" is %d: give 1 to %d (0 means 2)`, req.Limit, s.opt.MaxLimit))
	}
	if req.Why {
		return s.countWhy(ctx, req)
	}
	limit := req.Limit
	if limit == 0 {
		limit = 2
	}
	if isVariantText(req.Puzzle) {
		return s.countVariant(ctx, req, limit)
	}
	g, err := s.parse(req.Puzzle)
	if err != nil {
		return nil, err
	}
	start := time.Now()
	res, err := sudoku.Count(ctx, g, limit, searchOptions)
	if err != nil {
		return nil, searchError(err, s.opt.Timeout)
	}
	st := countStatus(res.Count, limit)
	return countResponse{
		Puzzle:  g.String(),
		Order:   g.Order(),
		Count:   res.Count,
		Limit:   limit,
		Status:  st,
		Guesses: res.Guesses,
		Micros:  time.Since(start).Microseconds(),
	}, nil
}

type checkResponse struct {
	Puzzle string `json:"puzzle"`
	Order  int    `json:"order"`
	Givens int    `json:"givens"`
	// Status is the verdict: "unique", "multiple", "none", "conflict" or
	// "solved".
	Status    string         `json:"status"`
	Message   string         `json:"message"`
	Conflicts []conflictJSON `json:"conflicts,omitempty"`
	Solution  string         `json:"solution,omitempty"`
	// Marks, for a puzzle given with pencil marks, lists the candidates
	// of each cell as symbols ("" for a filled cell).
	Marks []string `json:"marks,omitempty"`
}

// checkRequest is the body of /api/check.
type checkRequest struct {
	Puzzle string `json:"puzzle"`
	// Values, for a variant, is a player's grid (the givens and the
	// values entered, '.' blank): it is judged by the rules, without a
	// search ("ok" or "conflict" with the broken rules).
	Values string `json:"values"`
}

func (s *server) check(ctx context.Context, req *checkRequest) (any, error) {
	if isVariantText(req.Puzzle) {
		return s.checkVariant(ctx, req)
	}
	if req.Values != "" {
		return nil, badRequest(`"values" is for variant puzzles`)
	}
	g, err := s.parse(req.Puzzle)
	if err != nil {
		return nil, err
	}
	resp := checkResponse{Puzzle: g.String(), Order: g.Order(), Givens: g.Givens()}
	if g.HasMarks() {
		resp.Marks = make([]string, g.NumCells())
		for i := range resp.Marks {
			if g.Cell(i) != 0 {
				continue
			}
			var b []byte
			for v, m := 1, g.Marks(i); v <= g.Side(); v++ {
				if m&(1<<(v-1)) != 0 {
					b = append(b, sudoku.SymbolByte(v))
				}
			}
			resp.Marks[i] = string(b)
		}
	}
	if cs := g.Conflicts(); cs != nil {
		resp.Status = "conflict"
		resp.Conflicts = conflictsJSON(cs)
		resp.Message = (&sudoku.ConflictError{Conflicts: cs}).Error()
		return resp, nil
	}
	if g.Givens() == g.NumCells() {
		resp.Status = "solved"
		resp.Message = "the grid is complete and valid"
		resp.Solution = g.String()
		return resp, nil
	}
	res, err := sudoku.Count(ctx, g, 2, searchOptions)
	if err != nil {
		return nil, searchError(err, s.opt.Timeout)
	}
	resp.Status = statusName(res.Status())
	switch res.Status() {
	case sudoku.NoSolution:
		resp.Message = errNoSolution.Error()
	case sudoku.Multiple:
		resp.Message = errMultiple.Error()
	default:
		resp.Message = fmt.Sprintf("a proper puzzle: %d givens, one solution", g.Givens())
		resp.Solution = res.Solution.String()
	}
	return resp, nil
}

type generateRequest struct {
	// Order is the box side: 2 (4x4), 3 (9x9), 4 (16x16) ...; 0 means 3.
	Order int `json:"order"`
	// Seed chooses the puzzle; absent means a random one.
	Seed *uint64 `json:"seed"`
	// Symmetry the clues keep, as generate.ParseSymmetry reads it; "" for
	// none.
	Symmetry string `json:"symmetry"`
	// Level asks for a puzzle of a difficulty: "easy", "medium", "hard",
	// "expert" or "extreme" (logic.Level); "" for any.
	Level string `json:"level"`
	// Variant asks for a variant puzzle of these families, comma
	// separated ("killer", "jigsaw,x": variant.Families), on a grid of
	// side Size (0 means 9; Order is then not used).
	Variant string `json:"variant"`
	Size    int    `json:"size"`
}

type generateResponse struct {
	Puzzle   string `json:"puzzle"`
	Solution string `json:"solution"`
	Order    int    `json:"order"`
	Clues    int    `json:"clues"`
	Seed     uint64 `json:"seed"`
	Kind     string `json:"kind"`
	// Level and ER are the puzzle's rating, when a level was asked for.
	Level string  `json:"level,omitempty"`
	ER    float64 `json:"er,omitempty"`
	// Micros is the time the puzzle took to make.
	Micros int64 `json:"micros"`
	// Stock reports a puzzle made before the request, taken from the
	// server's stock (stock.go).
	Stock bool `json:"stock,omitempty"`
}

func (s *server) generate(ctx context.Context, req *generateRequest) (any, error) {
	if req.Variant != "" {
		return s.generateVariant(ctx, req)
	}
	if req.Size != 0 {
		return nil, badRequest(`"size" is for variants: give "order" for a classic puzzle`)
	}
	order := req.Order
	if order == 0 {
		order = 3
	}
	if order < sudoku.MinOrder || order > s.opt.MaxGenerateOrder {
		return nil, badRequest(fmt.Sprintf(`"order" is %d: give %d (4x4) to %d (%dx%d)`, req.Order, sudoku.MinOrder, s.opt.MaxGenerateOrder, s.opt.MaxGenerateOrder*s.opt.MaxGenerateOrder, s.opt.MaxGenerateOrder*s.opt.MaxGenerateOrder))
	}
	opt := generate.Options{Order: order}
	if req.Symmetry != "" {
		sym, err := generate.ParseSymmetry(req.Symmetry)
		if err != nil {
			return nil, badRequest(`"symmetry": ` + err.Error())
		}
		opt.Symmetry = sym
	}
	var kind stockKey
	if req.Level != "" {
		l, err := logic.ParseLevel(req.Level)
		if err != nil {
			return nil, badRequest(`"level": ` + err.Error())
		}
		opt.Difficulty = generate.ForOrder(order, l)
		kind = stockKey{order: order, level: l}
	}
	if req.Seed != nil {
		opt.Seed = *req.Seed
	} else {
		if opt.Difficulty != nil && opt.Symmetry == generate.None && kind.stocked() {
			if p, ok := s.stock.take(kind); ok {
				return p, nil
			}
		}
		opt.Seed = randomSeed()
	}
	return s.makePuzzle(ctx, opt)
}

// randomSeed returns a random seed, exact in a JavaScript number.
func randomSeed() uint64 {
	var b [8]byte
	rand.Read(b[:])
	return binary.LittleEndian.Uint64(b[:]) >> 11
}

// makePuzzle makes puzzle 0 of opt.
func (s *server) makePuzzle(ctx context.Context, opt generate.Options) (generateResponse, error) {
	gen, err := generate.New(opt)
	if err != nil {
		return generateResponse{}, badRequest(err.Error())
	}
	start := time.Now()
	p, err := gen.Puzzle(ctx, 0)
	if err != nil {
		return generateResponse{}, searchError(err, s.opt.GenerateTimeout)
	}
	resp := generateResponse{
		Puzzle:   p.Grid.String(),
		Solution: p.Solution.String(),
		Order:    opt.Order,
		Clues:    p.Clues,
		Seed:     opt.Seed,
		Kind:     p.Kind(),
		Micros:   time.Since(start).Microseconds(),
	}
	if p.Rating != nil {
		resp.Level = p.Rating.Level.String()
		resp.ER = float64(p.Rating.ER) / 10
	}
	return resp, nil
}

// statusName names a search status in answers.
func statusName(st sudoku.Status) string {
	switch st {
	case sudoku.NoSolution:
		return "none"
	case sudoku.Solved:
		return "solved"
	case sudoku.Unique:
		return "unique"
	default:
		return "multiple"
	}
}
