package engine

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"
)

// TestParallelFollowsSerial: on an empty grid the main worker of a parallel
// search follows the search on one goroutine (it hands over only
// candidates that search never reaches), so it visits no more nodes than
// that search, whichever worker finds the solutions. With weights shared
// between workers this failed: the other worker's contradictions steered
// the main one, and on the empty 49x49 grid 4 runs of 10 took 12,859 to
// 59,000 guesses against 2,004 on one goroutine (the 64x64 grid took over
// 20 s).
func TestParallelFollowsSerial(t *testing.T) {
	ctx := context.Background()
	for _, order := range []int{6, 7} {
		s, err := NewSolver(order)
		if err != nil {
			t.Fatal(err)
		}
		s.startAfter = -1 // both workers from the start
		cells := make([]uint8, order*order*order*order)
		sol := make([]uint8, len(cells))
		for _, limit := range []int{1, 2} {
			_, st, err := s.Solve(ctx, cells, sol, Options{Limit: limit})
			if err != nil {
				t.Fatal(err)
			}
			for run := range 4 {
				n, pst, err := s.Solve(ctx, cells, sol, Options{Limit: limit, Workers: 2})
				if err != nil || n != limit {
					t.Fatalf("order %d, limit %d, run %d: %d solutions, %v", order, limit, run, n, err)
				}
				checkSolution(t, order, cells, sol)
				if s.main.nodes > st.Nodes {
					t.Errorf("order %d, limit %d, run %d: the main worker visited %d nodes (both %d), one goroutine %d",
						order, limit, run, s.main.nodes, pst.Nodes, st.Nodes)
				}
			}
		}
	}
}

// TestParallelStartsLate: a search that hardly backtracks, or only mends
// the last levels of a deep descent, stays on one goroutine (see
// worker.exhausted): on the empty grids 16x16 to 64x64 and the grids with
// exclusions or two givens (the empty 64x64 grid leaves 1,634 branch
// points exhausted, the one with exclusions 5,012, none after a subtree
// of as many nodes as its depth), two workers do exactly the work of one
// and never share the tree.
func TestParallelStartsLate(t *testing.T) {
	ctx := context.Background()
	for _, c := range sparseCases() {
		s, err := NewSolver(c.order)
		if err != nil {
			t.Fatal(err)
		}
		cells := c.puzzles[0]
		o := Options{}
		if c.excl != nil {
			o.Exclude = c.excl[0]
		}
		sol := make([]uint8, len(cells))
		for _, limit := range []int{1, 2} {
			o.Limit, o.Workers = limit, 1
			_, st, err := s.Solve(ctx, cells, sol, o)
			if err != nil {
				t.Fatal(err)
			}
			o.Workers = 2
			n, pst, err := s.Solve(ctx, cells, sol, o)
			if err != nil || n != limit {
				t.Fatalf("%s, limit %d: %d solutions, %v", c.name, limit, n, err)
			}
			checkSolution(t, c.order, cells, sol)
			if pst != st {
				t.Errorf("%s, limit %d: two workers %+v, one %+v", c.name, limit, pst, st)
			}
		}
		if s.sh != nil {
			t.Errorf("%s: the search shared its tree", c.name)
		}
	}
}

// TestParallelStartWork: the main worker shares its tree only once it has
// visited startWork/ncell nodes (256 on 16x16, 104 on 25x25), so that a
// short search does not pay for handoffs that save less than they cost.
// Without that bound 9 of the 10 searches of the 16x16 test puzzles share
// after 88 to 108 nodes; with it 4 stay serial and 5 share after 256 to
// 274 nodes, while the 25x25 puzzle that needs 1,766 nodes shares after
// 121 either way.
func TestParallelStartWork(t *testing.T) {
	ctx := context.Background()
	var stay, later int
	for _, tc := range []struct {
		file  string
		order int
	}{{"order4.txt", 4}, {"order5.txt", 5}} {
		s, err := NewSolver(tc.order)
		if err != nil {
			t.Fatal(err)
		}
		minNodes := int64(startWork / s.g.ncell)
		shared := func(cells, sol []uint8, limit int) (int64, bool) {
			shares := 0
			if s.sh != nil {
				shares = s.sh.shares
			}
			n, _, err := s.Solve(ctx, cells, sol, Options{Limit: limit, Workers: 2})
			if err != nil || n < 1 {
				t.Fatalf("%s: %d solutions, %v", tc.file, n, err)
			}
			checkSolution(t, tc.order, cells, sol)
			if s.sh == nil || s.sh.shares == shares {
				return 0, false
			}
			return s.sh.at, true
		}
		for i, cells := range readPuzzles(t, tc.file, tc.order) {
			sol := make([]uint8, len(cells))
			for _, limit := range []int{1, 2} {
				s.startWork = -1
				at0, ok0 := shared(cells, sol, limit)
				s.startWork = 0
				at, ok := shared(cells, sol, limit)
				if ok && at < minNodes {
					t.Errorf("%s:%d, limit %d: shared after %d nodes, want at least %d", tc.file, i+1, limit, at, minNodes)
				}
				switch {
				case ok0 && !ok:
					stay++
				case ok0 && at0 < minNodes:
					later++
				}
			}
		}
	}
	if stay == 0 || later == 0 {
		t.Errorf("of the searches that share early without the bound, %d stay serial and %d share later; want some of each", stay, later)
	}
}

