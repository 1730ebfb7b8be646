//go:build libc.membrk || libc.memgrind || !linux || !(amd64 || arm64 || loong64 || ppc64le || s390x || riscv64 || 386 || arm)

package cmemory

// Trim does nothing where libc's allocator is not the one trim_linux.go
// reaches.
func Trim() (bool, error) { return false, nil }
