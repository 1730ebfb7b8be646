package respond

import (
	"context"
	"errors"
	"runtime"
	"sync"
	"sync/atomic"
	"time"
)

// gate hands out the render slots (one per engine) to the renders that
// wait for one, first come first served, and bounds how many wait and how
// long: a page waits for its render rather than being answered at once
// with the client-rendered shell, and only past the queue's bound or its
// deadline does a visitor get the shell.
type gate struct {
	slots   chan struct{} // a value sent holds a slot
	waiting atomic.Int64
	max     int64
	// shared, when set, is the process's gate every site's passes through
	// after its own (Options.Shared): one pool of engines for every agency
	// of a platform, its slots and queue first come first served across
	// them, while each site's own queue bounds what one agency holds.
	shared *gate
}

// Slots are render slots several responders share (Options.Shared): one per
// engine of the renderer they share, and a queue for them.
type Slots struct{ g *gate }

// NewSlots are n slots (0: one per core) with a queue of at most queue
// renders (0: 256).
func NewSlots(n, queue int) *Slots {
	if n <= 0 {
		n = runtime.GOMAXPROCS(0)
	}
	if queue <= 0 {
		queue = 256
	}
	return &Slots{g: newGate(n, queue)}
}

var (
	errQueueFull = errors.New("every render slot is busy and the queue is full")
	errQueueWait = errors.New("no render slot came free in time")
)

func newGate(slots, queue int) *gate {
	return &gate{slots: make(chan struct{}, slots), max: int64(queue)}
}

// Stats are the shared slots' state now.
func (s *Slots) Stats() RenderStats {
	return RenderStats{Slots: cap(s.g.slots), Busy: len(s.g.slots), Waiting: int(s.g.waiting.Load())}
}

// try takes a free slot, if there is one now (its own and the shared one).
func (g *gate) try() bool {
	select {
	case g.slots <- struct{}{}:
	default:
		return false
	}
	if g.shared != nil && !g.shared.try() {
		<-g.slots
		return false
	}
	return true
}

// wait queues for a slot, at most d (a channel's senders are served in
// order): its own, then the shared one's in what is left of d. A render
// counts in its own queue until it has both: one site's burst holds at
// most its own queue's bound of the shared one.
func (g *gate) wait(ctx context.Context, d time.Duration) error {
	if !g.enqueue() {
		return errQueueFull
	}
	defer g.waiting.Add(-1)
	start := time.Now()
	if err := g.take(ctx, d); err != nil {
		return err
	}
	if g.shared == nil || g.shared.try() {
		return nil
	}
	err := errQueueFull
	if g.shared.enqueue() {
		err = g.shared.take(ctx, d-time.Since(start))
		g.shared.waiting.Add(-1)
	}
	if err != nil {
		<-g.slots
	}
	return err
}

// enqueue counts a render in g's queue, unless it is full.
func (g *gate) enqueue() bool {
	if g.waiting.Add(1) > g.max {
		g.waiting.Add(-1)
		return false
	}
	return true
}

// take waits for one of g's own slots, at most d.
func (g *gate) take(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case g.slots <- struct{}{}:
		return nil
	case <-t.C:
		return errQueueWait
	case <-ctx.Done():
		return ctx.Err()
	}
}

// leave gives a slot back (and the shared one).
func (g *gate) leave() {
	if g.shared != nil {
		<-g.shared.slots
	}
	<-g.slots
}

// flight shares one render among the requests that want the same document
// at the same time: a burst of visitors on a page no cache holds yet costs
// one render, not one each.
type flight struct {
	mu    sync.Mutex
	calls map[digest]*flightCall
}

type flightCall struct {
	done chan struct{}
	doc  cached
}

// do runs build for d, or waits for the run already in progress and returns
// its result.
func (f *flight) do(d digest, build func() cached) (doc cached, shared bool) {
	f.mu.Lock()
	if f.calls == nil {
		f.calls = map[digest]*flightCall{}
	}
	if c, ok := f.calls[d]; ok {
		f.mu.Unlock()
		<-c.done
		return c.doc, true
	}
	c := &flightCall{done: make(chan struct{})}
	f.calls[d] = c
	f.mu.Unlock()
	defer func() {
		f.mu.Lock()
		delete(f.calls, d)
		f.mu.Unlock()
		close(c.done)
	}()
	c.doc = build()
	return c.doc, false
}
