package vtext

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/gosudoku/sudoku/variant"
)

// lineRules are f-puzzles line keys (extra keys of fp, a 9x9 puzzle) and
// the rules they are read as; they seed FuzzReadFPuzzles too.
var lineRules = []struct {
	extra string
	want  []variant.Rule
}{
	{`"whispers":[{"lines":[["R1C1","R1C2"]],"value":"4"},{"lines":[["R2C1","R2C2"]],"value":"5"},{"lines":[["R3C1","R3C2"]],"value":""}]`, []variant.Rule{
		variant.Whisper{Cells: []variant.Cell{c(1, 1), c(1, 2)}, Diff: 4},
		variant.Whisper{Cells: []variant.Cell{c(2, 1), c(2, 2)}},
		variant.Whisper{Cells: []variant.Cell{c(3, 1), c(3, 2)}}}},
	{`"regionsumline":[{"lines":[["R3C3","R3C4","R4C5"],["R3C3","R2C3"]]}],"entropicline":[{"lines":[["R5C5","R5C6","R5C7"]]}]`, []variant.Rule{
		variant.RegionSum{Cells: []variant.Cell{c(3, 3), c(3, 4), c(4, 5)}}, variant.RegionSum{Cells: []variant.Cell{c(3, 3), c(2, 3)}},
		variant.Entropic{Cells: []variant.Cell{c(5, 5), c(5, 6), c(5, 7)}}}},
	{`"modularline":[{"lines":[["R1C1","R1C2","R1C3"]]}],"lockout":[{"lines":[["R2C1","R2C2","R2C3","R2C4"]]}],"zipperline":[{"lines":[["R3C1","R3C2","R3C3"]]}]`, []variant.Rule{
		variant.Modular{Cells: []variant.Cell{c(1, 1), c(1, 2), c(1, 3)}}, variant.Lockout{Cells: []variant.Cell{c(2, 1), c(2, 2), c(2, 3), c(2, 4)}},
		variant.Zipper{Cells: []variant.Cell{c(3, 1), c(3, 2), c(3, 3)}}}},
	{`"betweenline":[{"lines":[["R4C1","R4C2","R4C3"]]}],"nabner":[{"lines":[["R6C1","R7C1"]]}],"doublearrow":[{"lines":[["R8C1","R8C2","R8C3","R8C4"]]}]`, []variant.Rule{
		variant.Between{Cells: []variant.Cell{c(4, 1), c(4, 2), c(4, 3)}}, variant.Nabner{Cells: []variant.Cell{c(6, 1), c(7, 1)}},
		variant.DoubleArrow{Cells: []variant.Cell{c(8, 1), c(8, 2), c(8, 3), c(8, 4)}}}},
}

func TestReadLineRules(t *testing.T) {
	for _, tt := range lineRules {
		p, err := ReadFPuzzles([]byte(fp(tt.extra)))
		if err != nil {
			t.Errorf("%s: %v", tt.extra, err)
			continue
		}
		if !reflect.DeepEqual(p.Rules, tt.want) {
			t.Errorf("%s:\n got %#v\nwant %#v", tt.extra, p.Rules, tt.want)
		}
		roundTrips(t, p)
	}
}

// TestTenLineForms: a 10-line has a rules JSON form but no f-puzzles key.
func TestTenLineForms(t *testing.T) {
	p := variant.New(9)
	p.Rules = []variant.Rule{variant.TenLine{Cells: []variant.Cell{c(1, 1), c(1, 2), c(1, 3)}}, variant.TenLine{Cells: []variant.Cell{c(2, 1), c(2, 2)}, Sum: 12}}
	data, err := WriteJSON(p)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"size":9,"grid":"` + strings.Repeat(".", 81) + `","rules":[{"kind":"tenline","cells":["r1c1","r1c2","r1c3"]},{"kind":"tenline","cells":["r2c1","r2c2"],"sum":12}]}`
	if string(data) != want {
		t.Errorf("WriteJSON = %s\nwant %s", data, want)
	}
	q, err := ReadJSON(data)
	if err != nil || !reflect.DeepEqual(p, q) {
		t.Errorf("ReadJSON: %v %+v", err, q)
	}
	if _, err := WriteFPuzzles(p); !errors.Is(err, ErrNoFPuzzles) {
		t.Errorf("WriteFPuzzles: %v, want ErrNoFPuzzles", err)
	}
}

// lineJSONSeeds are the line rules of lineRules and a 10-line in the rules
// JSON form, for FuzzReadJSON.
func lineJSONSeeds() [][]byte {
	var out [][]byte
	for _, l := range lineRules {
		if p, err := ReadFPuzzles([]byte(fp(l.extra))); err == nil {
			data, _ := WriteJSON(p)
			out = append(out, data)
		}
	}
	return append(out, []byte(`{"size":6,"grid":"`+strings.Repeat(".", 36)+`","rules":[{"kind":"tenline","cells":["r1c1","r1c2","r2c3"],"sum":7}]}`))
}
