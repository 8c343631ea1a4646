package sudoku

import (
	"bufio"
	"context"
	"os"
	"strings"
	"testing"
)

// TestSeedPuzzles solves the seed write-ups' puzzles to their known solutions.
func TestSeedPuzzles(t *testing.T) {
	f, err := os.Open("testdata/seed_puzzles.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) != 3 || strings.HasPrefix(fields[0], "#") {
			continue
		}
		name, puzzle, want := fields[0], fields[1], fields[2]
		t.Run(name, func(t *testing.T) {
			g, err := Parse(puzzle)
			if err != nil {
				t.Fatal(err)
			}
			res, err := Count(context.Background(), g, 2, Options{})
			if err != nil {
				t.Fatal(err)
			}
			if res.Status() != Unique {
				t.Fatalf("status %v, want unique", res.Status())
			}
			if got := res.Solution.String(); got != strings.ReplaceAll(want, "0", ".") {
				t.Errorf("solution\n%s, want\n%s", got, want)
			}
		})
		n++
	}
	if n != 10 {
		t.Fatalf("read %d seed puzzles, want 10", n)
	}
}
