package web

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gosudoku/sudoku"
	"github.com/gosudoku/sudoku/format"
	"github.com/gosudoku/sudoku/logic"
	"golang.org/x/time/rate"
)

// quiet is a logger that drops everything, for handlers whose 5xx logs a
// test provokes on purpose.
var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

// testOptions are the options of most tests: no rate limit.
func testOptions() Options {
	return Options{Rate: rate.Inf, Logger: quiet}
}

// post sends body to path on h and returns the status and the decoded
// JSON answer.
func post(t testing.TB, h http.Handler, path, body string) (int, map[string]any) {
	t.Helper()
	req := httptest.NewRequest(http.MethodPost, path, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	var m map[string]any
	if err := json.Unmarshal(rec.Body.Bytes(), &m); err != nil {
		t.Fatalf("POST %s %s: answer %d is not a JSON object: %v\n%s", path, body, rec.Code, err, rec.Body)
	}
	if ct := rec.Header().Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		t.Errorf("POST %s: Content-Type %q", path, ct)
	}
	return rec.Code, m
}

// jsonBody returns v as a JSON request body.
func jsonBody(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return string(b)
}

// pair is a puzzle and its solution.
type pair struct{ puzzle, solution string }

// readPairs reads testdata lines "puzzle solution".
func readPairs(t testing.TB, name string) []pair {
	t.Helper()
	f, err := os.Open("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []pair
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fs := strings.Fields(sc.Text())
		if len(fs) == 2 {
			out = append(out, pair{fs[0], fs[1]})
		}
	}
	if len(out) == 0 {
		t.Fatalf("testdata/%s: no puzzles", name)
	}
	return out
}

const (
	easy9    = "005300000800000020070010500400005300010070006003200080060500009004000030000009700"
	easy9Sol = "145327698839654127672918543496185372218473956753296481367542819984761235521839764"
	open9    = "...............................................................................1."
	clash9   = "555300000800000020070010500400005300010070006003200080060500009004000030000009700"
	nosol9   = "12345678.........9..............................................................."
	solved4  = "1234341221434321"
	puzzle4  = "1..4..1221..43.1"
)

func TestSolve(t *testing.T) {
	h := NewHandler(testOptions())
	pretty := format.Text(sudoku.MustParse(easy9), format.Pretty)
	tests := []struct {
		name   string
		body   string
		status int
		want   map[string]any // fields of the answer
		errHas string         // text the error must hold
	}{
		{"line", jsonBody(map[string]any{"puzzle": easy9}), 200,
			map[string]any{"solution": easy9Sol, "status": "unique", "order": 3.0}, ""},
		{"pretty grid", jsonBody(map[string]any{"puzzle": pretty}), 200,
			map[string]any{"solution": easy9Sol}, ""},
		{"first of several", jsonBody(map[string]any{"puzzle": open9, "first": true}), 200,
			map[string]any{"status": "solved"}, ""},
		{"4x4", jsonBody(map[string]any{"puzzle": puzzle4}), 200,
			map[string]any{"solution": mustSolve(t, puzzle4)}, ""},
		{"bad symbol", jsonBody(map[string]any{"puzzle": "5x" + easy9[2:]}), 400, nil,
			"puzzle: line 1, column 2: 'x' is not a symbol"},
		{"too few cells", jsonBody(map[string]any{"puzzle": easy9[:80]}), 400, nil, "puzzle: line 1"},
		{"clash", jsonBody(map[string]any{"puzzle": clash9}), 422, nil, "row 1, columns 1 and 2 both hold 5"},
		{"no solution", jsonBody(map[string]any{"puzzle": nosol9}), 422, nil, "no solution"},
		{"several", jsonBody(map[string]any{"puzzle": open9}), 422, nil, "more than one solution"},
		{"empty puzzle", `{"puzzle": "  "}`, 400, nil, `"puzzle" is empty`},
		{"no puzzle", `{"puzzle": "# a comment\n\n"}`, 400, nil, "holds no puzzle"},
		{"empty body", ``, 400, nil, "request body: empty"},
		{"bad JSON", `{"puzzle": `, 400, nil, "request body"},
		{"unknown field", `{"puzle": "1"}`, 400, nil, `unknown field "puzle"`},
		{"wrong type", `{"puzzle": 5}`, 400, nil, `field "puzzle": want a string`},
		{"two values", `{"puzzle": "` + easy9 + `"} {}`, 400, nil, "more than one JSON value"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, m := post(t, h, "/api/solve", tt.body)
			if code != tt.status {
				t.Fatalf("status %d, want %d: %v", code, tt.status, m)
			}
			for k, v := range tt.want {
				if m[k] != v {
					t.Errorf("%s = %v, want %v", k, m[k], v)
				}
			}
			if tt.errHas != "" {
				if msg, _ := m["error"].(string); !strings.Contains(msg, tt.errHas) {
					t.Errorf("error %q does not hold %q", msg, tt.errHas)
				}
			}
			if code == 200 {
				checkSolution(t, m["puzzle"].(string), m["solution"].(string))
			}
		})
	}
}

