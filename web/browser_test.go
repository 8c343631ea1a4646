package web

import (
	"context"
	"fmt"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/gosudoku/sudoku"
	"github.com/gosudoku/sudoku/format"
	"golang.org/x/time/rate"
)

// The browser tests drive Debian's chromium (or the browser named by
// $CHROMIUM) through the page as a player would. Without a browser they
// are skipped, except under CI=true, where a missing browser fails: CI
// installs it (test.sh does, with apt-get). Each state is saved as a
// screenshot in $SUDOKU_ARTIFACTS, or in a new temporary folder whose
// name the test log gives; that folder is removed when the test passes and
// kept when it fails, so the screenshots of a failure can be looked at.

// findBrowser returns the browser to drive, or "".
func findBrowser() string {
	if p := os.Getenv("CHROMIUM"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "headless_shell"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// browserSession is one browser tab on one server.
type browserSession struct {
	t         *testing.T
	ctx       context.Context
	url       string
	srv       *httptest.Server
	artifacts string
	shot      int
}

func newBrowserSession(t *testing.T, extra ...chromedp.ExecAllocatorOption) *browserSession {
	browser := findBrowser()
	if browser == "" {
		if os.Getenv("CI") == "true" {
			t.Fatal("no chromium found under CI=true: the browser tests must run (test.sh installs it with apt-get install chromium)")
		}
		t.Skip("no chromium found: install it (apt-get install chromium) or set $CHROMIUM to run the browser tests")
	}
	dir := os.Getenv("SUDOKU_ARTIFACTS")
	if dir == "" {
		var err error
		if dir, err = os.MkdirTemp("", "sudoku-web-artifacts-"); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() {
			if !t.Failed() {
				os.RemoveAll(dir)
			}
		})
	} else if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	t.Logf("browser %s; screenshots in %s", browser, dir)

	srv := httptest.NewServer(NewHandler(Options{Rate: rate.Inf, Logger: quiet}))
	t.Cleanup(srv.Close)

	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(browser),
		chromedp.NoSandbox,
		chromedp.WindowSize(1100, 860),
		chromedp.Flag("disable-gpu", true),
		chromedp.Flag("disable-dev-shm-usage", true),
	)
	opts = append(opts, extra...)
	ctx, cancel := context.WithTimeout(t.Context(), 3*time.Minute)
	t.Cleanup(cancel)
	ctx, cancelAlloc := chromedp.NewExecAllocator(ctx, opts...)
	t.Cleanup(cancelAlloc)
	ctx, cancelTab := chromedp.NewContext(ctx)
	t.Cleanup(cancelTab)
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("starting %s: %v", browser, err)
	}
	watchExceptions(t, ctx)
	return &browserSession{t: t, ctx: ctx, url: srv.URL + "/", srv: srv, artifacts: dir}
}

// watchExceptions fails the test when the page throws an exception that
// nothing catches (a name its modules lost, say), as the test ends.
func watchExceptions(t *testing.T, ctx context.Context) {
	var mu sync.Mutex
	var thrown []string
	messages := chromedp.Console(ctx)
	go func() {
		for m, err := range messages {
			if err != nil {
				return
			}
			if m.IsException() {
				mu.Lock()
				thrown = append(thrown, fmt.Sprintf("%s:%d:%d: %s", m.URL, m.Line+1, m.Column+1, m.Text))
				mu.Unlock()
			}
		}
	}()
	t.Cleanup(func() {
		mu.Lock()
		defer mu.Unlock()
		for _, e := range thrown {
			t.Errorf("the page threw: %s", e)
		}
	})
}

// do runs browser steps and fails the test on an error.
func (b *browserSession) do(what string, steps ...chromedp.Action[chromedp.Void]) {
	b.t.Helper()
	if err := chromedp.Do(b.ctx, steps...); err != nil {
		b.t.Fatalf("%s: %v", what, err)
	}
}

// eval evaluates a JavaScript expression in the page.
func eval[T any](b *browserSession, expr string) T {
	b.t.Helper()
	v, err := chromedp.Run(b.ctx, chromedp.Evaluate[T](expr))
	if err != nil {
		b.t.Fatalf("evaluate %s: %v", expr, err)
	}
	return v
}

