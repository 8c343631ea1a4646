package web

import (
	"net/http"
	"runtime"
	"strings"
	"testing"
)

// TestRequestMemory: one small request cannot make the server allocate
// hundreds of MB. A 4 KB request for a hint, a solution or a count of an
// empty 64x64 grid allocated 170 MB (the search's stack of states, one
// per depth, 4,000 deep); it now stops at sudoku.Options.MaxMemory and
// answers 422.
func TestRequestMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("64x64 searches")
	}
	h := NewHandler(testOptions())
	empty := strings.Repeat(".", 64*64)
	for _, tt := range []struct{ path, body string }{
		{"/api/hint", jsonBody(map[string]string{"puzzle": empty})},
		{"/api/explain", jsonBody(map[string]string{"puzzle": empty})},
		{"/api/solve", jsonBody(map[string]string{"puzzle": empty})},
		{"/api/count", jsonBody(map[string]any{"puzzle": empty, "limit": 1000})},
		{"/api/render", jsonBody(map[string]any{"puzzles": []string{empty, empty, empty}, "solutions": true})},
	} {
		var m0, m1 runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&m0)
		code, m := post(t, h, tt.path, tt.body)
		runtime.ReadMemStats(&m1)
		if code != http.StatusUnprocessableEntity {
			t.Errorf("%s: %d %v, want 422", tt.path, code, m)
		}
		mb := (m1.TotalAlloc - m0.TotalAlloc) >> 20
		if mb > 2*maxSearchMemory>>20 {
			t.Errorf("%s on an empty 64x64 grid allocated %d MiB", tt.path, mb)
		}
		t.Logf("%s: %d MiB, %v", tt.path, mb, m["error"])
	}
}
