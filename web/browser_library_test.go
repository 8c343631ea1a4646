package web

import (
	"fmt"
	"net/http/httptest"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/gosudoku/sudoku"
)

// TestBrowserLibrary checks the library panel of a server with a library:
// a search by ER, playing a puzzle from the list, the other filters
// (symmetry, EP, ED, source, tag; a bad one answered in the server's
// words), order and variant (a 4x4 played, an X-Sudoku listed but not
// playable), and the daily puzzle drawn from the library (the entry
// /api/library/daily names).
func TestBrowserLibrary(t *testing.T) {
	b := newBrowserSession(t)
	opt := testOptions()
	opt.Library = testVariantLibrary(t)
	b.srv.Close()
	srv := httptest.NewServer(NewHandler(opt))
	t.Cleanup(srv.Close)
	b.srv, b.url = srv, srv.URL+"/"

	b.open(b.url)
	b.waitFor("the first puzzle", `window.sudokuApp.state().solution !== ''`)
	b.waitFor("the library panel", `document.getElementById('library') !== null`)
	b.do("open the panel", chromedp.Evaluate[chromedp.Void](`document.querySelector('#library summary').click()`))
	b.waitFor("the first page", `document.querySelectorAll('#lib-list li').length === 7`)
	b.do("search ER 4-7", chromedp.SetValue(chromedp.ID("lib-er"), "4-7"), chromedp.Click(chromedp.ID("lib-search")))
	b.waitFor("two results", `document.querySelectorAll('#lib-list li').length === 2`)
	b.screenshot("library")
	b.do("play the second", chromedp.Evaluate[chromedp.Void](`document.querySelectorAll('#lib-list li button')[1].click()`))
	b.waitFor("the library puzzle", fmt.Sprintf(`window.sudokuApp.state().puzzle === %q`, sudoku.MustParse(libraryPuzzles[4]).String()))
	if info := state[string](b, "info"); info != "Library #5 · ER 6.6" {
		t.Errorf("title %q", info)
	}

	// Every filter of the API is in the panel: symmetry, EP, ED, source,
	// tag. search sets the filters (the others empty) and clicks Search,
	// or presses Enter in the last one.
	search := func(what string, enter bool, filters ...string) {
		js := `for (const e of document.querySelectorAll('.lib-form input, .lib-form select')) e.value = '';`
		last := ""
		for i := 0; i < len(filters); i += 2 {
			js += fmt.Sprintf(`document.getElementById(%q).value = %q;`, "lib-"+filters[i], filters[i+1])
			last = "lib-" + filters[i]
		}
		if enter {
			js += fmt.Sprintf(`document.getElementById(%q).dispatchEvent(new KeyboardEvent('keydown', {key: 'Enter'}));`, last)
		} else {
			js += `document.getElementById('lib-search').click();`
		}
		b.do(what, chromedp.Evaluate[chromedp.Void](js))
	}
	search("ER 4-7, central", false, "er", "4-7", "symmetry", "central")
	b.waitFor("the XY-Wing", `document.querySelectorAll('#lib-list li').length === 1 && document.querySelector('#lib-list li').textContent.includes('ER 4.2 hard · xy-wing · 26 · central')`)
	search("EP 1.3 and up", false, "ep", "1.3-")
	b.waitFor("none", `document.getElementById('lib-status').textContent === 'No puzzle matches.' && document.querySelectorAll('#lib-list li').length === 0`)
	search("ED 1.2, Enter", true, "ed", "1.2")
	b.waitFor("the six rated", `document.getElementById('lib-status').textContent === '6 puzzles; page 1 of 1'`)
	search("a bad ED, Enter", true, "ed", "x")
	b.waitFor("the server's word", `document.getElementById('lib-status').textContent.startsWith('ed: ')`)
	search("source test, easy", false, "source", "test", "level", "easy")
	b.waitFor("the two easy from test", `document.getElementById('lib-status').textContent === '2 puzzles; page 1 of 1'`)
	search("a tag no entry has", false, "source", "test", "tag", "mine")
	b.waitFor("none tagged", `document.getElementById('lib-status').textContent === 'No puzzle matches.'`)
	search("variant x", false, "variant", "x")
	b.waitFor("the X-Sudoku, not rated, its thumbnail with both diagonals", `(() => { const li = document.querySelectorAll('#lib-list li');
		return li.length === 1 && li[0].textContent.includes('not rated · x · ') && !li[0].querySelector('button').disabled &&
			li[0].querySelectorAll('svg.thumb-rules g[data-kind="diagonal"]').length === 2; })()`)
	b.screenshot("library-variant")
	b.do("play the X-Sudoku", chromedp.Evaluate[chromedp.Void](`document.querySelector('#lib-list li button').click()`))
	b.waitFor("the X-Sudoku played with its diagonals", `document.querySelectorAll('#board svg.rules g[data-kind="diagonal"]').length === 2`)
	b.do("reopen the panel", chromedp.Evaluate[chromedp.Void](`document.getElementById('library').open = true`))
	search("4x4", false, "order", "2")
	b.waitFor("the 4x4", `document.querySelectorAll('#lib-list li').length === 1 && document.querySelector('#lib-list li').textContent.includes('ER 1.2 easy · hidden-single · 4x4 · 4 · none')`)
	b.do("play it", chromedp.Evaluate[chromedp.Void](`document.querySelector('#lib-list li button').click()`))
	b.waitFor("the 4x4 puzzle", fmt.Sprintf(`window.sudokuApp.state().puzzle === %q`, sudoku.MustParse(libPuzzle4).String()))

	// The daily easy puzzle comes from the library.
	b.do("level easy", chromedp.SetValue(chromedp.ID("level"), "easy"), chromedp.Evaluate[chromedp.Void](`document.getElementById('level').dispatchEvent(new Event('change'))`))
	b.do("daily", chromedp.Click(chromedp.ID("daily")))
	b.waitFor("the daily puzzle", `window.sudokuApp.state().info.startsWith('Daily ')`)
	want, err := chromedp.Run(b.ctx, chromedp.Evaluate[string](`(() => { const d = new Date(); const day = d.getFullYear() + '-' + String(d.getMonth() + 1).padStart(2, '0') + '-' + String(d.getDate()).padStart(2, '0'); return fetch('/api/library/daily?level=easy&day=' + day).then((r) => r.json()).then((j) => j.puzzle); })()`, chromedp.EvalAwaitPromise))
	if err != nil || state[string](b, "puzzle") != want {
		t.Errorf("daily puzzle %s, want the library's %s (%v)", state[string](b, "puzzle"), want, err)
	}
}
