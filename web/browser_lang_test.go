package web

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/gosudoku/sudoku"
)

// TestBrowserChinese plays in Simplified Chinese, chosen from the
// browser's language: every text of the page, hints built from the step's
// data, mistakes, the games list; then the switch back to English, which
// a reload keeps.
func TestBrowserChinese(t *testing.T) {
	b := newBrowserSession(t, chromedp.Flag("lang", "zh-CN"), chromedp.Flag("accept-lang", "zh-CN,zh"))
	b.open(b.url)
	b.waitFor("the first puzzle", `window.sudokuApp.state().solution !== ''`)
	if l := eval[string](b, `document.documentElement.lang + ' ' + document.getElementById('lang').value + ' ' + document.getElementById('new').textContent`); l != "zh-Hans zh 新题" {
		t.Fatalf("page language from the browser's: %q (navigator.languages %v)", l, eval[[]any](b, `navigator.languages`))
	}
	// Every English text has its Chinese one, and every key of the page
	// is in the dictionaries.
	missing := eval[[]string](b, `(() => { const {en, zh} = window.sudokuApp.langs();
		const keys = [...document.querySelectorAll('[data-i18n]')].map((e) => e.dataset.i18n)
			.concat([...document.querySelectorAll('[data-i18n-aria]')].map((e) => e.dataset.i18nAria))
			.concat([...document.querySelectorAll('[data-i18n-html]')].map((e) => e.dataset.i18nHtml));
		return Object.keys(en).filter((k) => !(k in zh)).concat(keys.filter((k) => !(k in en))); })()`)
	if len(missing) > 0 {
		t.Errorf("keys without a text: %v", missing)
	}
	// No English label left on the screen.
	text := eval[string](b, `document.body.innerText`)
	for _, w := range []string{"New puzzle", "Undo", "Hint", "Erase", "Digit", "Corner", "Reveal", "Share", "Download", "Pause", "Auto candidates", "Keys"} {
		if strings.Contains(text, w) {
			t.Errorf("English %q on the Chinese page", w)
		}
	}

	// The server's error in Chinese, from its code: the place and the
	// English detail kept.
	b.do("paste a bad puzzle", chromedp.Click(chromedp.ID("enter")), chromedp.SetValue(chromedp.ID("paste"), "5x"+easy9[2:]), chromedp.Click(chromedp.ID("paste-go")))
	b.waitFor("the error", `document.getElementById('paste-msg').className === 'msg bad'`)
	if m := eval[string](b, `document.getElementById('paste-msg').textContent`); m != "题目第 1 行第 2 列：有不是题目符号的字符（'x' is not a symbol for 9x9 (1-9)）" {
		t.Errorf("the error of a bad puzzle: %q", m)
	}
	b.screenshot("zh-error")
	b.do("paste", chromedp.SetValue(chromedp.ID("paste"), easy9), chromedp.Click(chromedp.ID("paste-go")))
	b.waitFor("the puzzle", fmt.Sprintf(`window.sudokuApp.state().puzzle === %q && window.sudokuApp.state().solution !== ''`, sudoku.MustParse(easy9).String()))
	if s := eval[string](b, `document.getElementById('status').textContent + ' / ' + document.getElementById('title').textContent`); s != "合格的题目：23 个提示数，唯一解。 / 你的题目 9x9 · 23 个提示数" {
		t.Errorf("status / title: %q", s)
	}
	// A hint in three stages, in Chinese from the step's data.
	hintText := func() string { return eval[string](b, `document.getElementById('hint-text').textContent`) }
	b.do("hint", chromedp.Click(chromedp.ID("hint")))
	b.waitFor("stage 1", `window.sudokuApp.state().hint !== null`)
	if h := hintText(); h != "在第2宫中找一找隐性唯一数。" {
		t.Errorf("hint stage 1: %q", h)
	}
	b.do("hint 2", chromedp.Click(chromedp.ID("hint")))
	if h := hintText(); h != "在第2宫中，5 只能填在 r2c5，所以 r2c5 = 5（隐性唯一数，1.2）" {
		t.Errorf("hint stage 2: %q", h)
	}
	b.screenshot("zh-hint")
	b.do("apply", chromedp.Click(chromedp.ID("hint")))
	for range 10 {
		b.do("hint", chromedp.Click(chromedp.ID("hint")))
		b.waitFor("stage 1", `window.sudokuApp.state().hint !== null`)
		b.do("hint 2", chromedp.Click(chromedp.ID("hint")))
		h := hintText()
		t.Logf("hint: %s", h)
		if strings.Contains(h, "删去") {
			if !strings.Contains(h, "，所以从 ") || !strings.HasSuffix(h, "）") {
				t.Errorf("elimination hint: %q", h)
			}
			b.screenshot("zh-hint-eliminations")
			break
		}
		b.do("apply", chromedp.Click(chromedp.ID("hint")))
		b.waitFor("applied", `window.sudokuApp.state().hint === null`)
	}
	// A wrong digit named in Chinese.
	b.clickCell(0)
	b.key("9")
	b.do("hint", chromedp.Click(chromedp.ID("hint")))
	b.waitFor("the mistake", `document.getElementById('hint-text').textContent.startsWith('请先改正')`)
	if h := hintText(); h != "请先改正：r1c1 填了 9，答案是 1。" {
		t.Errorf("mistake: %q", h)
	}
	if l := eval[string](b, `document.getElementById('c0').getAttribute('aria-label')`); l != "r1c1：9，错误" {
		t.Errorf("cell label %q", l)
	}
	b.do("my games", chromedp.Click(chromedp.ID("games")))
	b.waitFor("the list", `document.querySelectorAll('#games-list li').length === 2`)
	b.screenshot("zh-games")
	b.do("close", chromedp.Evaluate[chromedp.Void](`document.getElementById('games-dialog').close()`))

	// Phone, in Chinese: every play control on the screen.
	b.do("phone", chromedp.EmulateViewport(375, 812, chromedp.EmulateMobile))
	b.do("reload", chromedp.Reload())
	b.waitFor("the page again", `document.body.dataset.ready === "1" && window.sudokuApp.state() !== null`)
	b.screenshot("zh-phone")
	if off := eval[[]string](b, offScreen); len(off) > 0 {
		t.Errorf("at 375x812 in Chinese these play controls are off the screen: %v", off)
	}

	// Back to English, kept across a reload; no Chinese message stays
	// (Share leaves one).
	b.do("share", chromedp.Click(chromedp.ID("share")))
	b.waitFor("the share message", `document.getElementById('status').textContent.includes('链接')`)
	b.do("English", chromedp.SetValue(chromedp.ID("lang"), "en"), chromedp.Evaluate[chromedp.Void](`document.getElementById('lang').dispatchEvent(new Event('change'))`))
	if s := eval[string](b, `document.getElementById('new').textContent + ' / ' + document.getElementById('title').textContent`); !strings.HasPrefix(s, "New puzzle / Your puzzle 9x9 · 23 givens") { // then the rating, once /api/rate answers
		t.Errorf("after the switch to English: %q", s)
	}
	if s := eval[string](b, `document.getElementById('status').textContent`); strings.ContainsAny(s, "的题数解") {
		t.Errorf("a Chinese status after the switch to English: %q", s)
	}
	b.do("reload", chromedp.Reload())
	b.waitFor("the page again", `document.body.dataset.ready === "1" && window.sudokuApp.state() !== null`)
	if s := eval[string](b, `document.documentElement.lang + ' ' + document.getElementById('undo').textContent`); s != "en Undo" {
		t.Errorf("after a reload: %q", s)
	}
}
