package format

import (
	"bytes"
	"context"
	"os"
	"testing"

	"github.com/gosudoku/sudoku"
)

func TestReadWikiPlaced(t *testing.T) {
	data := must(os.ReadFile("testdata/sudokuwiki_url.txt"))
	p, err := NewReader(bytes.NewReader(data)).Read()
	if err != nil {
		t.Fatal(err)
	}
	g := p.Grid
	// r1c3 is the clue 6 ("06"); r1c8 a placed 1 ("0a"), r1c9 a placed 5 ("0e").
	if !g.Given(2) || g.Cell(2) != 6 || !g.Placed(7) || g.Cell(7) != 1 || !g.Placed(8) || g.Cell(8) != 5 {
		t.Errorf("r1c3 given %v %d; r1c8 placed %v %d; r1c9 placed %v %d", g.Given(2), g.Cell(2), g.Placed(7), g.Cell(7), g.Placed(8), g.Cell(8))
	}
	if err := sudoku.CheckPlaced(context.Background(), g, sudoku.Options{}); err != nil {
		t.Errorf("the placed values of the real board: %v", err)
	}
	text := Text(g, Wiki)
	if want := bytes.TrimSpace(data[bytes.Index(data, []byte("S9B")):]); text != string(want)+"\n" {
		t.Errorf("written back:\n%s\nwant\n%s", text, want)
	}
}

// p9sol is the solution of p9.
const p9sol = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
