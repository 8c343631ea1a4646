package engine

import (
	"runtime"
	"syscall"
)

// helperNice is the nice value of a helper's thread: the lowest priority.
const helperNice = 19

// yieldToMain lowers the scheduling priority of the calling goroutine's
// thread, which it locks for good: the thread ends with the goroutine, so
// no other goroutine runs at the lowered priority. A helper of a parallel
// search calls it so that its work, speculative as long as the main worker
// has work of its own, runs on processor time the main worker cannot use:
// on an idle machine a core of its own, on a busy one (where Linux shares
// a core's time among the threads of a session by their nice values)
// hardly any while the main worker runs, and all of it while the main
// worker waits for a task. Without it an empty 64x64 grid took twice as
// long on two workers as on one on a busy machine, though the main worker
// did the serial search's nodes in the serial search's CPU time.
func yieldToMain() {
	runtime.LockOSThread()
	// Linux applies PRIO_PROCESS with a thread id to that thread alone.
	// Raising the nice value needs no privilege; failing is harmless.
	_ = syscall.Setpriority(syscall.PRIO_PROCESS, syscall.Gettid(), helperNice)
}
