package logic_test

import (
	"context"
	"fmt"

	"github.com/gosudoku/sudoku"
	"github.com/gosudoku/sudoku/logic"
	"github.com/gosudoku/sudoku/variant"
)

// An X sudoku: both main diagonals hold every value once. Its path uses
// the diagonals as houses.
func ExampleNewVariantGrid() {
	p := variant.New(9)
	const givens = "......1.......8.7...8.9..........3........6.....32.4..9...67.....6.......45......"
	for i, c := range givens {
		if c != '.' {
			p.Givens[i] = int(c - '0')
		}
	}
	p.Rules = append(p.Rules, variant.Diagonal{}, variant.Diagonal{Positive: true})
	g, err := logic.NewVariantGrid(p)
	if err != nil {
		fmt.Println(err)
		return
	}
	steps, err := logic.Path(context.Background(), g, logic.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, st := range steps {
		if len(st.Units) > 0 && st.Units[0].Kind == sudoku.Diagonal {
			fmt.Println(st)
			break
		}
	}
	fmt.Println(logic.RatePath(steps))
	// Output:
	// Hidden Single (1.5): In main diagonal, 7 fits only r4c4, so r4c4 = 7
	// ED=2.6/1.2/1.2
}
