package respond

import (
	"container/list"
	"sync"
)

// cached is one rendered page, kept raw and deflated around its nonce slots
// so a hit costs a copy (nonce.go).
type cached struct {
	status int
	doc    nonced
	view   string // the page's view: the request's kind (reqkind) when a hit answers it
	// source is how this copy came to its request (the operator's metrics), not kept meaning anything in the cache.
	source Source
}

// digest names what a document is made of: the build, the status, the
// language, the head and the page object (digestOf). Two requests whose
// pages have the same digest get the same document.
type digest [32]byte

// htmlCache is a size-bounded LRU of rendered pages by canonical address,
// each stored with the digest of what it was rendered from and the
// generation (the asset and data versions) it was last found current in.
// A page of the current generation is a hit without resolving anything;
// one of an earlier generation is resolved again and, when its digest is
// unchanged (the data changed elsewhere), made current without a render
// (renew). A page whose digest changed stays reachable as the last render
// of its address, to answer it while the engines are busy with others
// (stale-while-revalidate), until rendered again or evicted. Only rendered
// pages are stored: a client-rendered shell would stay unrendered for every
// later visitor and crawler.
type htmlCache struct {
	mu       sync.Mutex
	maxBytes int
	bytes    int
	order    *list.List // front = most recent; values are *cacheEntry
	byKey    map[string]*list.Element
}

type cacheEntry struct {
	key    string
	gen    string
	digest digest
	page   cached
}

func newHTMLCache(maxBytes int) *htmlCache {
	return &htmlCache{maxBytes: maxBytes, order: list.New(), byKey: map[string]*list.Element{}}
}

// get returns the page stored for key and whether it is of generation gen
// (fresh) or of an earlier one (stale).
func (c *htmlCache) get(gen, key string) (p cached, fresh, ok bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	el, ok := c.byKey[key]
	if !ok {
		return cached{}, false, false
	}
	c.order.MoveToFront(el)
	e := el.Value.(*cacheEntry)
	return e.page, e.gen == gen, true
}

// renew returns the page stored for key when it was rendered from d, and
// marks it current for gen: a new catalog version that left this page as
// it was costs no render.
func (c *htmlCache) renew(gen, key string, d digest) (cached, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	el, ok := c.byKey[key]
	if !ok || el.Value.(*cacheEntry).digest != d {
		return cached{}, false
	}
	c.order.MoveToFront(el)
	e := el.Value.(*cacheEntry)
	e.gen = gen
	return e.page, true
}

// put stores p, rendered from d for generation gen, replacing what key held.
func (c *htmlCache) put(gen, key string, d digest, p cached) {
	size := p.doc.size + len(key)
	if size > c.maxBytes/8 {
		return // one page must not evict most of the others
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.byKey[key]; ok {
		c.remove(el)
	}
	c.byKey[key] = c.order.PushFront(&cacheEntry{key, gen, d, p})
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

// counts returns how many pages are of generation gen and how many older.
func (c *htmlCache) counts(gen string) (fresh, stale int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, el := range c.byKey {
		if el.Value.(*cacheEntry).gen == gen {
			fresh++
		} else {
			stale++
		}
	}
	return fresh, stale
}
