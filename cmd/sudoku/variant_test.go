package main

import (
	"context"
	"errors"
	"reflect"
	"testing"

	"github.com/gosudoku/sudoku/variant"
)

// TestSolverPool: the pool's counts (a rule set compiled once for the
// puzzles after it that share it) equal variant.Count's, results and
// errors, over puzzles whose rules change, repeat and break.
func TestSolverPool(t *testing.T) {
	ctx := context.Background()
	var ps []*variant.Puzzle
	for _, fam := range []string{"x", "x", "windoku", "x", "jigsaw", "jigsaw", "killer"} {
		spec, err := variant.ParseSpec(fam, 9)
		if err != nil {
			t.Fatal(err)
		}
		for seed := range uint64(3) {
			g, err := variant.Generate(ctx, spec, seed)
			if err != nil {
				t.Fatal(err)
			}
			ps = append(ps, g.Puzzle)
		}
	}
	// Two solutions: a given taken away; a clash of givens; a given out
	// of range.
	two := ps[0].Clone()
	for i, v := range two.Givens {
		if v != 0 {
			two.Givens[i] = 0
			break
		}
	}
	clash := ps[1].Clone()
	clash.Givens[0], clash.Givens[1] = 5, 5
	bad := ps[2].Clone()
	bad.Givens[3] = 12
	ps = append(ps, two, clash, bad, ps[0])
	var pool solverPool
	for k, p := range ps {
		for _, limit := range []int{1, 2} {
			got, err1 := pool.count(ctx, p, limit, variant.Options{})
			want, err2 := variant.Count(ctx, p, limit, variant.Options{})
			if !reflect.DeepEqual(got, want) || (err1 == nil) != (err2 == nil) || err1 != nil && err1.Error() != err2.Error() {
				t.Fatalf("puzzle %d limit %d: pool %+v, %v; Count %+v, %v", k, limit, got, err1, want, err2)
			}
			var ce *variant.CheckError
			if p == clash && !errors.As(err1, &ce) {
				t.Fatalf("clash: %v", err1)
			}
		}
	}
}
