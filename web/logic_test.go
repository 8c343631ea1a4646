package web

import (
	"bytes"
	"fmt"
	"image/png"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/gosudoku/sudoku"
)

// easyHint is a puzzle whose first step is known: a hidden single.
const easyHint = easy9

func TestHint(t *testing.T) {
	h := NewHandler(testOptions())
	code, m := post(t, h, "/api/hint", jsonBody(map[string]any{"puzzle": easyHint}))
	if code != 200 || m["status"] != "step" {
		t.Fatalf("%d %v", code, m)
	}
	step := m["step"].(map[string]any)
	if step["name"] != "Hidden Single" || step["text"] != "In box 2, 5 fits only r2c5, so r2c5 = 5" || m["vague"] != "Look for a Hidden Single in box 2" {
		t.Errorf("step %v, vague %v", step, m["vague"])
	}
	// With r2c5 placed, the hint moves on.
	grid := []byte(easyHint)
	grid[9+4] = '5'
	_, m = post(t, h, "/api/hint", jsonBody(map[string]any{"puzzle": easyHint, "grid": string(grid)}))
	if st := m["step"].(map[string]any); st["text"] == step["text"] {
		t.Errorf("the same hint after its placement: %v", st)
	}
	// A wrong value and a wrong elimination are named, not hinted past.
	grid[0] = '3' // the solution has 1
	code, m = post(t, h, "/api/hint", jsonBody(map[string]any{"puzzle": easyHint, "grid": string(grid), "eliminated": [][2]int{{1, 4}}}))
	ms, _ := m["mistakes"].([]any)
	if code != 200 || m["status"] != "mistakes" || len(ms) != 2 {
		t.Fatalf("mistakes: %d %v", code, m)
	}
	if m0 := ms[0].(map[string]any); m0["kind"] != "placed" || m0["value"] != 3.0 || m0["want"] != 1.0 || m0["cell"] != 0.0 {
		t.Errorf("placed mistake %v", m0)
	}
	if m1 := ms[1].(map[string]any); m1["kind"] != "marks" || m1["value"] != 4.0 || m1["cell"] != 1.0 {
		t.Errorf("marks mistake %v", m1)
	}
	// In the words of sudoku.PlacedError and sudoku.MarksError.
	for k, want := range []string{"r1c1 = 3 was placed, the solution has 1", "r1c2 lost its 4, which the solution needs"} {
		if txt := ms[k].(map[string]any)["text"]; txt != want {
			t.Errorf("mistake %d: %v, want %q", k, txt, want)
		}
	}
	// A solved grid.
	_, m = post(t, h, "/api/hint", jsonBody(map[string]any{"puzzle": easyHint, "grid": easy9Sol}))
	if m["status"] != "solved" {
		t.Errorf("solved grid: %v", m)
	}
	for _, tt := range []struct {
		body string
		want int
	}{
		{jsonBody(map[string]any{"puzzle": open9}), 422},
		{jsonBody(map[string]any{"puzzle": nosol9}), 422},
		{jsonBody(map[string]any{"puzzle": easyHint, "grid": "1" + easyHint[1:80]}), 400},
		{jsonBody(map[string]any{"puzzle": easyHint, "grid": "9" + easyHint[1:]}), 200},
		{jsonBody(map[string]any{"puzzle": easyHint, "grid": easyHint[:2] + "1" + easyHint[3:]}), 400}, // changes a given
		{jsonBody(map[string]any{"puzzle": easyHint, "eliminated": [][2]int{{81, 1}}}), 400},
		{jsonBody(map[string]any{"puzzle": easyHint, "eliminated": [][2]int{{0, 10}}}), 400},
	} {
		if code, m := post(t, h, "/api/hint", tt.body); code != tt.want {
			t.Errorf("%s: %d %v, want %d", tt.body, code, m, tt.want)
		}
	}
}

