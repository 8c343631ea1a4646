package engine

import (
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
