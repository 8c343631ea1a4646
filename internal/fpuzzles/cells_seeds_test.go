package fpuzzles

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

// cellSeeds are the keys of quadruples, X-sums, skyscrapers, minimum and
// maximum cells, clones, indexers, given pencil marks and the cell key
// "parity", as extra keys of small (a 4x4 puzzle), for the fuzz targets.
var cellSeeds = []string{
	`"quadruple":[{"cells":["R1C1","R1C2","R2C1","R2C2"],"values":[1,2]},{"cells":["R3C3","R3C4","R4C3","R4C4"],"values":[4,4]}]`,
	`"xsum":[{"cell":"R0C1","value":"6"},{"cell":"R5C2","value":"10"},{"cell":"R1C0","value":3},{"cell":"R2C5","value":"4"}]`,
	`"skyscraper":[{"cell":"R0C1","value":"2"},{"cell":"R3C5","value":"1"}]`,
	`"minimum":[{"cell":"R1C1"},{"cell":"R1C2"}],"maximum":[{"cell":"R4C4"}]`,
	`"clone":[{"cells":["R1C1","R1C2"],"cloneCells":["R3C3","R3C4"]}]`,
	`"rowindexer":[{"cells":["R1C1","R1C2"]}],"columnindexer":[{"cells":["R2C1"]}],"boxindexer":[{"cells":["R4C4"]}]`,
	`"successMessage":"Well done!","solution":[1,".",3,4,".",".",".",".",".",".",".",".",".",".",".","."]`,
}

// TestCellRules reads the keys of cellSeeds and the grid cell keys
// "givenPencilMarks", "parity" and "highlightArray", and writes them back.
func TestCellRules(t *testing.T) {
	for _, s := range cellSeeds {
		p, err := Decode([]byte(small(s)))
		if err != nil {
			t.Errorf("%s: %v", s, err)
			continue
		}
		roundTrip(t, p)
	}
	p, err := Decode([]byte(small(cellSeeds[0] + "," + cellSeeds[1] + "," + cellSeeds[4])))
	if err != nil {
		t.Fatal(err)
	}
	want := []Quadruple{{Cells: []Cell{{1, 1}, {1, 2}, {2, 1}, {2, 2}}, Values: []int{1, 2}}, {Cells: []Cell{{3, 3}, {3, 4}, {4, 3}, {4, 4}}, Values: []int{4, 4}}}
	clearOffsets(p)
	if !reflect.DeepEqual(p.Quadruples, want) {
		t.Errorf("quadruples %+v", p.Quadruples)
	}
	if len(p.XSums) != 4 || p.XSums[1] != (Clue{Cell: Cell{5, 2}, Value: 10}) || p.XSums[2].Value != 3 {
		t.Errorf("x-sums %+v", p.XSums)
	}
	if len(p.Clones) != 1 || p.Clones[0].CloneCells[1] != (Cell{3, 4}) {
		t.Errorf("clones %+v", p.Clones)
	}
	g := strings.Replace(small(""), "{}", `{"givenPencilMarks":[3,4],"highlightArray":["#fff"]}`, 1)
	g = strings.Replace(g, "{}", `{"parity":"even"}`, 1)
	if p, err = Decode([]byte(g)); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(p.Grid[0][0].Marks, []int{3, 4}) || p.Grid[0][1].Parity != "even" {
		t.Errorf("grid %+v", p.Grid[0][:2])
	}
	roundTrip(t, p)
	for _, bad := range []struct{ in, want string }{
		{small(`"quadruple":[{"cells":["R1C1","R1C2"],"values":[1,2,3]}]`), `quadruple[0].values: 3 values for 2 cells`},
		{small(`"quadruple":[{"cells":["R1C1","R1C2"],"values":[5]}]`), `quadruple[0].values[0]: 5 is not a digit from 1 to 4`},
		{small(`"xsum":[{"cell":"R1C1","value":"3"}]`), `xsum[0].cell: R1C1 is not just outside the 4x4 grid`},
		{small(`"skyscraper":[{"cell":"R0C0","value":"3"}]`), `skyscraper[0].cell: R0C0 is a corner: a skyscraper clue sits beside a row`},
		{small(`"clone":[{"cells":["R1C1","R1C2"],"cloneCells":["R3C3"]}]`), `clone[0].cloneCells: 2 cells cloned to 1`},
		{small(`"minimum":[{"cell":"R0C1"}]`), `minimum[0].cell: R0C1 is outside the 4x4 grid`},
		{strings.Replace(small(""), "{}", `{"parity":"blue"}`, 1), `grid[0][0] (R1C1).parity: a parity is "odd" or "even", not "blue"`},
		{strings.Replace(small(""), "{}", `{"givenPencilMarks":[7]}`, 1), `grid[0][0] (R1C1).givenPencilMarks[0]: 7 is not a digit from 1 to 4`},
	} {
		_, err := Decode([]byte(bad.in))
		var e *Error
		if err == nil || !errors.As(err, &e) || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("Decode(%s) = %v, want %s", bad.in, err, bad.want)
		}
	}
}
