package sudoku

import (
	"encoding/json"
	"testing"
)

func TestUnit(t *testing.T) {
	for _, tc := range []struct {
		u    int // unit number, rows then columns then boxes
		side int
		want Unit
		name string
	}{
		{0, 9, Unit{Row, 0}, "row 1"},
		{8, 9, Unit{Row, 8}, "row 9"},
		{9, 9, Unit{Column, 0}, "column 1"},
		{12, 9, Unit{Column, 3}, "column 4"},
		{22, 9, Unit{Box, 4}, "box 5"},
		{26, 9, Unit{Box, 8}, "box 9"},
		{3, 4, Unit{Row, 3}, "row 4"},
		{4, 4, Unit{Column, 0}, "column 1"},
		{11, 4, Unit{Box, 3}, "box 4"},
		{191, 64, Unit{Box, 63}, "box 64"},
		{100, 64, Unit{Column, 36}, "column 37"},
	} {
		got := UnitAt(tc.u, tc.side)
		if got != tc.want {
			t.Errorf("UnitAt(%d, %d) = %+v, want %+v", tc.u, tc.side, got, tc.want)
		}
		if s := got.String(); s != tc.name {
			t.Errorf("%+v.String() = %q, want %q", got, s, tc.name)
		}
		text, err := got.MarshalText()
		if err != nil || string(text) != tc.name {
			t.Errorf("%+v.MarshalText() = %q, %v", got, text, err)
		}
		var back Unit
		if err := back.UnmarshalText(text); err != nil || back != got {
			t.Errorf("UnmarshalText(%q) = %+v, %v; want %+v", text, back, err, got)
		}
	}
	if s := UnitKind(8).String(); s != "UnitKind(8)" {
		t.Errorf("UnitKind(8).String() = %q", s)
	}
	// The houses of variant puzzles.
	for _, tc := range []struct {
		u    Unit
		name string
	}{
		{Unit{Region, 3}, "region 4"},
		{Unit{Diagonal, 0}, "main diagonal"},
		{Unit{Diagonal, 1}, "anti-diagonal"},
		{Unit{Window, 1}, "window 2"},
		{Unit{Disjoint, 2}, "disjoint group 3"},
		{Unit{Extra, 0}, "extra region 1"},
	} {
		text, err := tc.u.MarshalText()
		if err != nil || string(text) != tc.name {
			t.Errorf("%+v.MarshalText() = %q, %v; want %q", tc.u, text, err, tc.name)
		}
		var back Unit
		if err := back.UnmarshalText(text); err != nil || back != tc.u {
			t.Errorf("UnmarshalText(%q) = %+v, %v; want %+v", text, back, err, tc.u)
		}
	}
	if s := UnitKind(-1).String(); s != "UnitKind(-1)" {
		t.Errorf("UnitKind(-1).String() = %q", s)
	}
}

func TestUnitTextErrors(t *testing.T) {
	for _, text := range []string{"", "row", "row 0", "row -1", "row 65", "box five", "Box 5", "band 1", "row  3", "row 3 ", "row3", "diagonal 1", "disjoint 2", "extra 1", "disjoint group x"} {
		var u Unit
		if err := u.UnmarshalText([]byte(text)); err == nil {
			t.Errorf("UnmarshalText(%q) = %+v, want an error", text, u)
		}
	}
	for _, u := range []Unit{{Kind: 8}, {Kind: -1}, {Kind: Row, Index: -1}, {Kind: Diagonal, Index: 2}} {
		if _, err := u.MarshalText(); err == nil {
			t.Errorf("%+v.MarshalText(): no error", u)
		}
	}
}

func TestUnitJSON(t *testing.T) {
	in := struct {
		Where []Unit `json:"where"`
	}{[]Unit{{Row, 2}, {Box, 4}}}
	b, err := json.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := string(b), `{"where":["row 3","box 5"]}`; got != want {
		t.Errorf("json = %s, want %s", got, want)
	}
	out := in
	out.Where = nil
	if err := json.Unmarshal(b, &out); err != nil || len(out.Where) != 2 || out.Where[0] != in.Where[0] || out.Where[1] != in.Where[1] {
		t.Errorf("json round trip: %+v, %v", out, err)
	}
}

func TestCellAndCandidateNames(t *testing.T) {
	for _, tc := range []struct {
		cell, value, side    int
		name, place, elimina string
	}{
		{0, 1, 9, "r1c1", "r1c1=1", "r1c1<>1"},
		{39, 7, 9, "r5c4", "r5c4=7", "r5c4<>7"},
		{80, 9, 9, "r9c9", "r9c9=9", "r9c9<>9"},
		{1, 16, 16, "r1c2", "r1c2=G", "r1c2<>G"},
		{255, 10, 16, "r16c16", "r16c16=A", "r16c16<>A"},
		{5, 3, 4, "r2c2", "r2c2=3", "r2c2<>3"},
		{4095, 64, 64, "r64c64", "r64c64=$", "r64c64<>$"},
	} {
		if got := CellName(tc.cell, tc.side); got != tc.name {
			t.Errorf("CellName(%d, %d) = %q, want %q", tc.cell, tc.side, got, tc.name)
		}
		c := Candidate{Cell: tc.cell, Value: tc.value}
		if got := c.Placement(tc.side); got != tc.place {
			t.Errorf("%+v.Placement(%d) = %q, want %q", c, tc.side, got, tc.place)
		}
		if got := c.Elimination(tc.side); got != tc.elimina {
			t.Errorf("%+v.Elimination(%d) = %q, want %q", c, tc.side, got, tc.elimina)
		}
	}
}

func TestConflictInUnit(t *testing.T) {
	g, err := Parse("55" + "...............................................................................")
	if err != nil {
		t.Fatal(err)
	}
	cs := g.Conflicts()
	if len(cs) != 2 {
		t.Fatalf("Conflicts = %v, want a row and a box", cs)
	}
	for k, want := range []Unit{{Row, 0}, {Box, 0}} {
		if got := cs[k].InUnit(); got != want {
			t.Errorf("conflict %d in %v, want %v", k, got, want)
		}
	}
}
