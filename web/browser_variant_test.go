package web

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"net/url"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/gosudoku/sudoku/internal/vtext"
	"github.com/gosudoku/sudoku/variant"
)

// showcases are puzzles that draw every rule kind the page knows, as the
// rules JSON: they need not be unique (they open from a share link, which
// plays any grid), only drawn.
var showcases = []struct{ name, rules string }{
	{"lines", `{"size":9,"grid":"","rules":[
		{"kind":"thermo","cells":["r1c1","r2c1","r3c1","r3c2"]},
		{"kind":"arrow","circle":["r4c4"],"line":["r3c4","r2c3"]},
		{"kind":"arrow","circle":["r8c1","r8c2"],"line":["r7c2","r6c3","r6c4"]},
		{"kind":"whisper","cells":["r1c4","r1c5","r2c6","r3c6"]},
		{"kind":"renban","cells":["r5c1","r5c2","r5c3"]},
		{"kind":"palindrome","cells":["r9c4","r8c5","r9c6","r8c7"]},
		{"kind":"kropki","cells":["r6c6","r6c7"]},
		{"kind":"kropki","cells":["r7c6","r7c7"],"black":true},
		{"kind":"xv","cells":["r6c8","r6c9"],"sum":10},
		{"kind":"xv","cells":["r7c8","r8c8"],"sum":5},
		{"kind":"parity","cell":"r9c9"},
		{"kind":"parity","cell":"r9c8","even":true},
		{"kind":"region","cells":["r4c1","r4c2"]},
		{"kind":"diagonal","positive":true}]}`},
	{"killer-outside", `{"size":9,"grid":"","rules":[
		{"kind":"killer","cells":["r1c1","r1c2","r2c1"],"sum":15},
		{"kind":"killer","cells":["r1c3","r2c3","r2c2"],"sum":7},
		{"kind":"killer","cells":["r4c4","r4c5","r5c4","r5c5","r6c5"],"sum":25},
		{"kind":"killer","cells":["r8c8","r8c9","r9c9"]},
		{"kind":"littlekiller","cells":["r1c2","r2c3","r3c4","r4c5","r5c6","r6c7","r7c8","r8c9"],"sum":40},
		{"kind":"littlekiller","cells":["r9c8","r8c7","r7c6"],"sum":12},
		{"kind":"sandwich","column":true,"index":3,"sum":17},
		{"kind":"sandwich","index":6,"sum":0},
		{"kind":"windoku"},
		{"kind":"antiknight"}]}`},
	{"newer-lines", `{"size":9,"grid":"","rules":[
		{"kind":"regionsum","cells":["r1c1","r1c2","r1c3","r1c4","r1c5"]},
		{"kind":"entropic","cells":["r3c1","r3c2","r3c3","r3c4"]},
		{"kind":"modular","cells":["r5c1","r5c2","r5c3","r6c4"]},
		{"kind":"zipper","cells":["r8c1","r7c2","r8c3"]},
		{"kind":"nabner","cells":["r3c7","r4c7","r5c7"]},
		{"kind":"tenline","cells":["r9c5","r9c6","r9c7"]},
		{"kind":"lockout","cells":["r2c7","r2c8","r2c9"]},
		{"kind":"between","cells":["r7c5","r6c6","r7c7"]},
		{"kind":"doublearrow","cells":["r9c9","r8c9","r7c9","r6c9"]}]}`},
	{"newest", `{"size":9,"grid":"","rules":[
		{"kind":"quadruple","cells":["r1c1","r1c2","r2c1","r2c2"],"values":[1,2,3]},
		{"kind":"xsum","index":3,"sum":15},
		{"kind":"xsum","column":true,"index":2,"reverse":true,"sum":27},
		{"kind":"skyscraper","index":5,"count":4},
		{"kind":"extremum","cell":"r5c5","max":true},
		{"kind":"extremum","cell":"r7c7"},
		{"kind":"clone","cells":["r8c1","r8c2"],"clones":["r8c5","r8c6"]},
		{"kind":"indexer","cells":["r4c1"]},
		{"kind":"indexer","cells":["r4c2"],"column":true},
		{"kind":"marks","cell":"r9c9","values":[1,3]}]}`},
	{"disjoint", `{"size":9,"grid":"5.......3","rules":[{"kind":"disjoint"},{"kind":"diagonal"},{"kind":"diagonal","positive":true}]}`},
}

