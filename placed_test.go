package sudoku

import (
	"context"
	"errors"
	"testing"
)

// p9 is a 9x9 puzzle with one solution, p9sol.
const (
	p9    = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	p9sol = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
)

func TestPlacedAPI(t *testing.T) {
	g := MustParse(p9)
	if g.HasPlaced() {
		t.Fatal("a parsed line has placed values")
	}
	if !g.Given(0) || g.Placed(0) || g.Given(2) || g.Placed(2) {
		t.Errorf("r1c1 (5): given %v placed %v; r1c3 (blank): given %v placed %v", g.Given(0), g.Placed(0), g.Given(2), g.Placed(2))
	}
	h := g.Clone()
	if err := h.Place(2, 4); err != nil {
		t.Fatal(err)
	}
	if !h.Placed(2) || h.Given(2) || h.Cell(2) != 4 || !h.HasPlaced() || g.HasPlaced() {
		t.Errorf("after Place(2, 4): placed %v given %v value %d; the original has placed values: %v", h.Placed(2), h.Given(2), h.Cell(2), g.HasPlaced())
	}
	if h.Givens() != g.Givens()+1 {
		t.Errorf("Givens = %d, want %d (placed values count as filled cells)", h.Givens(), g.Givens()+1)
	}
	given := g.Clone()
	given.SetCell(2, 4)
	if given.Equal(h) || h.Equal(given) {
		t.Error("a placed value equals the same given")
	}
	c := h.Clone()
	if !c.Equal(h) || !c.Placed(2) {
		t.Error("Clone loses the placed values")
	}
	c.SetCell(2, 4) // a given again
	if c.Placed(2) || !h.Placed(2) {
		t.Error("SetCell keeps the placed flag, or the clone shares it")
	}
	if !c.Equal(given) {
		t.Error("a grid whose placed value became a given is not equal to one that never had it")
	}
	c.Place(2, 0)
	if c.HasPlaced() || c.Cell(2) != 0 || !c.Equal(g) {
		t.Error("Place(i, 0) does not blank the cell")
	}
	if err := h.Place(81, 1); err == nil {
		t.Error("Place outside the grid")
	}
	if err := h.Place(3, 10); err == nil || err.Error() != "r1c4 holds 10: out of range 1-9" {
		t.Errorf("Place(3, 10) = %v", err)
	}
	h.SetMarks(3, 0b110)
	p := h.GivensOnly()
	if p.HasPlaced() || p.Cell(2) != 0 || p.Marks(2) != allMarks(9) || p.Marks(3) != 0b110 || !h.Placed(2) {
		t.Errorf("GivensOnly: placed %v, r1c3 %d marks %b, r1c4 marks %b", p.HasPlaced(), p.Cell(2), p.Marks(2), p.Marks(3))
	}
}

func TestCheckPlaced(t *testing.T) {
	ctx := context.Background()
	g := MustParse(p9)
	if err := CheckPlaced(ctx, g, Options{}); err != nil {
		t.Errorf("no placed values: %v", err)
	}
	g.Place(2, 4) // r1c3 = 4, right
	if err := CheckPlaced(ctx, g, Options{}); err != nil {
		t.Errorf("a right placed value: %v", err)
	}
	g.Place(33, 9) // r4c7 = 9, the solution has 4
	err := CheckPlaced(ctx, g, Options{})
	var pe *PlacedError
	if !errors.As(err, &pe) || pe.Cell != 33 || pe.Value != 9 || pe.Want != 4 {
		t.Fatalf("a wrong placed value: %v", err)
	}
	if want := "r4c7 = 9 was placed, the solution has 4"; err.Error() != want {
		t.Errorf("message %q, want %q", err, want)
	}
	// The count with the wrong value finds no solution: solving keeps it.
	if res, err := Count(ctx, g, 2, Options{}); err != nil || res.Count != 0 {
		t.Errorf("count with a wrong placed value: %d, %v", res.Count, err)
	}
	// Givens with several solutions decide nothing.
	many := MustParse("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5.........")
	many.Place(80, 1)
	if err := CheckPlaced(ctx, many, Options{}); err != nil {
		t.Errorf("several solutions: %v", err)
	}
}
