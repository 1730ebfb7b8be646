package cmemory

import (
	"os"
	"strconv"
	"strings"
	"testing"

	"modernc.org/libc"
)

// resident is this process's resident memory in bytes.
func resident(t *testing.T) int {
	t.Helper()
	b, err := os.ReadFile("/proc/self/statm")
	if err != nil {
		t.Fatal(err)
	}
	pages, err := strconv.Atoi(strings.Fields(string(b))[1])
	if err != nil {
		t.Fatal(err)
	}
	return pages * os.Getpagesize()
}

func TestTrimReturnsFreedRegions(t *testing.T) {
	if ok, _ := Trim(); !ok {
		t.Skip("no trimmable C allocator on this platform")
	}
	const size = 32 << 20
	tls := libc.NewTLS()
	defer tls.Close()
	p := libc.Xmalloc(tls, size)
	if p == 0 {
		t.Fatal("malloc failed")
	}
	libc.Xmemset(tls, p, 1, size) // resident
	libc.Xfree(tls, p)

	kept := resident(t)
	if _, err := Trim(); err != nil {
		t.Fatal(err)
	}
	after := resident(t)
	// The freed block stayed resident until Trim; a little of the process
	// may move meanwhile, not 24 of the 32 MiB.
	if drop := kept - after; drop < 24<<20 {
		t.Fatalf("resident %d MiB before Trim, %d MiB after: the freed 32 MiB were not returned", kept>>20, after>>20)
	}
}
