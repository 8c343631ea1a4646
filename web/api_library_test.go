package web

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

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
func testLibrary(t *testing.T) *library.Library { return testLibraryF(t) }

// testLibraryF is testLibrary for tests and fuzz targets.
func testLibraryF(t testing.TB) *library.Library {
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
		{"order=3&variant=classic", 5, []int64{1, 2}},
		{"order=4", 0, nil},
		{"variant=jigsaw", 0, nil},
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
	for _, bad := range []string{"er=7-6", "level=hardest", "technique=nosuch", "per=0", "per=101", "page=x", "symmetry=spiral", "clues=a", "order=9", "variant=nosuch"} {
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
	// An easy 4x4 puzzle is never the daily puzzle, which is 9x9.
	if _, _, err := opt.Library.Add(context.Background(), sudoku.MustParse("2.1......3.4...."), library.Source{}); err != nil {
		t.Fatal(err)
	}
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
	for k := range 30 {
		day := fmt.Sprintf("2026-11-%02d", k+1)
		var dd libraryDailyResponse
		get(t, h, "/api/library/daily?day="+day+"&level=easy", &dd)
		seen[dd.ID] = true
	}
	if len(seen) != 2 || !seen[1] || !seen[2] {
		t.Errorf("30 days drew entries %v, want both easy 9x9 ones (1 and 2)", seen)
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

// FuzzLibrarySearch sends fuzzed queries to /api/library: every answer is
// a JSON object, a 200 page of at most per entries or a 400 with a message
// (never a 5xx: a bad filter is the client's).
func FuzzLibrarySearch(f *testing.F) {
	for _, s := range []string{"", "er=6-7", "er=7-6", "technique=xy-wing&hardest=x", "level=easy,hard&clues=-30", "per=0", "page=2&per=1",
		"symmetry=central", "er=1e400", "clues=99999999999999999999", "ed=-", "source=%00&tag=%ff", "er=6.0-&ep=-2&ed=1.2"} {
		f.Add(s)
	}
	opt := fuzzOptions()
	opt.Timeout = 10 * time.Second // a busy machine's 503 is not the point here
	opt.Library = testLibraryF(f)
	h := NewHandler(opt)
	f.Fuzz(func(t *testing.T, query string) {
		req := httptest.NewRequest(http.MethodGet, "/api/library", nil)
		req.URL.RawQuery = query
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		var m map[string]any
		if err := json.Unmarshal(rec.Body.Bytes(), &m); err != nil {
			t.Fatalf("%q: answer %d is not a JSON object: %v", query, rec.Code, err)
		}
		switch {
		case rec.Code == 200:
			es, _ := m["entries"].([]any)
			if per, _ := m["per"].(float64); len(es) > int(per) || m["total"] == nil {
				t.Fatalf("%q: page %v", query, m)
			}
		case rec.Code >= 400 && rec.Code < 500:
			if msg, _ := m["error"].(string); msg == "" {
				t.Fatalf("%q: %d without an error message", query, rec.Code)
			}
		default:
			t.Fatalf("%q: status %d: %v", query, rec.Code, m)
		}
	})
}

// TestLibraryError: a library query its deadline stopped answers 503
// "busy"; other errors keep their class (a database failure is a 500).
func TestLibraryError(t *testing.T) {
	if st, code := classify(libraryError(fmt.Errorf("query: %w", context.DeadlineExceeded))); st != http.StatusServiceUnavailable || code != "busy" {
		t.Errorf("deadline: %d %q", st, code)
	}
	if st, code := classify(libraryError(errors.New("disk I/O error"))); st != http.StatusInternalServerError || code != "internal" {
		t.Errorf("a database failure: %d %q", st, code)
	}
}
