package web

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/gosudoku/sudoku"
	"github.com/gosudoku/sudoku/internal/vtext"
	"github.com/gosudoku/sudoku/library"
	"github.com/gosudoku/sudoku/logic"
)

// libPuzzle4 is a 4x4 puzzle of one solution; variantX an X-Sudoku (both
// diagonals) as the rules JSON writes it.
const (
	libPuzzle4 = "..3....1.2....4."
	variantX   = `{"size":9,"grid":".6...1..8..7......1..........95.............1.2..7..4......5......3..8...5.76....","rules":[{"kind":"diagonal"},{"kind":"diagonal","positive":true}]}`
)

// testVariantLibrary returns testLibrary with a 4x4 puzzle and an
// X-Sudoku added, from the source "more".
func testVariantLibrary(t testing.TB) *library.Library {
	t.Helper()
	ctx := context.Background()
	l := testLibraryF(t)
	if _, added, err := l.Add(ctx, sudoku.MustParse(libPuzzle4), library.Source{File: "more", Line: 1}); err != nil || !added {
		t.Fatalf("add the 4x4: %v %v", added, err)
	}
	p, err := vtext.ReadJSON([]byte(variantX))
	if err != nil {
		t.Fatal(err)
	}
	it := &library.Item{Variant: p, Source: library.Source{File: "more", Line: 2}}
	if err := l.Prepare(ctx, it, logic.Options{}); err != nil {
		t.Fatal(err)
	}
	if err := l.Store(ctx, &library.Batch{Items: []*library.Item{it}, Done: map[string]int{"more": 2}}); err != nil {
		t.Fatal(err)
	}
	return l
}

// TestLibraryOrderVariant: /api/library filters by order and variant
// kind; an entry says its size, its kinds and rules (which read back as
// the variant added), and whether it is rated; the daily puzzle is a
// classic 9x9 one, whatever the library holds.
func TestLibraryOrderVariant(t *testing.T) {
	opt := testOptions()
	opt.Library = testVariantLibrary(t)
	h := NewHandler(opt)
	for _, tc := range []struct {
		query string
		total int
		check func(e libraryEntry) bool
	}{
		{"", 7, nil},
		{"order=2", 1, func(e libraryEntry) bool {
			return e.Size == 4 && e.Puzzle == sudoku.MustParse(libPuzzle4).String() && e.Rated && e.Variant == nil && e.Rules == nil
		}},
		{"variant=x", 1, func(e libraryEntry) bool {
			if e.Size != 9 || strings.Join(e.Variant, ",") != "x" || e.Rated || e.Level != "" || e.Hardest != "" || e.ER != 0 {
				return false
			}
			p, err := vtext.ReadJSON(e.Rules)
			return err == nil && p.Size == 9 && len(p.Rules) == 2
		}},
		{"variant=classic", 6, func(e libraryEntry) bool { return e.Variant == nil && e.Rated }},
		{"order=3&variant=classic", 5, func(e libraryEntry) bool { return e.Size == 9 && e.Variant == nil }},
		{"order=4", 0, nil},
		{"source=more&per=1&page=1", 2, func(e libraryEntry) bool { return e.Variant != nil }}, // unrated first (ER 0)
		{"source=more&per=1&page=2", 2, func(e libraryEntry) bool { return e.Size == 4 }},
	} {
		var page librarySearchResponse
		if code := get(t, h, "/api/library?"+tc.query, &page); code != 200 || page.Total != tc.total {
			t.Errorf("%s: %d, total %d; want 200, %d", tc.query, code, page.Total, tc.total)
			continue
		}
		if !strings.Contains(strings.Join(page.Kinds, ","), "classic,x,jigsaw") {
			t.Errorf("%s: kinds %v", tc.query, page.Kinds)
		}
		for _, e := range page.Entries {
			if tc.check != nil && !tc.check(e) {
				t.Errorf("%s: entry %+v", tc.query, e)
			}
		}
	}
	for _, bad := range []string{"order=9", "order=x", "variant=nosuch", "order=1"} {
		code, m := getError(t, h, "/api/library?"+bad)
		if key, _, _ := strings.Cut(bad, "="); code != 400 || !strings.HasPrefix(m, key+": ") {
			t.Errorf("%s: %d %q; want 400 naming %s", bad, code, m, key)
		}
	}
	// The 4x4 is rated easy: the daily easy puzzle is still a 9x9 one.
	for _, day := range []string{"2026-11-26", "2026-11-27", "2026-11-28", "2026-11-29", "2026-11-30", "2026-12-01"} {
		var d libraryDailyResponse
		if code := get(t, h, "/api/library/daily?level=easy&day="+day, &d); code != 200 || d.Size != 9 || d.Variant != nil {
			t.Errorf("daily %s: %d, %+v; want a classic 9x9", day, code, d.libraryEntry)
		}
	}
}

// getError sends a GET of path to h and returns the status and the
// error's message.
func getError(t testing.TB, h http.Handler, path string) (int, string) {
	t.Helper()
	var e errorBody
	code := get(t, h, path, &e)
	return code, e.Error
}

// TestLibraryPages: every page of every size says the total and holds
// the entries of its place, whether the total comes from the page (one
// not full) or from a count (a full page, or one past the end).
func TestLibraryPages(t *testing.T) {
	opt := testOptions()
	opt.Library = testVariantLibrary(t)
	h := NewHandler(opt)
	var all librarySearchResponse
	if code := get(t, h, "/api/library?per=100", &all); code != 200 || all.Total != 7 || len(all.Entries) != 7 {
		t.Fatalf("all: %d, %d of %d", code, len(all.Entries), all.Total)
	}
	for per := 1; per <= 8; per++ {
		for page := 1; page <= 9; page++ {
			var p librarySearchResponse
			code := get(t, h, fmt.Sprintf("/api/library?per=%d&page=%d", per, page), &p)
			from := min(7, (page-1)*per)
			want := all.Entries[from:min(7, from+per)]
			ok := code == 200 && p.Total == 7 && len(p.Entries) == len(want)
			for i := 0; ok && i < len(want); i++ {
				ok = p.Entries[i].ID == want[i].ID
			}
			if !ok {
				t.Errorf("per=%d page=%d: %d, total %d, %d entries; want 7, %d", per, page, code, p.Total, len(p.Entries), len(want))
			}
		}
	}
	var none librarySearchResponse
	if code := get(t, h, "/api/library?er=9-&page=3", &none); code != 200 || none.Total != 0 || len(none.Entries) != 0 {
		t.Errorf("no match, page 3: %d %+v", code, none)
	}
}
