// Package web serves the toolkit's web app: one page to play, enter, check,
// solve and print puzzles (embedded from static/, no build step, no network
// access at run time) and a JSON API under /api/ for the same operations.
//
// # API
//
// The endpoints take a POST with a JSON object and answer a JSON object,
// except the GETs below (the render link and the library's searches).
// A puzzle is a string in any format the sudoku package reads (one line, a
// grid of rows, pretty, JSON ...); answers write grids on one line, '.' for
// a blank.
//
//	POST /api/solve    {"puzzle": P, "first": false}
//	                   -> {"puzzle", "order", "solution", "status": "unique"|"solved", "guesses", "micros"}
//	POST /api/count    {"puzzle": P, "limit": 2}
//	                   -> {"puzzle", "order", "count", "limit", "status": "none"|"unique"|"multiple", "guesses", "micros"}
//	POST /api/count    {"puzzle": P, "why": true}
//	                   -> the same, counted to 2, and "why": {"solutions", "differ"} or {"givens", "rules", "minimal"}, "text"
//	POST /api/candidates {"puzzle": P}
//	                   -> {"size", "candidates": [[values of cell 0], [values of cell 1], ...], "status", "micros"}
//	POST /api/check    {"puzzle": P, "values": V}
//	                   -> {"puzzle", "order", "givens", "status", "message", "conflicts", "solution"}
//	POST /api/generate {"order": 3, "seed": S, "symmetry": "", "level": "hard"}
//	                   -> {"puzzle", "solution", "order", "clues", "seed", "kind", "level", "er", "micros"}
//	POST /api/generate {"variant": "killer", "size": 9, "seed": S}
//	                   -> {"puzzle", "solution", "order", "clues", "seed", "kind", "micros", "size", "variant", "rules"}
//	POST /api/hint     {"puzzle": P, "grid": G, "eliminated": [[cell, value], ...]}
//	                   -> {"status": "step"|"mistakes"|"solved", "step", "vague", "mistakes"}
//	POST /api/explain  {"puzzle": P, "grid": G, "eliminated": [...]}
//	                   -> {"status", "steps", "rating", "stuck", "mistakes"}
//	POST /api/rate     {"puzzle": P} -> {"puzzle", "er", "ep", "ed", "level", "steps", "hardest", "techniques"}
//	GET  /api/render?puzzle=P&format=pdf|svg|png&solutions=1&caption=C&name=N
//	POST /api/render   {"puzzles": [P, ...], "captions", "format", "per_page": 1|2|4|6, "solutions", "paper", "page", "name"}
//	                   -> the file (application/pdf, image/svg+xml, image/png), named N.pdf ...
//	GET  /api/library?er=6-7&technique=xy-wing&page=1&per=20 (the filters of sudoku library find)
//	                   -> {"total", "entries": [...]}; 404 without Options.Library
//	GET  /api/library/daily?day=2026-11-26&level=hard
//	                   -> the day's puzzle of that level from the library, with its solution
//	POST /api/library  {"puzzle": P} (with Options.LibraryAdd) -> the puzzle rated and added
//
// Variants: the "puzzle" of solve, count and check may be a variant in any
// form the sudoku command reads: an f-puzzles link ("?load="), a SudokuPad
// link (".../fpuzzles...", "scl...", "?puzzleid=..."), the link's data
// alone, f-puzzles JSON or the rules JSON line (as a string), killer or
// jigsaw text. The answer adds "size", "variant" (its kinds: "killer",
// "jigsaw" ...), "rules" (the puzzle as a rules JSON object: "size",
// "grid", "regions", "rules") and "form" (the form read); grids are
// written as symbols 1-9 then A-Z, "order" is the box side of square boxes
// and 0 otherwise. A rule the engine lacks is a 400 "puzzle-rule" naming
// it; a short link whose puzzle is on another server (SudokuPad's
// "sudokupad.app/abc123", f-puzzles' "?id=") is a 400 "puzzle-link". For a
// variant, check answers its f-puzzles "link" too, and takes "values", a player's grid ('.' blank): it is
// judged by the rules without a search, "ok" or "conflict" with
// "violations", each the rule's index in "rules" (-1 rows, -2 columns, -3
// regions, -4 givens), its "cells" and a "text".
//
// Setters' tools, for classic puzzles and variants alike: count with
// "why" counts to 2 and says why: for several solutions, two of them
// ("solutions", values on one line) and the cells where they differ
// ("differ"); for none, the givens ("givens", cells) and rules ("rules",
// indexes into the puzzle's rules) that contradict, "minimal" when each
// was shown needed; "text" words each. Candidates answers the true
// candidates: for each cell in reading order, givens included, every value
// some solution puts there (all lists empty when there is no solution),
// exact, without listing the solutions (variant.TrueCandidates).
//
// Hint and explain take a player's progress: G is the puzzle with the
// player's values on one line, and "eliminated" the candidates the player
// has ruled out (cell index from 0 in row-major order, value from 1). A
// value or elimination that the solution refutes is answered as "mistakes",
// before any step: each its cell, "kind" ("placed" with "value" and the
// solution's "want", or "marks" with the lost "value") and text. Steps are logic.Step's JSON: the
// technique, its rating, placements ("r5c4=7"), eliminations ("r5c4<>7"),
// cells, units and a sentence, and "at", the same as indexes (placements
// and eliminations as [cell, value], cells, candidates, units as
// {"kind", "index"}); "vague" names only the technique and the region.
// Hint, explain and rate also take variant puzzles in every form the
// sudoku command reads (f-puzzles JSON and links, the rules JSON line,
// killer and jigsaw text): G is then a line of the grid's values ('.' a
// blank), and a unit's kind may be a variant's house ("region",
// "diagonal", "window", "disjoint", "extra").
//
// Check answers a verdict with status 200 for every puzzle it can read:
// "unique" (with the solution), "multiple", "none", "conflict" (with the
// clashing cells) or "solved" (a complete, valid grid). Solve fails on a
// puzzle with no solution or several unless "first" is set.
//
// An error answers {"error": "what is wrong, where", "code": "puzzle-symbol"}
// with a 4xx status and a code of its kind taken from one table (see
// statusTable; a page words the code in its own language, and for a puzzle
// that cannot be read the answer adds "line", "column" and the English
// "detail"). The codes: request, body-too-large, slow-body, puzzle-empty,
// puzzle-symbol, puzzle-cells, puzzle-syntax, puzzle-range, puzzle-rule, puzzle-link,
// puzzle-too-large, conflict, limit, no-solution, multiple, not-found,
// no-candidates, not-unique, stuck, rate, busy, library-down, gone, endpoint, method,
// cross-origin, internal. The statuses: 400 for a request or puzzle that cannot be
// read (the line and column are named), 413 for a body or grid over the
// limits, 422 for a puzzle that reads but cannot be answered (clashing
// givens, with "conflicts"; no solution; a search stopped by the request's
// deadline), 429 over the rate limit. A failure of the server itself is 500
// and never shows a panic's text.
//
// # Limits
//
// Bodies, grid orders, counting limits, the time of every request and the
// memory of its search (sudoku.Options.MaxMemory) are bounded (see
// Options); each client address (an IPv6 client: its /64) has its own rate
// limit; requests that change nothing are GETs, cross-origin POSTs from
// browsers are refused (http.CrossOriginProtection), and so are GETs of
// the render link that a browser makes for another site's page. The http.Server's own timeouts
// are its owner's business (cmd/sudoku serve sets them).
package web

