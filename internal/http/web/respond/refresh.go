package respond

import (
	"context"
	"net/url"
	"sync"
)

// refreshQueueMax bounds the pages waiting for a background render; past it
// a page is not queued (its next visit tries to render it again).
const refreshQueueMax = 128

// refresher re-renders in the background the pages that were answered
// stale, one at a time and only while no visitor's render is in progress:
// the engines go first to the pages visitors are waiting for.
type refresher struct {
	rs *Responder

	mu       sync.Mutex
	turn     *sync.Cond // signalled when visitors drops to 0
	visitors int        // visitor renders in progress
	queue    []string   // request URIs, oldest first
	queued   map[string]bool
	running  bool           // a worker drains the queue
	idle     sync.WaitGroup // the worker, for tests
}

func newRefresher(rs *Responder) *refresher {
	r := &refresher{rs: rs, queued: map[string]bool{}}
	r.turn = sync.NewCond(&r.mu)
	return r
}

// visit marks a visitor's render in progress until the returned func is
// called.
func (r *refresher) visit() func() {
	r.mu.Lock()
	r.visitors++
	r.mu.Unlock()
	return func() {
		r.mu.Lock()
		r.visitors--
		if r.visitors == 0 {
			r.turn.Broadcast()
		}
		r.mu.Unlock()
	}
}

// waitIdle returns when no visitor's render is in progress or waiting;
// false when ctx ended first.
func (r *refresher) waitIdle(ctx context.Context) bool {
	stop := context.AfterFunc(ctx, func() {
		r.mu.Lock()
		r.turn.Broadcast()
		r.mu.Unlock()
	})
	defer stop()
	r.mu.Lock()
	defer r.mu.Unlock()
	for r.visitors > 0 && ctx.Err() == nil {
		r.turn.Wait()
	}
	return ctx.Err() == nil
}

// add queues key for a background render, unless it is queued already or
// the queue is full. A worker is started when none runs.
func (r *refresher) add(key string) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.queued[key] || len(r.queue) >= refreshQueueMax {
		return false
	}
	r.queued[key] = true
	r.queue = append(r.queue, key)
	if !r.running {
		r.running = true
		r.idle.Add(1)
		go r.work()
	}
	return true
}

// work renders the queued pages, each after the visitors' renders, and ends
// when the queue is empty.
func (r *refresher) work() {
	defer r.idle.Done()
	for {
		r.mu.Lock()
		for r.visitors > 0 {
			r.turn.Wait()
		}
		if len(r.queue) == 0 {
			r.running = false
			r.mu.Unlock()
			return
		}
		key := r.queue[0]
		r.queue = r.queue[1:]
		delete(r.queued, key)
		r.mu.Unlock()
		r.rs.refresh(key)
	}
}

// wait returns when no background render is queued or running.
func (r *refresher) wait() { r.idle.Wait() }

// refresh renders the page at key, a canonical address, for the current
// generation and stores it, when a render slot is free.
func (rs *Responder) refresh(key string) {
	if _, fresh, _ := rs.cache.get(rs.generation(), key); fresh {
		return // a visitor's render came first
	}
	if p, obj, ok := rs.sharedPage(key); ok {
		rs.document(context.Background(), p, obj, true, refreshing)
	}
}

// sharedPage resolves key, a canonical address, to its page the same for
// everyone and its page object; false when it is no such page (any more).
func (rs *Responder) sharedPage(key string) (Page, pageObject, bool) {
	p, ok := rs.o.Refresh(key)
	u, err := url.ParseRequestURI(key)
	if !ok || err != nil || !p.Cacheable || canonicalURI(u.Path, p.CacheQuery) != key {
		return Page{}, pageObject{}, false
	}
	return p, pageObject{Component: p.View, Props: p.Props, URL: key, Version: rs.o.Version}, true
}

// WaitRefresh returns when no background render is queued or running.
func (rs *Responder) WaitRefresh() { rs.refresher.wait() }

// Busy marks a render in progress until the returned func is called: the
// background renders wait for it (tests use it to hold them).
func (rs *Responder) Busy() func() { return rs.refresher.visit() }

// Refresh queues uri for a background render, as a page served stale is;
// false when it is queued already or the queue is full.
func (rs *Responder) Refresh(uri string) bool { return rs.refresher.add(uri) }
