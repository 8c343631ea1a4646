package web

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/gosudoku/sudoku"
)

// TestBrowserCandidateColours checks candidate colouring (cand mode, B):
// candidates of the selected cells take the chosen colour, as one undoable
// step, drawn on their marks and named in the cell's label, kept across a
// reload and in a share link; Erase takes them away with the cell colours.
func TestBrowserCandidateColours(t *testing.T) {
	b := newBrowserSession(t)
	b.do("desktop", chromedp.EmulateViewport(1280, 760))
	b.open(b.url)
	b.do("paste", chromedp.Click(chromedp.ID("enter")), chromedp.SetValue(chromedp.ID("paste"), easy9), chromedp.Click(chromedp.ID("paste-go")))
	b.waitFor("the puzzle", fmt.Sprintf(`window.sudokuApp.state().puzzle === %q`, sudoku.MustParse(easy9).String()))
	b.do("auto on", chromedp.Click(chromedp.ID("auto")))

	// r3c1 (cell 18) and r3c3 (cell 20) are blank.
	b.clickCell(18)
	b.key("b")
	if m, hidden := state[string](b, "mode"), eval[bool](b, `document.getElementById('cand-colours').hidden`); m != "cand" || hidden {
		t.Fatalf("after B: mode %q, colours hidden %v", m, hidden)
	}
	b.key("2", chromedp.ModifierShift) // picks colour 2
	if c := state[float64](b, "candPick"); c != 2 {
		t.Errorf("Shift+2 in cand mode picked colour %v, want 2", c)
	}
	b.key("6")
	if cc := state[string](b, "candColour"); cc != "18:62" {
		t.Errorf("after 6: candidate colours %q, want 18:62", cc)
	}
	b.key(kb.ArrowRight, chromedp.ModifierShift) // r3c2, a given: left alone
	b.key(kb.ArrowRight, chromedp.ModifierShift)
	b.do("colour 5", chromedp.Click(chromedp.CSS(`#cand-colours button[data-c="5"]`)))
	if p := eval[string](b, `document.querySelector('#cand-colours [aria-pressed="true"]').dataset.c`); p != "5" {
		t.Errorf("pressed colour %s, want 5", p)
	}
	b.do("6 on the pad", chromedp.Click(chromedp.CSS(`#pad button[data-v="6"]`)))
	const both = "18:65,20:65"
	if cc := state[string](b, "candColour"); cc != both {
		t.Errorf("after 6 in colour 5: %q, want %s", cc, both)
	}
	if s := eval[string](b, `[...document.querySelectorAll('#c18 span[data-cc]')].map((s) => s.textContent + s.dataset.cc).join()`); s != "65" {
		t.Errorf("r3c1's coloured marks %q, want 6 in colour 5", s)
	}
	if l := eval[string](b, `document.getElementById('c18').getAttribute('aria-label')`); !strings.Contains(l, "candidate 6 in colour 5") {
		t.Errorf("r3c1's label %q names no coloured candidate", l)
	}
	b.screenshot("candidate-colours")

	b.key("z", chromedp.ModifierCtrl)
	if cc := state[string](b, "candColour"); cc != "18:62" {
		t.Errorf("after undo: %q, want 18:62", cc)
	}
	b.key("y", chromedp.ModifierCtrl)
	if cc := state[string](b, "candColour"); cc != both {
		t.Errorf("after redo: %q, want %s", cc, both)
	}

	b.reload()
	if cc := state[string](b, "candColour"); cc != both {
		t.Errorf("after a reload: %q, want %s", cc, both)
	}
	link := eval[string](b, `window.sudokuApp.shareURL()`)
	if !strings.Contains(link, "&cc=18:65,20:65") {
		t.Errorf("share link %s lacks the candidate colours", link)
	}
	id := state[string](b, "id")
	b.open(b.url + "#" + strings.SplitN(link, "#", 2)[1])
	if cc, id2 := state[string](b, "candColour"), state[string](b, "id"); cc != both || id2 == id {
		t.Errorf("the shared game: candidate colours %q (want %s), id %s (the first %s)", cc, both, id2, id)
	}

	// Without marks in the cell, Erase takes the colours away.
	b.clickCell(18)
	b.key(kb.Delete)
	if cc := state[string](b, "candColour"); cc != "20:65" {
		t.Errorf("after Erase in r3c1: %q, want 20:65 (%v)", cc, eval[any](b, `window.sudokuApp.state()`))
	}

	b.do("phone", chromedp.EmulateViewport(375, 812, chromedp.EmulateMobile))
	b.key("b")
	b.screenshot("candidate-colours-phone")
	if off := eval[[]string](b, offScreen); len(off) > 0 {
		t.Errorf("at 375x812 in cand mode these play controls are off the screen: %v", off)
	}
}
