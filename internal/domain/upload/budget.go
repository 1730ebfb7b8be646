package upload

import (
	"context"
	"slices"
	"sync"
)

// FilesBudget is the bytes of visitors' files the server holds in memory
// at once, all its requests together (Files): nine files of the largest
// size (MaxSize), many more of a CV's usual few hundred kilobytes. A file
// is kept on disk while it arrives (internal/http/web's readFiles), so a slow
// upload holds none of it; a post past it waits for room.
const FilesBudget = 48 << 20

// Files is the budget of FilesBudget bytes of the visitors' files held in
// memory: from the end of their post's body until its request ends,
// through the check of their type and the decode of a picture.
var Files = NewBudget(FilesBudget)

// Budget is a number of bytes of memory shared by every request of the
// server, not by sender: a reservation (Acquire) waits until it fits, in
// the order asked (a large one is not passed over forever by small ones),
// and is given back with Release.
type Budget struct {
	mu      sync.Mutex
	size    int64
	free    int64
	waiting []*reservation
}

type reservation struct {
	n     int64
	ready chan struct{} // closed once granted
}

// NewBudget is a budget of size bytes.
func NewBudget(size int64) *Budget { return &Budget{size: size, free: size} }

// Size is the budget's bytes in all.
func (b *Budget) Size() int64 { return b.size }

// Free is the bytes not reserved now.
func (b *Budget) Free() int64 {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.free
}

// Waiting is the reservations waiting for their turn now.
func (b *Budget) Waiting() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return len(b.waiting)
}

// Acquire reserves n bytes (at most the budget's size: a larger n takes
// the whole budget), waiting for them until ctx ends: then it returns
// ctx's error, nothing reserved. What it returns is the bytes to Release.
func (b *Budget) Acquire(ctx context.Context, n int64) (int64, error) {
	n = min(max(n, 0), b.size)
	b.mu.Lock()
	if len(b.waiting) == 0 && b.free >= n {
		b.free -= n
		b.mu.Unlock()
		return n, nil
	}
	r := &reservation{n: n, ready: make(chan struct{})}
	b.waiting = append(b.waiting, r)
	b.mu.Unlock()
	select {
	case <-r.ready:
		return n, nil
	case <-ctx.Done():
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	select {
	case <-r.ready: // granted meanwhile: given back
		b.free += n
	default:
		b.waiting = slices.DeleteFunc(b.waiting, func(w *reservation) bool { return w == r })
	}
	b.grant() // the first in line may have been this one
	return 0, ctx.Err()
}

// Release gives back n bytes that Acquire returned.
func (b *Budget) Release(n int64) {
	if n <= 0 {
		return
	}
	b.mu.Lock()
	b.free += n
	b.grant()
	b.mu.Unlock()
}

// grant hands the free bytes to the waiting reservations in their order.
func (b *Budget) grant() {
	for len(b.waiting) > 0 && b.waiting[0].n <= b.free {
		r := b.waiting[0]
		b.free -= r.n
		close(r.ready)
		b.waiting = b.waiting[1:]
	}
}
