package web

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserLevel16 checks the level choice at 16x16: easy to hard
// offered (expert and extreme not: the server's time limit), a new puzzle
// of the chosen level, and no level at 4x4.
func TestBrowserLevel16(t *testing.T) {
	b := newBrowserSession(t)
	b.do("desktop", chromedp.EmulateViewport(1280, 760))
	b.open(b.url)
	pick := func(id, v string) {
		b.do("pick "+v, chromedp.SetValue(chromedp.ID(id), v), chromedp.Evaluate[chromedp.Void](`document.getElementById('`+id+`').dispatchEvent(new Event('change'))`))
	}
	offered := func() string {
		return eval[string](b, `(() => { const s = document.getElementById('level');
			return s.disabled ? 'none' : [...s.options].filter((o) => !o.disabled).map((o) => o.value || 'any').join(' '); })()`)
	}
	pick("size", "2")
	if l := offered(); l != "none" {
		t.Errorf("levels at 4x4: %s", l)
	}
	pick("size", "4")
	if l := offered(); l != "any easy medium hard" {
		t.Errorf("levels at 16x16: %s", l)
	}
	pick("level", "easy")
	b.do("new", chromedp.Click(chromedp.ID("new")))
	b.waitUpTo(60e9, "the 16x16 puzzle", `window.sudokuApp.state().order === 4 && window.sudokuApp.state().level !== ''`)
	if l, title := state[string](b, "level"), eval[string](b, `document.getElementById('title').textContent`); l != "easy" || !strings.HasPrefix(title, "16x16") || !strings.Contains(title, "easy") {
		t.Errorf("the new 16x16 puzzle: level %q, title %q", l, title)
	}
	b.screenshot("level-16x16")
	// An expert choice at 9x9 falls back to any at 16x16.
	pick("size", "3")
	pick("level", "expert")
	pick("size", "4")
	if v := eval[string](b, `document.getElementById('level').value`); v != "" {
		t.Errorf("level %q kept at 16x16, want any", v)
	}
}
