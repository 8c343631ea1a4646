package web

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/gosudoku/sudoku"
	"github.com/gosudoku/sudoku/format"
	"golang.org/x/time/rate"
)

// fuzzOptions keep each fuzzed request short.
func fuzzOptions() Options {
	return Options{Rate: rate.Inf, Logger: quiet, Timeout: 200 * time.Millisecond, MaxGenerateOrder: 3, MaxBody: 64 << 10}
}

// puzzleSeeds are request bodies for the endpoints that take a puzzle.
func puzzleSeeds() []string {
	pretty := format.Text(sudoku.MustParse(easy9), format.Pretty)
	seeds := []string{"", "{}", "null", "[]", `{"puzzle": 1}`, `{"puzzle": ""}`, `{"puzzle":"` + easy9 + `"} x`, `{"puZZle":"0"}`}
	for _, p := range []string{easy9, open9, clash9, nosol9, solved4, puzzle4, pretty, "5x" + easy9[2:], `{"order":3,"grid":"` + easy9 + `"}`} {
		seeds = append(seeds, jsonBody(map[string]any{"puzzle": p}), jsonBody(map[string]any{"puzzle": p, "limit": 3}),
			jsonBody(map[string]any{"puzzle": p, "first": true}))
	}
	return seeds
}

// fuzzEndpoint sends each fuzzed body to path and checks what every answer
// must be: a JSON object with a 200 or a 4xx status, an error message on
// every 4xx, and, on a 200, what valid checks.
func fuzzEndpoint(f *testing.F, path string, seeds []string, valid func(t *testing.T, m map[string]any)) {
	for _, s := range seeds {
		f.Add(s)
	}
	h := NewHandler(fuzzOptions())
	f.Fuzz(func(t *testing.T, body string) {
		req := httptest.NewRequest(http.MethodPost, path, strings.NewReader(body))
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		var m map[string]any
		if err := json.Unmarshal(rec.Body.Bytes(), &m); err != nil {
			t.Fatalf("%s %q: answer %d is not a JSON object: %v", path, body, rec.Code, err)
		}
		switch {
		case rec.Code == 200:
			valid(t, m)
		case rec.Code >= 400 && rec.Code < 500:
			if msg, _ := m["error"].(string); msg == "" {
				t.Fatalf("%s %q: %d without an error message: %v", path, body, rec.Code, m)
			}
		default:
			t.Fatalf("%s %q: status %d: %v", path, body, rec.Code, m)
		}
	})
}

func FuzzSolve(f *testing.F) {
	fuzzEndpoint(f, "/api/solve", puzzleSeeds(), func(t *testing.T, m map[string]any) {
		checkSolution(t, m["puzzle"].(string), m["solution"].(string))
	})
}

func FuzzCount(f *testing.F) {
	fuzzEndpoint(f, "/api/count", puzzleSeeds(), func(t *testing.T, m map[string]any) {
		n, limit := m["count"].(float64), m["limit"].(float64)
		if n < 0 || n > limit {
			t.Fatalf("count %v, limit %v", n, limit)
		}
		want := map[bool]string{true: "multiple", false: "unique"}[n > 1]
		if n == 0 {
			want = "none"
		} else if limit == 1 {
			want = "solved"
		}
		if m["status"] != want {
			t.Fatalf("count %v limit %v: status %v", n, limit, m["status"])
		}
	})
}

func FuzzCheck(f *testing.F) {
	fuzzEndpoint(f, "/api/check", puzzleSeeds(), func(t *testing.T, m map[string]any) {
		p := m["puzzle"].(string)
		g := sudoku.MustParse(p)
		cs, _ := m["conflicts"].([]any)
		switch m["status"] {
		case "conflict":
			if len(cs) == 0 || g.Check() == nil {
				t.Fatalf("%s: conflict verdict without conflicts: %v", p, m)
			}
		case "unique", "solved":
			checkSolution(t, p, m["solution"].(string))
		case "none", "multiple":
			if g.Check() != nil {
				t.Fatalf("%s: clashing givens judged %v", p, m["status"])
			}
		default:
			t.Fatalf("%s: status %v", p, m["status"])
		}
	})
}