// mustSolve returns the unique solution of p by the root package.
func mustSolve(t testing.TB, p string) string {
	t.Helper()
	res, err := sudoku.Count(t.Context(), sudoku.MustParse(p), 2, sudoku.Options{})
	if err != nil || res.Status() != sudoku.Unique {
		t.Fatalf("%s: %v %v", p, res.Status(), err)
	}
	return res.Solution.String()
}

// checkSolution fails unless sol is a valid completed grid that keeps
// every given of puzzle.
func checkSolution(t testing.TB, puzzle, sol string) {
	t.Helper()
	g, err := sudoku.Parse(sol)
	if err != nil {
		t.Fatalf("solution %q: %v", sol, err)
	}
	if err := g.CheckSolved(); err != nil {
		t.Fatalf("solution %q: %v", sol, err)
	}
	if len(puzzle) != len(sol) {
		t.Fatalf("puzzle has %d cells, solution %d", len(puzzle), len(sol))
	}
	for i := range puzzle {
		if puzzle[i] != '.' && puzzle[i] != sol[i] {
			t.Fatalf("solution changes given %d: %c -> %c", i, puzzle[i], sol[i])
		}
	}
}

func TestSolveKnownAnswers(t *testing.T) {
	h := NewHandler(testOptions())
	for _, p := range readPairs(t, "solve9.txt") {
		code, m := post(t, h, "/api/solve", jsonBody(map[string]any{"puzzle": p.puzzle}))
		if code != 200 || m["solution"] != p.solution {
			t.Errorf("%s: %d %v, want %s", p.puzzle, code, m, p.solution)
		}
	}
}

func TestSolveConflictsNamed(t *testing.T) {
	h := NewHandler(testOptions())
	code, m := post(t, h, "/api/solve", jsonBody(map[string]any{"puzzle": clash9}))
	if code != 422 {
		t.Fatalf("status %d", code)
	}
	cs, _ := m["conflicts"].([]any)
	if len(cs) != 4 {
		t.Fatalf("conflicts %v, want 4", m["conflicts"])
	}
	first := cs[0].(map[string]any)
	if first["unit"] != "row 1" || first["symbol"] != "5" || first["text"] != "row 1, columns 1 and 2 both hold 5" {
		t.Errorf("first conflict %v", first)
	}
	if cells := first["cells"].([]any); cells[0] != 0.0 || cells[1] != 1.0 {
		t.Errorf("cells %v, want [0 1]", cells)
	}
}

