package web

import (
	"fmt"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/gosudoku/sudoku"
)

// The player's check (issue 22): every panel and dialog of the page, in
// English and Chinese, looked at as a demanding player would. Each state
// is saved as a screenshot.

// qaSession opens the page at 1280x760 in language lang ("en" or "zh")
// on a server with a library, plays hard9 (whose path the server explains
// in milliseconds) and waits for its solution.
func qaSession(t *testing.T, lang string) *browserSession {
	var extra []chromedp.ExecAllocatorOption
	if lang == "zh" {
		extra = append(extra, chromedp.Flag("lang", "zh-CN"), chromedp.Flag("accept-lang", "zh-CN,zh"))
	}
	b := newBrowserSession(t, extra...)
	opt := testOptions()
	opt.Library = testLibrary(t)
	b.srv.Close()
	srv := httptest.NewServer(NewHandler(opt))
	t.Cleanup(srv.Close)
	b.srv, b.url = srv, srv.URL+"/"
	b.do("desktop", chromedp.EmulateViewport(1280, 760))
	b.open(b.url)
	b.waitFor("the first puzzle", `window.sudokuApp.state().solution !== ''`)
	b.do("paste", chromedp.Click(chromedp.ID("enter")), chromedp.SetValue(chromedp.ID("paste"), hard9), chromedp.Click(chromedp.ID("paste-go")))
	b.waitFor("the puzzle", fmt.Sprintf(`window.sudokuApp.state().puzzle === %q && window.sudokuApp.state().solution !== ''`, sudoku.MustParse(hard9).String()))
	// A move, undone: the game counts as played (the statistics have a
	// row), its grid as pasted.
	i := b.blanks()[0]
	b.clickCell(i)
	b.key(state[string](b, "solution")[i : i+1])
	b.key("z", chromedp.ModifierCtrl)
	b.waitFor("the move undone", `window.sudokuApp.state().undo === 0 && window.sudokuApp.state().redo === 1`)
	return b
}

// qaNewGame starts a new puzzle and waits for it, with its solution.
func qaNewGame(b *browserSession) {
	b.t.Helper()
	id := state[string](b, "id")
	b.do("new puzzle", chromedp.Click(chromedp.ID("new")))
	b.waitUpTo(time.Minute, "a new game", fmt.Sprintf(`window.sudokuApp.state().id !== %q && window.sudokuApp.state().solution !== ''`, id))
}

// qaPanel is a state of the page to look at: open runs it from the game
// (the page as qaSession leaves it, or as the panel before left it), and
// close ends it.
type qaPanel struct {
	name        string
	open, close func(b *browserSession)
}

func qaClick(id string) func(b *browserSession) {
	return func(b *browserSession) { b.do("click "+id, chromedp.Click(chromedp.ID(id))) }
}

func qaCloseDialog(id string) func(b *browserSession) {
	return func(b *browserSession) {
		b.do("close "+id, chromedp.Evaluate[chromedp.Void](`document.getElementById('`+id+`').close()`))
	}
}

