package web

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/gosudoku/sudoku"
	"github.com/gosudoku/sudoku/generate"
	"github.com/gosudoku/sudoku/logic"
)

// Errors of this package that answer 422: the puzzle reads but has no
// answer to give.
var (
	errNoSolution = errors.New("the puzzle has no solution")
	errMultiple   = errors.New("the puzzle has more than one solution")
)

// requestError is a request this package refuses, with its status and
// the code of its kind (see errorCodes; "request" when empty).
type requestError struct {
	status int
	msg    string
	code   string
}

func (e *requestError) Error() string { return e.msg }

// badRequest returns a 400 error with the message msg.
func badRequest(msg string) error {
	return &requestError{status: http.StatusBadRequest, msg: msg}
}

// limitError is a search stopped by the request's deadline or a guess
// limit: the puzzle may have an answer, but not within this server's
// limits.
type limitError struct {
	timeout time.Duration
	err     error
}

func (e *limitError) Error() string {
	if errors.Is(e.err, sudoku.ErrLimit) {
		return "the search reached its limit before it could finish: the puzzle is too hard for this server"
	}
	return fmt.Sprintf("the search stopped at this server's limit of %v per request: the puzzle is too hard or too open to answer here", e.timeout)
}

func (e *limitError) Unwrap() error { return e.err }

// searchError turns the error of a search under a request's context into
// the error to answer: a deadline or guess limit becomes a *limitError.
func searchError(err error, timeout time.Duration) error {
	if errors.Is(err, context.DeadlineExceeded) || errors.Is(err, sudoku.ErrLimit) {
		return &limitError{timeout: timeout, err: err}
	}
	return err
}

// statusTable maps the errors of the sudoku packages and of this one to
// HTTP statuses and the codes of the answers' "code" field; classify takes
// the first entry that matches. An error no entry matches is the server's
// own failure (500, "internal").
var statusTable = []struct {
	match  func(error) bool
	status int
	code   string
}{
	{isType[*requestError], 0, ""}, // its own status and code
	{is(sudoku.ErrSymbol), http.StatusBadRequest, "puzzle-symbol"},
	{is(sudoku.ErrCellCount), http.StatusBadRequest, "puzzle-cells"},
	{isType[*sudoku.ParseError], http.StatusBadRequest, "puzzle-syntax"},
	{isType[*sudoku.RangeError], http.StatusBadRequest, "puzzle-range"},
	{isType[*sudoku.ConflictError], http.StatusUnprocessableEntity, "conflict"},
	{isType[*limitError], http.StatusUnprocessableEntity, "limit"},
	{is(errNoSolution), http.StatusUnprocessableEntity, "no-solution"},
	{is(errMultiple), http.StatusUnprocessableEntity, "multiple"},
	{is(logic.ErrNoSolution), http.StatusUnprocessableEntity, "no-solution"},
	{is(logic.ErrMultiple), http.StatusUnprocessableEntity, "multiple"},
	{is(generate.ErrNotFound), http.StatusUnprocessableEntity, "not-found"},
	{is(logic.ErrNoCandidates), http.StatusUnprocessableEntity, "no-candidates"},
	{is(logic.ErrNotUnique), http.StatusUnprocessableEntity, "not-unique"},
	{is(context.Canceled), http.StatusServiceUnavailable, "gone"}, // the client went away
}

// errorCodes lists every code an error answer may carry, for the
// documentation and the tests: the page words each in its own language
// (static/i18n.js), and falls back to the English "error" for others.
var errorCodes = []string{
	"request", "body-too-large", "slow-body", "puzzle-empty", "puzzle-symbol", "puzzle-cells",
	"puzzle-syntax", "puzzle-range", "puzzle-rule", "puzzle-link", "puzzle-too-large", "conflict", "limit", "no-solution",
	"multiple", "not-found", "no-candidates", "not-unique", "stuck", "rate", "busy", "library-down", "gone",
	"endpoint", "method", "cross-origin", "internal",
}

func isType[E error](err error) bool {
	_, ok := errors.AsType[E](err)
	return ok
}

func is(target error) func(error) bool {
	return func(err error) bool { return errors.Is(err, target) }
}

// statusOf returns the HTTP status that answers err.
func statusOf(err error) int {
	status, _ := classify(err)
	return status
}

// classify returns the HTTP status and the code that answer err.
func classify(err error) (int, string) {
	for _, e := range statusTable {
		if !e.match(err) {
			continue
		}
		if e.status == 0 {
			re, _ := errors.AsType[*requestError](err)
			return re.status, re.codeOrDefault()
		}
		return e.status, e.code
	}
	return http.StatusInternalServerError, "internal"
}

// codeOrDefault is the code of e: its own, or one by its status.
func (e *requestError) codeOrDefault() string {
	switch {
	case e.code != "":
		return e.code
	case e.status == http.StatusRequestEntityTooLarge:
		return "body-too-large"
	case e.status == http.StatusRequestTimeout:
		return "slow-body"
	}
	return "request"
}

// errorBody is every error answer: the English sentence, the code of its
// kind (errorCodes) for a page to word in its language and, for a puzzle
// that cannot be read, the place (line and column from 1) and the English
// detail of what is wrong there.
type errorBody struct {
	Error     string         `json:"error"`
	Code      string         `json:"code,omitempty"`
	Line      int            `json:"line,omitempty"`
	Column    int            `json:"column,omitempty"`
	Detail    string         `json:"detail,omitempty"`
	Conflicts []conflictJSON `json:"conflicts,omitempty"`
}

// conflictJSON is one clash in an answer: the unit ("row 3"), the symbol,
// the two cells (row-major indexes) and the sentence that says it.
type conflictJSON struct {
	Unit   string `json:"unit"`
	Symbol string `json:"symbol"`
	Cells  [2]int `json:"cells"`
	Text   string `json:"text"`
}

func conflictsJSON(cs []sudoku.Conflict) []conflictJSON {
	out := make([]conflictJSON, len(cs))
	for i, c := range cs {
		out[i] = conflictJSON{
			Unit:   fmt.Sprintf("%v %d", c.Kind, c.Unit+1),
			Symbol: string(sudoku.SymbolByte(c.Value)),
			Cells:  [2]int{c.A, c.B},
			Text:   c.Error(),
		}
	}
	return out
}

// writeError answers err with the status of statusTable; a 5xx is logged
// and its text kept from the client.
func (s *server) writeError(w http.ResponseWriter, r *http.Request, err error) {
	status, code := classify(err)
	body := errorBody{Error: err.Error(), Code: code}
	if isType[*sudoku.ParseError](err) || isType[*sudoku.RangeError](err) {
		if !strings.HasPrefix(body.Error, "puzzle") {
			body.Error = "puzzle: " + body.Error
		}
	}
	if pe, ok := errors.AsType[*sudoku.ParseError](err); ok {
		body.Line, body.Column, body.Detail = pe.Line, pe.Column, pe.Err.Error()
	}
	if ce, ok := errors.AsType[*sudoku.ConflictError](err); ok {
		body.Conflicts = conflictsJSON(ce.Conflicts)
	}
	if errors.Is(err, context.Canceled) && r.Context().Err() != nil {
		// The client went away (a closed tab): nothing failed here.
		s.opt.Logger.Debug("web: client gone", "method", r.Method, "path", r.URL.Path)
	} else if status >= 500 {
		s.opt.Logger.Error("web: request failed", "method", r.Method, "path", r.URL.Path, "status", status, "err", err)
		if status == http.StatusInternalServerError {
			body = errorBody{Error: "internal error", Code: "internal"}
		}
	}
	writeJSON(w, status, body)
}