func TestCount(t *testing.T) {
	h := NewHandler(testOptions())
	tests := []struct {
		name   string
		body   string
		status int
		count  float64
		state  string
	}{
		{"unique", jsonBody(map[string]any{"puzzle": easy9}), 200, 1, "unique"},
		{"none", jsonBody(map[string]any{"puzzle": nosol9}), 200, 0, "none"},
		{"several to 2", jsonBody(map[string]any{"puzzle": open9}), 200, 2, "multiple"},
		{"several to 50", jsonBody(map[string]any{"puzzle": open9, "limit": 50}), 200, 50, "multiple"},
		// A 4x4 grid with one given has 288/4 = 72 completions.
		{"4x4 all", jsonBody(map[string]any{"puzzle": "1...............", "limit": 1000}), 200, 72, "multiple"},
		{"limit 1", jsonBody(map[string]any{"puzzle": easy9, "limit": 1}), 200, 1, "solved"},
		{"limit too big", jsonBody(map[string]any{"puzzle": easy9, "limit": 1001}), 400, 0, ""},
		{"limit negative", jsonBody(map[string]any{"puzzle": easy9, "limit": -1}), 400, 0, ""},
		{"clash", jsonBody(map[string]any{"puzzle": clash9}), 422, 0, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, m := post(t, h, "/api/count", tt.body)
			if code != tt.status {
				t.Fatalf("status %d, want %d: %v", code, tt.status, m)
			}
			if code != 200 {
				if m["error"] == "" {
					t.Error("no error message")
				}
				return
			}
			if m["count"] != tt.count || m["status"] != tt.state {
				t.Errorf("count %v status %v, want %v %v", m["count"], m["status"], tt.count, tt.state)
			}
		})
	}
}

func TestCheck(t *testing.T) {
	h := NewHandler(testOptions())
	tests := []struct {
		puzzle, status, message string
		conflicts               int
		solution                string
	}{
		{easy9, "unique", "a proper puzzle: 23 givens, one solution", 0, easy9Sol},
		{open9, "multiple", "more than one solution", 0, ""},
		{nosol9, "none", "no solution", 0, ""},
		{clash9, "conflict", "row 1, columns 1 and 2 both hold 5", 4, ""},
		{solved4, "solved", "complete and valid", 0, solved4},
	}
	for _, tt := range tests {
		code, m := post(t, h, "/api/check", jsonBody(map[string]any{"puzzle": tt.puzzle}))
		if code != 200 {
			t.Errorf("%s: status %d %v", tt.puzzle, code, m)
			continue
		}
		if m["status"] != tt.status || !strings.Contains(m["message"].(string), tt.message) {
			t.Errorf("%s: %v %q, want %v %q", tt.puzzle, m["status"], m["message"], tt.status, tt.message)
		}
		cs, _ := m["conflicts"].([]any)
		if len(cs) != tt.conflicts {
			t.Errorf("%s: %d conflicts, want %d", tt.puzzle, len(cs), tt.conflicts)
		}
		if sol, _ := m["solution"].(string); sol != tt.solution {
			t.Errorf("%s: solution %q, want %q", tt.puzzle, sol, tt.solution)
		}
	}
	// A puzzle the reader cannot read is a 400 naming the place.
	pretty := strings.Split(format.Text(sudoku.MustParse(easy9), format.Pretty), "\n")
	pretty[5] = strings.Replace(pretty[5], "4", "Z", 1) // line 6: the first row of the second band
	code, m := post(t, h, "/api/check", jsonBody(map[string]any{"puzzle": strings.Join(pretty, "\n")}))
	if code != 400 || !strings.Contains(m["error"].(string), "line 6, column 3: 'Z'") {
		t.Errorf("bad pretty grid: %d %v", code, m)
	}
}

