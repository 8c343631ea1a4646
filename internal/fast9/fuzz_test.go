package fast9

import (
	"context"
	"strings"
	"testing"

	"github.com/gosudoku/sudoku/internal/engine"
)

// FuzzSolve solves grids made from arbitrary bytes (a byte below 32 is the
// given byte%9+1, else a blank, so about one cell in eight is a given) and
// checks the answer against the general engine: the same count up to 2,
// and a valid first solution that keeps the givens.
func FuzzSolve(f *testing.F) {
	for _, s := range []string{
		"98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6",
		"..67...1............9.38.4.....1..36.4....5..8...49...9.....7....7....625....1...",
		"11" + strings.Repeat(".", 79),
		strings.Repeat(".", 81),
	} {
		b := []byte(s)
		for i, c := range b {
			switch {
			case c >= '1' && c <= '9':
				b[i] = c - '1'
			default:
				b[i] = 255
			}
		}
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		if len(in) < 81 {
			return
		}
		var p, sol [81]uint8
		for i := range p {
			if v := in[i]; v < 32 {
				p[i] = v%9 + 1
			}
		}
		n, _, err := Solve(context.Background(), &p, &sol, Options{Limit: 2, MaxGuesses: 1 << 20})
		if err != nil {
			return // a search too long to compare
		}
		if n > 0 {
			checkSolution(t, &p, &sol)
		}
		want := 0
		if clash(&p) == "" {
			esol := make([]uint8, 81)
			want, _, err = engine.Solve(context.Background(), 3, p[:], esol, engine.Options{Limit: 2, MaxGuesses: 1 << 22})
			if err != nil {
				return // the general engine gave up: nothing to compare
			}
		}
		if n != want {
			t.Fatalf("%s: %d solutions, engine finds %d", format(&p), n, want)
		}
	})
}
