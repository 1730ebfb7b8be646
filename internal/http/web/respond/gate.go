package respond

import (
	"context"
	"errors"
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
}

var (
	errQueueFull = errors.New("every render slot is busy and the queue is full")
	errQueueWait = errors.New("no render slot came free in time")
)

func newGate(slots, queue int) *gate {
	return &gate{slots: make(chan struct{}, slots), max: int64(queue)}
}

// try takes a free slot, if there is one now.
func (g *gate) try() bool {
	select {
	case g.slots <- struct{}{}:
		return true
	default:
		return false
	}
}

// wait queues for a slot, at most d (a channel's senders are served in
// order).
func (g *gate) wait(ctx context.Context, d time.Duration) error {
	if g.waiting.Add(1) > g.max {
		g.waiting.Add(-1)
		return errQueueFull
	}
	defer g.waiting.Add(-1)
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

// leave gives a slot back.
func (g *gate) leave() { <-g.slots }

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