func TestGenerate(t *testing.T) {
	h := NewHandler(testOptions())
	for _, order := range []int{2, 3, 4} {
		seed := uint64(7)
		code, m := post(t, h, "/api/generate", jsonBody(map[string]any{"order": order, "seed": seed}))
		if code != 200 {
			t.Fatalf("order %d: %d %v", order, code, m)
		}
		p, sol := m["puzzle"].(string), m["solution"].(string)
		if m["order"] != float64(order) || m["seed"] != float64(seed) || len(p) != order*order*order*order {
			t.Errorf("order %d: %v", order, m)
		}
		checkSolution(t, p, sol)
		if got := mustSolve(t, p); got != sol {
			t.Errorf("order %d: solution %s, the solver says %s", order, sol, got)
		}
		if clues := strings.Count(p, "."); int(m["clues"].(float64)) != len(p)-clues {
			t.Errorf("order %d: clues %v, the puzzle has %d", order, m["clues"], len(p)-clues)
		}
		// The same seed gives the same puzzle.
		_, again := post(t, h, "/api/generate", jsonBody(map[string]any{"order": order, "seed": seed}))
		if again["puzzle"] != p {
			t.Errorf("order %d: seed %d gave two puzzles", order, seed)
		}
	}
	// A level at 16x16 and 4x4 (generate.ForOrder): the puzzle rated as
	// asked; 4x4 has no level above easy.
	for _, tt := range []struct {
		order int
		level string
	}{{4, "easy"}, {4, "hard"}, {4, "expert"}, {2, "easy"}} {
		side := tt.order * tt.order
		code, m := post(t, h, "/api/generate", jsonBody(map[string]any{"order": tt.order, "level": tt.level, "seed": 7}))
		if code != 200 || m["level"] != tt.level || len(m["puzzle"].(string)) != side*side {
			t.Errorf("%dx%d %s: %d %v", side, side, tt.level, code, m)
		}
	}
	if code, m := post(t, h, "/api/generate", `{"order": 2, "level": "medium"}`); code != 400 || !strings.Contains(m["error"].(string), "hidden singles solve every 4x4 puzzle") {
		t.Errorf("4x4 medium: %d %v", code, m)
	}
	// Without a seed, two calls give two puzzles.
	_, a := post(t, h, "/api/generate", `{}`)
	_, b := post(t, h, "/api/generate", `{}`)
	if a["puzzle"] == b["puzzle"] || a["order"] != 3.0 {
		t.Errorf("two random 9x9 puzzles: %v %v", a, b)
	}
	_, sym := post(t, h, "/api/generate", `{"symmetry": "central", "seed": 1}`)
	p := sym["puzzle"].(string)
	for i := range p {
		if (p[i] == '.') != (p[80-i] == '.') {
			t.Fatalf("central symmetry broken at %d: %s", i, p)
		}
	}
	for _, body := range []string{`{"order": 1}`, `{"order": 6}`, `{"order": -3}`, `{"symmetry": "sideways"}`, `{"seed": -1}`} {
		if code, m := post(t, h, "/api/generate", body); code != 400 {
			t.Errorf("%s: %d %v, want 400", body, code, m)
		}
	}
}

func TestLimits(t *testing.T) {
	opt := testOptions()
	opt.MaxOrder = 3
	opt.MaxBody = 1000
	h := NewHandler(opt)
	code, m := post(t, h, "/api/solve", jsonBody(map[string]any{"puzzle": strings.Repeat(".", 256)}))
	if code != 413 || !strings.Contains(m["error"].(string), "up to 9x9") {
		t.Errorf("16x16 over MaxOrder 3: %d %v", code, m)
	}
	code, m = post(t, h, "/api/solve", jsonBody(map[string]any{"puzzle": easy9 + strings.Repeat(" ", 1000)}))
	if code != 413 || !strings.Contains(m["error"].(string), "larger than 1000 bytes") {
		t.Errorf("body over MaxBody: %d %v", code, m)
	}
	code, m = post(t, h, "/api/generate", `{"order": 4}`)
	if code != 400 {
		t.Errorf("generate 16x16 over MaxOrder 3: %d %v", code, m)
	}
}

// TestDeadline checks that a search that would run for ever answers 422
// when the request's time is up.
func TestDeadline(t *testing.T) {
	hard, err := os.ReadFile("testdata/hard64.txt")
	if err != nil {
		t.Fatal(err)
	}
	opt := testOptions()
	opt.Timeout = 300 * time.Millisecond
	h := NewHandler(opt)
	// The deadline must stop these searches, not the memory bound, which
	// stops hard64's soon (TestRequestMemory).
	defer func(o sudoku.Options) { searchOptions = o }(searchOptions)
	searchOptions.MaxMemory = 0
	for _, path := range []string{"/api/solve", "/api/count", "/api/check"} {
		start := time.Now()
		code, m := post(t, h, path, jsonBody(map[string]any{"puzzle": string(hard)}))
		took := time.Since(start)
		if code != 422 || !strings.Contains(m["error"].(string), "limit of 300ms") {
			t.Errorf("%s: %d %v", path, code, m)
		}
		if took > 5*time.Second {
			t.Errorf("%s: answered after %v, with a 300ms deadline", path, took)
		}
	}
}