// TestHintFollowsEliminations applies hints one after the other, as the
// page does, and checks that each is new and the grid ends solved.
func TestHintFollowsEliminations(t *testing.T) {
	h := NewHandler(testOptions())
	_, gen := post(t, h, "/api/generate", `{"level": "hard", "seed": 3}`)
	puzzle, sol := gen["puzzle"].(string), gen["solution"].(string)
	grid := []byte(puzzle)
	var elim [][2]int
	seen := map[string]bool{}
	for range 200 {
		_, m := post(t, h, "/api/hint", jsonBody(map[string]any{"puzzle": puzzle, "grid": string(grid), "eliminated": elim}))
		if m["status"] == "solved" {
			if string(grid) != sol {
				t.Fatalf("solved at %s, want %s", grid, sol)
			}
			return
		}
		if m["status"] != "step" {
			t.Fatalf("%v", m)
		}
		st := m["step"].(map[string]any)
		if seen[st["text"].(string)] {
			t.Fatalf("hint repeated: %v", st["text"])
		}
		seen[st["text"].(string)] = true
		// The names and the indexes of "at" say the same.
		at := st["at"].(map[string]any)
		var placed, removed [][2]int
		for _, p := range strs(st["placements"]) {
			i, v := parseCand(t, p, '=')
			grid[i] = sudoku.SymbolByte(v)
			placed = append(placed, [2]int{i, v})
		}
		for _, e := range strs(st["eliminations"]) {
			i, v := parseCand(t, strings.Replace(e, "<>", "-", 1), '-')
			elim = append(elim, [2]int{i, v})
			removed = append(removed, [2]int{i, v})
		}
		if got := fmt.Sprint(at["placements"]); got != fmt.Sprint(placed) && len(placed) > 0 {
			t.Errorf("%v: at.placements %s, want %v", st["text"], got, placed)
		}
		if got := fmt.Sprint(at["eliminations"]); got != fmt.Sprint(removed) && len(removed) > 0 {
			t.Errorf("%v: at.eliminations %s, want %v", st["text"], got, removed)
		}
		if c, _ := at["cells"].([]any); len(c) != len(strs(st["cells"])) {
			t.Errorf("%v: at.cells %v, cells %v", st["text"], at["cells"], st["cells"])
		}
		if u, _ := at["units"].([]any); len(u) != len(strs(st["units"])) || len(u) > 0 && fmt.Sprintf("%v %v", u[0].(map[string]any)["kind"], u[0].(map[string]any)["index"].(float64)+1) != strs(st["units"])[0] {
			t.Errorf("%v: at.units %v, units %v", st["text"], at["units"], st["units"])
		}
	}
	t.Fatal("not solved after 200 hints")
}

func strs(v any) []string {
	a, _ := v.([]any)
	out := make([]string, len(a))
	for i, x := range a {
		out[i] = x.(string)
	}
	return out
}

// parseCand reads "r5c4=7" (sep '=') or "r5c4-7" of a 9x9 grid. (The
// API writes eliminations "r5c4<>7".)
func parseCand(t *testing.T, s string, sep byte) (cell, value int) {
	var r, c int
	var v byte
	if _, err := fmtSscanf(s, sep, &r, &c, &v); err != nil {
		t.Fatalf("%q: %v", s, err)
	}
	val, _ := sudoku.SymbolValue(v)
	return (r-1)*9 + c - 1, val
}

func TestExplain(t *testing.T) {
	h := NewHandler(testOptions())
	_, gen := post(t, h, "/api/generate", `{"level": "medium", "seed": 11}`)
	code, m := post(t, h, "/api/explain", jsonBody(map[string]any{"puzzle": gen["puzzle"]}))
	if code != 200 || m["status"] != "steps" || m["stuck"] != nil {
		t.Fatalf("%d %v", code, m)
	}
	steps := m["steps"].([]any)
	places := 0
	for _, s := range steps {
		places += len(strs(s.(map[string]any)["placements"]))
	}
	if blanks := strings.Count(gen["puzzle"].(string), "."); places != blanks {
		t.Errorf("%d placements over %d steps for %d blanks", places, len(steps), blanks)
	}
	if r := m["rating"].(map[string]any); r["level"] != "medium" || r["er"] != gen["er"] {
		t.Errorf("rating %v, the generator said %v %v", r, gen["level"], gen["er"])
	}
}