func FuzzGenerate(f *testing.F) {
	seeds := []string{"", "{}", `{"order": 2}`, `{"order": 3, "seed": 5}`, `{"order": 2, "symmetry": "central"}`,
		`{"order": 9}`, `{"order": 3, "seed": 1.5}`, `{"symmetry": "all", "seed": 3}`, `{"seed": 18446744073709551615}`}
	fuzzEndpoint(f, "/api/generate", seeds, func(t *testing.T, m map[string]any) {
		p := m["puzzle"].(string)
		checkSolution(t, p, m["solution"].(string))
		if got := mustSolve(t, p); got != m["solution"] {
			t.Fatalf("%s: solution %v, the solver finds %s", p, m["solution"], got)
		}
	})
}

func FuzzHint(f *testing.F) {
	seeds := append(puzzleSeeds(),
		jsonBody(map[string]any{"puzzle": easy9, "grid": easy9Sol}),
		jsonBody(map[string]any{"puzzle": easy9, "grid": "1" + easy9[1:], "eliminated": [][2]int{{1, 4}, {2, 9}}}),
		jsonBody(map[string]any{"puzzle": easy9, "eliminated": [][2]int{{-1, 4}}}))
	fuzzEndpoint(f, "/api/hint", seeds, func(t *testing.T, m map[string]any) {
		switch m["status"] {
		case "step":
			if st, _ := m["step"].(map[string]any); st == nil || st["text"] == "" || m["vague"] == "" {
				t.Fatalf("step without text: %v", m)
			}
		case "mistakes":
			if ms, _ := m["mistakes"].([]any); len(ms) == 0 {
				t.Fatalf("no mistakes listed: %v", m)
			}
		case "solved":
		default:
			t.Fatalf("status %v", m["status"])
		}
	})
}

func FuzzExplain(f *testing.F) {
	fuzzEndpoint(f, "/api/explain", puzzleSeeds(), func(t *testing.T, m map[string]any) {
		if m["status"] != "steps" && m["status"] != "mistakes" && m["status"] != "solved" {
			t.Fatalf("status %v", m["status"])
		}
	})
}

func FuzzRate(f *testing.F) {
	fuzzEndpoint(f, "/api/rate", puzzleSeeds(), func(t *testing.T, m map[string]any) {
		if er, _ := m["er"].(float64); m["steps"] != 0.0 && er < 1 || m["level"] == "" {
			t.Fatalf("rating %v", m)
		}
	})
}

func FuzzRender(f *testing.F) {
	for _, s := range []string{"", "{}", `{"puzzles": []}`,
		jsonBody(map[string]any{"puzzles": []string{easy9}, "format": "svg"}),
		jsonBody(map[string]any{"puzzles": []string{puzzle4, easy9}, "format": "png", "per_page": 2}),
		jsonBody(map[string]any{"puzzles": []string{easy9}, "solutions": true, "captions": []string{"x"}}),
		jsonBody(map[string]any{"puzzles": []string{easy9}, "format": "svg", "page": 3, "per_page": 2}),
		jsonBody(map[string]any{"puzzles": []string{open9}, "solutions": true})} {
		f.Add(s)
	}
	h := NewHandler(fuzzOptions())
	f.Fuzz(func(t *testing.T, body string) {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, "/api/render", strings.NewReader(body)))
		switch {
		case rec.Code == 200:
			if rec.Body.Len() == 0 || !strings.Contains("application/pdf image/svg+xml image/png", rec.Header().Get("Content-Type")) {
				t.Fatalf("%q: 200 with %q, %d bytes", body, rec.Header().Get("Content-Type"), rec.Body.Len())
			}
		case rec.Code >= 400 && rec.Code < 500:
			var m map[string]any
			if err := json.Unmarshal(rec.Body.Bytes(), &m); err != nil || m["error"] == "" {
				t.Fatalf("%q: %d %s", body, rec.Code, rec.Body)
			}
		default:
			t.Fatalf("%q: status %d: %s", body, rec.Code, rec.Body)
		}
	})
}
