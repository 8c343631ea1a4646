package render

import (
	"bytes"
	"strings"
	"testing"
)

// TestCaptionWhole checks that the caption of an image is kept whole, in
// a smaller font, when it is longer than the grid is wide (a daily
// puzzle's title and seed under a 4x4 or 9x9 grid), and shortened with an
// ellipsis only when even half the size is too large.
func TestCaptionWhole(t *testing.T) {
	for _, tc := range []struct {
		name, puzzle, caption string
		whole                 bool
	}{
		{"4x4", puzzle4, "4x4 · 6 clues · #5601641279558374", true},
		{"9x9", puzzle9, "Daily 2026-11-26 · 25 clues · extreme 10.6 · #202611265", true},
		{"9x9 short", puzzle9, "hard", true},
		{"4x4 far too long", puzzle4, strings.Repeat("a caption far too long ", 8), false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := mustParse(t, tc.puzzle)
			var b bytes.Buffer
			if err := SVG(&b, g, Options{Caption: tc.caption}); err != nil {
				t.Fatal(err)
			}
			w, _, texts := parseSVG(t, b.Bytes())
			last := texts[len(texts)-1]
			if tc.whole && last.s != tc.caption {
				t.Fatalf("caption %q, want %q whole", last.s, tc.caption)
			}
			if !tc.whole && (!strings.HasSuffix(last.s, "…") || len(last.s) >= len(tc.caption)) {
				t.Fatalf("caption %q, want it shortened", last.s)
			}
			l := layoutGrid(g.Side(), DefaultCellSize, true)
			if last.size > l.capSz || last.size < l.capSz/2 {
				t.Errorf("caption size %g, want %g to %g", last.size, l.capSz/2, l.capSz)
			}
			if tc.caption == "hard" && last.size != l.capSz {
				t.Errorf("a short caption at %g, want %g", last.size, l.capSz)
			}
			if n := float64(len([]rune(last.s))); n*last.size*0.55 > w {
				t.Errorf("caption %q at %g is wider than the image (%g)", last.s, last.size, w)
			}
		})
	}
}