func TestRate(t *testing.T) {
	h := NewHandler(testOptions())
	_, gen := post(t, h, "/api/generate", `{"level": "easy", "seed": 5}`)
	if gen["level"] != "easy" {
		t.Fatalf("generate easy: %v", gen)
	}
	code, m := post(t, h, "/api/rate", jsonBody(map[string]any{"puzzle": gen["puzzle"]}))
	if code != 200 || m["level"] != "easy" || m["er"] != gen["er"] || m["puzzle"] != gen["puzzle"] {
		t.Errorf("%d %v, generate said %v", code, m, gen)
	}
	if code, m := post(t, h, "/api/rate", jsonBody(map[string]any{"puzzle": open9})); code != 422 {
		t.Errorf("rate several solutions: %d %v", code, m)
	}
	if code, m := post(t, h, "/api/generate", `{"level": "impossible"}`); code != 400 {
		t.Errorf("unknown level: %d %v", code, m)
	}
}

func TestRender(t *testing.T) {
	srv := httptest.NewServer(NewHandler(testOptions()))
	defer srv.Close()
	get := func(q string) (*http.Response, []byte) {
		resp, err := srv.Client().Get(srv.URL + "/api/render?" + q)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var b bytes.Buffer
		b.ReadFrom(resp.Body)
		return resp, b.Bytes()
	}
	resp, b := get("format=png&puzzle=" + easy9)
	if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "image/png" {
		t.Fatalf("png: %s %s", resp.Status, b)
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil || img.Bounds().Dx() < 100 {
		t.Fatalf("png: %v %v", err, img.Bounds())
	}
	resp, b = get("format=svg&solutions=1&puzzle=" + easy9)
	if resp.StatusCode != 200 || !bytes.Contains(b, []byte("<svg")) || bytes.Count(b, []byte("<text")) < 81 {
		t.Errorf("solved svg: %s, %d texts", resp.Status, bytes.Count(b, []byte("<text")))
	}
	resp, _ = get("format=svg&name=" + url.QueryEscape("9x9 hard/#42") + "&puzzle=" + easy9)
	if cd := resp.Header.Get("Content-Disposition"); cd != `attachment; filename="9x9-hard--42.svg"` {
		t.Errorf("named svg: Content-Disposition %q", cd)
	}
	resp, b = get("solutions=1&caption=mine&puzzle=" + easy9)
	if resp.StatusCode != 200 || !bytes.HasPrefix(b, []byte("%PDF")) || !strings.Contains(resp.Header.Get("Content-Disposition"), "sudoku.pdf") {
		t.Errorf("pdf: %s %q", resp.Status, b[:min(len(b), 20)])
	}
	if n := bytes.Count(b, []byte("/Type /Page\n")); n != 2 {
		t.Errorf("pdf with solutions: %d pages, want 2", n)
	}
	for _, q := range []string{"format=gif&puzzle=" + easy9, "puzzle=x", "", "per_page=3&puzzle=" + easy9, "page=x&puzzle=" + easy9, "solutions=1&puzzle=" + open9} {
		if resp, b := get(q); resp.StatusCode/100 != 4 || !bytes.Contains(b, []byte(`"error"`)) {
			t.Errorf("%s: %s %s", q, resp.Status, b)
		}
	}
	// A sheet of four, posted.
	h := NewHandler(testOptions())
	req := httptest.NewRequest("POST", "/api/render", strings.NewReader(jsonBody(map[string]any{
		"puzzles": []string{easy9, easy9, easy9, easy9, easy9}, "per_page": 4, "format": "svg", "page": 1})))
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if rec.Code != 200 || bytes.Count(rec.Body.Bytes(), []byte("<text")) < 23 {
		t.Errorf("sheet page 2: %d, %d texts", rec.Code, bytes.Count(rec.Body.Bytes(), []byte("<text")))
	}
}

// fmtSscanf reads "r%dc%d" then sep then one symbol.
func fmtSscanf(s string, sep byte, r, c *int, v *byte) (int, error) {
	return fmt.Sscanf(s, "r%dc%d"+string(sep)+"%c", r, c, v)
}
