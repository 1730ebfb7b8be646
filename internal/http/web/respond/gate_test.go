package respond

import (
	"context"
	"errors"
	"testing"
	"time"
)

// Sites sharing a renderer take its slots together: what one holds the
// other waits for, and a site's own queue bounds what it may wait for,
// whatever the shared queue still holds.
func TestSharedSlots(t *testing.T) {
	shared := NewSlots(2, 8)
	a, b := newGate(2, 1), newGate(2, 1)
	a.shared, b.shared = shared.g, shared.g
	if !a.try() || !a.try() {
		t.Fatal("site A could not take both engines")
	}
	if b.try() {
		t.Fatal("site B took a slot the shared engines do not have")
	}
	if len(b.slots) != 0 {
		t.Fatal("a refused try kept site B's own slot")
	}
	ctx := t.Context()
	waited := make(chan error, 1)
	go func() { waited <- b.wait(ctx, time.Minute) }()
	for b.waitingFor() == 0 { // B queues at the shared gate
		time.Sleep(time.Millisecond)
	}
	// B's own queue is full: another of B's renders is refused at once.
	if err := b.wait(ctx, time.Minute); !errors.Is(err, errQueueFull) {
		t.Errorf("past site B's own queue: %v", err)
	}
	a.leave()
	if err := <-waited; err != nil {
		t.Fatalf("B's wait: %v", err)
	}
	b.leave()
	a.leave()
	if len(shared.g.slots) != 0 || len(a.slots) != 0 || len(b.slots) != 0 {
		t.Errorf("slots held after every render left: shared %d, A %d, B %d", len(shared.g.slots), len(a.slots), len(b.slots))
	}
	// A wait that times out gives its own slot back.
	if !a.try() || !a.try() {
		t.Fatal("A again")
	}
	ctx, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	if err := b.wait(ctx, 10*time.Millisecond); !errors.Is(err, errQueueWait) {
		t.Errorf("B's wait past its deadline: %v", err)
	}
	if len(b.slots) != 0 {
		t.Error("a timed-out wait kept B's own slot")
	}
}

// waitingFor is how many renders wait at g or the gate it shares.
func (g *gate) waitingFor() int64 {
	n := g.waiting.Load()
	if g.shared != nil {
		n += g.shared.waiting.Load()
	}
	return n
}
