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

// requestError is a request this package refuses, with its status.
type requestError struct {
	status int
	msg    string
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
// HTTP statuses; statusOf takes the first entry that matches. An error no
// entry matches is the server's own failure (500).
var statusTable = []struct {
	match  func(error) bool
	status int
}{
	{isType[*requestError], 0}, // its own status
	{isType[*sudoku.ParseError], http.StatusBadRequest},
	{isType[*sudoku.RangeError], http.StatusBadRequest},
	{isType[*sudoku.ConflictError], http.StatusUnprocessableEntity},
	{isType[*limitError], http.StatusUnprocessableEntity},
	{is(errNoSolution), http.StatusUnprocessableEntity},
	{is(errMultiple), http.StatusUnprocessableEntity},
	{is(generate.ErrNotFound), http.StatusUnprocessableEntity},
	{is(logic.ErrNoCandidates), http.StatusUnprocessableEntity},
	{is(logic.ErrNotUnique), http.StatusUnprocessableEntity},
	{is(context.Canceled), http.StatusServiceUnavailable}, // the client went away
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
	for _, e := range statusTable {
		if e.match(err) {
			if e.status == 0 {
				re, _ := errors.AsType[*requestError](err)
				return re.status
			}
			return e.status
		}
	}
	return http.StatusInternalServerError
}

// errorBody is every error answer.
type errorBody struct {
	Error     string         `json:"error"`
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
	status := statusOf(err)
	body := errorBody{Error: err.Error()}
	if isType[*sudoku.ParseError](err) || isType[*sudoku.RangeError](err) {
		if !strings.HasPrefix(body.Error, "puzzle") {
			body.Error = "puzzle: " + body.Error
		}
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
			body = errorBody{Error: "internal error"}
		}
	}
	writeJSON(w, status, body)
}
