package web

import "testing"

// jigsawHint is a jigsaw in the rules JSON line (the sudoku command's
// testdata/variants/jigsaw.txt), ER 8.3; x6 a 6x6 X sudoku.
const (
	jigsawHint = `{"size":9,"grid":"...1.2..9.7.......3.......15...9...68.....31................6.3.9....172.....6.8.","regions":"AAABBBCCCAAABBBCCCAADEBBFCCADDEBEFFCDDDEEEFFFDDGEEEFFFDGGGHIIIIGGGHHHIIIGGHHHHHII"}`
	jigsawSol  = "468152739971463258326587941543791826859624317217839465784215693695348172132976584"
	x6         = `{"size":6,"grid":"4.1.5.........3.4..6................","rules":[{"kind":"diagonal"},{"kind":"diagonal","positive":true}]}`
)

// TestVariantLogic: /api/hint, /api/explain and /api/rate take variant
// puzzles, with a player's progress judged against their solution.
func TestVariantLogic(t *testing.T) {
	h := NewHandler(testOptions())
	code, m := post(t, h, "/api/hint", jsonBody(map[string]any{"puzzle": jigsawHint}))
	if code != 200 || m["status"] != "step" {
		t.Fatalf("%d %v", code, m)
	}
	step := m["step"].(map[string]any)
	if step["text"] != "In region 3, 7 fits only r1c7, so r1c7 = 7" || m["vague"] != "Look for a Hidden Single in region 3" {
		t.Errorf("step %v, vague %v", step, m["vague"])
	}
	if at := step["at"].(map[string]any); at["units"].([]any)[0].(map[string]any)["kind"] != "region" {
		t.Errorf("units %v", at["units"])
	}
	// r1c7 placed: the hint moves on; a wrong value and a wrong
	// elimination are named.
	grid := []byte("...1.2..9.7.......3.......15...9...68.....31................6.3.9....172.....6.8.")
	grid[6] = '7'
	_, m = post(t, h, "/api/hint", jsonBody(map[string]any{"puzzle": jigsawHint, "grid": string(grid)}))
	if st, _ := m["step"].(map[string]any); st == nil || st["text"] == step["text"] {
		t.Errorf("the same hint after its placement: %v %v", st, m)
	}
	grid[0] = '3' // the solution has 4
	code, m = post(t, h, "/api/hint", jsonBody(map[string]any{"puzzle": jigsawHint, "grid": string(grid), "eliminated": [][2]int{{1, 6}}}))
	ms, _ := m["mistakes"].([]any)
	if code != 200 || m["status"] != "mistakes" || len(ms) != 2 {
		t.Fatalf("mistakes: %d %v", code, m)
	}
	for k, want := range []string{"r1c1 = 3 was placed, the solution has 4", "r1c2 lost its 6, which the solution needs"} {
		if txt := ms[k].(map[string]any)["text"]; txt != want {
			t.Errorf("mistake %d: %v, want %q", k, txt, want)
		}
	}
	_, m = post(t, h, "/api/hint", jsonBody(map[string]any{"puzzle": jigsawHint, "grid": jigsawSol}))
	if m["status"] != "solved" {
		t.Errorf("solved grid: %v", m)
	}
	code, m = post(t, h, "/api/hint", jsonBody(map[string]any{"puzzle": jigsawHint, "grid": "123"}))
	if code != 400 {
		t.Errorf("a short grid: %d %v", code, m)
	}

	code, m = post(t, h, "/api/explain", jsonBody(map[string]any{"puzzle": x6}))
	steps, _ := m["steps"].([]any)
	if code != 200 || m["status"] != "steps" || len(steps) == 0 || m["stuck"] != nil {
		t.Fatalf("explain: %d %v", code, m)
	}
	if r := m["rating"].(map[string]any); r["er"] != 6.6 {
		t.Errorf("rating %v", r)
	}

	for _, tc := range []struct {
		puzzle string
		er     float64
	}{{jigsawHint, 8.3}, {x6, 6.6}} {
		code, m = post(t, h, "/api/rate", jsonBody(map[string]any{"puzzle": tc.puzzle}))
		if code != 200 || m["er"] != tc.er {
			t.Errorf("rate %s: %d %v", tc.puzzle, code, m)
		}
	}
	// Two solutions, and a puzzle that cannot be read.
	code, m = post(t, h, "/api/rate", jsonBody(map[string]any{"puzzle": `{"size":6,"grid":"....................................","rules":[{"kind":"diagonal"}]}`}))
	if code != 422 || m["code"] != "multiple" {
		t.Errorf("two solutions: %d %v", code, m)
	}
	code, m = post(t, h, "/api/rate", jsonBody(map[string]any{"puzzle": `{"size":6,"grid":"..","rules":[]}`}))
	if code != 400 {
		t.Errorf("bad variant: %d %v", code, m)
	}
}
