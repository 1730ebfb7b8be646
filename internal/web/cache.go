package web

import (
	"container/list"
	"sync"
)

// cached is one rendered page, kept raw and deflated around its nonce slots
// so a hit costs a copy (nonce.go).
type cached struct {
	status int
	doc    nonced
}

// htmlCache is a size-bounded LRU of rendered pages for one generation (the
// asset and catalog versions). A new generation empties it, so a catalog
// import or a deploy is never served stale.
type htmlCache struct {
	mu       sync.Mutex
	maxBytes int
	bytes    int
	gen      string
	order    *list.List // front = most recent; values are *cacheEntry
	byKey    map[string]*list.Element
}

type cacheEntry struct {
	key  string
	page cached
}

func newHTMLCache(maxBytes int) *htmlCache {
	return &htmlCache{maxBytes: maxBytes, order: list.New(), byKey: map[string]*list.Element{}}
}

func (c *htmlCache) get(gen, key string) (cached, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if gen != c.gen {
		return cached{}, false
	}
	el, ok := c.byKey[key]
	if !ok {
		return cached{}, false
	}
	c.order.MoveToFront(el)
	return el.Value.(*cacheEntry).page, true
}

func (c *htmlCache) put(gen, key string, p cached) {
	size := p.doc.size + len(key)
	if size > c.maxBytes/8 {
		return // one page must not evict most of the others
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if gen != c.gen {
		c.gen, c.bytes = gen, 0
		c.order.Init()
		clear(c.byKey)
	}
	if el, ok := c.byKey[key]; ok {
		c.remove(el)
	}
	c.byKey[key] = c.order.PushFront(&cacheEntry{key, p})
	c.bytes += size
	for c.bytes > c.maxBytes {
		c.remove(c.order.Back())
	}
}

func (c *htmlCache) remove(el *list.Element) {
	e := c.order.Remove(el).(*cacheEntry)
	delete(c.byKey, e.key)
	c.bytes -= e.page.doc.size + len(e.key)
}

func (c *htmlCache) len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.byKey)
}