// shareHash returns the hash of a share link to the rules JSON given.
func shareHash(t *testing.T, rules string) string {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal([]byte(rules), &m); err != nil {
		t.Fatal(err)
	}
	n := int(m["size"].(float64))
	grid, _ := m["grid"].(string)
	grid += strings.Repeat(".", n*n-len(grid))
	delete(m, "grid")
	b, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return "#p=" + grid + "&r=" + url.QueryEscape(string(b))
}

// TestBrowserVariantDraw opens each showcase and a generated puzzle of each
// family by a share link and draws it, in the light and dark themes, on
// a desktop and a phone, with a screenshot each; it wants every rule that
// is not global drawn (a <g data-rule> per rule).
func TestBrowserVariantDraw(t *testing.T) {
	b := newBrowserSession(t)
	b.do("load", chromedp.Navigate(b.url))
	b.waitFor("the page", `document.body.dataset.ready === "1"`)
	type shot struct{ name, rules string }
	var shots []shot
	for _, s := range showcases {
		shots = append(shots, shot{s.name, s.rules})
	}
	for _, fam := range []struct {
		families string
		size     int
	}{{"killer", 9}, {"jigsaw", 9}, {"x", 9}, {"windoku", 9}, {"killer", 6}, {"jigsaw", 8}, {"killer", 10}, {"killer", 12}, {"killer", 16}} {
		g := generated(t, fam.families, fam.size, 3)
		rules, err := vtext.WriteJSON(g.Puzzle)
		if err != nil {
			t.Fatal(err)
		}
		shots = append(shots, shot{fmt.Sprintf("%s-%d", fam.families, fam.size), string(rules)})
	}
	for _, s := range shots {
		var p struct {
			Rules []struct {
				Kind string `json:"kind"`
			} `json:"rules"`
		}
		if err := json.Unmarshal([]byte(s.rules), &p); err != nil {
			t.Fatal(err)
		}
		drawn := 0
		for _, r := range p.Rules {
			switch r.Kind {
			case "antiknight", "antiking", "nonconsecutive", "kropki-negative", "xv-negative", "disjoint":
			default:
				drawn++
			}
		}
		b.do("open "+s.name, chromedp.Navigate(b.url+shareHash(t, s.rules)))
		b.waitFor(s.name+" drawn", `document.body.dataset.ready === "1" && document.querySelector('#board svg.rules') !== null`)
		if got := eval[int](b, `document.querySelectorAll('#board svg.rules g[data-rule]').length`); got != drawn {
			t.Errorf("%s: %d rules drawn, want %d", s.name, got, drawn)
		}
		for _, theme := range []string{"light", "dark"} {
			b.do(theme, chromedp.SetValue(chromedp.ID("theme"), theme), chromedp.Evaluate[chromedp.Void](`document.getElementById('theme').dispatchEvent(new Event('change'))`))
			b.screenshot(s.name + "-" + theme)
		}
		if s.name == "killer-outside" || s.name == "lines" || s.name == "killer-9" {
			b.do("phone", chromedp.EmulateViewport(375, 812, chromedp.EmulateMobile))
			b.screenshot(s.name + "-phone-dark")
			b.do("desktop", chromedp.EmulateViewport(1100, 860))
		}
		b.do("light", chromedp.SetValue(chromedp.ID("theme"), "light"), chromedp.Evaluate[chromedp.Void](`document.getElementById('theme').dispatchEvent(new Event('change'))`))
	}
}

