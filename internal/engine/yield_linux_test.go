package engine

import (
	"context"
	"os"
	"runtime"
	"syscall"
	"testing"
)

// threadNice returns the nice value of the calling thread, or -100 if it
// cannot be read.
func threadNice() int {
	// The raw system call returns 20 minus the nice value.
	p, err := syscall.Getpriority(syscall.PRIO_PROCESS, syscall.Gettid())
	if err != nil {
		return -100
	}
	return 20 - p
}

// TestYieldToMain: a helper's thread runs at the lowest priority, and the
// lowered priority stays with that thread alone (it ends with the
// goroutine), not with the goroutines that run after it.
func TestYieldToMain(t *testing.T) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	before := threadNice()
	if before == -100 {
		t.Skip("no thread priority to read")
	}
	if before == helperNice {
		t.Skipf("the test already runs at nice %d", before)
	}
	got := make(chan int)
	go func() {
		yieldToMain()
		got <- threadNice()
	}()
	if n := <-got; n != helperNice {
		t.Errorf("helper thread at nice %d, want %d", n, helperNice)
	}
	if n := threadNice(); n != before {
		t.Errorf("calling thread moved from nice %d to %d", before, n)
	}
	// Goroutines started later run on other threads at the old priority.
	for range 4 {
		go func() { got <- threadNice() }()
		if n := <-got; n == helperNice {
			t.Errorf("a later goroutine runs at the helper's nice %d", n)
		}
	}
}

// threadIDs adds the ids of the process's threads to seen.
func threadIDs(t *testing.T, seen map[string]bool) {
	es, err := os.ReadDir("/proc/self/task")
	if err != nil {
		t.Skipf("no thread list: %v", err)
	}
	for _, e := range es {
		seen[e.Name()] = true
	}
}

// TestYieldNotAfterEnd: a helper that has no task before the search is
// over keeps its thread at the usual priority, so the thread outlives it
// (see shared.help). Searches that share at once and end at once (an
// empty 4x4 grid) made a thread at the lowest priority, and ended it, in
// every search: 100 searches, 100 threads.
func TestYieldNotAfterEnd(t *testing.T) {
	s, err := NewSolver(2)
	if err != nil {
		t.Fatal(err)
	}
	s.startAfter = -1 // share at once
	cells := emptyGrid(2)
	sol := make([]uint8, len(cells))
	seen := make(map[string]bool)
	threadIDs(t, seen)
	before := len(seen)
	const searches = 100
	for range searches {
		if n, _, err := s.Solve(context.Background(), cells, sol, Options{Limit: 1, Workers: 2}); n != 1 || err != nil {
			t.Fatalf("%d solutions, %v", n, err)
		}
		threadIDs(t, seen)
	}
	if s.sh == nil || s.sh.shares != searches {
		t.Fatalf("the searches did not share")
	}
	if made := len(seen) - before; made > searches/4 {
		t.Errorf("%d searches ran on %d new threads", searches, made)
	}
}
