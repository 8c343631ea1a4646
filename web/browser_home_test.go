package web

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserKeysAfterCheckbox checks that the keys of play work after a
// click on one of the page's checkboxes, without a click on the grid
// again: a digit goes into the selected cell, H asks for a hint.
func TestBrowserKeysAfterCheckbox(t *testing.T) {
	b := newBrowserSession(t)
	b.open(b.url)
	for k, box := range []string{"mistakes", "auto"} {
		i := b.blanks()[k]
		b.clickCell(i)
		b.do("click "+box, chromedp.Click(chromedp.ID(box)))
		if eval[string](b, `document.activeElement.id`) != box {
			t.Fatalf("the click did not focus #%s", box)
		}
		digit := state[string](b, "solution")[i : i+1]
		b.key(digit)
		if g := state[string](b, "grid"); g[i:i+1] != digit {
			t.Errorf("after a click on #%s, key %s left cell %d %q, want %s", box, digit, i, g[i:i+1], digit)
		}
	}
	b.key("h")
	b.waitFor("a hint after key H", `window.sudokuApp.state().hint !== null`)
}

// TestBrowserStatsPlayed checks the statistics: a game counts as played
// from its first move (the page's first puzzle and a new one, untouched,
// do not count), and the rows come by size, then level in the order of
// the levels (easy, medium, hard, expert, extreme), not alphabetically.
func TestBrowserStatsPlayed(t *testing.T) {
	b := newBrowserSession(t)
	b.open(b.url)
	played := func() float64 {
		n := 0.0
		for _, r := range eval[map[string]any](b, `window.sudokuApp.stats()`)["rows"].([]any) {
			n += r.(map[string]any)["played"].(float64)
		}
		return n
	}
	first := state[string](b, "id")
	b.do("new", chromedp.Click(chromedp.ID("new")))
	b.waitFor("another game", `window.sudokuApp.state().id !== '`+first+`' && window.sudokuApp.state().solution !== ''`)
	b.do("saved", chromedp.Evaluate[chromedp.Void](`window.sudokuApp.saved()`, chromedp.EvalAwaitPromise))
	if n := played(); n != 0 {
		t.Errorf("two games untouched: %v played, want 0", n)
	}
	i := b.blanks()[0]
	b.clickCell(i)
	b.key(state[string](b, "solution")[i : i+1])
	if n := played(); n != 1 {
		t.Errorf("one game with a move: %v played, want 1", n)
	}

	// Results of several sizes and levels, as an earlier session kept them.
	b.do("results", chromedp.Evaluate[chromedp.Void](`(() => {
		const rs = {};
		for (const [n, size, level] of [[1, '16x16', 'easy'], [2, '9x9', 'extreme'], [3, '9x9', 'easy'], [4, '9x9', 'hard'], [5, '9x9', ''], [6, '9x9', 'expert'], [7, '4x4', ''], [8, '9x9', 'medium']]) {
			rs['r' + n] = { id: 'r' + n, started: n, size, level, daily: '', hints: 0, revealed: false, won: true, time: 60 + n, ended: 1000 + n };
		}
		localStorage.setItem('sudoku.results.v1', JSON.stringify(rs));
	})()`))
	b.reload()
	want := []string{"4x4", "9x9", "9x9 easy", "9x9 medium", "9x9 hard", "9x9 expert", "9x9 extreme", "16x16 easy"}
	got := eval[[]string](b, `window.sudokuApp.stats().rows.map((r) => r.key)`)
	if strings.Join(got, ", ") != strings.Join(want, ", ") {
		t.Errorf("rows of statistics:\n%v, want\n%v", got, want)
	}
	b.do("my games", chromedp.Click(chromedp.ID("games")))
	b.waitFor("the statistics", `document.querySelectorAll('#stats-table tbody tr').length === 8`)
	if rows := eval[[]string](b, `[...document.querySelectorAll('#stats-table tbody tr')].map((r) => r.cells[0].textContent)`); len(rows) != 8 || !strings.Contains(rows[2], "easy") || !strings.Contains(rows[6], "extreme") {
		t.Errorf("the table's rows: %q", rows)
	}
}
