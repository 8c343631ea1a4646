package format

import (
	"strings"
	"testing"
)

// TestJSONState: JSON keeps placed values and candidates: written,
// read back the same, and bad "placed" and "marks" fields named.
func TestJSONState(t *testing.T) {
	g, err := Parse(p9)
	if err != nil {
		t.Fatal(err)
	}
	first := -1
	for i := range g.NumCells() {
		if g.Cell(i) == 0 {
			if first < 0 {
				first = i
				continue
			}
			g.SetMarks(i, 0b101) // candidates 1 and 3
		}
	}
	if err := g.Place(first, 4); err != nil {
		t.Fatal(err)
	}
	text := Text(g, JSON)
	for _, want := range []string{`"placed":"`, `"marks":["",`, `"13"`} {
		if !strings.Contains(text, want) {
			t.Errorf("written JSON lacks %s:\n%s", want, text)
		}
	}
	p, err := Parse(text)
	if err != nil {
		t.Fatal(err)
	}
	if !p.Equal(g) || !p.Placed(first) || p.Given(first) || p.Marks(first+1) != g.Marks(first+1) {
		t.Errorf("read back differs:\n%s", text)
	}
	// A grid without placed values or marks is written as before.
	plain, _ := Parse(p9)
	if text := Text(plain, JSON); strings.Contains(text, "placed") || strings.Contains(text, "marks") {
		t.Errorf("plain grid written with state fields: %s", text)
	}

	p4json := func(fields string) string { return `{"grid":"1.3.3.1..1.3.3.1"` + fields + "}\n" }
	blanks := func(s string) string { return `"` + s + `"` }
	for _, tc := range []struct {
		name, in, want string
	}{
		{"placed too short", p4json(`,"placed":"1"`), "column 28: placed: 1 cells, want 16"},
		{"placed on a blank", p4json(`,"placed":".2.............."`), "placed: r1c2=2, but the grid holds a blank there"},
		{"placed differs", p4json(`,"placed":"2..............."`), "placed: r1c1=2, but the grid holds 1 there"},
		{"placed symbol", p4json(`,"placed":"x..............."`), "placed: 'x' is not a symbol"},
		{"marks short", p4json(`,"marks":["12"]`), "marks: 1 cells, want 16"},
		{"marks out of range", p4json(`,"marks":[""` + strings.Repeat(`,"5"`, 15) + `]`), "marks: r1c2 holds 5: out of range 1-4"},
		{"marks not a symbol", p4json(`,"marks":[""` + strings.Repeat(`,"-"`, 15) + `]`), "marks: r1c2: '-' is not a symbol"},
		{"marks leave out the value", p4json(`,"marks":["2"` + strings.Repeat(`,""`, 15) + `]`), `marks: r1c1 holds 1, which its marks "2" leave out`},
		{"marks not strings", p4json(`,"marks":[1,2]`), `"marks": want an array of strings, not a JSON number`}, // it named jsonInput.marks
		{"order not a number", p4json(`,"order":"2"`), `"order": want a number, not a JSON string`},
		{"placed not a string", p4json(`,"placed":` + blanks("") + `,"x":1`), "placed: 0 cells, want 16"},
	} {
		r := NewReader(strings.NewReader(tc.in))
		_, err := r.Read()
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: got %v, want an error with %q", tc.name, err, tc.want)
		}
	}
}
