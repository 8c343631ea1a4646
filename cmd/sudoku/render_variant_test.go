package main

import (
	"strings"
	"testing"
)

// TestRenderVariant draws variants from their text forms: a killer's SVG
// has its cages dashed and their sums, a sheet with solutions is a PDF,
// a variant with several solutions has no solution page, and a short
// link is named as one.
func TestRenderVariant(t *testing.T) {
	// sudoku generate -variant killer -size 4 -seed 1 -o rules
	const killer = `{"size":4,"grid":"42.....23......1","rules":[{"kind":"killer","cells":["r1c3","r1c4","r2c3"],"sum":8},` +
		`{"kind":"killer","cells":["r2c1","r2c2"],"sum":4},{"kind":"killer","cells":["r3c2","r3c3","r3c4"],"sum":7},` +
		`{"kind":"killer","cells":["r4c1","r4c2","r4c3"],"sum":9}]}`
	code, out, errOut := run(t, killer+"\n", "count")
	if code != 0 || !strings.HasPrefix(out, "1") {
		t.Fatalf("the test's killer is not unique: %d %q %s", code, out, errOut)
	}
	code, out, errOut = run(t, killer+"\n", "render", "-o", "svg", "-crop")
	if code != 0 {
		t.Fatalf("render -o svg: %d %s", code, errOut)
	}
	if n := strings.Count(out, "stroke-dasharray"); n < 4*4 {
		t.Errorf("%d dashed segments for 4 cages", n)
	}
	for _, sum := range []string{">8<", ">4<", ">7<", ">9<"} {
		if !strings.Contains(out, sum) {
			t.Errorf("the SVG has no sum %s", sum)
		}
	}
	code, out, errOut = run(t, killer+"\n", "render", "-solutions")
	if code != 0 || !strings.HasPrefix(out, "%PDF") {
		t.Errorf("render -solutions: %d %.20q %s", code, out, errOut)
	}
	open := `{"size":4,"grid":"................","rules":[{"kind":"killer","cells":["r1c1","r1c2"],"sum":3}]}`
	if code, _, errOut := run(t, open+"\n", "render", "-solutions"); code == 0 || !strings.Contains(errOut, "more than one solution") {
		t.Errorf("render -solutions of an open variant: %d %s", code, errOut)
	}
	if code, _, errOut := run(t, "https://sudokupad.app/wsj7iunsg6\n", "render", "-o", "svg"); code == 0 || !strings.Contains(errOut, "SudokuPad short link") {
		t.Errorf("render of a short link: %d %s", code, errOut)
	}
}
