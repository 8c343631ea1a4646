package logic_test

import (
	"context"
	"fmt"

	"github.com/gosudoku/sudoku"
	"github.com/gosudoku/sudoku/logic"
)

func ExampleRate() {
	p := sudoku.MustParse("020900000048000031000063020009407003003080200400105600030570000250000180000006050")
	r, err := logic.Rate(context.Background(), p, logic.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(r, r.Level)
	// Output: ED=2.3/1.2/1.2 medium
}

func ExampleNext() {
	p := sudoku.MustParse("020900000048000031000063020009407003003080200400105600030570000250000180000006050")
	g, _ := logic.NewGrid(p)
	st, err := logic.Next(context.Background(), g, logic.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(st.Vague())
	fmt.Println(st)
	// Output:
	// Look for a Hidden Single in box 1
	// Hidden Single (1.2): In box 1, 3 fits only r1c1, so r1c1 = 3
}

func ExamplePath() {
	p := sudoku.MustParse("020900000048000031000063020009407003003080200400105600030570000250000180000006050")
	g, _ := logic.NewGrid(p)
	steps, err := logic.Path(context.Background(), g, logic.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(len(steps), "steps; the last:", steps[len(steps)-1])
	fmt.Println(g.Solved())
	// Output:
	// 52 steps; the last: Full House (1.0): r3c7 is the last blank cell of box 3, so r3c7 = 5
	// true
}

func ExampleRuleOrder() {
	// The first techniques a 9x9 path tries, and where the first one
	// outside Sudoku Explainer's set comes.
	ts := logic.RuleOrder(3)
	fmt.Println(ts[:5])
	fmt.Println(ts[13])
	// Output:
	// [Full House Hidden Single Direct Pointing Direct Hidden Pair Naked Single]
	// Finned Fish
}
