package web

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5/pgconn"

	"github.com/gosudoku/sudoku"
	"github.com/gosudoku/sudoku/internal/vtext"
	"github.com/gosudoku/sudoku/library"
	"github.com/gosudoku/sudoku/logic"
)

// The library API, served when Options.Library is set (404 otherwise):
//
//	GET  /api/library?er=6.0-7.0&technique=xy-wing&page=1&per=20
//	     search: filters as "sudoku library find" takes them (er, ep, ed,
//	     level, technique, hardest, clues, symmetry, order, variant,
//	     source, tag), a page (from 1) of per (1-100, default 20) entries
//	     by ER, the total, and the variant kinds a search may name. An
//	     entry of a variant has its kinds ("variant") and its rules
//	     ("rules": the toolkit's rules JSON, the form "rules" of sudoku
//	     convert); variants are not rated ("rated": false)
//	GET  /api/library/daily?day=2026-11-26&level=hard
//	     the day's classic 9x9 puzzle of a level, the same on every server
//	     of one library, with its solution
//	POST /api/library {"puzzle": "..."}
//	     adds a 9x9 puzzle (rated; a disguised copy of an entry counts as a
//	     copy), when Options.LibraryAdd is set

// maxPer is the largest page of a library search.
const maxPer = 100

// libraryEntry is one entry in the JSON answers.
type libraryEntry struct {
	ID       int64           `json:"id"`
	Puzzle   string          `json:"puzzle"` // the givens, on one line
	Size     int             `json:"size"`   // the side: 4, 9, 16 ... 64
	Variant  []string        `json:"variant,omitempty"`
	Rules    json.RawMessage `json:"rules,omitempty"`
	Rated    bool            `json:"rated"`
	ER       float64         `json:"er"`
	EP       float64         `json:"ep"`
	ED       float64         `json:"ed"`
	Level    string          `json:"level"`
	Hardest  string          `json:"hardest"`
	Uses     []string        `json:"uses"`
	Clues    int             `json:"clues"`
	Symmetry string          `json:"symmetry"`
	Copies   int             `json:"copies"`
	Source   string          `json:"source"`
	Line     int             `json:"line"`
}

func entryJSON(e *library.Entry) (libraryEntry, error) {
	uses := make([]string, len(e.Uses))
	for i, t := range e.Uses {
		uses[i] = t.ID()
	}
	j := libraryEntry{
		ID: e.ID, Puzzle: e.Puzzle.String(), Size: e.Puzzle.Side(), Variant: e.Kinds, Rated: e.Rated,
		ER: tenths(e.ER), EP: tenths(e.EP), ED: tenths(e.ED), Uses: uses, Clues: e.Clues,
		Symmetry: e.Symmetry.String(), Copies: e.Copies, Source: e.Source.File, Line: e.Source.Line,
	}
	if e.Rated {
		j.Level, j.Hardest = e.Level.String(), e.Hardest.ID()
	}
	if e.Variant != nil {
		rules, err := vtext.WriteJSON(e.Variant)
		if err != nil {
			return j, fmt.Errorf("library entry %d: %w", e.ID, err)
		}
		j.Rules = rules
	}
	return j, nil
}

func tenths(r int) float64 { return float64(r) / 10 }

// librarySearchResponse is a page of a search.
type librarySearchResponse struct {
	Total   int            `json:"total"`
	Page    int            `json:"page"`
	Per     int            `json:"per"`
	Entries []libraryEntry `json:"entries"`
	Kinds   []string       `json:"kinds"` // the variant kinds a search may name (library.Kinds)
}

// errNoLibrary answers the library API of a server without one.
var errNoLibrary = &requestError{status: http.StatusNotFound, msg: "this server has no puzzle library (serve -library)"}

// errLibraryDown answers a request whose library database cannot be
// reached (a PostgreSQL that is down or restarting).
var errLibraryDown = &requestError{status: http.StatusServiceUnavailable, code: "library-down",
	msg: "the puzzle library's database does not answer: try again later"}