// waitFor polls a JavaScript condition until it is true.
func (b *browserSession) waitFor(what, cond string) {
	b.t.Helper()
	b.waitUpTo(15*time.Second, what, cond)
}

// waitUpTo polls a JavaScript condition until it is true, for up to d.
func (b *browserSession) waitUpTo(d time.Duration, what, cond string) {
	b.t.Helper()
	if _, err := chromedp.Run(b.ctx, chromedp.Poll[bool](cond, chromedp.WithPollingTimeout(d), chromedp.WithPollingInterval(20*time.Millisecond))); err != nil {
		b.t.Fatalf("waiting for %s (%s): %v", what, cond, err)
	}
}

// state returns a field of the page's game state.
func state[T any](b *browserSession, field string) T {
	b.t.Helper()
	return eval[T](b, "window.sudokuApp.state()."+field)
}

// screenshot saves the page as the next numbered PNG.
func (b *browserSession) screenshot(name string) {
	b.t.Helper()
	png, err := chromedp.Run(b.ctx, chromedp.CaptureScreenshot())
	if err != nil {
		b.t.Fatalf("screenshot %s: %v", name, err)
	}
	b.shot++
	path := filepath.Join(b.artifacts, fmt.Sprintf("%02d-%s.png", b.shot, name))
	if err := os.WriteFile(path, png, 0o644); err != nil {
		b.t.Fatal(err)
	}
}

// key presses a key with modifiers.
func (b *browserSession) key(k string, mods ...chromedp.Modifier) {
	b.t.Helper()
	b.do("key "+k, chromedp.KeyEvent(k, chromedp.KeyModifiers(mods...)))
}

// clickCell clicks cell i of the board.
func (b *browserSession) clickCell(i int) {
	b.t.Helper()
	b.do(fmt.Sprint("click cell ", i), chromedp.Click(chromedp.ID(fmt.Sprint("c", i))))
}

// blanks returns the blank cells of the page's puzzle.
func (b *browserSession) blanks() []int {
	b.t.Helper()
	p := state[string](b, "puzzle")
	var out []int
	for i := range p {
		if p[i] == '.' {
			out = append(out, i)
		}
	}
	return out
}

func TestBrowser(t *testing.T) {
	b := newBrowserSession(t)

	// Load: the page makes a 9x9 puzzle at once.
	b.do("load", chromedp.Navigate(b.url))
	b.waitFor("the first puzzle", `document.body.dataset.ready === "1" && window.sudokuApp.state() !== null && document.querySelectorAll('#board .cell').length === 81`)
	ready := eval[float64](b, `performance.getEntriesByName('sudoku-ready')[0].startTime`)
	// A figure to read, not a timed assertion: the machine may be busy.
	t.Logf("page interactive %.0f ms after navigation (loopback; the script's own work %.0f ms)", ready, ready-eval[float64](b, `performance.getEntriesByName('sudoku-start')[0].startTime`))
	b.screenshot("loaded")

	// Start a 4x4 puzzle, then a 9x9 one, from the controls.
	b.do("4x4", chromedp.SetValue(chromedp.ID("size"), "2"), chromedp.Click(chromedp.ID("new")))
	b.waitFor("a 4x4 puzzle", `window.sudokuApp.state().order === 2 && document.querySelectorAll('#board .cell').length === 16`)
	b.screenshot("new-4x4")
	b.do("9x9", chromedp.SetValue(chromedp.ID("size"), "3"), chromedp.Click(chromedp.ID("new")))
	b.waitFor("a 9x9 puzzle", `window.sudokuApp.state().order === 3 && document.querySelectorAll('#board .cell').length === 81`)
	t.Logf("9x9 generate round trip seen by the page: %s ms", eval[string](b, `document.body.dataset.generateMs`))

	// Paste a puzzle whose givens clash: the clash is named, play does
	// not start.
	b.do("open the paste dialog", chromedp.Click(chromedp.ID("enter")))
	b.do("paste a clash", chromedp.SetValue(chromedp.ID("paste"), clash9), chromedp.Click(chromedp.ID("paste-go")))
	b.waitFor("the clash named", `document.getElementById('paste-msg').textContent.includes('row 1, columns 1 and 2 both hold 5')`)
	b.screenshot("paste-clash")
	b.do("paste several", chromedp.SetValue(chromedp.ID("paste"), open9), chromedp.Click(chromedp.ID("paste-go")))
	b.waitFor("several solutions named", `document.getElementById('paste-msg').textContent.includes('more than one solution')`)

	// Type a 4x4 puzzle into the grid, then check it and play.
	b.do("4x4 entry", chromedp.SetValue(chromedp.ID("size"), "2"), chromedp.Click(chromedp.ID("enter")), chromedp.Click(chromedp.ID("paste-grid")))
	b.waitFor("an empty 4x4 grid to enter", `window.sudokuApp.state().entering && window.sudokuApp.state().order === 2`)
	for i := range puzzle4 {
		if puzzle4[i] != '.' {
			b.clickCell(i)
			b.key(puzzle4[i : i+1])
		}
	}
	b.screenshot("entering")
	b.do("check and play", chromedp.Click(chromedp.ID("enter-done")))
	b.waitFor("play of the typed puzzle", fmt.Sprintf(`!window.sudokuApp.state().entering && window.sudokuApp.state().puzzle === %q`, puzzle4))
	b.do("back to 9x9", chromedp.SetValue(chromedp.ID("size"), "3"))

	// Paste a pencil-mark grid: its marks become centre marks.
	pm, err := os.ReadFile("testdata/hodoku_pm.txt")
	if err != nil {
		t.Fatal(err)
	}
	b.do("paste marks", chromedp.Click(chromedp.ID("enter")), chromedp.SetValue(chromedp.ID("paste"), string(pm)), chromedp.Click(chromedp.ID("paste-go")))
	b.waitFor("the pencil-mark puzzle", `window.sudokuApp.state().centre.startsWith("0:1579,4:16,5:19,")`)
	b.screenshot("pasted-marks")

	// Paste the known puzzle as a pretty grid.
	pretty := format.Text(sudoku.MustParse(easy9), format.Pretty)
	b.do("paste a pretty grid", chromedp.Click(chromedp.ID("enter")), chromedp.SetValue(chromedp.ID("paste"), pretty), chromedp.Click(chromedp.ID("paste-go")))
	b.waitFor("the pasted puzzle", fmt.Sprintf(`window.sudokuApp.state().puzzle === %q`, sudoku.MustParse(easy9).String()))
	b.screenshot("pasted")

	// Pause hides the grid and stops the keys; resume brings both back.
	b.do("pause", chromedp.Click(chromedp.ID("pause")))
	if !state[bool](b, "paused") || !eval[bool](b, `document.getElementById('board').classList.contains('paused-board')`) {
		t.Error("pause: the game is not paused")
	}
	b.clickCell(b.blanks()[0])
	b.key("1")
	if v := state[string](b, "values"); strings.Trim(v, ".") != "" {
		t.Errorf("a key while paused changed the grid: %s", v)
	}
	b.screenshot("paused")
	b.do("resume", chromedp.Click(chromedp.ID("resume")))
	if state[bool](b, "paused") {
		t.Error("resume: still paused")
	}

	// Type digits: the solution's digit in the first two blanks, then a
	// wrong one.
	blank := b.blanks()
	for _, i := range blank[:2] {
		b.clickCell(i)
		b.key(string(easy9Sol[i]))
	}
	vals := state[string](b, "values")
	for _, i := range blank[:2] {
		if vals[i] != easy9Sol[i] {
			t.Fatalf("after typing, cell %d holds %c, want %c (values %s)", i, vals[i], easy9Sol[i], vals)
		}
	}
	// Arrow keys move the selection.
	b.clickCell(40)
	b.key(kb.ArrowRight)
	if sel := state[[]any](b, "selection"); len(sel) != 1 || sel[0] != 41.0 {
		t.Errorf("after ArrowRight from cell 40, selection %v", sel)
	}

	// Corner marks (X mode) in one cell, centre marks (C mode) in
	// another, a corner mark with Shift in a third.
	b.key("x")
	b.clickCell(blank[2])
	b.key("1")
	b.key("2")
	b.key("c")
	b.clickCell(blank[3])
	// Centre marks are the player's candidates (hints take them as such):
	// keep the solution's digit among them.
	centre := []byte{easy9Sol[blank[3]], '9'}
	if centre[0] == '9' {
		centre[1] = '8'
	}
	slices.Sort(centre)
	b.key(string(centre[0]))
	b.key(string(centre[1]))
	b.key("z")
	b.clickCell(blank[4])
	b.key("7", chromedp.ModifierShift)
	wantCorner := fmt.Sprintf("%d:12,%d:7", blank[2], blank[4])
	wantCentre := fmt.Sprintf("%d:%s", blank[3], centre)
	if c, m := state[string](b, "corner"), state[string](b, "centre"); c != wantCorner || m != wantCentre {
		t.Errorf("corner %q centre %q, want %q %q", c, m, wantCorner, wantCentre)
	}
	// Colour mode with the pad.
	b.key("v")
	b.do("colour", chromedp.Click(chromedp.CSS(`#pad button[data-v="4"]`)))
	b.key("z")
	b.screenshot("digits-and-marks")

	// Undo the colour and the Shift mark, then redo the mark.
	b.key("z", chromedp.ModifierCtrl)
	b.key("z", chromedp.ModifierCtrl)
	if c := state[string](b, "corner"); c != fmt.Sprintf("%d:12", blank[2]) {
		t.Errorf("after two undos, corner %q", c)
	}
	if c := state[string](b, "colour"); c != "" {
		t.Errorf("after undo, colour %q", c)
	}
	b.key("y", chromedp.ModifierCtrl)
	if c := state[string](b, "corner"); c != wantCorner {
		t.Errorf("after redo, corner %q, want %q", c, wantCorner)
	}
	b.screenshot("undo-redo")

	// A hint: the technique and region, then the cells, then applied.
	b.do("hint", chromedp.Click(chromedp.ID("hint")))
	b.waitFor("a vague hint", `!document.getElementById('hint-text').hidden && document.querySelectorAll('.cell.hint-region').length === 9`)
	vague := eval[string](b, `document.getElementById('hint-text').textContent`)
	if !strings.HasPrefix(vague, "Look for a ") {
		t.Errorf("first stage of the hint: %q", vague)
	}
	b.screenshot("hint-vague")
	b.do("hint stage 2", chromedp.Click(chromedp.ID("hint")))
	b.waitFor("the hint's cells", `document.querySelectorAll('.cell.hint-cell').length > 0`)
	text := eval[string](b, `document.getElementById('hint-text').textContent`)
	t.Logf("hint: %s / %s", vague, text)
	b.screenshot("hint-cells")
	before := state[string](b, "grid")
	b.do("apply the hint", chromedp.Click(chromedp.ID("hint")))
	b.waitFor("the hint applied", fmt.Sprintf(`window.sudokuApp.state().grid !== %q || window.sudokuApp.state().undo > 0 && document.getElementById('hint-text').hidden`, before))

	// Share: the link holds the puzzle, values and marks; a fresh tab
	// with no storage rebuilds the game from it.
	url := eval[string](b, `window.sudokuApp.shareURL()`)
	want := map[string]string{
		"puzzle": state[string](b, "puzzle"), "values": state[string](b, "values"),
		"corner": state[string](b, "corner"), "centre": state[string](b, "centre"),
	}
	t.Logf("share URL: %s", url)
	b.do("forget the game", chromedp.Evaluate[chromedp.Void](`localStorage.clear()`), chromedp.Navigate("about:blank"))
	b.do("open the link", chromedp.Navigate(url), chromedp.WaitVisible(chromedp.ID("board")))
	b.waitFor("the shared game", `document.body.dataset.ready === "1" && window.sudokuApp.state() !== null`)
	for k, v := range want {
		if got := state[string](b, k); got != v {
			t.Errorf("shared %s = %q, want %q", k, got, v)
		}
	}
	if h := eval[string](b, `location.hash`); h != "" {
		t.Errorf("the address keeps the hash %q after loading it", h)
	}
	b.screenshot("shared")

	// Reload: the game survives in local storage.
	b.do("reload", chromedp.Reload(), chromedp.WaitVisible(chromedp.ID("board")))
	b.waitFor("the restored game", `document.body.dataset.ready === "1" && window.sudokuApp.state() !== null`)
	for k, v := range want {
		if got := state[string](b, k); got != v {
			t.Errorf("after reload %s = %q, want %q", k, got, v)
		}
	}

	// Print preview: the controls hide, the grid stays.
	b.do("print media", chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
		_, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Media: "print"})
		return err
	}))
	if d := eval[string](b, `getComputedStyle(document.querySelector('.controls')).display`); d != "none" {
		t.Errorf("print: the controls show (display %s)", d)
	}
	if d := eval[string](b, `getComputedStyle(document.getElementById('board')).display`); d != "grid" {
		t.Errorf("print: the board's display is %s", d)
	}
	b.screenshot("print-preview")

	// Dark mode and phone width.
	b.do("dark screen", chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
		_, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
			Media: "screen", Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: "dark"}}})
		return err
	}))
	if bg := eval[string](b, `getComputedStyle(document.body).backgroundColor`); bg != "rgb(22, 23, 27)" {
		t.Errorf("dark mode background %s", bg)
	}
	b.screenshot("dark")
	b.do("phone", chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile))
	if w := eval[float64](b, `document.getElementById('board').getBoundingClientRect().right`); w > 390 {
		t.Errorf("at phone width the board reaches x=%.0f, past 390", w)
	}
	b.screenshot("phone")
	b.do("desktop", chromedp.EmulateViewport(1100, 860), chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
		_, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{})
		return err
	}))

	// Reveal, after a confirmation: the grid fills, the game is recorded
	// as revealed (not won), and Undo takes it back.
	b.do("reveal", chromedp.Click(chromedp.ID("reveal")))
	b.waitFor("the confirmation", `document.getElementById('confirm-dialog').open`)
	b.screenshot("reveal-confirm")
	b.do("confirm", chromedp.Click(chromedp.ID("confirm-ok")))
	b.waitFor("the revealed grid", `window.sudokuApp.state().done === true`)
	if g := state[string](b, "grid"); g != easy9Sol {
		t.Errorf("revealed grid %s, want %s", g, easy9Sol)
	}
	if !state[bool](b, "revealed") || state[bool](b, "won") {
		t.Errorf("after Reveal: revealed %v won %v", state[bool](b, "revealed"), state[bool](b, "won"))
	}
	if s := eval[string](b, `document.getElementById('status').textContent`); !strings.HasPrefix(s, "Revealed") {
		t.Errorf("status after revealing: %q", s)
	}
	b.screenshot("revealed")
	b.do("undo the reveal", chromedp.Click(chromedp.ID("undo")))
	if g := state[string](b, "grid"); g == easy9Sol || state[bool](b, "done") {
		t.Errorf("Undo after Reveal left the grid solved")
	}

	// On a fresh copy of the puzzle, hints until one eliminates
	// candidates (the third): they show struck out in the cells, and once
	// applied the player's centre marks lose them and the next hint is a
	// new one.
	b.do("paste again", chromedp.Click(chromedp.ID("enter")), chromedp.SetValue(chromedp.ID("paste"), easy9), chromedp.Click(chromedp.ID("paste-go")))
	b.waitFor("a fresh game", `window.sudokuApp.state().values === ".".repeat(81)`)
	sawElim := false
	var stageMs [4][]float64 // the page's time per hint stage, press to grid drawn
	stageTime := func(stage int) {
		ms := eval[map[string]any](b, `window.sudokuApp.state().hintMs`)
		if ms["stage"] != float64(stage) {
			t.Errorf("hint time of stage %v, want %d", ms["stage"], stage)
		}
		stageMs[stage] = append(stageMs[stage], ms["ms"].(float64))
	}
	defer func() {
		for s := 1; s <= 3; s++ {
			slices.Sort(stageMs[s])
			if n := len(stageMs[s]); n > 0 {
				t.Logf("hint stage %d: median %.1f ms, worst %.1f ms over %d hints (press to grid drawn, 9x9; stage 1 includes /api/hint)", s, stageMs[s][n/2], stageMs[s][n-1], n)
			}
		}
	}()
	for range 15 {
		b.do("next hint", chromedp.Click(chromedp.ID("hint")))
		b.waitFor("a vague hint", `!document.getElementById('hint-text').hidden && window.sudokuApp.state().hint !== null`)
		stageTime(1)
		b.do("hint stage 2", chromedp.Click(chromedp.ID("hint")))
		b.waitFor("the hint's cells", `window.sudokuApp.state().hint.stage === 2`)
		stageTime(2)
		text := state[string](b, "hint.text")
		t.Logf("hint: %s", text)
		if eval[float64](b, `document.querySelectorAll('#board .cell .elim').length`) > 0 {
			sawElim = true
			// The pattern's candidates are drawn: those it uses in its
			// own mark, besides those it removes.
			if n := eval[float64](b, `document.querySelectorAll('#board .cell .ce .cause').length`); n == 0 {
				t.Errorf("%q: no candidate of the pattern drawn", text)
			}
			b.screenshot("hint-eliminations")
			b.do("apply", chromedp.Click(chromedp.ID("hint")))
			b.waitFor("the eliminations applied", `window.sudokuApp.state().hint === null`)
			if state[string](b, "elim") == "" {
				t.Errorf("after %q no candidate is eliminated", text)
			}
			b.do("next hint", chromedp.Click(chromedp.ID("hint")))
			b.waitFor("the next hint", `window.sudokuApp.state().hint !== null`)
			b.do("its cells", chromedp.Click(chromedp.ID("hint")))
			b.waitFor("the next hint's cells", `window.sudokuApp.state().hint.stage === 2`)
			if next := state[string](b, "hint.text"); next == text {
				t.Errorf("the hint %q came again after it was applied", text)
			}
			b.do("apply", chromedp.Click(chromedp.ID("hint")))
			break
		}
		b.do("apply", chromedp.Click(chromedp.ID("hint")))
		b.waitFor("the hint applied", `window.sudokuApp.state().hint === null`)
		stageTime(3)
	}
	if !sawElim {
		t.Error("no hint with eliminations in the first steps of the puzzle")
	}

	// A sheet of four new 4x4 puzzles, two a page, solutions after: a
	// PDF of four pages.
	b.do("sheet", chromedp.SetValue(chromedp.ID("size"), "2"), chromedp.Evaluate[chromedp.Void](`document.querySelector('details.sheet').open = true`),
		chromedp.SetValue(chromedp.ID("sheet-n"), "4"), chromedp.SetValue(chromedp.ID("sheet-per"), "2"), chromedp.Click(chromedp.ID("sheet-go")))
	b.waitFor("the sheet", `!document.getElementById('sheet-link').hidden`)
	pages, err := chromedp.Run(b.ctx, chromedp.Evaluate[float64](`window.sudokuApp.sheet().text().then((t) => t.startsWith('%PDF') ? (t.match(/\/Type \/Page\n/g) || []).length : -1)`, chromedp.EvalAwaitPromise))
	if err != nil || pages != 4 {
		t.Errorf("sheet PDF: %v pages (%v), want 4", pages, err)
	}
	b.screenshot("sheet")

	// Offline: with the server gone, the page opens from the service
	// worker's copy and the game goes on from local storage.
	b.waitFor("the service worker in control", `navigator.serviceWorker.controller !== null`)
	grid := state[string](b, "grid")
	b.srv.CloseClientConnections()
	b.srv.Close()
	b.do("reload offline", chromedp.Reload(), chromedp.WaitVisible(chromedp.ID("board")))
	b.waitFor("the game offline", `document.body.dataset.ready === "1" && window.sudokuApp.state() !== null`)
	if g := state[string](b, "grid"); g != grid {
		t.Errorf("offline, the grid is %s, want %s", g, grid)
	}
	b.do("new puzzle offline", chromedp.Click(chromedp.ID("new")))
	b.waitFor("the offline message", `document.getElementById('status').textContent.includes('cannot be reached')`)
	b.screenshot("offline")
}
