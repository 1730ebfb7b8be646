package pictures

import (
	"log/slog"
	"runtime"
	"syscall"
)

// niceness is the worker thread's nice value: the lowest priority, so the
// kernel runs request handlers first whenever both want a core.
const niceness = 19

// lowerPriority pins the calling goroutine to its thread and lowers that
// thread's priority. Linux priorities are per thread, so only the worker is
// affected; the goroutine never unlocks, so the thread is discarded when it
// returns instead of going back to the runtime with a low priority.
func lowerPriority(log *slog.Logger) {
	runtime.LockOSThread()
	if err := syscall.Setpriority(syscall.PRIO_PROCESS, syscall.Gettid(), niceness); err != nil {
		log.Warn("picture worker: cannot lower its priority", "err", err)
	}
}