// libraryError words an error of the library's database: one that its
// deadline stopped is the server's being busy (503), one of a lost or
// refused connection the library's being down (503), not a failure.
func libraryError(err error) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, context.DeadlineExceeded):
		return &requestError{status: http.StatusServiceUnavailable, code: "busy", msg: "the library did not answer in time: try again"}
	case pgCode(err) == "53300": // too_many_connections: servers * libraryWorkers over max_connections
		return &requestError{status: http.StatusServiceUnavailable, code: "busy", msg: "the library's database has no connection free: try again"}
	case connLost(err):
		return errLibraryDown
	}
	return err
}

// connLost reports whether err is a connection to the library's database
// that was lost, refused or ended by the server (PostgreSQL's classes 08,
// connection exception, and 57P, shutdown: admin_shutdown,
// crash_shutdown, cannot_connect_now), not a fault of the query.
func connLost(err error) bool {
	if code := pgCode(err); code != "" {
		return strings.HasPrefix(code, "08") || strings.HasPrefix(code, "57P")
	}
	_, isConnect := errors.AsType[*pgconn.ConnectError](err)
	_, isNet := errors.AsType[*net.OpError](err)
	return isConnect || isNet || errors.Is(err, driver.ErrBadConn) || errors.Is(err, sql.ErrConnDone) ||
		errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, syscall.ECONNRESET) || errors.Is(err, syscall.ECONNREFUSED)
}

// pgCode returns the SQLSTATE of a PostgreSQL error, "" for another.
func pgCode(err error) string {
	if pe, ok := errors.AsType[*pgconn.PgError](err); ok {
		return pe.Code
	}
	return ""
}

// readTries is how many times a read of the library is tried when its
// connection was lost: a pool's idle connections to a PostgreSQL that
// restarted each fail on their first use (database/sql keeps 2), so a
// read on a fresh one answers at once instead of a 503 per stale
// connection.
const readTries = 3

// libraryRead runs fn, a read of the library, again on a lost connection
// (readTries in all).
func libraryRead(fn func() error) error {
	var err error
	for range readTries {
		if err = fn(); err == nil || !connLost(err) {
			break
		}
	}
	return libraryError(err)
}

// libraryQuery reads the filters of a search from the URL query; a bad
// one is a bad request naming the first filter that cannot be read.
func libraryQuery(v url.Values) (library.Query, error) {
	q, err := library.ParseQuery(v.Get)
	if fe := (*library.FilterError)(nil); errors.As(err, &fe) {
		return q, badRequest(fe.Error())
	}
	return q, err
}

// intParam reads a whole number in lo..hi from the query, def if absent.
func intParam(v url.Values, name string, def, lo, hi int) (int, error) {
	s := v.Get(name)
	if s == "" {
		return def, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < lo || n > hi {
		return 0, badRequest(fmt.Sprintf("%s=%q: want a number from %d to %d", name, s, lo, hi))
	}
	return n, nil
}

// librarySearch answers GET /api/library.
func (s *server) librarySearch(ctx context.Context, r *http.Request) (any, error) {
	if s.opt.Library == nil {
		return nil, errNoLibrary
	}
	v := r.URL.Query()
	q, err := libraryQuery(v)
	if err != nil {
		return nil, err
	}
	page, err := intParam(v, "page", 1, 1, 1_000_000)
	if err != nil {
		return nil, err
	}
	per, err := intParam(v, "per", 20, 1, maxPer)
	if err != nil {
		return nil, err
	}
	var total int
	if err := libraryRead(func() (err error) { total, err = s.opt.Library.Count(ctx, q); return err }); err != nil {
		return nil, err
	}
	q.Limit, q.Offset = per, (page-1)*per
	resp := librarySearchResponse{Total: total, Page: page, Per: per, Kinds: library.Kinds()}
	err = libraryRead(func() error {
		resp.Entries = []libraryEntry{}
		return s.opt.Library.Each(ctx, q, func(e *library.Entry) error {
			j, err := entryJSON(e)
			resp.Entries = append(resp.Entries, j)
			return err
		})
	})
	if err != nil {
		return nil, err
	}
	return resp, nil
}

// libraryDailyResponse is the daily puzzle drawn from the library.
type libraryDailyResponse struct {
	libraryEntry
	Solution string `json:"solution"`
	Day      string `json:"day"`
}

// libraryDaily answers GET /api/library/daily: the entry of the level at
// a place in ER order that a hash of the day and level picks, so every
// server of one library gives the same one (until entries of the level
// are added).
func (s *server) libraryDaily(ctx context.Context, r *http.Request) (any, error) {
	if s.opt.Library == nil {
		return nil, errNoLibrary
	}
	v := r.URL.Query()
	day := v.Get("day")
	if _, err := time.Parse(time.DateOnly, day); err != nil {
		return nil, badRequest(fmt.Sprintf("day=%q: want a date like 2026-11-26", day))
	}
	level, err := logic.ParseLevel(v.Get("level"))
	if err != nil {
		return nil, badRequest("level: " + err.Error())
	}
	// The page's daily puzzle is a classic 9x9 one.
	q := library.Query{Levels: []logic.Level{level}, Order: 3, Variant: []string{"classic"}}
	var n int
	if err := libraryRead(func() (err error) { n, err = s.opt.Library.Count(ctx, q); return err }); err != nil {
		return nil, err
	}
	if n == 0 {
		return nil, &requestError{status: http.StatusNotFound, msg: "the library has no " + level.String() + " puzzle"}
	}
	h := fnv.New64a()
	h.Write([]byte(day + "/" + level.String()))
	q.Offset, q.Limit = int(h.Sum64()%uint64(n)), 1
	var es []library.Entry
	if err := libraryRead(func() (err error) { es, err = s.opt.Library.Find(ctx, q); return err }); err != nil {
		return nil, err
	}
	if len(es) == 0 { // entries went away meanwhile
		return nil, &requestError{status: http.StatusNotFound, msg: "the library has no " + level.String() + " puzzle"}
	}
	sol, err := sudoku.Solve(ctx, es[0].Puzzle, sudoku.Options{})
	if err != nil {
		return nil, err
	}
	j, err := entryJSON(&es[0])
	if err != nil {
		return nil, err
	}
	return libraryDailyResponse{libraryEntry: j, Solution: sol.Solution.String(), Day: day}, nil
}

// libraryAddRequest is the body of POST /api/library.
type libraryAddRequest struct {
	Puzzle string `json:"puzzle"`
}

// libraryAddResponse says where the puzzle went.
type libraryAddResponse struct {
	ID    int64 `json:"id"`
	Added bool  `json:"added"` // false: a copy of an entry
}

// libraryAdd answers POST /api/library.
func (s *server) libraryAdd(ctx context.Context, req *libraryAddRequest) (any, error) {
	if s.opt.Library == nil {
		return nil, errNoLibrary
	}
	if !s.opt.LibraryAdd {
		return nil, &requestError{status: http.StatusForbidden, msg: "this server's library takes no puzzles (serve -library-add)"}
	}
	g, err := s.parse(req.Puzzle)
	if err != nil {
		return nil, err
	}
	if g.Order() != 3 {
		return nil, badRequest("puzzle: the library holds 9x9 puzzles only")
	}
	if _, err := s.solution(ctx, g, 2); err != nil {
		return nil, err
	}
	id, added, err := s.opt.Library.Add(ctx, g, library.Source{File: "web"})
	if err != nil {
		return nil, libraryError(err)
	}
	return libraryAddResponse{ID: id, Added: added}, nil
}

// getAPI turns fn into a guarded GET API handler of the library lane
// (fair.go): fn reads the query; its answer is written as JSON, its error
// by statusOf.
func getAPI(s *server, fn func(ctx context.Context, r *http.Request) (any, error)) http.Handler {
	return s.guardIn(s.lanes.library, s.opt.Timeout, func(w http.ResponseWriter, r *http.Request) {
		resp, err := fn(r.Context(), r)
		if err != nil {
			if statusOf(err) == http.StatusServiceUnavailable {
				w.Header().Set("Retry-After", "1")
			}
			s.writeError(w, r, err)
			return
		}
		writeJSON(w, http.StatusOK, resp)
	})
}
