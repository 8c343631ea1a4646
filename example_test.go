package sudoku_test

import (
	"context"
	"errors"
	"fmt"

	"github.com/gosudoku/sudoku"
)

func ExampleSolve() {
	g, err := sudoku.Parse("..9748...7.........2.1.9.....7...24..64.1.59..98...3.....8.3.2.........6...2759..")
	if err != nil {
		fmt.Println(err)
		return
	}
	res, err := sudoku.Solve(context.Background(), g, sudoku.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.Status())
	fmt.Println(res.Solution)
	// Output:
	// solved
	// 519748632783652419426139875357986241264317598198524367975863124832491756641275983
}

func ExampleCount() {
	// The 1s and 2s in rows 1 and 3 can swap: two solutions.
	g, _ := sudoku.Parse("..34" + "3412" + "..43" + "4321")
	res, _ := sudoku.Count(context.Background(), g, 2, sudoku.Options{})
	fmt.Println(res.Count, res.Status())
	// Output: 2 more than one solution
}

func ExampleCount_limit() {
	// An empty 9x9 grid has billions of solutions; a limit stops the count.
	g, _ := sudoku.New(3)
	res, _ := sudoku.Count(context.Background(), g, 1000, sudoku.Options{})
	fmt.Println(res.Count)
	// Output: 1000
}

func ExampleOptions_countOnly() {
	// A generator's check: with 5 excluded from r1c1 (cell 0), is there
	// another solution? Only the count matters, so no solution is copied.
	g, _ := sudoku.Parse("..9748...7.........2.1.9.....7...24..64.1.59..98...3.....8.3.2.........6...2759..")
	opt := sudoku.Options{CountOnly: true, Exclude: []sudoku.Candidate{{Cell: 0, Value: 5}}}
	res, _ := sudoku.Count(context.Background(), g, 1, opt)
	fmt.Println(res.Count, res.Solution == nil)
	// Output: 0 true
}

func ExampleGrid_Check() {
	g, _ := sudoku.Parse("1..1" + "...." + "...." + "....")
	fmt.Println(g.Check())
	// Output: row 1, columns 1 and 4 both hold 1
}

func ExampleGrid_CheckSolved() {
	g, _ := sudoku.Parse("1234" + "3412" + "2143" + "4321")
	fmt.Println(g.CheckSolved())
	g.Set(3, 3, 0)
	fmt.Println(g.CheckSolved())
	// Output:
	// <nil>
	// r4c4 is blank: grid is not complete
}

func ExampleOptions_maxGuesses() {
	// A limit on guesses turns a long search into a clear error.
	g, _ := sudoku.New(8) // an empty 64x64 grid
	_, err := sudoku.Count(context.Background(), g, 2, sudoku.Options{MaxGuesses: 10})
	fmt.Println(errors.Is(err, sudoku.ErrLimit))
	// Output: true
}

func ExampleCheckPlaced() {
	g := sudoku.MustParse("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
	g.Place(2, 4) // r1c3: right
	g.Place(3, 2) // r1c4: the solution has 6
	fmt.Println(g.Given(0), g.Placed(2), g.HasPlaced())
	fmt.Println(sudoku.CheckPlaced(context.Background(), g, sudoku.Options{}))
	// Output:
	// true true true
	// r1c4 = 2 was placed, the solution has 6
}
