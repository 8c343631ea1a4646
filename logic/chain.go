package logic

import "github.com/gosudoku/sudoku"

// Chain is the reasoning of a forcing chain or loop, link by link, to
// build its text in any language from (Step.Text is the English one).
// At 16x16 and other orders, a basic rule behind a link is given by its
// technique, name and unit only.
type Chain struct {
	// Kind is "loop" (around a cycle: Branches[0] from a link back to
	// it), "contradiction" (an assumption leads to a candidate both on
	// and off: two branches from it end there; one branch ends on the
	// assumption's opposite), "double" (a candidate on and off both lead
	// to the conclusion), "cell" (each candidate of Cell does) or
	// "region" (each place of Value in Unit does).
	Kind  string
	Cell  int
	Unit  sudoku.Unit
	Value int
	// Branches are the chains of the reasoning, each from its
	// assumption (its first link).
	Branches [][]Link
}

// Link is one statement of a chain: Cell holds Value (On) or not. By is
// set where no plain single gives it: the step (a basic rule's or a
// nested chain's) that gives it from what the chain removed before; Again
// says the chain used that step before.
type Link struct {
	Cell, Value int
	On          bool
	By          *Step
	Again       bool
}

// chainOf returns a chain of the given paths of nodes, its kind unset.
func chainOf(paths [][]int16) *Chain {
	ch := &Chain{Branches: make([][]Link, len(paths))}
	for k, path := range paths {
		ch.Branches[k] = make([]Link, len(path))
		for j, n := range path {
			p := int(n >> 1)
			ch.Branches[k][j] = Link{Cell: p / 9, Value: p%9 + 1, On: n&1 == 1}
		}
	}
	return ch
}
