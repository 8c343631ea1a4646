package web

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/gosudoku/sudoku/internal/lzstring"
	"github.com/gosudoku/sudoku/internal/vtext"
	"github.com/gosudoku/sudoku/variant"
)

// generated makes a variant puzzle of the families on a grid of side n.
func generated(t testing.TB, families string, n int, seed uint64) *variant.Generated {
	t.Helper()
	spec, err := variant.ParseSpec(families, n)
	if err != nil {
		t.Fatal(err)
	}
	g, err := variant.Generate(context.Background(), spec, seed)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// forms writes p in every form the API reads: rules JSON, f-puzzles JSON
// and link, and the killer or jigsaw text.
func forms(t testing.TB, p *variant.Puzzle) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, f := range []vtext.Form{vtext.FormRules, vtext.FormFPuzzles, vtext.FormKiller, vtext.FormJigsaw} {
		if b, err := vtext.Append(nil, p, f); err == nil {
			out[f.String()] = string(b)
		}
	}
	link, err := vtext.Link(p)
	if err != nil {
		t.Fatal(err)
	}
	out["link"] = link
	out["sudokupad"] = strings.Replace(link, "https://www.f-puzzles.com/?load=", "https://sudokupad.app/fpuzzles", 1)
	out["bare"] = link[strings.Index(link, "=")+1:]
	return out
}

// TestVariantSolve sends generated killers, jigsaws and X puzzles in each
// form to solve, count and check, and wants the generator's solution, one
// solution, and the rules back.
func TestVariantSolve(t *testing.T) {
	h := NewHandler(testOptions())
	for _, tt := range []struct {
		families string
		n        int
		kinds    string
	}{
		{"killer", 4, "killer"}, {"killer", 6, "killer"}, {"jigsaw", 6, "jigsaw"}, {"x", 9, "diagonal"},
		{"killer,jigsaw", 8, "jigsaw,killer"},
	} {
		g := generated(t, tt.families, tt.n, 7)
		want := valuesText(g.Solution)
		for form, text := range forms(t, g.Puzzle) {
			name := tt.families + "/" + form
			code, m := post(t, h, "/api/solve", jsonBody(map[string]any{"puzzle": text}))
			if code != 200 || m["solution"] != want || m["status"] != "unique" {
				t.Errorf("%s: solve %d %v, want solution %s", name, code, m, want)
				continue
			}
			if int(m["size"].(float64)) != tt.n || strings.Join(anyStrings(m["variant"]), ",") != tt.kinds {
				t.Errorf("%s: size %v variant %v, want %d %s", name, m["size"], m["variant"], tt.n, tt.kinds)
			}
			rules, _ := m["rules"].(map[string]any)
			if rules == nil || int(rules["size"].(float64)) != tt.n {
				t.Errorf("%s: rules %v", name, m["rules"])
			}
			code, m = post(t, h, "/api/count", jsonBody(map[string]any{"puzzle": text, "limit": 5}))
			if code != 200 || m["count"] != 1.0 || m["status"] != "unique" {
				t.Errorf("%s: count %d %v", name, code, m)
			}
			code, m = post(t, h, "/api/check", jsonBody(map[string]any{"puzzle": text}))
			if code != 200 || m["status"] != "unique" || m["solution"] != want {
				t.Errorf("%s: check %d %v", name, code, m)
			}
		}
	}
}

func anyStrings(v any) []string {
	var out []string
	for _, x := range v.([]any) {
		out = append(out, x.(string))
	}
	return out
}

