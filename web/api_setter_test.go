package web

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/gosudoku/sudoku/internal/vtext"
	"github.com/gosudoku/sudoku/variant"
)

// twoSolutions is a classic 9x9 with two solutions: r2c2, r2c9, r3c2 and
// r3c9 hold 3 and 7 one way or the other.
const twoSolutions = ".45...698...6..12.6.2.18...49....3..2..4739.6.5329..8.3675.2..99847.....52.83.764"

// TestCandidatesAPI: /api/candidates answers the true candidates of
// classic and variant puzzles (the two cells' pairs of a classic with two
// solutions; a killer's solution when unique; the union over the
// solutions of a killer with cages taken away, by the reference of a
// count with each value given).
func TestCandidatesAPI(t *testing.T) {
	h := NewHandler(testOptions())
	code, m := post(t, h, "/api/candidates", jsonBody(map[string]any{"puzzle": twoSolutions}))
	if code != 200 || m["status"] != "multiple" || m["size"] != 9.0 {
		t.Fatalf("classic: %d %v", code, m)
	}
	cands := m["candidates"].([]any)
	for i, c := range cands {
		got := fmt.Sprint(c)
		want := "[" + string(twoSolutions[i]) + "]"
		if slices.Contains([]int{10, 17, 19, 26}, i) {
			want = "[3 7]"
		} else if twoSolutions[i] == '.' {
			continue // the other blanks hold their one value
		}
		if got != want {
			t.Fatalf("classic: %s: %s, want %s", variant.CellName(i, 9), got, want)
		}
	}

	g := generated(t, "killer", 6, 3)
	link, err := vtext.Link(g.Puzzle)
	if err != nil {
		t.Fatal(err)
	}
	code, m = post(t, h, "/api/candidates", jsonBody(map[string]any{"puzzle": link}))
	if code != 200 || m["status"] != "unique" {
		t.Fatalf("killer: %d %v", code, m)
	}
	for i, c := range m["candidates"].([]any) {
		if got, want := fmt.Sprint(c), fmt.Sprint([]int{g.Solution[i]}); got != want {
			t.Fatalf("killer: %s: %s, want %s", variant.CellName(i, 6), got, want)
		}
	}

	// Half the cages gone: each value listed must be a solution's, and
	// each value left out must be no solution's.
	q := g.Puzzle.Clone()
	q.Rules = q.Rules[:len(q.Rules)/2]
	b, err := vtext.Append(nil, q, vtext.FormFPuzzles)
	if err != nil {
		t.Fatal(err)
	}
	code, m = post(t, h, "/api/candidates", jsonBody(map[string]any{"puzzle": string(b)}))
	if code != 200 || m["status"] != "multiple" {
		t.Fatalf("half killer: %d %v", code, m)
	}
	ctx := context.Background()
	for i, c := range m["candidates"].([]any) {
		for v := 1; v <= 6; v++ {
			r := q.Clone()
			r.Givens = slices.Clone(q.Givens)
			if r.Givens == nil {
				r.Givens = make([]int, 36)
			}
			if r.Givens[i] != 0 && r.Givens[i] != v {
				continue
			}
			r.Givens[i] = v
			res, err := variant.Count(ctx, r, 1, variant.Options{})
			some := err == nil && res.Count > 0
			if listed := slices.Contains(c.([]any), any(float64(v))); listed != some {
				t.Fatalf("half killer: %s value %d: listed %v, a solution has it %v", variant.CellName(i, 6), v, listed, some)
			}
		}
	}

	// No solution: every list empty.
	code, m = post(t, h, "/api/candidates", jsonBody(map[string]any{"puzzle": `{"size":4,"grid":[[{"value":1},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"killercage":[{"cells":["R1C2","R1C3"],"value":"3"}]}`}))
	if code != 200 || m["status"] != "none" || fmt.Sprint(m["candidates"].([]any)[0]) != "[]" {
		t.Fatalf("no solution: %d %v", code, m)
	}
	// Errors: clashing givens, a bad puzzle.
	if code, m = post(t, h, "/api/candidates", jsonBody(map[string]any{"puzzle": "11.............."})); code != 422 || m["code"] != "conflict" {
		t.Fatalf("clash: %d %v", code, m)
	}
	if code, m = post(t, h, "/api/candidates", jsonBody(map[string]any{"puzzle": ""})); code != 400 {
		t.Fatalf("empty: %d %v", code, m)
	}
}

