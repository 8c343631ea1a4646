package engine

import (
	"context"
	"errors"
	"testing"
)

// TestMaxMemory: a search whose stack of states would outgrow
// Options.MaxMemory stops with ErrMemory (an empty 64x64 grid's stack grew
// to 170 MB, one per request of a server), on one goroutine and on two,
// and a bound it stays within changes nothing.
func TestMaxMemory(t *testing.T) {
	cells := make([]uint8, 64*64)
	sol := make([]uint8, len(cells))
	for _, workers := range []int{1, 2} {
		s, err := NewSolver(8)
		if err != nil {
			t.Fatal(err)
		}
		n, _, err := s.Solve(context.Background(), cells, sol, Options{Limit: 1, MaxMemory: 8 << 20, Workers: workers})
		if !errors.Is(err, ErrMemory) {
			t.Errorf("workers %d: empty 64x64 grid within 8 MiB: %d solutions, %v; want ErrMemory", workers, n, err)
		}
		if mem := len(s.main.states) * 8 * s.g.size; mem > 8<<20 {
			t.Errorf("workers %d: the stack holds %d bytes", workers, mem)
		}
	}
	// A 16x16 grid goes at most 256 deep: 2 MiB of states.
	s, err := NewSolver(4)
	if err != nil {
		t.Fatal(err)
	}
	n, _, err := s.Solve(context.Background(), make([]uint8, 256), make([]uint8, 256), Options{Limit: 2, MaxMemory: 2 << 20})
	if n != 2 || err != nil {
		t.Errorf("empty 16x16 grid within 2 MiB: %d solutions, %v; want 2", n, err)
	}
}

// TestTrim: a pooled Solver keeps only a few MB of states after a deep
// search, so the memory of one request goes back to the heap.
func TestTrim(t *testing.T) {
	s, err := NewSolver(8)
	if err != nil {
		t.Fatal(err)
	}
	cells := make([]uint8, 64*64)
	if _, _, err := s.Solve(context.Background(), cells, make([]uint8, len(cells)), Options{Limit: 1}); err != nil {
		t.Fatal(err)
	}
	deep := len(s.main.states)
	s.trim(pooledStates)
	if mem := len(s.main.states) * 8 * s.g.size; mem > pooledStates || deep*8*s.g.size < 64<<20 {
		t.Errorf("%d states (%d bytes) after trimming %d", len(s.main.states), mem, deep)
	}
}
