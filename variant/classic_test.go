package variant

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/gosudoku/sudoku"
)

// TestClassicPath proves that a puzzle with no rules and square boxes is
// counted by sudoku.Count: same count, solution and guesses, where this
// package's engine guesses differently.
func TestClassicPath(t *testing.T) {
	puzzles := []string{
		"..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..",
		"8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
		".......1.4.........2...........5.4.7..8...3....1.9....3..4..2...5.1........8.6...",
		"1...5...9" + strings.Repeat(".", 72),
	}
	ctx := context.Background()
	differs := false
	for _, s := range puzzles {
		p := New(9)
		p.Givens = parseGivens(t, s)
		got, err := Count(ctx, p, 2, Options{})
		if err != nil {
			t.Fatal(err)
		}
		want, err := sudoku.Count(ctx, sudoku.MustParse(s), 2, sudoku.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if got.Count != want.Count || got.Guesses != want.Guesses || !slices.Equal(got.Solution, want.Solution.Values()) {
			t.Errorf("%s: variant.Count = %d solutions, %d guesses; sudoku.Count = %d, %d", s, got.Count, got.Guesses, want.Count, want.Guesses)
		}
		own, err := newSearch(compile(p), p.Givens, 2, Options{}).run(ctx)
		if err != nil || own.Count != want.Count {
			t.Errorf("%s: own engine counts %d (%v), want %d", s, own.Count, err, want.Count)
		}
		differs = differs || own.Guesses != want.Guesses
	}
	if !differs {
		t.Error("the engines guess alike on every puzzle: the test cannot tell the paths apart")
	}
	// 4x4 and 16x16 too; 6x6 (rectangular boxes) is not classic.
	if classic(New(4)) == nil || classic(New(16)) == nil || classic(New(6)) != nil {
		t.Error("classic() misjudges 4x4, 16x16 or 6x6")
	}
	p := New(9)
	p.Rules = []Rule{Diagonal{}}
	if classic(p) != nil {
		t.Error("a puzzle with a rule took the classic path")
	}
}