// qaPanels are every panel and dialog of the page, in the order a player
// meets them.
var qaPanels = []qaPanel{
	{"hint", func(b *browserSession) {
		b.do("hint", chromedp.Click(chromedp.ID("hint")))
		b.waitFor("stage 1", `window.sudokuApp.state().hint !== null`)
		b.do("hint 2", chromedp.Click(chromedp.ID("hint")))
		b.waitFor("the guide link", `!document.getElementById('guide-link').hidden`)
	}, nil},
	{"guide", func(b *browserSession) {
		b.do("guide", chromedp.Click(chromedp.ID("guide-link")))
		b.waitFor("the guide", `document.getElementById('guide-dialog').open && document.getElementById('guide-heading').textContent !== ''`)
	}, qaCloseDialog("guide-dialog")},
	{"details", func(b *browserSession) {
		b.do("open every details", chromedp.Evaluate[chromedp.Void](`for (const d of document.querySelectorAll('details:not(#library)')) d.open = true`))
	}, func(b *browserSession) {
		b.do("close every details", chromedp.Evaluate[chromedp.Void](`for (const d of document.querySelectorAll('details')) d.open = false`))
	}},
	{"library", func(b *browserSession) {
		b.waitFor("the library panel", `document.getElementById('library') !== null`)
		b.do("open the library", chromedp.Evaluate[chromedp.Void](`document.querySelector('#library summary').click()`))
		b.waitFor("its first page", `document.querySelectorAll('#lib-list li').length > 0`)
	}, func(b *browserSession) {
		b.do("close the library", chromedp.Evaluate[chromedp.Void](`document.getElementById('library').open = false`))
	}},
	{"games", func(b *browserSession) {
		b.do("my games", chromedp.Click(chromedp.ID("games")))
		b.waitFor("the list", `document.querySelectorAll('#games-list li').length === 3 && document.querySelectorAll('#stats-table tbody tr').length > 0`)
	}, qaCloseDialog("games-dialog")},
	{"explain", func(b *browserSession) {
		b.do("explain", chromedp.Click(chromedp.ID("explain")))
		b.waitUpTo(time.Minute, "the steps", `!document.getElementById('walk').hidden`)
	}, nil},
	{"walk", func(b *browserSession) {
		b.do("step through", chromedp.Click(chromedp.ID("walk")))
		b.waitFor("step 1", `window.sudokuApp.state().walk !== null`)
		b.do("next", chromedp.Click(chromedp.ID("walk-next")))
	}, qaClick("walk-close")},
	{"enter", func(b *browserSession) {
		b.do("enter", chromedp.Click(chromedp.ID("enter")), chromedp.SetValue(chromedp.ID("paste"), clash9), chromedp.Click(chromedp.ID("paste-go")))
		b.waitFor("the clash named", `document.getElementById('paste-msg').textContent !== ''`)
	}, qaCloseDialog("enter-dialog")},
	{"confirm", qaClick("reveal"), qaClick("confirm-cancel")},
}

// qaLatin lists the texts and accessible names of the page written in
// Latin letters (3 or more) that are not names every language keeps: the
// file formats, keys, the program and Sudoku Explainer's scale.
const qaLatin = `(() => {
	const keep = new Set(['PDF', 'SVG', 'PNG', 'JSON', 'English', 'Shift', 'Ctrl', 'Delete', 'Backspace', 'Escape',
		'Sudoku', 'Explainer', 'sudoku', 'sheet', 'pdf', 'ALS', 'BUG', 'XYZ', 'WXYZ', 'VWXYZ', 'UVWXYZ', 'TUVWXYZ']);
	const foreign = (s) => (s.match(/[A-Za-z]{3,}/g) || []).filter((w) => !keep.has(w));
	const out = [];
	const where = (e) => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + (e.closest('[id]') && !e.id ? ' in #' + e.closest('[id]').id : '');
	const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
	for (let n; (n = walk.nextNode());) {
		const e = n.parentElement;
		if (e.closest('script, style, code, kbd, option[value="en"]')) continue;
		const w = foreign(n.textContent);
		if (w.length) out.push(where(e) + ': ' + n.textContent.trim().slice(0, 60));
	}
	for (const e of document.querySelectorAll('[aria-label], [title], [placeholder], [alt]')) {
		for (const a of ['aria-label', 'title', 'placeholder', 'alt']) {
			const v = e.getAttribute(a);
			if (v && a !== 'placeholder' && foreign(v).length) out.push(where(e) + ' [' + a + ']: ' + v.slice(0, 60));
		}
	}
	if (foreign(document.title).length) out.push('title: ' + document.title);
	return out;
})()`

// qaUnnamed lists the controls of the page without an accessible name:
// buttons, fields, links, cells and dialogs.
const qaUnnamed = `(() => {
	const text = (id) => { const e = document.getElementById(id); return e ? e.textContent : ''; };
	const name = (e) => (e.getAttribute('aria-label') || (e.labels && [...e.labels].map((l) => l.textContent).join(' ')) ||
		(e.getAttribute('aria-labelledby') || '').split(' ').map(text).join(' ') || e.textContent || '').trim();
	return [...document.querySelectorAll('button, input:not([type=hidden]), select, textarea, a[href], summary, [role=gridcell], dialog[open], [role=grid], [role=group]')]
		.filter((e) => !name(e)).map((e) => e.outerHTML.slice(0, 90));
})()`

