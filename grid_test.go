package sudoku

import (
	"errors"
	"fmt"
	"testing"
)

func TestNewOrders(t *testing.T) {
	for order := MinOrder - 1; order <= MaxOrder+1; order++ {
		g, err := New(order)
		valid := order >= MinOrder && order <= MaxOrder
		if (err == nil) != valid {
			t.Fatalf("New(%d) error %v, want valid=%v", order, err, valid)
		}
		if !valid {
			continue
		}
		side := order * order
		if g.Side() != side || g.NumCells() != side*side || g.Givens() != 0 {
			t.Errorf("New(%d): side %d cells %d givens %d", order, g.Side(), g.NumCells(), g.Givens())
		}
		if OrderForSide(side) != order || OrderForCells(side*side) != order {
			t.Errorf("OrderForSide/OrderForCells disagree for order %d", order)
		}
	}
}

func TestSetRejectsOutOfRange(t *testing.T) {
	g, _ := New(3)
	tests := []struct {
		r, c, v int
		want    string
	}{
		{4, 1, 10, "r5c2 holds 10: out of range 1-9"},
		{0, 0, -1, "r1c1 holds -1: out of range 1-9"},
		{9, 0, 1, "sudoku: r10c1 is outside the 9x9 grid"},
	}
	for _, tt := range tests {
		err := g.Set(tt.r, tt.c, tt.v)
		if err == nil || err.Error() != tt.want {
			t.Errorf("Set(%d,%d,%d) = %v, want %q", tt.r, tt.c, tt.v, err, tt.want)
		}
	}
	var re *RangeError
	if !errors.As(g.Set(0, 0, 10), &re) || re.Value != 10 {
		t.Errorf("out-of-range Set does not return a *RangeError")
	}
	if err := g.Set(8, 8, 9); err != nil || g.At(8, 8) != 9 || g.Cell(80) != 9 {
		t.Errorf("Set(8,8,9) = %v, At = %d", err, g.At(8, 8))
	}
}

func TestSymbolsRoundTrip(t *testing.T) {
	if len(Symbols) != 64 {
		t.Fatalf("%d symbols, want 64", len(Symbols))
	}
	for v := 1; v <= 64; v++ {
		got, ok := SymbolValue(SymbolByte(v))
		if !ok || got != v {
			t.Errorf("value %d -> %q -> %d, %v", v, SymbolByte(v), got, ok)
		}
	}
	for _, ch := range []byte{'.', '0'} {
		if v, ok := SymbolValue(ch); !ok || v != 0 {
			t.Errorf("%q is not a blank", ch)
		}
	}
	if _, ok := SymbolValue('!'); ok {
		t.Error("'!' read as a symbol")
	}
}

func TestCloneIsIndependent(t *testing.T) {
	g, _ := New(2)
	h := g.Clone()
	h.Set(0, 0, 1)
	if g.At(0, 0) != 0 || g.Equal(h) {
		t.Error("Clone shares cells with the original")
	}
}

func TestCheckOrder(t *testing.T) {
	for order := -1; order <= 10; order++ {
		err := CheckOrder(order)
		if (err == nil) != (order >= 2 && order <= 8) {
			t.Errorf("CheckOrder(%d) = %v", order, err)
		}
		if want := fmt.Sprintf("order %d out of range 2-8", order); err != nil && err.Error() != want {
			t.Errorf("CheckOrder(%d) = %q, want %q", order, err, want)
		}
		if _, nerr := New(order); (nerr == nil) != (err == nil) || nerr != nil && nerr.Error() != "sudoku: "+err.Error() {
			t.Errorf("New(%d): %v, CheckOrder: %v", order, nerr, err)
		}
	}
}