func TestRateLimit(t *testing.T) {
	opt := testOptions()
	// One request per minute after the burst: a slow machine cannot refill
	// the bucket between the test's requests.
	opt.Rate, opt.Burst = rate.Every(time.Minute), 3
	h := NewHandler(opt)
	send := func(addr string) int {
		req := httptest.NewRequest(http.MethodPost, "/api/solve", strings.NewReader(`{"puzzle":"`+easy9+`"}`))
		req.RemoteAddr = addr
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		return rec.Code
	}
	for i := range 3 {
		if c := send("192.0.2.1:1000"); c != 200 {
			t.Fatalf("request %d within the burst: %d", i, c)
		}
	}
	if c := send("192.0.2.1:1001"); c != 429 {
		t.Errorf("request over the burst: %d, want 429", c)
	}
	if c := send("192.0.2.2:1000"); c != 200 {
		t.Errorf("another client: %d, want 200", c)
	}
}

func TestClientLimiterForgets(t *testing.T) {
	l := newClientLimiter(1, 1, 4)
	for _, k := range []string{"a", "b", "c", "d", "e", "f"} {
		l.allow(k)
	}
	if n := len(l.clients); n > 4 {
		t.Errorf("%d clients remembered, max 4", n)
	}
	if l.clients["f"] == nil {
		t.Error("the newest client was forgotten")
	}
}

func TestCrossOrigin(t *testing.T) {
	h := NewHandler(testOptions())
	for _, tt := range []struct {
		site string
		want int
	}{{"cross-site", 403}, {"same-site", 403}, {"same-origin", 200}, {"none", 200}} {
		req := httptest.NewRequest(http.MethodPost, "/api/solve", strings.NewReader(`{"puzzle":"`+easy9+`"}`))
		req.Header.Set("Sec-Fetch-Site", tt.site)
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != tt.want {
			t.Errorf("Sec-Fetch-Site %s: %d, want %d", tt.site, rec.Code, tt.want)
		}
	}
	req := httptest.NewRequest(http.MethodPost, "/api/solve", strings.NewReader(`{}`))
	req.Header.Set("Origin", "http://evil.example")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if rec.Code != 403 || !strings.Contains(rec.Body.String(), "cross-origin") {
		t.Errorf("foreign Origin: %d %s", rec.Code, rec.Body)
	}
}

func TestRecover(t *testing.T) {
	var logged bytes.Buffer
	s := &server{opt: Options{Logger: slog.New(slog.NewTextHandler(&logged, nil))}.withDefaults()}
	h := s.recoverPanics(http.HandlerFunc(func(http.ResponseWriter, *http.Request) {
		panic("secret detail")
	}))
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("POST", "/api/solve", nil))
	if rec.Code != 500 || strings.Contains(rec.Body.String(), "secret") || !strings.Contains(rec.Body.String(), "internal error") {
		t.Errorf("panic answered %d %s", rec.Code, rec.Body)
	}
	if !strings.Contains(logged.String(), "secret detail") {
		t.Errorf("panic not logged: %s", logged.String())
	}
}

