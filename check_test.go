package sudoku

import (
	"errors"
	"strings"
	"testing"
)

// puzzle81 returns an otherwise empty 9x9 puzzle with the given symbols at
// the given 1-based places ("r3c4" style keys).
func puzzle81(places map[[2]int]byte) string {
	b := []byte(strings.Repeat(".", 81))
	for rc, ch := range places {
		b[(rc[0]-1)*9+rc[1]-1] = ch
	}
	return string(b)
}

func TestCheckNamesThePlace(t *testing.T) {
	solved := "145327698839654127672918543496185372218473956753296481367542819984761235521839764"
	tests := []struct {
		name   string
		puzzle string
		want   string // first conflict; "" for none
		count  int    // number of conflicts
	}{
		{"valid solution", solved, "", 0},
		{"valid partial", "." + solved[1:], "", 0},
		{"row", puzzle81(map[[2]int]byte{{3, 4}: '6', {3, 7}: '6'}), "row 3, columns 4 and 7 both hold 6", 1},
		{"column", puzzle81(map[[2]int]byte{{3, 4}: '6', {8, 4}: '6'}), "column 4, rows 3 and 8 both hold 6", 1},
		{"box", puzzle81(map[[2]int]byte{{4, 4}: '9', {5, 5}: '9'}), "box 5, r4c4 and r5c5 both hold 9", 1},
		{"row and box", puzzle81(map[[2]int]byte{{1, 1}: '1', {1, 2}: '1'}), "row 1, columns 1 and 2 both hold 1", 2},
		{"three in a column", puzzle81(map[[2]int]byte{{1, 9}: '2', {5, 9}: '2', {9, 9}: '2'}), "column 9, rows 1 and 5 both hold 2", 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, err := Parse(tt.puzzle)
			if err != nil {
				t.Fatal(err)
			}
			err = g.Check()
			if tt.want == "" {
				if err != nil {
					t.Fatalf("Check() = %v, want nil", err)
				}
				return
			}
			var ce *ConflictError
			if !errors.As(err, &ce) {
				t.Fatalf("Check() = %v, want a *ConflictError", err)
			}
			if got := ce.Conflicts[0].Error(); got != tt.want {
				t.Errorf("first conflict %q, want %q", got, tt.want)
			}
			if len(ce.Conflicts) != tt.count {
				t.Errorf("%d conflicts, want %d: %v", len(ce.Conflicts), tt.count, ce)
			}
		})
	}
}

func TestConflictErrorCountsTheRest(t *testing.T) {
	g, err := Parse("11.." + strings.Repeat(".", 12))
	if err != nil {
		t.Fatal(err)
	}
	err = g.Check()
	// 1 and 1 clash in row 1 and in box 1.
	if got, want := err.Error(), "row 1, columns 1 and 2 both hold 1 (and 1 more conflicts)"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestCheckSolved(t *testing.T) {
	solved := "145327698839654127672918543496185372218473956753296481367542819984761235521839764"
	tests := []struct {
		name    string
		grid    string
		wantErr string
	}{
		{"valid", solved, ""},
		{"blank", "." + solved[1:], "r1c1 is blank: grid is not complete"},
		{"swapped", solved[1:2] + solved[0:1] + solved[2:], "column 1, rows 1 and 4 both hold 4"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, err := Parse(tt.grid)
			if err != nil {
				t.Fatal(err)
			}
			err = g.CheckSolved()
			got := ""
			if err != nil {
				got = err.Error()
			}
			if !strings.HasPrefix(got, tt.wantErr) || (tt.wantErr == "") != (got == "") {
				t.Errorf("CheckSolved() = %q, want prefix %q", got, tt.wantErr)
			}
		})
	}
}

// TestCheckNeverUsesSums: a grid whose every unit sums to 45 but repeats
// symbols must be rejected.
func TestCheckNeverUsesSums(t *testing.T) {
	// Every row is 1..9 shifted, so rows sum to 45, but columns repeat.
	var b strings.Builder
	for r := 0; r < 9; r++ {
		b.WriteString("123456789")
	}
	g, err := Parse(b.String())
	if err != nil {
		t.Fatal(err)
	}
	if g.CheckSolved() == nil {
		t.Fatal("a grid of nine equal rows passed CheckSolved")
	}
	// Every row, column and box sums to 45 without being a permutation:
	// 5 in every cell.
	g, _ = Parse(strings.Repeat("5", 81))
	if g.CheckSolved() == nil {
		t.Fatal("a grid of fives passed CheckSolved")
	}
}