import (
	"context"
	"log/slog"
	"net/http"
	"runtime"
	"strings"
	"time"

	"github.com/gosudoku/sudoku"
	"github.com/gosudoku/sudoku/library"
	"golang.org/x/time/rate"
)

// Options configure a handler. The zero value serves grids up to 64x64 with
// the defaults named on each field.
type Options struct {
	// MaxOrder is the largest grid order (box side) the API accepts; 0
	// (or more than sudoku.MaxOrder) means sudoku.MaxOrder (64x64).
	MaxOrder int
	// MaxGenerateOrder is the largest order /api/generate makes; 0 means
	// 5 (25x25).
	MaxGenerateOrder int
	// MaxLimit bounds the "limit" of /api/count; 0 means 1000.
	MaxLimit int
	// Timeout bounds the work of one API request; a search it stops
	// answers 422. 0 means 10 seconds.
	Timeout time.Duration
	// GenerateTimeout bounds the work of one /api/generate request; 0
	// means three times Timeout (30 s by default). A 16x16 puzzle of a
	// level takes 0.04 s (easy) to 2.5 s (extreme) of CPU at the 95th
	// percentile (generate.ForOrder), several times that on a busy
	// machine, and a seeded request must make its own puzzle.
	GenerateTimeout time.Duration
	// MaxBody bounds a request body in bytes; 0 means 256 KiB.
	MaxBody int64
	// Rate is each client's sustained number of API requests per second,
	// Burst the number it may send at once; 0 means 20 and 40. rate.Inf
	// turns the limit off.
	Rate  rate.Limit
	Burst int
	// MaxClients bounds the number of client addresses whose rates are
	// remembered; 0 means 10000.
	MaxClients int
	// Workers bounds the API requests that run at once in the light lane
	// (half as many in the logic and heavy lanes: fair.go), a client's
	// one at a time in each; others
	// wait for a slot within their deadline, as many as the lane's budget
	// holds (fair.go: beyond it they are answered 503 at once). 0 means
	// runtime.GOMAXPROCS(0).
	Workers int
	// Library, when not nil, is served at /api/library (search, the daily
	// puzzle; see api_library.go); the page then shows its panel and
	// draws the daily puzzle from it. LibraryAdd lets POST /api/library
	// add puzzles to it.
	Library    *library.Library
	LibraryAdd bool
	// Dev serves the page's modules as they are in static/, one file
	// each, for work on the page; otherwise they are bundled when the
	// handler is made (esbuild: minified, in chunks, with source maps).
	Dev bool
	// Logger receives one line per panic and per failed request (5xx);
	// nil means slog.Default().
	Logger *slog.Logger
}

