package vtext

import (
	"reflect"
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
