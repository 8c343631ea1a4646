package pdf

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gosudoku/sudoku/render"
	"github.com/gosudoku/sudoku/variant"
)

// TestVariantSheet writes a killer and a thermometer puzzle with their
// solutions: the page's content has the cages' dashes (a dash array set
// in its own graphics state), filled shapes, and the sums as text.
func TestVariantSheet(t *testing.T) {
	spec, err := variant.ParseSpec("killer", 9)
	if err != nil {
		t.Fatal(err)
	}
	g, err := variant.Generate(context.Background(), spec, 4)
	if err != nil {
		t.Fatal(err)
	}
	thermo := variant.New(6)
	thermo.Rules = []variant.Rule{variant.Thermo{Cells: []variant.Cell{{Row: 1, Col: 1}, {Row: 2, Col: 2}, {Row: 3, Col: 3}}}}
	s := render.Sheet{Puzzles: []render.Item{
		{Variant: g.Puzzle, VariantSolution: g.Solution, Caption: "killer"},
		{Variant: thermo, Caption: "thermometer"},
	}, PerPage: 2}
	var b bytes.Buffer
	if err := write(&b, s, config{date: time.Date(2026, 12, 2, 0, 0, 0, 0, time.UTC)}); err != nil {
		t.Fatal(err)
	}
	if dir := os.Getenv("SUDOKU_ARTIFACTS"); dir != "" {
		os.WriteFile(filepath.Join(dir, "variant-sheet.pdf"), b.Bytes(), 0o644)
	}
	out := b.String()
	for _, want := range []string{"] 0 d 0 J", "q 1 J 1 j", " f\nQ", " S\nQ", "killer) Tj", "thermometer) Tj"} {
		if !strings.Contains(out, want) {
			t.Errorf("the PDF has no %q", want)
		}
	}
	for _, r := range g.Puzzle.Rules {
		if c, ok := r.(variant.Cage); ok && c.Sum != 0 {
			if !strings.Contains(out, "("+itoa(c.Sum)+") Tj") {
				t.Errorf("the PDF has no sum %d", c.Sum)
			}
		}
	}
	s.Solutions = true
	if err := write(&b, s, config{}); err == nil {
		t.Error("a sheet with solutions and a puzzle without one was written")
	}
}

func itoa(v int) string {
	var b [8]byte
	i := len(b)
	for {
		i--
		b[i] = byte('0' + v%10)
		v /= 10
		if v == 0 {
			return string(b[i:])
		}
	}
}