// withDefaults returns o with every zero field set to its default.
func (o Options) withDefaults() Options {
	if o.MaxOrder <= 0 || o.MaxOrder > sudoku.MaxOrder {
		o.MaxOrder = sudoku.MaxOrder
	}
	if o.MaxGenerateOrder <= 0 {
		o.MaxGenerateOrder = 5
	}
	o.MaxGenerateOrder = min(o.MaxGenerateOrder, o.MaxOrder)
	if o.MaxLimit <= 0 {
		o.MaxLimit = 1000
	}
	if o.Timeout <= 0 {
		o.Timeout = 10 * time.Second
	}
	if o.GenerateTimeout <= 0 {
		o.GenerateTimeout = 3 * o.Timeout
	}
	if o.MaxBody <= 0 {
		o.MaxBody = 256 << 10
	}
	if o.Rate == 0 {
		o.Rate = 20
	}
	if o.Burst <= 0 {
		o.Burst = 2 * max(int(o.Rate), 1)
		if o.Rate == rate.Inf {
			o.Burst = 1
		}
	}
	if o.MaxClients <= 0 {
		o.MaxClients = 10000
	}
	if o.Workers <= 0 {
		o.Workers = runtime.GOMAXPROCS(0)
	}
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	return o
}

// server holds what the handlers share.
type server struct {
	opt     Options
	limiter *clientLimiter
	lanes   *lanes // the slots of running API requests (fair.go)
	stock   *stock // ready puzzles of the slow kinds (stock.go)
}

