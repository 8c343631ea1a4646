package web

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
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
// controls and wants its rules drawn and its solution known.
func TestBrowserVariantNew(t *testing.T) {
	b := newBrowserSession(t)
	b.do("load", chromedp.Navigate(b.url))
	b.waitFor("the page", `document.body.dataset.ready === "1"`)
	for _, f := range []struct {
		family, size string
		side         int
		drawn        string // a kind drawn, or "" for a rule drawn by none
	}{
		{"killer", "3", 9, "killer"}, {"jigsaw", "v8", 8, ""}, {"x", "3", 9, "diagonal"}, {"windoku", "2", 4, "windoku"},
		{"disjoint", "v6", 6, ""}, {"antiknight", "3", 9, ""}, {"antiking", "v6", 6, ""}, {"nonconsecutive", "v6", 6, ""},
		{"killer", "v12", 12, "killer"},
	} {
		b.do("new "+f.family, chromedp.SetValue(chromedp.ID("family"), f.family),
			chromedp.Evaluate[chromedp.Void](`document.getElementById('family').dispatchEvent(new Event('change'))`),
			chromedp.SetValue(chromedp.ID("size"), f.size), chromedp.Click(chromedp.ID("new")))
		n := f.side * f.side
		b.waitUpTo(60*time.Second, "a new "+f.family, fmt.Sprintf(`window.sudokuApp.state().puzzle.length === %d && window.sudokuApp.state().solution.length === %d && document.querySelector('#board svg.rules') !== null`, n, n))
		if f.drawn != "" {
			if got := eval[int](b, `document.querySelectorAll('#board svg.rules g[data-kind="`+f.drawn+`"]').length`); got == 0 {
				t.Errorf("%s: no %s drawn", f.family, f.drawn)
			}
		}
		if title := eval[string](b, `document.getElementById('title').textContent`); !strings.Contains(title, fmt.Sprintf("%dx%d", f.side, f.side)) {
			t.Errorf("%s: title %q", f.family, title)
		}
		b.screenshot("new-" + f.family + "-" + f.size)
	}
	// Back to classic: a classic 9x9, the variant sizes hidden.
	b.do("classic", chromedp.SetValue(chromedp.ID("family"), ""),
		chromedp.Evaluate[chromedp.Void](`document.getElementById('family').dispatchEvent(new Event('change'))`), chromedp.Click(chromedp.ID("new")))
	b.waitFor("a classic puzzle", `window.sudokuApp.state().order === 3 && document.querySelector('#board svg.rules') === null`)
}