// TestBrowserVariantPlay pastes a killer's SudokuPad link, plays it to the
// end (a clash on the way: the cage drawn as broken), undoes, and opens
// its share link in a new tab of the page: the same rules and progress.
func TestBrowserVariantPlay(t *testing.T) {
	b := newBrowserSession(t)
	g := generated(t, "killer", 6, 5)
	link, err := vtext.Link(g.Puzzle)
	if err != nil {
		t.Fatal(err)
	}
	link = strings.Replace(link, "https://www.f-puzzles.com/?load=", "https://sudokupad.app/fpuzzles", 1)
	b.do("load", chromedp.Navigate(b.url))
	b.waitFor("the page", `document.body.dataset.ready === "1"`)
	b.do("paste the link", chromedp.Click(chromedp.ID("enter")), chromedp.SetValue(chromedp.ID("paste"), link), chromedp.Click(chromedp.ID("paste-go")))
	b.waitFor("the killer opened", `window.sudokuApp.state().puzzle.length === 36 && document.querySelectorAll('#board svg.rules g[data-kind="killer"]').length > 0`)
	cages := 0
	for _, r := range g.Puzzle.Rules {
		if _, ok := r.(variant.Cage); ok {
			cages++
		}
	}
	if got := eval[int](b, `document.querySelectorAll('#board svg.rules g[data-kind="killer"]').length`); got != cages {
		t.Errorf("%d cages drawn, want %d", got, cages)
	}
	if got := eval[string](b, `window.sudokuApp.state().solution`); got != valuesText(g.Solution) {
		t.Errorf("the page's solution %q, want %q", got, valuesText(g.Solution))
	}
	b.screenshot("killer6-pasted")

	// A wrong value that breaks its cage's sum: the clash checker marks
	// the cage.
	first := g.Puzzle.Rules[0].(variant.Cage)
	i := first.Cells[0].Index(6)
	wrong := g.Solution[i]%6 + 1
	b.do("clashes on", chromedp.Evaluate[chromedp.Void](`document.getElementById('clash-check').checked || document.getElementById('clash-check').click()`))
	b.clickCell(i)
	b.key(fmt.Sprint(wrong))
	if len(first.Cells) == 1 {
		b.waitFor("the cage marked broken", `document.querySelector('#board svg g[data-rule="0"].bad') !== null`)
		b.screenshot("killer6-clash")
	}
	b.key("z", chromedp.ModifierCtrl)
	b.waitFor("undone", `window.sudokuApp.state().values[`+fmt.Sprint(i)+`] === '.'`)

	// Play to the end, then share: the link carries the rules.
	half := ""
	for k := range 36 {
		if g.Puzzle.Givens[k] != 0 {
			continue
		}
		b.clickCell(k)
		b.key(fmt.Sprint(g.Solution[k]))
		if k == 17 {
			half = eval[string](b, `window.sudokuApp.shareURL()`)
		}
	}
	b.waitFor("won", `window.sudokuApp.state().won`)
	b.screenshot("killer6-won")
	if !strings.Contains(half, "&r=") {
		t.Fatalf("share link %q carries no rules", half)
	}
	values := eval[string](b, `window.sudokuApp.state().values`)
	b.do("open the share link", chromedp.Navigate(half))
	b.waitFor("the shared game", `document.body.dataset.ready === "1" && window.sudokuApp.state().puzzle.length === 36`)
	if got := eval[int](b, `document.querySelectorAll('#board svg.rules g[data-kind="killer"]').length`); got != cages {
		t.Errorf("shared: %d cages drawn, want %d", got, cages)
	}
	got := eval[string](b, `window.sudokuApp.state().values`)
	if got[:18] != values[:18] || strings.Trim(got[18:], ".") != "" {
		t.Errorf("shared values %q, want the first half of %q", got, values)
	}
	b.screenshot("killer6-shared")
	// My games shows it with its rules drawn.
	b.do("my games", chromedp.Click(chromedp.ID("games")))
	b.waitFor("thumbnails", `document.querySelectorAll('svg.thumb-rules g[data-kind="killer"]').length > 0`)
	b.screenshot("killer6-mygames")
	_ = context.Background
}

// TestBrowserVariantNew makes a new puzzle of each family from the
// controls, wants its rules drawn and its solution known, plays it to the
// end by clicks and keys (won), and opens its share link, made halfway,
// in the page: the same puzzle, rules and progress.
func TestBrowserVariantNew(t *testing.T) {
	b := newBrowserSession(t)
	b.do("load", chromedp.Navigate(b.url))
	b.waitFor("the page", `document.body.dataset.ready === "1"`)
	for _, f := range []struct {
		family, size string
		side         int
		drawn        string // a kind drawn, or "" for a rule drawn by none
		play         bool
	}{
		{"killer", "v6", 6, "killer", true}, {"jigsaw", "v6", 6, "", true}, {"x", "v6", 6, "diagonal", true},
		{"windoku", "2", 4, "windoku", true}, {"disjoint", "v6", 6, "", true}, {"antiknight", "v6", 6, "", true},
		{"antiking", "v6", 6, "", true}, {"nonconsecutive", "v6", 6, "", true},
		{"killer", "3", 9, "killer", false}, {"jigsaw", "v8", 8, "", false}, {"killer", "v12", 12, "killer", false},
	} {
		name := f.family + "-" + f.size
		before := state[string](b, "id")
		b.do("new "+name, chromedp.SetValue(chromedp.ID("family"), f.family),
			chromedp.Evaluate[chromedp.Void](`document.getElementById('family').dispatchEvent(new Event('change'))`),
			chromedp.SetValue(chromedp.ID("size"), f.size), chromedp.Click(chromedp.ID("new")))
		n := f.side * f.side
		b.waitUpTo(60*time.Second, "a new "+name, fmt.Sprintf(`window.sudokuApp.state().id !== %q && window.sudokuApp.state().puzzle.length === %d && window.sudokuApp.state().solution.length === %d && document.querySelector('#board svg.rules') !== null`, before, n, n))
		if f.drawn != "" {
			if got := eval[int](b, `document.querySelectorAll('#board svg.rules g[data-kind="`+f.drawn+`"]').length`); got == 0 {
				t.Errorf("%s: no %s drawn", name, f.drawn)
			}
		}
		if title := eval[string](b, `document.getElementById('title').textContent`); !strings.Contains(title, fmt.Sprintf("%dx%d", f.side, f.side)) {
			t.Errorf("%s: title %q", name, title)
		}
		b.screenshot("new-" + name)
		if !f.play {
			continue
		}
		puzzle, sol := state[string](b, "puzzle"), state[string](b, "solution")
		var blanks []int
		for i := range puzzle {
			if puzzle[i] == '.' {
				blanks = append(blanks, i)
			}
		}
		half := ""
		for k, i := range blanks {
			b.clickCell(i)
			b.key(string(sol[i]))
			if k == len(blanks)/2 {
				half = eval[string](b, `window.sudokuApp.shareURL()`)
			}
		}
		b.waitFor(name+" won", `window.sudokuApp.state().won`)
		values := state[string](b, "values")
		rules := eval[int](b, `document.querySelectorAll('#board svg.rules g[data-rule]').length`)
		b.do("open the share link of "+name, chromedp.Navigate(half))
		b.waitFor("the shared "+name, fmt.Sprintf(`document.body.dataset.ready === "1" && window.sudokuApp.state().puzzle === %q`, puzzle))
		if got := eval[int](b, `document.querySelectorAll('#board svg.rules g[data-rule]').length`); got != rules {
			t.Errorf("%s shared: %d rules drawn, want %d", name, got, rules)
		}
		got := state[string](b, "values")
		for _, i := range blanks[:len(blanks)/2+1] {
			if got[i] != values[i] {
				t.Errorf("%s shared: values %q, want those of %q up to halfway", name, got, values)
				break
			}
		}
	}
	// Back to classic: a classic 9x9, the variant sizes hidden.
	b.do("classic", chromedp.SetValue(chromedp.ID("family"), ""),
		chromedp.Evaluate[chromedp.Void](`document.getElementById('family').dispatchEvent(new Event('change'))`), chromedp.SetValue(chromedp.ID("size"), "3"), chromedp.Click(chromedp.ID("new")))
	b.waitFor("a classic puzzle", `window.sudokuApp.state().order === 3 && document.querySelector('#board svg.rules') === null`)
}