// NewHandler returns the handler of the web app: the page and its assets at
// /, the JSON API under /api/.
func NewHandler(opt Options) http.Handler {
	opt = opt.withDefaults()
	s := &server{
		opt:     opt,
		limiter: newClientLimiter(opt.Rate, opt.Burst, opt.MaxClients),
		lanes:   newLanes(opt.Workers),
	}
	s.stock = &stock{make: s.makePuzzle, limit: func() (context.Context, context.CancelFunc) {
		return context.WithTimeout(context.Background(), opt.GenerateTimeout)
	}}
	mux := http.NewServeMux()
	routes := s.routes()
	allow := make(map[string][]string) // path -> its methods
	for _, rt := range routes {
		mux.Handle(rt.method+" "+rt.path, rt.h)
		allow[rt.path] = append(allow[rt.path], rt.method)
	}
	mux.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) {
		methods, ok := allow[r.URL.Path]
		if !ok {
			writeJSON(w, http.StatusNotFound, errorBody{Error: "no API endpoint " + r.URL.Path, Code: "endpoint"})
			return
		}
		w.Header().Set("Allow", strings.Join(methods, ", "))
		msg := r.URL.Path + " takes a POST with a JSON body"
		if len(methods) > 1 {
			msg = r.URL.Path + " takes a " + strings.Join(methods, " or ")
		}
		writeJSON(w, http.StatusMethodNotAllowed, errorBody{Error: msg, Code: "method"})
	})
	mux.Handle("/", staticHandler(opt.Dev, opt.Logger))

	var h http.Handler = mux
	cop := http.NewCrossOriginProtection()
	cop.SetDenyHandler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		writeJSON(w, http.StatusForbidden, errorBody{Error: "cross-origin request refused: use the page this server serves", Code: "cross-origin"})
	}))
	h = cop.Handler(h)
	h = securityHeaders(h)
	h = s.recoverPanics(h)
	return h
}

// route is one endpoint of the API.
type route struct {
	method, path string
	h            http.Handler
}

// routes lists the API: the one table the mux and the answers to a wrong
// method are made from.
func (s *server) routes() []route {
	return []route{
		{"POST", "/api/solve", api(s, s.solve)},
		{"POST", "/api/count", api(s, s.count)},
		{"POST", "/api/check", api(s, s.check)},
		{"POST", "/api/candidates", api(s, s.candidates)},
		{"POST", "/api/generate", apiWithin(s, s.opt.GenerateTimeout, s.generate)},
		{"POST", "/api/hint", api(s, s.hint)},
		{"POST", "/api/explain", api(s, s.explain)},
		{"POST", "/api/rate", api(s, s.rate)},
		{"GET", "/api/library", sameOrigin(getAPI(s, s.librarySearch))},
		{"POST", "/api/library", api(s, s.libraryAdd)},
		{"GET", "/api/library/daily", sameOrigin(getAPI(s, s.libraryDaily))},
		{"GET", "/api/render", sameOrigin(s.guard(func(w http.ResponseWriter, r *http.Request) {
			f, err := s.renderGet(r.Context(), r)
			s.writeRendered(w, r, f, err)
		}))},
		{"POST", "/api/render", s.guard(func(w http.ResponseWriter, r *http.Request) {
			req := new(renderRequest)
			if err := decode(w, r, s.opt.MaxBody, req); err != nil {
				s.writeError(w, r, err)
				return
			}
			f, err := s.render(r.Context(), req)
			s.writeRendered(w, r, f, err)
		})},
	}
}

// securityHeaders sets the headers every answer carries: the page loads
// nothing from elsewhere and may not be framed.
func securityHeaders(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hd := w.Header()
		hd.Set("Content-Security-Policy", "default-src 'self'; img-src 'self' data: blob:; frame-ancestors 'none'; base-uri 'none'; form-action 'self'")
		hd.Set("X-Content-Type-Options", "nosniff")
		hd.Set("Referrer-Policy", "no-referrer")
		h.ServeHTTP(w, r)
	})
}

// recoverPanics answers 500 instead of letting a panic reach the client
// (net/http would cut the connection) and logs it.
func (s *server) recoverPanics(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rw := &statusWriter{ResponseWriter: w}
		defer func() {
			v := recover()
			if v == nil {
				return
			}
			if v == http.ErrAbortHandler {
				panic(v)
			}
			buf := make([]byte, 4<<10)
			buf = buf[:runtime.Stack(buf, false)]
			s.opt.Logger.Error("web: panic", "method", r.Method, "path", r.URL.Path, "panic", v, "stack", string(buf))
			if !rw.wrote {
				writeJSON(rw, http.StatusInternalServerError, errorBody{Error: "internal error"})
			}
		}()
		h.ServeHTTP(rw, r)
	})
}

// statusWriter remembers whether the header was written.
type statusWriter struct {
	http.ResponseWriter
	wrote bool
}

func (w *statusWriter) WriteHeader(code int) {
	w.wrote = true
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusWriter) Write(p []byte) (int, error) {
	w.wrote = true
	return w.ResponseWriter.Write(p)
}

// Unwrap lets http.ResponseController reach the underlying writer.
func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }
