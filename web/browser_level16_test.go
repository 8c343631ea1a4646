package web

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/gosudoku/sudoku/generate"
	"github.com/gosudoku/sudoku/logic"
)

// TestBrowserLevel16 checks the level choice by size, in English and in
// Chinese: all five levels offered at 16x16, easy alone at 4x4 (hidden
// singles solve every 4x4 puzzle); a new 16x16 expert and 4x4 easy puzzle
// of the level chosen, titled so, and made again from its seed by
// generate.ForOrder, as `sudoku generate -order 4 -level expert -seed N`
// does.
func TestBrowserLevel16(t *testing.T) {
	for _, lang := range []struct {
		name, expert, easy string
		flags              []chromedp.ExecAllocatorOption
	}{
		{"en", "expert", "easy", nil},
		{"zh", "专家", "简单", []chromedp.ExecAllocatorOption{chromedp.Flag("lang", "zh-CN"), chromedp.Flag("accept-lang", "zh-CN,zh")}},
	} {
		t.Run(lang.name, func(t *testing.T) {
			b := newBrowserSession(t, lang.flags...)
			b.do("desktop", chromedp.EmulateViewport(1280, 760))
			b.open(b.url)
			pick := func(id, v string) {
				b.do("pick "+v, chromedp.SetValue(chromedp.ID(id), v), chromedp.Evaluate[chromedp.Void](`document.getElementById('`+id+`').dispatchEvent(new Event('change'))`))
			}
			offered := func() string {
				return eval[string](b, `(() => { const s = document.getElementById('level');
					return s.disabled ? 'none' : [...s.options].filter((o) => !o.disabled).map((o) => o.value || 'any').join(' '); })()`)
			}
			// play makes a new puzzle of the order and level and checks it.
			play := func(order int, level logic.Level, word string) {
				side := map[int]string{2: "4x4", 4: "16x16"}[order]
				pick("level", level.String())
				b.do("new", chromedp.Click(chromedp.ID("new")))
				b.waitUpTo(60e9, "the "+side+" puzzle", fmt.Sprintf(`window.sudokuApp.state().order === %d && window.sudokuApp.state().level !== ''`, order))
				l, title := state[string](b, "level"), eval[string](b, `document.getElementById('title').textContent`)
				if l != level.String() || !strings.HasPrefix(title, side) || !strings.Contains(title, word) {
					t.Errorf("the new %s puzzle: level %q, title %q", side, l, title)
				}
				seed, err := chromedp.Run(b.ctx, chromedp.Evaluate[float64](`window.sudokuApp.games().then((gs) => gs.find((g) => g.id === window.sudokuApp.state().id).meta.seed)`, chromedp.EvalAwaitPromise))
				if err != nil {
					t.Fatalf("the seed of the game: %v", err)
				}
				gen, err := generate.New(generate.Options{Order: order, Difficulty: generate.ForOrder(order, level), Seed: uint64(seed)})
				if err != nil {
					t.Fatal(err)
				}
				p, err := gen.Puzzle(context.Background(), 0)
				if err != nil {
					t.Fatal(err)
				}
				if got := state[string](b, "puzzle"); got != p.Grid.String() || !p.TargetMet {
					t.Errorf("seed %.0f: the page plays %s, the generator makes %s (target met %v)", seed, got, p.Grid, p.TargetMet)
				}
			}
			pick("size", "2")
			if l := offered(); l != "any easy" {
				t.Errorf("levels at 4x4: %s", l)
			}
			play(2, logic.Easy, lang.easy)
			pick("size", "4")
			if l := offered(); l != "any easy medium hard expert extreme" {
				t.Errorf("levels at 16x16: %s", l)
			}
			play(4, logic.Expert, lang.expert)
			b.screenshot("level-16x16-expert-" + lang.name)
			// An expert choice falls back to any at 4x4.
			pick("size", "2")
			if v := eval[string](b, `document.getElementById('level').value`); v != "" {
				t.Errorf("level %q kept at 4x4, want any", v)
			}
		})
	}
}