// TestVariantCheck: the check of a player's values names the broken rule
// and its cells; a full right grid is solved; an open puzzle is multiple.
func TestVariantCheck(t *testing.T) {
	h := NewHandler(testOptions())
	p := variant.New(4)
	p.Rules = []variant.Rule{variant.Cage{Cells: []variant.Cell{{Row: 1, Col: 1}, {Row: 1, Col: 2}}, Sum: 3}}
	rules, err := vtext.WriteJSON(p)
	if err != nil {
		t.Fatal(err)
	}
	code, m := post(t, h, "/api/check", jsonBody(map[string]any{"puzzle": string(rules), "values": "13.............."}))
	vs, _ := m["violations"].([]any)
	if code != 200 || m["status"] != "conflict" || len(vs) != 1 {
		t.Fatalf("check values: %d %v", code, m)
	}
	v := vs[0].(map[string]any)
	if v["rule"] != 0.0 || len(v["cells"].([]any)) != 2 || !strings.Contains(v["text"].(string), "cage") {
		t.Errorf("violation %v, want cage 0 at its two cells", v)
	}
	code, m = post(t, h, "/api/check", jsonBody(map[string]any{"puzzle": string(rules), "values": "12.............."}))
	if code != 200 || m["status"] != "ok" {
		t.Errorf("check good values: %d %v", code, m)
	}
	code, m = post(t, h, "/api/check", jsonBody(map[string]any{"puzzle": string(rules), "values": "1234341221434321"}))
	if code != 200 || m["status"] != "solved" {
		t.Errorf("check full grid: %d %v", code, m)
	}
	code, m = post(t, h, "/api/check", jsonBody(map[string]any{"puzzle": string(rules)}))
	if code != 200 || m["status"] != "multiple" {
		t.Errorf("check open puzzle: %d %v", code, m)
	}
	code, m = post(t, h, "/api/count", jsonBody(map[string]any{"puzzle": string(rules), "limit": 1000}))
	// r1c1+r1c2 = 3: {1,2} in either order, times the 4x4 grids with it.
	if code != 200 || m["status"] != "multiple" || m["count"].(float64) < 2 {
		t.Errorf("count open puzzle: %d %v", code, m)
	}
}

// TestVariantErrors: what the API cannot answer is a 4xx naming why.
func TestVariantErrors(t *testing.T) {
	h := NewHandler(testOptions())
	g4 := `[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]`
	ctcLines := "https://sudokupad.app/ctc" + lzstring.CompressToBase64(`{"cells":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"lines":[{"wayPoints":[[0.5,0.5],[0.5,1.5]]}]}`)
	for _, tt := range []struct {
		path, puzzle string
		status       int
		code, want   string
	}{
		{"/api/solve", "https://sudokupad.app/wsj7iunsg6", 400, "puzzle-link", "SudokuPad short link"},
		{"/api/count", "https://www.f-puzzles.com/?id=abc123", 400, "puzzle-link", "f-puzzles short link"},
		{"/api/check", `{"size":4,"grid":` + g4 + `,"tripleline":[{"lines":[["R1C1","R1C2","R2C1"]]}]}`, 400, "puzzle-rule", "tripleline"},
		{"/api/check", ctcLines, 400, "puzzle-rule", "draws 1 line"},
		{"/api/solve", `{"size":4,"grid":[[{"value":1,"given":true},{"value":1,"given":true},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]}`, 422, "conflict", "r1c1"},
		{"/api/solve", `{"size":4,"grid":` + g4 + `}`, 422, "multiple", "more than one"},
		{"/api/hint", `{"size":4,"grid":` + g4 + `}`, 422, "multiple", "more than one"},
	} {
		code, m := post(t, h, tt.path, jsonBody(map[string]any{"puzzle": tt.puzzle}))
		msg, _ := m["error"].(string)
		if code != tt.status || m["code"] != tt.code || !strings.Contains(msg, tt.want) {
			t.Errorf("%s %.50s: %d %v, want %d %s with %q", tt.path, tt.puzzle, code, m, tt.status, tt.code, tt.want)
		}
	}
	// A classic puzzle stays classic: its answer has no rules.
	if code, m := post(t, h, "/api/solve", jsonBody(map[string]any{"puzzle": easy9})); code != 200 || m["rules"] != nil {
		t.Errorf("classic solve: %d %v", code, m)
	}
}

func FuzzVariantCheck(f *testing.F) {
	g := generated(f, "killer", 4, 1)
	var seeds []string
	for _, text := range forms(f, g.Puzzle) {
		seeds = append(seeds, jsonBody(map[string]any{"puzzle": text}), jsonBody(map[string]any{"puzzle": text, "values": "1..............."}))
	}
	seeds = append(seeds, jsonBody(map[string]any{"puzzle": "https://sudokupad.app/abc"}))
	fuzzEndpoint(f, "/api/check", seeds, func(t *testing.T, m map[string]any) {
		if _, ok := m["status"].(string); !ok {
			t.Fatalf("check answered 200 without a status: %v", m)
		}
	})
}

