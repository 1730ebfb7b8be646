package admin

import (
	"context"
	"fmt"
	"net/http"
	"strconv"
	"sync"
	"time"
)

// streamLife bounds one new-lead stream: the browser's EventSource opens
// another (with Last-Event-ID), so no connection is held for ever.
const streamLife = 10 * time.Minute

// keepAlive is how often an idle stream says it is there, so no proxy
// between closes it.
const keepAlive = 25 * time.Second

// serveEvents is the stream of new leads (server-sent events): an event
// "lead" with the newest lead's id whenever a newer one than the last said
// (or than Last-Event-ID, or ?after=) is stored. The list page shows a
// "new leads" notice on it.
func (h *Handler) serveEvents(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	select {
	case <-h.ending:
		http.Error(w, http.StatusText(http.StatusServiceUnavailable), http.StatusServiceUnavailable)
		return
	default:
	}
	last, err := strconv.ParseInt(r.Header.Get("Last-Event-ID"), 10, 64)
	if err != nil {
		last, _ = strconv.ParseInt(r.URL.Query().Get("after"), 10, 64)
	}
	if last <= 0 {
		if last, err = h.latest(ctx); err != nil {
			h.fault(w, "inbox events", "err", err)
			return
		}
	}
	rc := http.NewResponseController(w)
	_ = rc.SetWriteDeadline(time.Time{}) // the server's write timeout would cut the stream
	hd := w.Header()
	hd.Set("Content-Type", "text/event-stream")
	hd.Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	fmt.Fprintf(w, "retry: %d\n\n", (5 * time.Second).Milliseconds())
	if rc.Flush() != nil {
		return
	}
	poll := time.NewTicker(h.o.Poll)
	defer poll.Stop()
	end := time.NewTimer(streamLife)
	defer end.Stop()
	idle := time.Now()
	for {
		select {
		case <-ctx.Done():
			return
		case <-h.ending:
			return
		case <-end.C:
			return
		case <-poll.C:
		}
		latest, err := h.latest(ctx)
		if err != nil {
			if ctx.Err() == nil {
				h.o.Log.Error("inbox events", "err", err)
			}
			return
		}
		switch {
		case latest > last:
			last = latest
			fmt.Fprintf(w, "id: %d\nevent: lead\ndata: %d\n\n", last, last)
		case time.Since(idle) >= keepAlive:
			fmt.Fprint(w, ": idle\n\n")
		default:
			continue
		}
		idle = time.Now()
		if rc.Flush() != nil {
			return
		}
	}
}

// newestLead is the newest lead's id as last read, shared by every open
// stream of the server: however many tabs are open, the database is asked
// about once a poll.
type newestLead struct {
	mu sync.Mutex
	id int64
	at time.Time
}

// latest is the newest lead's id, read again when the last read is half a
// poll old (the streams' ticks fall anywhere within one).
func (h *Handler) latest(ctx context.Context) (int64, error) {
	n := &h.newest
	n.mu.Lock()
	defer n.mu.Unlock()
	if !n.at.IsZero() && time.Since(n.at) < h.o.Poll/2 {
		return n.id, nil
	}
	id, err := h.o.Inbox.Latest(ctx)
	if err != nil {
		return 0, err
	}
	n.id, n.at = id, time.Now()
	return id, nil
}
