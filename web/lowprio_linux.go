package web

import (
	"runtime"
	"syscall"
)

// lowerPriority locks the calling goroutine to its thread for good (the
// thread ends with the goroutine) and gives the thread the lowest
// scheduling priority, nice 19. Raising the nice value needs no
// privilege; failing is harmless.
func lowerPriority() {
	runtime.LockOSThread()
	_ = syscall.Setpriority(syscall.PRIO_PROCESS, syscall.Gettid(), 19)
}
