package web

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/gosudoku/sudoku/generate"
	"github.com/gosudoku/sudoku/logic"
)

// TestStock checks the shelves with a quick maker: an empty shelf answers
// nothing and starts the filling, which stops at stockSize per kind asked
// for; a puzzle taken is replaced; a failure ends the filling until the
// next take.
func TestStock(t *testing.T) {
	var mu sync.Mutex
	made, fail := 0, false
	st := &stock{
		make: func(ctx context.Context, opt generate.Options) (generateResponse, error) {
			mu.Lock()
			defer mu.Unlock()
			if fail {
				return generateResponse{}, errors.New("no")
			}
			made++
			return generateResponse{Order: opt.Order, Seed: opt.Seed}, nil
		},
		limit: func() (context.Context, context.CancelFunc) {
			return context.WithTimeout(context.Background(), time.Minute)
		},
	}
	wait := func() {
		st.mu.Lock()
		done := st.done
		st.mu.Unlock()
		<-done
	}
	expert, extreme := stockKey{4, logic.Expert}, stockKey{4, logic.Extreme}
	if !expert.stocked() || !extreme.stocked() || (stockKey{4, logic.Hard}).stocked() || (stockKey{3, logic.Extreme}).stocked() {
		t.Fatal("stocked kinds: want 16x16 expert and extreme only")
	}
	if _, ok := st.take(expert); ok {
		t.Fatal("a puzzle from an empty stock")
	}
	wait()
	if made != stockSize || len(st.shelves) != 1 || len(st.shelves[expert]) != stockSize {
		t.Fatalf("made %d, shelves %v: want %d of one kind", made, st.shelves, stockSize)
	}
	p, ok := st.take(expert)
	if !ok || !p.Stock || p.Order != 4 {
		t.Fatalf("take: %+v %v", p, ok)
	}
	wait()
	if made != stockSize+1 || len(st.shelves[expert]) != stockSize {
		t.Fatalf("made %d, shelf %d after a take: want %d, %d", made, len(st.shelves[expert]), stockSize+1, stockSize)
	}
	mu.Lock()
	fail = true
	mu.Unlock()
	if _, ok := st.take(extreme); ok {
		t.Fatal("an extreme puzzle from an empty shelf")
	}
	wait()
	if st.filling || len(st.shelves[extreme]) != 0 {
		t.Fatalf("after a failure: filling %v, shelf %d", st.filling, len(st.shelves[extreme]))
	}
	mu.Lock()
	fail = false
	mu.Unlock()
	st.take(expert)
	wait()
	if len(st.shelves[extreme]) != stockSize || len(st.shelves[expert]) != stockSize {
		t.Fatalf("the next take refills every shelf: %d %d", len(st.shelves[expert]), len(st.shelves[extreme]))
	}
}

// TestStockExpert16 takes a 16x16 expert puzzle from /api/generate's
// stock: the server's own maker fills it, and the puzzle is the one
// generate.ForOrder makes from its seed.
func TestStockExpert16(t *testing.T) {
	if testing.Short() {
		t.Skip("three 16x16 expert puzzles, about 1 s of CPU")
	}
	s := &server{opt: testOptions().withDefaults()}
	st := &stock{make: s.makePuzzle, limit: func() (context.Context, context.CancelFunc) {
		return context.WithTimeout(context.Background(), s.opt.GenerateTimeout)
	}}
	defer func() { <-st.done }()
	kind := stockKey{4, logic.Expert}
	st.take(kind)
	<-st.done
	p, ok := st.take(kind)
	if !ok || !p.Stock || p.Level != "expert" || p.Order != 4 {
		t.Fatalf("from the stock: %+v, %v", p, ok)
	}
	gen, err := generate.New(generate.Options{Order: 4, Difficulty: generate.ForOrder(4, logic.Expert), Seed: p.Seed})
	if err != nil {
		t.Fatal(err)
	}
	q, err := gen.Puzzle(context.Background(), 0)
	if err != nil {
		t.Fatal(err)
	}
	if q.Grid.String() != p.Puzzle || q.Solution.String() != p.Solution {
		t.Errorf("seed %d: the stock has %s, the generator makes %s", p.Seed, p.Puzzle, q.Grid)
	}
}