// TestBrowserQALanguage walks every panel and dialog of the Chinese
// page and looks for English left: texts, accessible names and titles,
// the print footer and the error messages.
func TestBrowserQALanguage(t *testing.T) {
	b := qaSession(t, "zh")
	qaNewGame(b)
	b.do("back to the first", chromedp.Click(chromedp.ID("games")))
	b.waitFor("the list", `document.querySelectorAll('#games-list li').length === 3`)
	b.do("resume", chromedp.Click(chromedp.CSS(`#games-list li:nth-child(2) .resume`)))
	b.waitFor("the first game", fmt.Sprintf(`window.sudokuApp.state().puzzle === %q`, sudoku.MustParse(hard9).String()))
	check := func(name string) {
		t.Helper()
		b.screenshot("zh-" + name)
		for _, s := range eval[[]string](b, qaLatin) {
			t.Errorf("%s: English on the Chinese page: %s", name, s)
		}
	}
	check("game")
	for _, p := range qaPanels {
		p.open(b)
		check(p.name)
		if p.close != nil {
			p.close(b)
		}
	}
}

// TestBrowserQAAccessible opens every panel and dialog, in English and
// in Chinese, and checks that each control, cell, group and dialog has
// an accessible name, in the page's language.
func TestBrowserQAAccessible(t *testing.T) {
	for _, lang := range []string{"en", "zh"} {
		t.Run(lang, func(t *testing.T) {
			b := qaSession(t, lang)
			qaNewGame(b)
			check := func(name string) {
				t.Helper()
				if u := eval[[]string](b, qaUnnamed); len(u) > 0 {
					t.Errorf("%s: without an accessible name: %v", name, u)
				}
				if n := eval[float64](b, `[...document.querySelectorAll('#board .cell')].filter((c) => /^r\d+c\d+(: |：)/.test(c.getAttribute('aria-label'))).length`); n != 81 {
					t.Errorf("%s: %v of 81 cells have a label", name, n)
				}
			}
			check("game")
			for _, p := range qaPanels {
				p.open(b)
				check(p.name)
				if p.close != nil {
					p.close(b)
				}
			}
		})
	}
}