func TestStatusTable(t *testing.T) {
	_, parseErr := sudoku.Parse("12x4............")
	_, countErr := sudoku.Parse("1234")
	_, rangeErr := sudoku.FromValues(2, []int{9, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0})
	tests := []struct {
		err  error
		want int
		code string
	}{
		{parseErr, 400, "puzzle-symbol"},
		{countErr, 400, "puzzle-cells"},
		{&sudoku.ParseError{Line: 2, Err: io.ErrUnexpectedEOF}, 400, "puzzle-syntax"},
		{rangeErr, 400, "puzzle-range"},
		{&sudoku.ConflictError{}, 422, "conflict"},
		{searchError(sudoku.ErrLimit, time.Second), 422, "limit"},
		{errNoSolution, 422, "no-solution"},
		{fmt.Errorf("hint: %w", logic.ErrMultiple), 422, "multiple"},
		{logic.ErrNotUnique, 422, "not-unique"},
		{errStuck, 422, "stuck"},
		{badRequest("x"), 400, "request"},
		{&requestError{status: 413}, 413, "body-too-large"},
		{errSlowBody, 408, "slow-body"},
		{io.ErrUnexpectedEOF, 500, "internal"},
	}
	for _, tt := range tests {
		status, code := classify(tt.err)
		if status != tt.want || code != tt.code {
			t.Errorf("classify(%T %v) = %d %q, want %d %q", tt.err, tt.err, status, code, tt.want, tt.code)
		}
		if statusOf(tt.err) != status {
			t.Errorf("statusOf(%v) = %d, classify %d", tt.err, statusOf(tt.err), status)
		}
	}
}

// TestErrorCodes checks that every code of the table is listed in
// errorCodes, and that the page words every listed code in Chinese (the
// zh table of static/i18n.js has its "err-" key).
func TestErrorCodes(t *testing.T) {
	for _, e := range statusTable {
		if e.code != "" && !slices.Contains(errorCodes, e.code) {
			t.Errorf("statusTable's code %q is not in errorCodes", e.code)
		}
	}
	src, err := staticFiles.ReadFile("static/i18n.js")
	if err != nil {
		t.Fatal(err)
	}
	zh := string(src[bytes.Index(src, []byte("const zh = {")):])
	for _, c := range errorCodes {
		if !strings.Contains(zh, "'err-"+c+"':") {
			t.Errorf("static/i18n.js: the zh table lacks 'err-%s'", c)
		}
	}
}

// TestErrorAnswer checks the fields of an error answer for a puzzle that
// cannot be read: the code, the place and the English detail.
func TestErrorAnswer(t *testing.T) {
	h := NewHandler(Options{Logger: quiet})
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("POST", "/api/solve", strings.NewReader(`{"puzzle": "5x53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97.."}`)))
	var body errorBody
	if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil {
		t.Fatal(err)
	}
	want := errorBody{
		Error: "puzzle: line 1, column 2: 'x' is not a symbol for 9x9 (1-9)", Code: "puzzle-symbol",
		Line: 1, Column: 2, Detail: "'x' is not a symbol for 9x9 (1-9)",
	}
	if rec.Code != 400 || !reflect.DeepEqual(body, want) {
		t.Errorf("answer %d %+v, want 400 %+v", rec.Code, body, want)
	}
}

func TestMethodsAndPaths(t *testing.T) {
	srv := httptest.NewServer(NewHandler(testOptions()))
	defer srv.Close()
	tests := []struct {
		method, path string
		status       int
		ctype        string
	}{
		{"GET", "/", 200, "text/html"},
		{"GET", "/app.js", 200, "text/javascript"},
		{"GET", "/style.css", 200, "text/css"},
		{"GET", "/nothing", 404, ""},
		{"POST", "/", 405, ""},
		{"GET", "/api/solve", 405, "application/json"},
		{"GET", "/api/nothing", 404, "application/json"},
		{"PUT", "/api/render", 405, "application/json"},
	}
	for _, tt := range tests {
		req, _ := http.NewRequest(tt.method, srv.URL+tt.path, nil)
		resp, err := srv.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != tt.status || !strings.HasPrefix(resp.Header.Get("Content-Type"), tt.ctype) {
			t.Errorf("%s %s: %d %q, want %d %q", tt.method, tt.path, resp.StatusCode, resp.Header.Get("Content-Type"), tt.status, tt.ctype)
		}
		if resp.Header.Get("Content-Security-Policy") == "" {
			t.Errorf("%s %s: no Content-Security-Policy", tt.method, tt.path)
		}
	}
	// An unchanged asset costs a 304.
	resp, err := srv.Client().Get(srv.URL + "/app.js")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	req, _ := http.NewRequest("GET", srv.URL+"/app.js", nil)
	req.Header.Set("If-None-Match", resp.Header.Get("ETag"))
	resp, err = srv.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 304 {
		t.Errorf("revalidated app.js: %d, want 304", resp.StatusCode)
	}
}

