package format

import (
	"strings"
	"testing"
)

// TestSmallOneLineGrids: a 6x6 or 8x8 grid on one line is read as such (a
// variant puzzle with rectangular boxes), not as the first row of a 36x36
// or 64x64 grid (issue 28: "grid has 1 row, want 36").
func TestSmallOneLineGrids(t *testing.T) {
	six := "1.3456456123231564564231312645645312"
	tests := []struct {
		in    string
		side  int // 0: not a small grid
		given int // the given of the first cell
	}{
		{six + "\n", 6, 1},
		{six + "\n" + six + "\n", 6, 1},                                               // a symbol repeats: no row of a 36x36 grid
		{strings.Repeat(".", 57) + "1234567\n", 8, 0},                                 // alone: no row follows
		{"2" + strings.Repeat(".", 62) + "1\n", 8, 2},                                 // a repeat
		{strings.Repeat(".", 30) + "123456\n", 6, 0},                                  // alone
		{strings.Repeat(".", 30) + "123456\n" + strings.Repeat(".", 36) + "\n", 0, 0}, // a 36x36 grid's rows
	}
	for _, tt := range tests {
		p, err := NewReader(strings.NewReader(tt.in)).Read()
		switch {
		case tt.side == 0:
			if err == nil && p.Variant != nil {
				t.Errorf("%.40q: read as a %dx%[2]d grid", tt.in, p.Variant.Size)
			}
		case err != nil:
			t.Errorf("%.40q: %v", tt.in, err)
		case p.Variant == nil || p.Variant.Size != tt.side || p.Variant.Givens[0] != tt.given:
			t.Errorf("%.40q: %+v", tt.in, p)
		default:
			if r, c, ok := p.Variant.BoxDims(); !ok || r*c != tt.side {
				t.Errorf("%.40q: boxes %dx%d", tt.in, r, c)
			}
		}
	}
}
