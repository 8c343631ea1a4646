package web

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/gosudoku/sudoku"
)

// TestBrowserGuide checks the technique guide: reached from a hint and
// from the list of steps, it says what the technique is and draws an
// example from guide.json on its own small grid (no id of the page's
// board reused), in English and in Chinese, on a desktop and a phone.
func TestBrowserGuide(t *testing.T) {
	b := newBrowserSession(t)
	b.do("desktop", chromedp.EmulateViewport(1280, 760))
	b.open(b.url)
	b.do("paste", chromedp.Click(chromedp.ID("enter")), chromedp.SetValue(chromedp.ID("paste"), hard9), chromedp.Click(chromedp.ID("paste-go")))
	b.waitFor("the puzzle", fmt.Sprintf(`window.sudokuApp.state().puzzle === %q && window.sudokuApp.state().solution !== ''`, sudoku.MustParse(hard9).String()))

	text := func(id string) string { return eval[string](b, `document.getElementById('`+id+`').textContent`) }
	b.do("hint", chromedp.Click(chromedp.ID("hint")))
	b.waitFor("stage 1", `window.sudokuApp.state().hint !== null && !document.getElementById('guide-link').hidden`)
	if l := text("guide-link"); l != "About Hidden Single" {
		t.Errorf("the guide link under the hint: %q", l)
	}
	b.do("the guide", chromedp.Click(chromedp.ID("guide-link")))
	b.waitFor("the example", `document.getElementById('guide-dialog').open && !document.getElementById('guide-board').hidden`)
	if h, s := text("guide-heading"), text("guide-text"); h != "Hidden Single" || !strings.HasPrefix(s, "In a row, column or box a digit fits in only one cell") {
		t.Errorf("the guide: %q: %q", h, s)
	}
	if n, hc := eval[float64](b, `document.querySelectorAll('#guide-board .cell').length`), eval[float64](b, `document.querySelectorAll('#guide-board .cell.hint-cell').length`); n != 81 || hc == 0 {
		t.Errorf("the example grid: %v cells, %v of the pattern", n, hc)
	}
	if s, r := text("guide-step"), text("guide-rating"); !strings.HasPrefix(s, "Example: In ") || r != "This example rates 1.2 on Sudoku Explainer's scale." {
		t.Errorf("the example's step %q, rating %q", s, r)
	}
	if dup := eval[[]string](b, `(() => { const seen = new Set(), dup = [];
		for (const e of document.querySelectorAll('[id]')) { if (seen.has(e.id)) dup.push(e.id); seen.add(e.id); }
		return dup; })()`); len(dup) > 0 {
		t.Errorf("ids used twice: %v", dup)
	}
	b.screenshot("guide")
	b.do("close", chromedp.Evaluate[chromedp.Void](`document.getElementById('guide-dialog').close()`))

	// From the list of steps: step 35 is a Skyscraper (a Turbot Fish).
	b.do("explain", chromedp.Click(chromedp.ID("explain")))
	b.waitUpTo(time.Minute, "the steps", `!document.getElementById('walk').hidden`)
	if l := eval[string](b, `document.querySelector('#explain-steps li:nth-child(35) .about').getAttribute('aria-label')`); l != "About Skyscraper" {
		t.Errorf("step 35's guide button: %q", l)
	}
	b.do("its guide", chromedp.Click(chromedp.CSS(`#explain-steps li:nth-child(35) .about`)))
	b.waitFor("the example", `document.getElementById('guide-dialog').open && !document.getElementById('guide-board').hidden`)
	if h, s := text("guide-heading"), text("guide-text"); h != "Skyscraper" || !strings.Contains(s, "strong link") {
		t.Errorf("the guide from the steps: %q: %q", h, s)
	}
	b.do("phone", chromedp.EmulateViewport(375, 812, chromedp.EmulateMobile))
	b.screenshot("guide-phone")
	b.do("close both", chromedp.Evaluate[chromedp.Void](`document.getElementById('guide-dialog').close(); document.getElementById('explain-dialog').close()`))

	// The examples of the fish, wings and chains, 9x9 and 16x16, opened
	// as a step of each technique opens them.
	b.do("desktop", chromedp.EmulateViewport(1280, 760))
	for _, tc := range []struct {
		id, name string
		cells    float64
		text     string // in the example's sentence
	}{
		{"finned-fish", "Finned Fish", 81, "the fin r2c1"},
		{"w-wing", "W-Wing", 81, "r2c2 and r8c6 hold only 2 and 3"},
		{"forcing-chain", "Forcing Chains & Cycles", 81, "Around the loop r2c6 is 3"},
		{"dynamic-forcing-chain-plus", "Dynamic Forcing Chains (+)", 81, "by pointing (in box 1, 4 lies only in row 2"},
		{"nested-forcing-chain", "Nested Forcing Chains", 81, "by a Forcing Chain (if r5c3 is 5, then"},
		{"x-chain", "X-Chains", 256, "If r14c3 were A"},
		{"xy-chain", "XY-Chains", 256, "If r14c1 were 4"},
		{"dynamic-chain-plus", "Dynamic Chains (+)", 256, "by claiming in column 7, r1c8 is not G"},
	} {
		b.do("the guide of "+tc.id, chromedp.Evaluate[chromedp.Void](`document.querySelectorAll('dialog[open]').forEach((d) => d.close());
			import('./guide.js').then((m) => m.showGuide({technique: '`+tc.id+`', name: '`+tc.name+`'}))`))
		b.waitFor(tc.id+"'s example", `document.getElementById('guide-dialog').open && !document.getElementById('guide-board').hidden && document.getElementById('guide-step').textContent !== ''`)
		n := eval[float64](b, `document.querySelectorAll('#guide-board .cell').length`)
		hc := eval[float64](b, `document.querySelectorAll('#guide-board .cell.hint-cell').length`)
		if s := text("guide-step"); n != tc.cells || hc == 0 || !strings.HasPrefix(s, "Example: ") || !strings.Contains(s, tc.text) {
			t.Errorf("%s's example: %v cells (want %v), %v of the pattern, %q (want %q in it)", tc.id, n, tc.cells, hc, s, tc.text)
		}
		if tc.id == "nested-forcing-chain" || tc.id == "x-chain" {
			b.screenshot("guide-" + tc.id)
		}
	}
	b.do("close", chromedp.Evaluate[chromedp.Void](`document.getElementById('guide-dialog').close()`))

	// In Chinese.
	b.do("Chinese", chromedp.SetValue(chromedp.ID("lang"), "zh"), chromedp.Evaluate[chromedp.Void](`document.getElementById('lang').dispatchEvent(new Event('change'))`))
	b.do("hint", chromedp.Click(chromedp.ID("hint")))
	b.waitFor("stage 1", `window.sudokuApp.state().hint !== null && !document.getElementById('guide-link').hidden`)
	b.do("the guide", chromedp.Click(chromedp.ID("guide-link")))
	b.waitFor("the example", `document.getElementById('guide-dialog').open && !document.getElementById('guide-board').hidden`)
	if h, s, st := text("guide-heading"), text("guide-text"), text("guide-step"); h != "隐性唯一数" || !strings.HasPrefix(s, "在某行、列或宫里") || !strings.HasPrefix(st, "例子：在") {
		t.Errorf("the guide in Chinese: %q: %q / %q", h, s, st)
	}
	b.screenshot("guide-zh")

	// A nested chain in Chinese: link by link, with the chain behind a
	// link in brackets (from the step's chain data, not the English).
	b.do("the nested chain's guide", chromedp.Evaluate[chromedp.Void](`document.getElementById('guide-dialog').close();
		import('./guide.js').then((m) => m.showGuide({technique: 'nested-forcing-chain', name: 'Nested Forcing Chains'}))`))
	b.waitFor("its example", `document.getElementById('guide-dialog').open && !document.getElementById('guide-board').hidden && document.getElementById('guide-step').textContent !== ''`)
	if st := text("guide-step"); !strings.HasPrefix(st, "例子：r8c2 必填它的某个候选数：若 r8c2 是 1，则 r8c1 不是 1，于是 r3c1 是 1") ||
		!strings.Contains(st, "由强制链与环（假设 r5c3 是 5，那么 r5c3 不是 7，") || !strings.Contains(st, "由上面同样的强制链与环（从 r5c3 是 5 开始的那条）可知 r5c3 不是 5") {
		t.Errorf("the nested chain in Chinese: %q", st)
	}
	b.screenshot("guide-nested-zh")
	for id, want := range map[string]string{
		"forcing-chain":              "例子：沿着环：r2c6 是 3，于是 r3c5 不是 3，于是 r3c5 是 6",
		"dynamic-forcing-chain-plus": "例子：假设 r1c3 是 1，那么 r1c3 不是 4，于是 由区块（宫对行列）（看第1宫",
		"x-chain":                    "例子：假设 r14c3 是 A，那么 r14c5 不是 A，于是 r13c5 是 A",
		"dynamic-chain-plus":         "例子：假设 r10c7 是 6，那么 r10c7 不是 C，于是 r9c7 是 C，于是 r9c7 不是 G，于是 由区块（行列对宫）（第7列）可知 r1c8 不是 G，于是 由隐性数对（第8列）可知",
	} {
		b.do("the guide of "+id, chromedp.Evaluate[chromedp.Void](`document.getElementById('guide-dialog').close();
			document.getElementById('guide-step').textContent = '';
			import('./guide.js').then((m) => m.showGuide({technique: '`+id+`', name: '`+id+`'}))`))
		b.waitFor(id+"'s example", `document.getElementById('guide-dialog').open && document.getElementById('guide-step').textContent.startsWith('例子')`)
		if st := text("guide-step"); !strings.HasPrefix(st, want) {
			t.Errorf("%s's example in Chinese: %q, want it to start %q", id, st, want)
		}
	}
}