// TestStaticVersion checks the version the page's references carry: the
// served page and modules name their files with ?v=, a request for that
// version may be cached for good, and one without it (or with another) is
// revalidated, with the same content.
func TestStaticVersion(t *testing.T) {
	dev := testOptions()
	dev.Dev = true
	for _, tc := range []struct {
		name    string
		opt     Options
		preload string // a file the page preloads
		imports string // app.js's import of another file, before ?v=
	}{
		{"bundled", testOptions(), `chunk-\w+\.js`, `from"./chunk-`},
		{"dev", dev, `grid\.js`, `from './page`},
	} {
		t.Run(tc.name, func(t *testing.T) { testStaticVersion(t, tc.opt, tc.preload, tc.imports) })
	}
}

func testStaticVersion(t *testing.T, opt Options, preload, imports string) {
	srv := httptest.NewServer(NewHandler(opt))
	defer srv.Close()
	get := func(p string) (string, http.Header) {
		t.Helper()
		resp, err := srv.Client().Get(srv.URL + p)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		if resp.StatusCode != 200 {
			t.Fatalf("GET %s: %d", p, resp.StatusCode)
		}
		return string(b), resp.Header
	}
	page, h := get("/")
	if h.Get("Cache-Control") != "no-cache" {
		t.Errorf("the page: Cache-Control %q, want no-cache", h.Get("Cache-Control"))
	}
	_, v, ok := strings.Cut(page, `src="app.js?v=`)
	if !ok {
		t.Fatalf("the page names app.js without a version: %s", page[:min(len(page), 600)])
	}
	v = v[:strings.IndexByte(v, '"')]
	for _, ref := range []string{`href="style\.css\?v=` + v + `"`, `<link rel="modulepreload" href="` + preload + `\?v=` + v + `"`} {
		if !regexp.MustCompile(ref).MatchString(page) {
			t.Errorf("the page lacks %s", ref)
		}
	}
	app, h := get("/app.js?v=" + v)
	if h.Get("Cache-Control") != "public, max-age=31536000, immutable" {
		t.Errorf("app.js of the current version: Cache-Control %q", h.Get("Cache-Control"))
	}
	if n, nv := strings.Count(app, imports), regexp.MustCompile(regexp.QuoteMeta(imports)+`[\w-]*\.js\?v=`+v+`['"]`).FindAllStringIndex(app, -1); n == 0 || n != len(nv) {
		t.Errorf("app.js has %d imports %s..., %d with the version", n, imports, len(nv))
	}
	for _, p := range []string{"/app.js", "/app.js?v=old"} {
		body, h := get(p)
		if h.Get("Cache-Control") != "no-cache" || body != app {
			t.Errorf("%s: Cache-Control %q, same content %v", p, h.Get("Cache-Control"), body == app)
		}
	}
	// The service worker keeps the files of the version the page names.
	if sw, h := get("/sw.js"); !strings.Contains(sw, "const VERSION = '"+v+"';") || h.Get("Cache-Control") != "no-cache" {
		t.Errorf("sw.js does not carry the version %s (Cache-Control %q)", v, h.Get("Cache-Control"))
	}
}