// TestBrowserVariantSetter sets a 4x4 killer from nothing in the setter's
// mode: the cages drawn one by one with their sums, the live check saying
// "several" until the last cage and "one solution" then, a thermometer
// that agrees with the solution keeping it unique, one that does not
// making it "none", undone; the true candidates shown; then "Check and
// play" plays it with the generator's solution.
func TestBrowserVariantSetter(t *testing.T) {
	b := newBrowserSession(t)
	g := generated(t, "killer", 4, 12)
	b.do("load", chromedp.Navigate(b.url))
	b.waitFor("the page", `document.body.dataset.ready === "1"`)
	b.do("set a 4x4", chromedp.SetValue(chromedp.ID("family"), ""), chromedp.SetValue(chromedp.ID("size"), "2"),
		chromedp.Click(chromedp.ID("enter")), chromedp.Click(chromedp.ID("set-new")))
	b.waitFor("the setter", `!document.getElementById('setter').hidden && window.sudokuApp.state().entering && window.sudokuApp.state().puzzle.length === 16`)
	for i, v := range g.Puzzle.Givens {
		if v != 0 {
			b.clickCell(i)
			b.key(fmt.Sprint(v))
		}
	}
	var cages []variant.Cage
	for _, r := range g.Puzzle.Rules {
		cages = append(cages, r.(variant.Cage))
	}
	for k, c := range cages {
		var ix []string
		for _, cell := range c.Cells {
			ix = append(ix, fmt.Sprint(cell.Index(4)))
		}
		b.do(fmt.Sprint("cage ", k+1), chromedp.Evaluate[chromedp.Void](`window.sudokuApp.select([`+strings.Join(ix, ",")+`])`),
			chromedp.SetValue(chromedp.ID("set-num"), fmt.Sprint(c.Sum)), chromedp.Click(`#setter [data-tool="killer"]`))
		want := "multiple"
		if k == len(cages)-1 {
			want = "unique"
		}
		b.waitFor("the check after cage "+fmt.Sprint(k+1), fmt.Sprintf(`document.querySelectorAll('#board svg g[data-kind="killer"]').length === %d && document.body.dataset.setStatus === %q`, k+1, want))
		if k == 0 {
			b.screenshot("setter-first-cage")
		}
	}
	// A thermometer along two cells of row 1 in the solution's order keeps
	// it unique; the other way round, no solution.
	sol := g.Solution
	lo, hi := 0, 1
	if sol[0] > sol[1] {
		lo, hi = 1, 0
	}
	b.do("thermo", chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`window.sudokuApp.select([%d,%d])`, lo, hi)), chromedp.Click(`#setter [data-tool="thermo"]`))
	b.waitFor("unique with the thermometer", `document.querySelectorAll('#board svg g[data-kind="thermo"]').length === 1 && document.body.dataset.setStatus === "unique"`)
	b.do("thermo reversed", chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`window.sudokuApp.select([%d,%d])`, hi, lo)), chromedp.Click(`#setter [data-tool="thermo"]`))
	b.waitFor("none with both", `document.querySelectorAll('#board svg g[data-kind="thermo"]').length === 2 && document.body.dataset.setStatus === "none"`)
	b.screenshot("setter-none")
	b.do("undo the rule", chromedp.Click(chromedp.ID("set-undo")))
	b.waitFor("unique again", `document.querySelectorAll('#board svg g[data-kind="thermo"]').length === 1 && document.body.dataset.setStatus === "unique"`)
	b.do("candidates", chromedp.Click(chromedp.ID("set-cands")))
	b.waitFor("the true candidates", `document.querySelectorAll('#board .cell .ce span').length > 0`)
	b.screenshot("setter-candidates")
	b.do("export", chromedp.Click(chromedp.ID("set-export")))
	b.waitFor("the links", `document.getElementById('set-export-box').value.includes('f-puzzles.com/?load=') && document.getElementById('set-export-box').value.includes('&r=')`)
	b.do("play it", chromedp.Click(chromedp.ID("enter-done")))
	b.waitFor("playing", `!window.sudokuApp.state().entering && window.sudokuApp.state().solution.length === 16`)
	if got := eval[string](b, `window.sudokuApp.state().solution`); got != valuesText(sol) {
		t.Errorf("solution %q, want %q", got, valuesText(sol))
	}
	if ms := eval[string](b, `document.body.dataset.setCheckMs`); ms != "" {
		t.Logf("the live check of the last change answered in %s ms (loopback, a figure, not a limit)", ms)
	}
	b.screenshot("setter-playing")
}

