package format_test

import (
	"fmt"
	"os"
	"strings"

	"github.com/gosudoku/sudoku/format"
)

// An OpenSudoku export: each game is a record, its folder the comment; a
// player's values and notes are kept as placed values and candidates.
func ExampleReader_openSudoku() {
	doc := `<?xml version="1.0" encoding="UTF-8"?>
<opensudoku version="2">
  <folder name="Easy">
    <game data="006003870900050314480910000000006708030000050504800000000089026628040001095200400" />
  </folder>
</opensudoku>
`
	r := format.NewReader(strings.NewReader(doc))
	p, err := r.Read()
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(p.Format, p.Line, p.Grid, p.Comment)
	// Output:
	// opensudoku 4 ..6..387.9...5.31448.91.........67.8.3.....5.5.48.........89.26628.4...1.952..4.. Easy
}

// A SudoCue game in progress converted to SadMan's sections: the givens in
// [Puzzle], the player's values in [State], the candidates in
// [PencilMarks].
func ExampleWriter_sadMan() {
	sdx := "1 23 23 4\n34 24 1 34\n2 34 34 1\nu3 14 34 2\n"
	r := format.NewReader(strings.NewReader(sdx))
	r.Format = format.SDX // detected at 9x9 only
	p, err := r.Read()
	if err != nil {
		fmt.Println(err)
		return
	}
	w := format.NewWriter(os.Stdout, format.SadMan)
	w.Write(p.Grid, "#A SudoCue #L Easy")
	w.Close()
	// Output:
	// #A SudoCue
	// #L Easy
	// [Puzzle]
	// 1..4
	// ..1.
	// 2..1
	// ...2
	// [State]
	// 1..4
	// ..1.
	// 2..1
	// 3..2
	// [PencilMarks]
	// ,23,23,
	// 34,24,,34
	// ,34,34,
	// ,14,34,
}
