package web

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gosudoku/sudoku"
	"github.com/gosudoku/sudoku/library"
)

// libraryPuzzles are rated by Sudoku Explainer 1.2 (two), 3.0 (naked
// pair), 4.2 (XY-Wing) and 6.6 (a Y-cycle).
var libraryPuzzles = []string{
	"050703060007000800000816000000030000005000100730040086906000204840572093000409000",
	"302401809001000300000000000040708010780502036000090000200609003900000008800070005",
	"000050000000206000064000390045000810000020000000107000053000980090804060100030004",
	"000000009014500060706400000000005040609308107070600000000007508080004320100000000",
	"000000000007195200400000005069000830000080000700203001300709006004020100076030980",
}

// testLibrary returns a new SQLite library holding libraryPuzzles.
func testLibrary(t *testing.T) *library.Library {
	t.Helper()
	ctx := context.Background()
	l, err := library.Open(ctx, filepath.Join(t.TempDir(), "lib.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { l.Close() })
	for i, p := range libraryPuzzles {
		if _, _, err := l.Add(ctx, sudoku.MustParse(p), library.Source{File: "test", Line: i + 1}); err != nil {
			t.Fatal(err)
		}
	}
	return l
}

// get sends a GET of path to h and returns the status and the decoded
// JSON answer.
func get(t testing.TB, h http.Handler, path string, v any) int {
	t.Helper()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
	if err := json.Unmarshal(rec.Body.Bytes(), v); err != nil {
		t.Fatalf("GET %s: answer %d is not JSON: %v\n%s", path, rec.Code, err, rec.Body)
	}
	return rec.Code
}

func TestLibrarySearch(t *testing.T) {
	opt := testOptions()
	opt.Library = testLibrary(t)
	h := NewHandler(opt)
	var page librarySearchResponse
	if code := get(t, h, "/api/library?er=4-7", &page); code != 200 || page.Total != 2 || len(page.Entries) != 2 {
		t.Fatalf("er=4-7: %d, %+v", code, page)
	}
	e := page.Entries[0]
	if e.Puzzle != sudoku.MustParse(libraryPuzzles[3]).String() || e.ER != 4.2 || e.Level != "hard" ||
		e.Hardest != "xy-wing" || e.Clues != 26 || e.Source != "test" || e.Line != 4 || e.Copies != 1 {
		t.Errorf("entry %+v", e)
	}
	for _, tc := range []struct {
		query string
		total int
		ids   []int64
	}{
		{"", 5, []int64{1, 2}},
		{"page=2&per=2", 5, []int64{3, 4}},
		{"page=3&per=2", 5, []int64{5}},
		{"page=9&per=2", 5, nil},
		{"technique=xy-wing", 2, []int64{4, 5}},
		{"hardest=naked-pair,xy-wing&level=hard", 2, []int64{3, 4}},
		{"level=easy&clues=29-&source=test", 1, []int64{1}},
		{"symmetry=central&tag=none", 0, nil},
	} {
		var p librarySearchResponse
		code := get(t, h, "/api/library?per=2&"+tc.query, &p)
		var ids []int64
		for _, e := range p.Entries {
			ids = append(ids, e.ID)
		}
		if code != 200 || p.Total != tc.total || len(ids) != len(tc.ids) || len(ids) > 0 && ids[0] != tc.ids[0] {
			t.Errorf("%s: %d, total %d, IDs %v; want total %d, IDs %v", tc.query, code, p.Total, ids, tc.total, tc.ids)
		}
	}
	for _, bad := range []string{"er=7-6", "level=hardest", "technique=nosuch", "per=0", "per=101", "page=x", "symmetry=spiral", "clues=a"} {
		var body errorBody
		if code := get(t, h, "/api/library?"+bad, &body); code != http.StatusBadRequest || body.Error == "" {
			t.Errorf("%s: %d %+v, want 400 with a message", bad, code, body)
		}
	}
	// A server without a library says so.
	var body errorBody
	if code := get(t, NewHandler(testOptions()), "/api/library", &body); code != http.StatusNotFound || !strings.Contains(body.Error, "no puzzle library") {
		t.Errorf("no library: %d %+v", code, body)
	}
}

func TestLibraryDaily(t *testing.T) {
	opt := testOptions()
	opt.Library = testLibrary(t)
	h := NewHandler(opt)
	var d libraryDailyResponse
	if code := get(t, h, "/api/library/daily?day=2026-11-26&level=easy", &d); code != 200 || d.Level != "easy" || d.Day != "2026-11-26" {
		t.Fatalf("daily: %d %+v", code, d)
	}
	checkSolution(t, d.Puzzle, d.Solution)
	// The same on another server of the same library, and on another day
	// one of the two easy puzzles too.
	var d2 libraryDailyResponse
	get(t, NewHandler(opt), "/api/library/daily?day=2026-11-26&level=easy", &d2)
	if d2.ID != d.ID {
		t.Errorf("two servers: entries %d and %d", d.ID, d2.ID)
	}
	seen := map[int64]bool{}
	for _, day := range []string{"2026-11-01", "2026-11-02", "2026-11-03", "2026-11-04", "2026-11-05", "2026-11-06"} {
		var dd libraryDailyResponse
		get(t, h, "/api/library/daily?day="+day+"&level=easy", &dd)
		seen[dd.ID] = true
	}
	if len(seen) != 2 || !seen[1] || !seen[2] {
		t.Errorf("six days drew entries %v, want both easy ones (1 and 2)", seen)
	}
	for _, tc := range []struct {
		query string
		code  int
	}{
		{"day=2026-13-01&level=easy", 400},
		{"level=easy", 400},
		{"day=2026-11-26&level=nosuch", 400},
		{"day=2026-11-26&level=extreme", 404}, // none in the library
	} {
		var body errorBody
		if code := get(t, h, "/api/library/daily?"+tc.query, &body); code != tc.code || body.Error == "" {
			t.Errorf("%s: %d %+v, want %d", tc.query, code, body, tc.code)
		}
	}
}

func TestLibraryAdd(t *testing.T) {
	opt := testOptions()
	opt.Library = testLibrary(t)
	p := "000000000008107500300060004005000700900204001100309008009805300850040062000000000"
	if code, m := post(t, NewHandler(opt), "/api/library", jsonBody(map[string]string{"puzzle": p})); code != http.StatusForbidden {
		t.Errorf("add without -library-add: %d %v", code, m)
	}
	opt.LibraryAdd = true
	h := NewHandler(opt)
	code, m := post(t, h, "/api/library", jsonBody(map[string]string{"puzzle": p}))
	if code != 200 || m["id"] != 6.0 || m["added"] != true {
		t.Fatalf("add: %d %v", code, m)
	}
	// The same puzzle turned upside down is a copy.
	rev := []byte(p)
	for i, j := 0, len(rev)-1; i < j; i, j = i+1, j-1 {
		rev[i], rev[j] = rev[j], rev[i]
	}
	if code, m := post(t, h, "/api/library", jsonBody(map[string]string{"puzzle": string(rev)})); code != 200 || m["id"] != 6.0 || m["added"] != false {
		t.Errorf("add a copy: %d %v", code, m)
	}
	var page librarySearchResponse
	if get(t, h, "/api/library?hardest=multiple-forcing-chain", &page); page.Total != 1 || page.Entries[0].Copies != 2 {
		t.Errorf("after the adds: %+v", page)
	}
	for _, bad := range []struct {
		puzzle string
		code   int
	}{
		{"", 400},
		{strings.Repeat(".", 81), 422},
		{"1...............", 400},
	} {
		if code, m := post(t, h, "/api/library", jsonBody(map[string]string{"puzzle": bad.puzzle})); code != bad.code {
			t.Errorf("add %q: %d %v, want %d", bad.puzzle, code, m, bad.code)
		}
	}
}
