package main

import (
	"image"
	"image/png"
	"strings"
	"testing"
)

func TestRenderPNG(t *testing.T) {
	const p = "3.28..1.5...4.5...7......8...7.......98....71....82..4..5..3....7.5.6.....3...2.9"
	for _, tc := range []struct {
		paper string
		dpi   string
		size  image.Point
	}{
		{"a4", "72", image.Pt(595, 842)},
		{"letter", "100", image.Pt(850, 1100)},
	} {
		code, out, errOut := run(t, p+"\n", "render", "-o", "png", "-paper", tc.paper, "-dpi", tc.dpi)
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errOut)
		}
		img, err := png.Decode(strings.NewReader(out))
		if err != nil {
			t.Fatal(err)
		}
		if got := img.Bounds().Size(); got != tc.size {
			t.Errorf("%s at %s dpi: %v, want %v", tc.paper, tc.dpi, got, tc.size)
		}
	}
}

func TestPageFile(t *testing.T) {
	for _, tc := range []struct {
		out  string
		p, n int
		want string
	}{
		{"book.svg", 0, 3, "book-1.svg"},
		{"dir/book.png", 8, 10, "dir/book-09.png"},
		{"pages", 99, 100, "pages-100"},
	} {
		if got := pageFile(tc.out, tc.p, tc.n); got != tc.want {
			t.Errorf("pageFile(%q, %d, %d) = %q, want %q", tc.out, tc.p, tc.n, got, tc.want)
		}
	}
}

func TestCaption(t *testing.T) {
	for _, tc := range []struct{ comment, want string }{
		{"", ""},
		{"# clues=25 minimal", "clues=25 minimal"},
		{"#seed000_a", "seed000_a"},
		{`# clues=23 minimal er=2.6 level=hard hardest="Pointing"`, "hard, rating 2.6, 23 clues"},
		{"level=easy", "easy"},
	} {
		if got := caption(tc.comment); got != tc.want {
			t.Errorf("caption(%q) = %q, want %q", tc.comment, got, tc.want)
		}
	}
}