// TestPageKnowsEveryKind: the page's table of rule drawings (KINDS in
// static/variant.js) has an entry for every kind of the engine, so a new
// kind is drawn as players know it rather than by the fallback.
func TestPageKnowsEveryKind(t *testing.T) {
	js, err := staticFiles.ReadFile("static/variant.js")
	if err != nil {
		t.Fatal(err)
	}
	table := string(js)
	table = table[strings.Index(table, "export const KINDS = {"):]
	table = table[:strings.Index(table, "\n};")]
	for _, k := range variant.Kinds() {
		if !strings.Contains(table, "\n  "+k.Name+": ") && !strings.Contains(table, "\n  '"+k.Name+"': ") {
			t.Errorf("variant kind %q has no entry in KINDS of static/variant.js", k.Name)
		}
	}
}

// TestVariantGenerate makes a puzzle of each family: the same puzzle from
// the same seed, one solution, the rules of its family.
func TestVariantGenerate(t *testing.T) {
	h := NewHandler(testOptions())
	for _, tt := range []struct {
		variant string
		size    int
		kind    string
	}{{"killer", 6, "killer"}, {"jigsaw", 0, "jigsaw"}, {"x", 4, "diagonal"}, {"windoku,antiking", 9, "windoku"}} {
		body := jsonBody(map[string]any{"variant": tt.variant, "size": tt.size, "seed": 11})
		code, m := post(t, h, "/api/generate", body)
		if code != 200 {
			t.Fatalf("%s: %d %v", tt.variant, code, m)
		}
		if !strings.Contains(strings.Join(anyStrings(m["variant"]), ","), tt.kind) {
			t.Errorf("%s: kinds %v, want %s", tt.variant, m["variant"], tt.kind)
		}
		_, again := post(t, h, "/api/generate", body)
		if again["puzzle"] != m["puzzle"] || again["solution"] != m["solution"] {
			t.Errorf("%s: seed 11 made two puzzles", tt.variant)
		}
		rules, _ := json.Marshal(m["rules"])
		code, c := post(t, h, "/api/solve", jsonBody(map[string]any{"puzzle": string(rules)}))
		if code != 200 || c["solution"] != m["solution"] {
			t.Errorf("%s: solve of the generated puzzle %d %v, want %v", tt.variant, code, c, m["solution"])
		}
	}
	for _, body := range []string{
		jsonBody(map[string]any{"variant": "killer", "level": "hard"}),
		jsonBody(map[string]any{"variant": "nosuch"}),
		jsonBody(map[string]any{"variant": "killer", "size": 25}),
		jsonBody(map[string]any{"size": 9}),
	} {
		if code, m := post(t, h, "/api/generate", body); code != 400 {
			t.Errorf("%s: %d %v, want 400", body, code, m)
		}
	}
}

// TestVariantRender draws a variant through /api/render in each format,
// alone and on a sheet with its solution.
func TestVariantRender(t *testing.T) {
	h := NewHandler(testOptions())
	g := generated(t, "killer", 6, 9)
	rules, err := vtext.WriteJSON(g.Puzzle)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		body, ctype, want string
	}{
		{jsonBody(map[string]any{"puzzles": []string{string(rules)}, "format": "svg"}), "image/svg+xml", "stroke-dasharray"},
		{jsonBody(map[string]any{"puzzles": []string{string(rules)}, "format": "png", "solutions": true}), "image/png", "\x89PNG"},
		{jsonBody(map[string]any{"puzzles": []string{string(rules), easy9}, "format": "pdf", "solutions": true, "per_page": 2}), "application/pdf", "%PDF"},
	} {
		req := httptest.NewRequest(http.MethodPost, "/api/render", strings.NewReader(tt.body))
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != 200 || rec.Header().Get("Content-Type") != tt.ctype || !strings.Contains(rec.Body.String(), tt.want) {
			t.Errorf("%.80s: %d %s %.80q", tt.body, rec.Code, rec.Header().Get("Content-Type"), rec.Body.String())
		}
	}
	// A variant with several solutions has no solution page.
	open := `{"size":4,"grid":"................","rules":[{"kind":"killer","cells":["r1c1","r1c2"],"sum":3}]}`
	if code, m := post(t, h, "/api/render", jsonBody(map[string]any{"puzzles": []string{open}, "solutions": true})); code != 422 || m["code"] != "multiple" {
		t.Errorf("render an open variant with its solution: %d %v", code, m)
	}
}