// TestBrowserQAKeyboard plays from the keyboard alone: every control of
// the page is reached with Tab and shows where the focus is; each dialog
// opens with the focus inside it (My games on the list of games) and
// gives it back to its button when Escape closes it; the step-through
// shows the whole grid and its buttons on a 1280x760 screen.
func TestBrowserQAKeyboard(t *testing.T) {
	b := qaSession(t, "en")
	qaNewGame(b)

	// Tab reaches every control in the order of the page, each with a
	// visible focus.
	b.do("focus the size", chromedp.Focus(chromedp.ID("size")))
	seen := map[string]bool{}
	for range 80 {
		b.key(kb.Tab)
		f := eval[map[string]any](b, `(() => { const e = document.activeElement, s = getComputedStyle(e);
			return {id: e.id || e.tagName + ' ' + (e.getAttribute('aria-label') || e.textContent).trim().slice(0, 30),
				outline: s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2, visible: e.matches(':focus-visible')}; })()`)
		id := f["id"].(string)
		if id == "size" {
			break
		}
		seen[id] = true
		if !strings.HasPrefix(id, "BODY") && (!f["outline"].(bool) || !f["visible"].(bool)) {
			t.Errorf("the focus on %s does not show: %v", id, f)
		}
	}
	for _, id := range []string{"level", "new", "enter", "daily", "games", "lang", "zoom", "board", "pause", "erase", "hint",
		"auto", "mistakes", "clear-marks", "explain", "reveal", "share", "print", "dl-pdf", "dl-svg", "dl-png"} {
		if !seen[id] {
			t.Errorf("Tab never reaches %s (reached %v)", id, seen)
		}
	}

	// Each dialog opens with the focus inside it, and Escape gives the
	// focus back to the button that opened it.
	dialogs := []struct{ button, dialog, focus string }{
		{"games", "games-dialog", "#games-list .resume"},
		{"enter", "enter-dialog", "#paste"},
		{"explain", "explain-dialog", ""},
		{"reveal", "confirm-dialog", "#confirm-cancel"},
	}
	for _, d := range dialogs {
		b.do("focus "+d.button, chromedp.Focus(chromedp.ID(d.button)))
		b.key(kb.Enter)
		b.waitFor(d.dialog, fmt.Sprintf(`document.getElementById(%q).open`, d.dialog))
		if d.dialog == "games-dialog" {
			b.waitFor("the list", `document.querySelectorAll('#games-list li').length === 3`)
		}
		if d.dialog == "explain-dialog" {
			b.waitUpTo(time.Minute, "the steps", `!document.getElementById('walk').hidden`)
		}
		in := eval[bool](b, fmt.Sprintf(`document.getElementById(%q).contains(document.activeElement)`, d.dialog))
		if !in {
			t.Errorf("%s opens with the focus outside it, on %s", d.dialog, eval[string](b, `document.activeElement.outerHTML.slice(0, 80)`))
		}
		if d.focus != "" && !eval[bool](b, fmt.Sprintf(`document.activeElement === document.querySelector(%q)`, d.focus)) {
			t.Errorf("%s opens with the focus on %s, want %s", d.dialog, eval[string](b, `document.activeElement.outerHTML.slice(0, 80)`), d.focus)
		}
		b.screenshot("keyboard-" + d.dialog)
		b.key(kb.Escape)
		b.waitFor(d.dialog+" closed", fmt.Sprintf(`!document.getElementById(%q).open`, d.dialog))
		if id := eval[string](b, `document.activeElement.id`); id != d.button {
			t.Errorf("after Escape in %s the focus is on %q, want %s", d.dialog, id, d.button)
		}
	}

	// The step-through from the keyboard: the whole grid and the buttons
	// on the screen, arrows step, Escape goes back to the game.
	b.do("focus explain", chromedp.Focus(chromedp.ID("explain")))
	b.key(kb.Enter)
	b.waitUpTo(time.Minute, "the steps", `!document.getElementById('walk').hidden`)
	b.do("focus walk", chromedp.Focus(chromedp.ID("walk")))
	b.key(kb.Enter)
	b.waitFor("step 1", `window.sudokuApp.state().walk !== null`)
	b.key(kb.ArrowRight)
	b.screenshot("keyboard-walk")
	if k := state[float64](b, "walk.k"); k != 1 {
		t.Errorf("after an arrow, step %v, want 1", k)
	}
	if off := eval[[]string](b, `[...document.querySelectorAll('#board, #walk-prev, #walk-next, #walk-close, #hint-text')]
		.filter((e) => { const r = e.getBoundingClientRect(); return r.top < 0 || r.bottom > innerHeight || r.left < 0 || r.right > innerWidth; })
		.map((e) => e.id)`); len(off) > 0 {
		t.Errorf("stepping through at 1280x760, off the screen: %v", off)
	}
	b.key(kb.Escape)
	if eval[bool](b, `window.sudokuApp.state().walk !== null`) {
		t.Error("Escape does not end the step-through")
	}
}