// TestCountWhyAPI: /api/count with "why" gives two solutions and where
// they differ, or the givens and rules that contradict.
func TestCountWhyAPI(t *testing.T) {
	h := NewHandler(testOptions())
	code, m := post(t, h, "/api/count", jsonBody(map[string]any{"puzzle": twoSolutions, "why": true}))
	if code != 200 || m["count"] != 2.0 || m["status"] != "multiple" {
		t.Fatalf("two: %d %v", code, m)
	}
	why := m["why"].(map[string]any)
	if fmt.Sprint(why["differ"]) != "[10 17 19 26]" || len(why["solutions"].([]any)) != 2 || fmt.Sprint(why["text"]) != "[r2c2: 3 or 7 r2c9: 7 or 3 r3c2: 7 or 3 r3c9: 3 or 7]" {
		t.Fatalf("two: why %v", why)
	}
	clash := `{"size":4,"grid":[[{"value":1},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{"value":4}]],"killercage":[{"cells":["R1C2","R1C3"],"value":"3"}],"thermometer":[{"lines":[["R3C1","R3C2"]]}]}`
	code, m = post(t, h, "/api/count", jsonBody(map[string]any{"puzzle": clash, "why": true}))
	if code != 200 || m["count"] != 0.0 || m["status"] != "none" || m["variant"] == nil {
		t.Fatalf("none: %d %v", code, m)
	}
	why = m["why"].(map[string]any)
	if fmt.Sprint(why["givens"]) != "[0]" || fmt.Sprint(why["rules"]) != "[0]" || why["minimal"] != true ||
		fmt.Sprint(why["text"]) != "[given r1c1 = 1 rule 1: cage r1c2-r1c3 (sum 3)]" {
		t.Fatalf("none: why %v", why)
	}
	code, m = post(t, h, "/api/count", jsonBody(map[string]any{"puzzle": "1234341221434321", "why": true}))
	if code != 200 || m["status"] != "unique" || fmt.Sprint(m["why"].(map[string]any)["text"]) != "[]" {
		t.Fatalf("unique: %d %v", code, m)
	}
	if code, m = post(t, h, "/api/count", jsonBody(map[string]any{"puzzle": twoSolutions, "why": true, "limit": 5})); code != 400 {
		t.Fatalf("limit: %d %v", code, m)
	}
}

func FuzzCandidates(f *testing.F) {
	seeds := append(puzzleSeeds(), jsonBody(map[string]any{"puzzle": twoSolutions}),
		jsonBody(map[string]any{"puzzle": `{"size":4,"grid":[[{"value":1},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"killercage":[{"cells":["R1C2","R1C3"],"value":"3"}]}`}))
	fuzzEndpoint(f, "/api/candidates", seeds, func(t *testing.T, m map[string]any) {
		n := int(m["size"].(float64))
		cands := m["candidates"].([]any)
		if len(cands) != n*n {
			t.Fatalf("%d lists for %dx%d", len(cands), n, n)
		}
		for _, c := range cands {
			for _, v := range c.([]any) {
				if x := v.(float64); x < 1 || x > float64(n) {
					t.Fatalf("value %v in a %dx%d", x, n, n)
				}
			}
		}
	})
}

func FuzzCountWhy(f *testing.F) {
	var seeds []string
	for _, s := range puzzleSeeds() {
		if len(s) > 2 && s[0] == '{' && s[len(s)-1] == '}' {
			seeds = append(seeds, s[:len(s)-1]+`,"why":true}`)
		}
	}
	fuzzEndpoint(f, "/api/count", seeds, func(t *testing.T, m map[string]any) {
		why, ok := m["why"].(map[string]any)
		if !ok {
			return // a seed that lost "why"
		}
		switch m["count"] {
		case 2.0:
			if len(why["solutions"].([]any)) != 2 || len(why["differ"].([]any)) == 0 {
				t.Fatalf("two solutions: why %v", why)
			}
		case 0.0:
			if why["text"] == nil {
				t.Fatalf("none: why %v", why)
			}
		}
	})
}
