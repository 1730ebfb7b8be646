package admin

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// countingInbox counts the reads of the newest lead.
type countingInbox struct {
	Inbox
	reads atomic.Int64
}

func (c *countingInbox) Latest(context.Context) (int64, error) { return 40 + c.reads.Add(1), nil }

// However many streams ask at once, the database is read once a poll.
func TestLatestShared(t *testing.T) {
	in := &countingInbox{}
	h := &Handler{o: Options{Inbox: in, Poll: time.Hour}}
	var wg sync.WaitGroup
	for range 20 {
		wg.Go(func() {
			if id, err := h.latest(t.Context()); err != nil || id != 41 {
				t.Errorf("latest = %d, %v", id, err)
			}
		})
	}
	wg.Wait()
	if n := in.reads.Load(); n != 1 {
		t.Fatalf("20 streams read the newest lead %d times", n)
	}
	h.o.Poll = 0 // every read is half a poll old: read again
	if id, _ := h.latest(t.Context()); id != 42 {
		t.Fatalf("a stale read was not refreshed: %d", id)
	}
}