// TestParallelStartLong: a search that stays stuck shares its tree after
// startLong nodes per cell whatever else it shows. The 64x64 grid with one
// given against the empty grid's fill takes over 10 s on one goroutine; the
// main worker mends the last levels of its descent as on the empty grid
// (so startAfter does not count them), and after 32,770 nodes hands the
// other values of the first cell to the helper, which finds a solution in
// 4,356 nodes.
func TestParallelStartLong(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	s, err := NewSolver(8)
	if err != nil {
		t.Fatal(err)
	}
	s.noYield = true // a helper at the lowest priority may starve on a busy machine
	cells := emptyGrid(8)
	cells[1] = 1
	sol := make([]uint8, len(cells))
	n, _, err := s.Solve(ctx, cells, sol, Options{Limit: 1, Workers: 2})
	if err != nil || n != 1 {
		t.Fatalf("%d solutions, %v", n, err)
	}
	checkSolution(t, 8, cells, sol)
	want := int64(startLong * len(cells))
	switch {
	case s.sh == nil:
		t.Errorf("never shared, want a share after %d nodes", want)
	case s.sh.at < want || s.sh.at > want+64:
		t.Errorf("shared after %d nodes, want %d (up to the next exhausted branch point)", s.sh.at, want)
	case s.main.nodes < s.sh.at:
		t.Errorf("the main worker visited %d nodes, fewer than before the share (%d)", s.main.nodes, s.sh.at)
	}
}

// TestParallelPromotes: a helper that yields to the main worker goes on at
// the usual priority once the main worker waits for a task (see
// shared.help), and the counts stay exact across that move. Counting to 2
// on unique 16x16 and 25x25 puzzles searches the whole tree; whether the
// main worker runs out of work while the helper still has some depends on
// the scheduler (one run in three to seven here), so the puzzles are
// searched again until a helper has moved, up to 300 runs.
func TestParallelPromotes(t *testing.T) {
	ctx := context.Background()
	type puzzle struct {
		s     *Solver
		order int
		cells []uint8
	}
	var ps []puzzle
	for _, tc := range []struct {
		file  string
		order int
	}{{"order4.txt", 4}, {"order5.txt", 5}} {
		s, err := NewSolver(tc.order)
		if err != nil {
			t.Fatal(err)
		}
		s.startAfter = -1 // both workers from the start
		for _, cells := range readPuzzles(t, tc.file, tc.order) {
			ps = append(ps, puzzle{s, tc.order, cells})
		}
	}
	promoted, runs := 0, 0
	for ; runs < 300 && (promoted == 0 || runs < len(ps)); runs++ {
		p := ps[runs%len(ps)]
		sol := make([]uint8, len(p.cells))
		n, _, err := p.s.Solve(ctx, p.cells, sol, Options{Limit: 2, Workers: 2})
		if err != nil || n != 1 {
			t.Fatalf("run %d, order %d: %d solutions, %v; want 1", runs, p.order, n, err)
		}
		checkSolution(t, p.order, p.cells, sol)
		h := p.s.helpers[0]
		if h.yielding && h.promoted > 0 {
			t.Fatalf("run %d: a moved helper still yields", runs)
		}
		promoted += h.promoted
		h.promoted = 0
	}
	if promoted == 0 {
		t.Errorf("no helper moved to the usual priority in %d runs", runs)
	}
	t.Logf("a helper moved in %d of %d runs", promoted, runs)
}

