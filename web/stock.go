package web

import (
	"context"
	"sync"

	"github.com/gosudoku/sudoku/generate"
	"github.com/gosudoku/sudoku/logic"
)

// The stock: ready puzzles of the kinds /api/generate takes seconds to
// make (16x16 expert and extreme: 0.3 to 6 s of CPU, several times that
// on a busy machine). A request without a seed takes one at once; one
// goroutine makes the replacements in the background, outside the
// request lanes, so the next request finds one too. It is bounded:
// stockSize puzzles per kind (a few KB each), only of the kinds asked for
// since the server started, and the goroutine ends once every shelf is
// full, so an idle server does no work; a failure ends it too, until the
// next request. A fresh server, or a burst that empties a shelf, makes
// the puzzle within the request (the page says it is making it). A
// request with a seed, or a symmetry, always makes its own puzzle. Each
// puzzle of the stock was made from a random seed, which the answer
// reports: `sudoku generate -order 4 -level expert -seed N` makes it
// again.

// stockSize is the number of puzzles kept per kind.
const stockSize = 2

// stockKey is a kind of puzzle: an order and a level.
type stockKey struct {
	order int
	level logic.Level
}

// stocked reports whether the stock keeps puzzles of kind k.
func (k stockKey) stocked() bool { return k.order == 4 && k.level >= logic.Expert }

// stock holds the shelves, and makes their puzzles with make.
type stock struct {
	make func(ctx context.Context, opt generate.Options) (generateResponse, error)
	// limit bounds the making of one puzzle.
	limit func() (context.Context, context.CancelFunc)

	mu      sync.Mutex
	shelves map[stockKey][]generateResponse // the kinds asked for
	filling bool                            // the goroutine runs
	done    chan struct{}                   // closed when it ends (tests)
}

// take returns a puzzle of kind k if the stock has one, and starts
// refilling.
func (st *stock) take(k stockKey) (generateResponse, bool) {
	st.mu.Lock()
	defer st.mu.Unlock()
	if st.shelves == nil {
		st.shelves = make(map[stockKey][]generateResponse)
	}
	shelf := st.shelves[k]
	var p generateResponse
	ok := len(shelf) > 0
	if ok {
		p = shelf[0]
		shelf = shelf[1:]
	}
	st.shelves[k] = shelf
	if !st.filling {
		st.filling = true
		st.done = make(chan struct{})
		go st.fill(st.done)
	}
	p.Stock = ok
	return p, ok
}

// fill makes puzzles for the emptiest shelf until all are full.
func (st *stock) fill(done chan struct{}) {
	defer close(done)
	for {
		st.mu.Lock()
		k, n := stockKey{}, stockSize
		for kk, shelf := range st.shelves {
			if len(shelf) < n {
				k, n = kk, len(shelf)
			}
		}
		if n == stockSize {
			st.filling = false
			st.mu.Unlock()
			return
		}
		st.mu.Unlock()
		ctx, cancel := st.limit()
		p, err := st.make(ctx, generate.Options{Order: k.order, Difficulty: generate.ForOrder(k.order, k.level), Seed: randomSeed()})
		cancel()
		st.mu.Lock()
		if err != nil {
			st.filling = false
			st.mu.Unlock()
			return
		}
		st.shelves[k] = append(st.shelves[k], p)
		st.mu.Unlock()
	}
}
