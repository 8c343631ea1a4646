package variant_test

import (
	"bufio"
	"context"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/gosudoku/sudoku"
	"github.com/gosudoku/sudoku/internal/peer"
	"github.com/gosudoku/sudoku/variant"
)

// hardKillers returns the first n of the peer's 42 hard killers
// (testdata/peer/killers.txt).
func hardKillers(t *testing.T, n int) []*variant.Puzzle {
	t.Helper()
	f, err := os.Open("../testdata/peer/killers.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []*variant.Puzzle
	sc := bufio.NewScanner(f)
	for sc.Scan() && len(out) < n {
		if strings.HasPrefix(sc.Text(), "#") {
			continue
		}
		p, err := peer.ParseKiller(sc.Text())
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, p)
	}
	return out
}

// TestHardKillersStrong: hard killers, which take a count past its first
// guesses into the stronger sums, are counted unique and solved right;
// with a cage dropped (many solutions) the count to 40 agrees with the
// generators' engine; and a node limit stops the restarted count with
// ErrLimit, its guesses counted from the start.
func TestHardKillersStrong(t *testing.T) {
	ctx := context.Background()
	for i, p := range hardKillers(t, 6) {
		r, err := variant.Count(ctx, p, 2, variant.Options{})
		if err != nil || r.Count != 1 {
			t.Fatalf("killer %d: count %d, %v", i, r.Count, err)
		}
		if err := p.Check(r.Solution); err != nil {
			t.Fatalf("killer %d: %v", i, err)
		}
		if r.Guesses <= 30 {
			t.Logf("killer %d: %d guesses, the stronger sums not used", i, r.Guesses)
		}
		q := p.Clone()
		q.Rules = append(q.Rules[:i], q.Rules[i+1:]...)
		got, err := variant.Count(ctx, q, 40, variant.Options{CountOnly: true})
		if err != nil {
			t.Fatal(err)
		}
		want, err := variant.CountWeak(ctx, q, 40)
		if err != nil {
			t.Fatal(err)
		}
		if got.Count != want.Count {
			t.Errorf("killer %d less cage %d: %d solutions, the generators' engine %d", i, i, got.Count, want.Count)
		}
		for _, max := range []int64{31, 35} {
			lim, err := variant.Count(ctx, p, 2, variant.Options{MaxNodes: max})
			if !errors.Is(err, sudoku.ErrLimit) || lim.Guesses > max+1 {
				t.Errorf("killer %d with %d nodes: %d guesses, %v", i, max, lim.Guesses, err)
			}
		}
	}
}