// TestBrowserQADownloads checks the downloads of a 4x4 puzzle and a
// daily one: each file named after the puzzle (size, level, fingerprint),
// and the SVG captioned with the whole title, its seed included, even
// under the small 4x4 grid.
func TestBrowserQADownloads(t *testing.T) {
	b := newBrowserSession(t)
	b.open(b.url)
	b.waitFor("the first puzzle", `window.sudokuApp.state().solution !== ''`)
	check := func(prefix string) {
		t.Helper()
		info := state[string](b, "info")
		for _, id := range []string{"dl-pdf", "dl-pdf-sol", "dl-svg", "dl-png"} {
			got, err := chromedp.Run(b.ctx, chromedp.Evaluate[map[string]any](`fetch(document.getElementById('`+id+`').href).then(async (r) => ({
				name: r.headers.get('Content-Disposition') || '',
				caption: r.headers.get('Content-Type').startsWith('image/svg') ? [...new DOMParser().parseFromString(await r.text(), 'image/svg+xml').querySelectorAll('text')].pop().textContent : '' }))`, chromedp.EvalAwaitPromise))
			if err != nil {
				t.Fatalf("%s: %v", id, err)
			}
			if name := got["name"].(string); !strings.Contains(name, `filename="`+prefix) {
				t.Errorf("%s is named %q, want %s...", id, name, prefix)
			}
			if id == "dl-svg" && got["caption"] != info {
				t.Errorf("the SVG's caption %q, want the whole title %q", got["caption"], info)
			}
		}
	}
	b.do("4x4", chromedp.SetValue(chromedp.ID("size"), "2"), chromedp.Evaluate[chromedp.Void](`document.getElementById('size').dispatchEvent(new Event('change'))`))
	qaNewGame(b)
	check("sudoku-4x4-")
	b.do("9x9 extreme", chromedp.SetValue(chromedp.ID("size"), "3"), chromedp.Evaluate[chromedp.Void](`document.getElementById('size').dispatchEvent(new Event('change'))`),
		chromedp.SetValue(chromedp.ID("level"), "extreme"), chromedp.Evaluate[chromedp.Void](`document.getElementById('level').dispatchEvent(new Event('change'))`))
	b.do("daily", chromedp.Click(chromedp.ID("daily")))
	b.waitUpTo(time.Minute, "the daily puzzle", `window.sudokuApp.state().info.startsWith('Daily ') && window.sudokuApp.state().info.includes('#')`)
	check("sudoku-9x9-extreme-")
}

// TestBrowserQALevelShown checks that a 9x9 puzzle of any level (the
// page's default) shows its level and rating once /api/rate answers: in
// the title and in My games, so its statistics count under its level.
func TestBrowserQALevelShown(t *testing.T) {
	b := newBrowserSession(t)
	b.open(b.url)
	b.waitFor("the first puzzle", `window.sudokuApp.state().solution !== ''`)
	if l := eval[string](b, `document.getElementById('level').value`); l != "" {
		t.Fatalf("the level chosen at first is %q, want any", l)
	}
	qaNewGame(b)
	b.waitUpTo(30*time.Second, "the level of the puzzle", `window.sudokuApp.state().level !== ''`)
	level := state[string](b, "level")
	if title := eval[string](b, `document.getElementById('title').textContent`); !strings.Contains(title, " · "+level+" ") {
		t.Errorf("title %q, want the level %s and rating", title, level)
	}
	b.do("my games", chromedp.Click(chromedp.ID("games")))
	b.waitFor("the list", `document.querySelectorAll('#games-list li').length === 2`)
	if s := eval[string](b, `document.querySelector('#games-list li.current').textContent`); !strings.Contains(s, " · "+level+" ") {
		t.Errorf("My games: %q, want the level %s", s, level)
	}
}

// TestBrowserQAPhoneWalk steps through the path on a 375x812 phone, in
// Chinese, from the button a player scrolls down to after a hint: the
// whole grid, the step buttons and the step's sentence on one screen.
func TestBrowserQAPhoneWalk(t *testing.T) {
	b := qaSession(t, "zh")
	b.do("phone", chromedp.EmulateViewport(375, 812, chromedp.EmulateMobile))
	b.reload()
	b.do("hint", chromedp.Click(chromedp.ID("hint")))
	b.waitFor("stage 1", `window.sudokuApp.state().hint !== null`)
	b.do("hint 2", chromedp.Click(chromedp.ID("hint")))
	b.do("explain", chromedp.Click(chromedp.ID("explain")))
	b.waitUpTo(time.Minute, "the steps", `!document.getElementById('walk').hidden`)
	b.do("step through", chromedp.Click(chromedp.ID("walk")))
	b.waitFor("step 1", `window.sudokuApp.state().walk !== null`)
	b.do("next", chromedp.Click(chromedp.ID("walk-next")))
	b.screenshot("phone-walk")
	if off := eval[[]string](b, `[...document.querySelectorAll('#board, #walk-prev, #walk-next, #walk-close, #hint-text')]
		.filter((e) => { const r = e.getBoundingClientRect(); return r.top < 0 || r.bottom > innerHeight || r.left < 0 || r.right > innerWidth; })
		.map((e) => e.id)`); len(off) > 0 {
		t.Errorf("stepping through at 375x812, off the screen: %v", off)
	}
}