// TestParallelSerialUntilShared: until the main worker shares its tree, a
// parallel search is the search on one goroutine (see Solver.parallel). A
// search that ends before then (the empty 16x16 to 49x49 grids) makes no
// other worker and no shared state, so it starts no goroutine; one that
// backtracks (a hard 25x25 puzzle, count to 2) shares.
func TestParallelSerialUntilShared(t *testing.T) {
	ctx := context.Background()
	for order := 4; order <= 7; order++ {
		s, err := NewSolver(order)
		if err != nil {
			t.Fatal(err)
		}
		cells := emptyGrid(order)
		sol := make([]uint8, len(cells))
		for _, limit := range []int{1, 2} {
			n, _, err := s.Solve(ctx, cells, sol, Options{Limit: limit, Workers: 4})
			if err != nil || n != limit {
				t.Fatalf("order %d, limit %d: %d solutions, %v", order, limit, n, err)
			}
			checkSolution(t, order, cells, sol)
		}
		if s.sh != nil || len(s.helpers) != 0 {
			t.Errorf("order %d: the empty grid made %d other workers and shared state %v", order, len(s.helpers), s.sh != nil)
		}
	}
	s, err := NewSolver(5)
	if err != nil {
		t.Fatal(err)
	}
	cells, err := parseLine(readTestdata(t, "order5.txt")[1], 5)
	if err != nil {
		t.Fatal(err)
	}
	sol := make([]uint8, len(cells))
	if n, _, err := s.Solve(ctx, cells, sol, Options{Limit: 2, Workers: 2}); n != 1 || err != nil {
		t.Fatalf("order5.txt:2: %d solutions, %v; want 1", n, err)
	}
	if s.sh == nil || s.sh.shares != 1 || len(s.helpers) != 1 {
		t.Errorf("order5.txt:2: %d other workers, shared state %v; want 1 share", len(s.helpers), s.sh != nil)
	}
}

// TestParallelShareCarries: what the main worker counted before it shares
// its tree carries over. A 16x16 puzzle with 172 solutions, counted to
// every limit around that by searches that share after 1 to 40 exhausted
// branch points, many of them after solutions were found, gives the
// serial count; a guess limit below the guesses before the share stops
// the search with ErrLimit, as on one goroutine.
func TestParallelShareCarries(t *testing.T) {
	ctx := context.Background()
	cells, err := parseLine(readTestdata(t, "order4.txt")[1], 4)
	if err != nil {
		t.Fatal(err)
	}
	for i, v := range cells {
		if v != 0 {
			cells[i] = 0 // the first given: 172 solutions
			break
		}
	}
	s, err := NewSolver(4)
	if err != nil {
		t.Fatal(err)
	}
	sol := make([]uint8, len(cells))
	if n, _, err := s.Solve(ctx, cells, sol, Options{Limit: 1000}); n != 172 || err != nil {
		t.Fatalf("one goroutine: %d solutions, %v; want 172", n, err)
	}
	shares := 0
	for after := 1; after <= 40; after++ {
		s.startAfter = after
		for _, limit := range []int{2, 50, 171, 172, 1000} {
			n, _, err := s.Solve(ctx, cells, sol, Options{Limit: limit, Workers: 2})
			if want := min(limit, 172); n != want || err != nil {
				t.Fatalf("sharing after %d, limit %d: %d solutions, %v; want %d", after, limit, n, err, want)
			}
			checkSolution(t, 4, cells, sol)
		}
		_, _, err := s.Solve(ctx, cells, sol, Options{Limit: 1000, Workers: 2, MaxGuesses: int64(after)})
		if !errors.Is(err, ErrLimit) {
			t.Errorf("sharing after %d, at most %d guesses: %v, want ErrLimit", after, after, err)
		}
		if s.sh != nil {
			shares = s.sh.shares
		}
	}
	if shares == 0 {
		t.Error("no search shared")
	}
}

// TestStartWeights checks the weights a helper starts a share with: a
// copy of the main worker's on 16x16 grids, zero on larger ones, none
// when the main worker has none.
func TestStartWeights(t *testing.T) {
	for _, tc := range []struct {
		order int
		on    bool
		copy  bool
	}{{4, true, true}, {5, true, false}, {4, false, false}, {8, true, false}} {
		g := newGeom(tc.order)
		main, h := newWorker(g), newWorker(g)
		main.weights(tc.on)
		main.bumpWipeout(7)
		h.weights(true)
		h.bump(0) // left over from an earlier search
		h.startWeights(main)
		switch {
		case !tc.on:
			if h.wdeg != nil {
				t.Errorf("order %d: helper weights on, the main worker's off", tc.order)
			}
		case tc.copy:
			if !slices.Equal(h.wdeg, main.wdeg) || h.wdeg[7] != 3 {
				t.Errorf("order %d: helper weights are not a copy of the main worker's", tc.order)
			}
		default:
			if slices.ContainsFunc(h.wdeg, func(x uint32) bool { return x != 0 }) {
				t.Errorf("order %d: helper starts with weights", tc.order)
			}
		}
	}
}
