package web

import (
	"fmt"
	"net/http/httptest"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/gosudoku/sudoku"
)

// TestBrowserLibrary checks the library panel of a server with a library:
// a search by ER, paging, playing a puzzle from the list, and the daily
// puzzle drawn from the library (the entry /api/library/daily names).
func TestBrowserLibrary(t *testing.T) {
	b := newBrowserSession(t)
	opt := testOptions()
	opt.Library = testLibrary(t)
	b.srv.Close()
	srv := httptest.NewServer(NewHandler(opt))
	t.Cleanup(srv.Close)
	b.srv, b.url = srv, srv.URL+"/"

	b.open(b.url)
	b.waitFor("the first puzzle", `window.sudokuApp.state().solution !== ''`)
	b.waitFor("the library panel", `document.getElementById('library') !== null`)
	b.do("open the panel", chromedp.Evaluate[chromedp.Void](`document.querySelector('#library summary').click()`))
	b.waitFor("the first page", `document.querySelectorAll('#lib-list li').length === 5`)
	b.do("search ER 4-7", chromedp.SetValue(chromedp.ID("lib-er"), "4-7"), chromedp.Click(chromedp.ID("lib-search")))
	b.waitFor("two results", `document.querySelectorAll('#lib-list li').length === 2`)
	b.screenshot("library")
	b.do("play the second", chromedp.Evaluate[chromedp.Void](`document.querySelectorAll('#lib-list li button')[1].click()`))
	b.waitFor("the library puzzle", fmt.Sprintf(`window.sudokuApp.state().puzzle === %q`, sudoku.MustParse(libraryPuzzles[4]).String()))
	if info := state[string](b, "info"); info != "Library #5 · ER 6.6" {
		t.Errorf("title %q", info)
	}

	// The daily easy puzzle comes from the library.
	b.do("level easy", chromedp.SetValue(chromedp.ID("level"), "easy"), chromedp.Evaluate[chromedp.Void](`document.getElementById('level').dispatchEvent(new Event('change'))`))
	b.do("daily", chromedp.Click(chromedp.ID("daily")))
	b.waitFor("the daily puzzle", `window.sudokuApp.state().info.startsWith('Daily ')`)
	want, err := chromedp.Run(b.ctx, chromedp.Evaluate[string](`(() => { const d = new Date(); const day = d.getFullYear() + '-' + String(d.getMonth() + 1).padStart(2, '0') + '-' + String(d.getDate()).padStart(2, '0'); return fetch('/api/library/daily?level=easy&day=' + day).then((r) => r.json()).then((j) => j.puzzle); })()`, chromedp.EvalAwaitPromise))
	if err != nil || state[string](b, "puzzle") != want {
		t.Errorf("daily puzzle %s, want the library's %s (%v)", state[string](b, "puzzle"), want, err)
	}
}
