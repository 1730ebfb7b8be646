//go:build !libc.membrk && !libc.memgrind && linux && (amd64 || arm64 || loong64 || ppc64le || s390x || riscv64 || 386 || arm)

package cmemory

import (
	"sync"
	_ "unsafe" // go:linkname

	_ "modernc.org/libc" // the allocator below is its malloc's
	"modernc.org/memory"
)

// The C library's allocator and its lock (modernc.org/libc, libc_musl.go:
// the build constraint above is that file's). libc exports no way to trim
// it; the allocator itself does (memory.Allocator.Trim), under the lock
// every malloc and free of libc takes. If libc renames them, the build
// fails here rather than trimming nothing.
//
//go:linkname allocator modernc.org/libc.allocator
var allocator memory.Allocator

//go:linkname allocatorMu modernc.org/libc.allocatorMu
var allocatorMu sync.Mutex

// Trim hands the regions the C allocator keeps for reuse back to the
// system. It reports whether this platform's allocator can be trimmed.
func Trim() (bool, error) {
	allocatorMu.Lock()
	defer allocatorMu.Unlock()
	return true, allocator.Trim()
}