// TestBrowserQAContrast checks that digits and hint marks read on every
// background they meet, in the light and dark themes, with the usual and
// the colour-blind palette: a contrast ratio (WCAG's) of 3 or more, the
// least for large text. A player's blue digit vanished in a cell of the
// colour-blind palette's blue (1.0), a given in its yellow on the dark
// theme (1.1).
func TestBrowserQAContrast(t *testing.T) {
	b := newBrowserSession(t)
	b.open(b.url)
	for _, theme := range []string{"light", "dark"} {
		for _, palette := range []string{"", "cb"} {
			b.do("look", chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`document.documentElement.dataset.theme = %q;
				if (%q) document.documentElement.dataset.palette = %q; else delete document.documentElement.dataset.palette;`, theme, palette, palette)))
			low := eval[[]string](b, `(() => {
				const rgb = (c) => { const d = document.createElement('div'); d.style.color = c; document.body.append(d);
					const m = getComputedStyle(d).color.match(/\d+/g).map(Number); d.remove(); return m; };
				const lum = (c) => { const [r, g, b] = rgb(c).map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
					return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
				const v = (n) => getComputedStyle(document.documentElement).getPropertyValue('--' + n).trim();
				const pairs = [['user', 'cell'], ['fg', 'cell'], ['bad', 'cell'], ['bad', 'bad-bg'], ['ok', 'cell'], ['hint', 'cell'], ['hint', 'hint-bg']];
				for (let i = 1; i <= 9; i++) pairs.push(['fg', 'c' + i], ['user', 'c' + i]);
				const out = [];
				for (const [f, g] of pairs) {
					const x = lum(v(f)), y = lum(v(g)), r = (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
					if (r < 3) out.push(f + ' on ' + g + ': ' + r.toFixed(2));
				}
				return out;
			})()`)
			if len(low) > 0 {
				t.Errorf("theme %s, palette %q: low contrast: %v", theme, palette, low)
			}
		}
	}
}

// TestBrowserQAPhoneMarks checks that candidates read on a 375x812 phone
// at 9x9: auto candidates and a hint's, each in its own place of the
// cell (9 at the bottom right), 9 px or more (6.6 px before, when a cell
// held six or more).
func TestBrowserQAPhoneMarks(t *testing.T) {
	b := qaSession(t, "en")
	b.do("phone", chromedp.EmulateViewport(375, 812, chromedp.EmulateMobile))
	b.reload()
	b.do("auto candidates", chromedp.Click(chromedp.ID("auto")))
	size := func(sel string) float64 {
		return eval[float64](b, `Math.min(...[...document.querySelectorAll('`+sel+`')].map((s) => parseFloat(getComputedStyle(s).fontSize)))`)
	}
	if n := eval[float64](b, `document.querySelectorAll('#board .ce.auto.long').length`); n == 0 {
		t.Fatal("no cell with six or more candidates")
	}
	if px := size(`#board .ce.auto span`); px < 9 {
		t.Errorf("auto candidates at %.1f px", px)
	}
	if pos := eval[string](b, `(() => { const s = [...document.querySelectorAll('#board .ce.auto span')].find((e) => e.textContent === '9'); return s.style.gridRow + '/' + s.style.gridColumn; })()`); pos != "3/3" {
		t.Errorf("candidate 9 at %s, want 3/3", pos)
	}
	b.do("hint", chromedp.Click(chromedp.ID("hint")))
	b.waitFor("stage 1", `window.sudokuApp.state().hint !== null`)
	b.do("hint 2", chromedp.Click(chromedp.ID("hint")))
	b.screenshot("phone-marks")
	if px := size(`#board .hint-cell .ce span`); px < 9 {
		t.Errorf("the hint's candidates at %.1f px", px)
	}
	// The player's own centre marks stay a line.
	b.do("auto off", chromedp.Click(chromedp.ID("auto")))
	i := b.blanks()[0]
	b.clickCell(i)
	b.key("c")
	b.key("1")
	b.key("2")
	if c := eval[string](b, fmt.Sprintf(`document.querySelector('#c%d .ce').className + ' ' + document.querySelector('#c%d .ce').textContent`, i, i)); c != "ce 12" {
		t.Errorf("centre marks 1 2: %q, want a line", c)
	}
}