// TestPageAssets checks that the page loads its script and style from this
// server only (no network at run time) and names the controls the script
// looks up.
func TestPageAssets(t *testing.T) {
	html, err := staticFiles.ReadFile("static/index.html")
	if err != nil {
		t.Fatal(err)
	}
	sw, err := staticFiles.ReadFile("static/sw.js")
	if err != nil {
		t.Fatal(err)
	}
	files, err := fs.Glob(staticFiles, "static/*")
	if err != nil || len(files) < 5 {
		t.Fatalf("static files %v: %v", files, err)
	}
	for _, f := range files {
		b, err := staticFiles.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		name := path.Base(f)
		for _, s := range []string{"http://", "https://", "//cdn"} {
			if bytes.Contains(b, []byte(s)) {
				t.Errorf("%s refers to %q: the page must work offline", name, s)
			}
		}
		// The service worker keeps every file of the page for offline use.
		if name != "sw.js" && !bytes.Contains(sw, []byte("'/"+strings.TrimSuffix(name, "index.html")+"'")) {
			t.Errorf("sw.js does not keep %s", name)
		}
		if !strings.HasSuffix(name, ".js") {
			continue
		}
		// Every $('id') of a script names an element of the page, and every
		// module it imports is a file here.
		for _, part := range strings.Split(string(b), "$('")[1:] {
			id := part[:strings.IndexByte(part, '\'')]
			if !bytes.Contains(html, []byte(`id="`+id+`"`)) {
				t.Errorf("%s looks up #%s, which index.html lacks", name, id)
			}
		}
		for _, part := range strings.Split(string(b), "from './")[1:] {
			mod := part[:strings.IndexByte(part, '\'')]
			if !slices.Contains(files, "static/"+mod) {
				t.Errorf("%s imports ./%s, which static/ lacks", name, mod)
			}
		}
	}
}

// TestCheckPencilMarks checks that a pasted pencil-mark grid keeps its
// marks: the page makes them centre marks.
func TestCheckPencilMarks(t *testing.T) {
	pm, err := os.ReadFile("testdata/hodoku_pm.txt")
	if err != nil {
		t.Fatal(err)
	}
	h := NewHandler(testOptions())
	code, m := post(t, h, "/api/check", jsonBody(map[string]any{"puzzle": string(pm)}))
	if code != 200 || m["status"] != "unique" {
		t.Fatalf("%d %v", code, m)
	}
	marks := strs(m["marks"])
	if len(marks) != 81 || marks[0] != "1579" || marks[1] != "" || marks[4] != "16" {
		t.Errorf("marks %q", marks)
	}
	// Every mark list keeps the solution's value.
	sol := m["solution"].(string)
	for i, ms := range marks {
		if ms != "" && !strings.Contains(ms, sol[i:i+1]) {
			t.Errorf("cell %d: marks %q lack the solution's %c", i, ms, sol[i])
		}
	}
}

func TestAllowFromRouteTable(t *testing.T) {
	h := NewHandler(testOptions())
	for path, want := range map[string]string{"/api/solve": "POST", "/api/render": "GET, POST"} {
		req := httptest.NewRequest("DELETE", path, nil)
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != 405 || rec.Header().Get("Allow") != want {
			t.Errorf("DELETE %s: %d, Allow %q, want 405 %q", path, rec.Code, rec.Header().Get("Allow"), want)
		}
	}
}

// TestClientGoneNotAnError checks that a request whose client went away
// (its context cancelled) is not logged as a failure.
func TestClientGoneNotAnError(t *testing.T) {
	var logs strings.Builder
	opt := testOptions()
	opt.Logger = slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	h := NewHandler(opt)
	for range 10 {
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		req := httptest.NewRequestWithContext(ctx, "POST", "/api/solve", strings.NewReader(`{"puzzle": "`+easy9+`"}`))
		req.Header.Set("Content-Type", "application/json")
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != 503 {
			t.Fatalf("cancelled request: %d %s", rec.Code, rec.Body)
		}
	}
	if strings.Contains(logs.String(), "level=ERROR") {
		t.Errorf("a client gone was logged as an error:\n%s", logs.String())
	}
}

// TestDailySeed pins the daily puzzle the README names: the page's daily
// hard puzzle of 26 November 2026 is /api/generate's with seed 202611263,
// the puzzle of sudoku generate -level hard -seed 202611263.
func TestDailySeed(t *testing.T) {
	_, m := post(t, NewHandler(testOptions()), "/api/generate", `{"order": 3, "level": "hard", "seed": 202611263}`)
	if p := m["puzzle"]; p != "3.5.........1..9.891....7...2......4...4..195....358.......6..37....9...234..7..." {
		t.Errorf("daily hard puzzle of 2026-11-26: %v", p)
	}
}