var setterPuzzles = flag.String("svs", "", "TestBrowserSetterPuzzles: the setters' puzzles file (../shared/data/variants/svs-puzzles.json) to open each one from its SudokuPad link in the page")

// TestBrowserSetterPuzzles pastes each setter's puzzle of the file -svs
// names as a SudokuPad link, wants it opened with its rules drawn and
// logs the time from "Check and play" to the drawn grid (median, max), a
// screenshot each. Without -svs it is skipped (the file is not the
// repository's).
func TestBrowserSetterPuzzles(t *testing.T) {
	if *setterPuzzles == "" {
		t.Skip("give -svs ../shared/data/variants/svs-puzzles.json")
	}
	data, err := os.ReadFile(*setterPuzzles)
	if err != nil {
		t.Fatal(err)
	}
	var entries []struct {
		Title  string `json:"title"`
		Puzzle string `json:"puzzle"`
	}
	if err := json.Unmarshal(data, &entries); err != nil {
		t.Fatal(err)
	}
	b := newBrowserSession(t)
	b.do("load", chromedp.Navigate(b.url))
	b.waitFor("the page", `document.body.dataset.ready === "1"`)
	var times []float64
	opened := 0
	for k, e := range entries {
		if e.Puzzle == "" {
			continue
		}
		link := "https://sudokupad.app/fpuzzles" + e.Puzzle
		b.do("paste "+e.Title, chromedp.Evaluate[chromedp.Void](`window.sudokuApp.lastID = window.sudokuApp.state().id`),
			chromedp.Click(chromedp.ID("enter")), chromedp.SetValue(chromedp.ID("paste"), link),
			chromedp.Evaluate[chromedp.Void](`window.t0 = performance.now()`), chromedp.Click(chromedp.ID("paste-go")))
		ok, err := chromedp.Run(b.ctx, chromedp.Poll[bool](`(window.sudokuApp.state().id !== window.sudokuApp.lastID && document.querySelector('#board svg.rules') !== null) || document.getElementById('paste-msg').className.includes('bad')`, chromedp.WithPollingTimeout(30*time.Second), chromedp.WithPollingInterval(5*time.Millisecond)))
		if err != nil || !ok {
			t.Errorf("%d %s: not opened: %v", k+1, e.Title, err)
			continue
		}
		if msg := eval[string](b, `document.getElementById('paste-msg').className.includes('bad') ? document.getElementById('paste-msg').textContent : ''`); msg != "" {
			t.Errorf("%d %s: %s", k+1, e.Title, msg)
			b.do("close", chromedp.Evaluate[chromedp.Void](`document.getElementById('enter-dialog').close()`))
			continue
		}
		times = append(times, eval[float64](b, `performance.now() - window.t0`))
		opened++
		b.screenshot(fmt.Sprintf("svs-%02d", k+1))
	}
	slices.Sort(times)
	if len(times) > 0 {
		t.Logf("%d of %d setters' puzzles opened from their links; paste to drawn grid: median %.0f ms, max %.0f ms", opened, len(entries), times[len(times)/2], times[len(times)-1])
	}
}
