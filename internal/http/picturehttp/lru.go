package picturehttp

import (
	"container/list"
	"sync"

	"immo/internal/adapter/pictures"
)

// cacheKey names a variant as a request finds it: the original's ETag is
// part of it, so a changed picture never gets its old variants.
type cacheKey struct {
	source, original string
	width            int // a value of pictures.Widths
	format           string
}

// lru keeps the most recently served variants within a byte budget.
type lru struct {
	max   int
	mu    sync.Mutex
	size  int
	order *list.List // of *entry, most recent first
	byKey map[cacheKey]*list.Element
}

type entry struct {
	key cacheKey
	v   pictures.Variant
}

func newLRU(maxBytes int) *lru {
	return &lru{max: maxBytes, order: list.New(), byKey: map[cacheKey]*list.Element{}}
}

func (c *lru) get(k cacheKey) (pictures.Variant, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.byKey[k]
	if !ok {
		return pictures.Variant{}, false
	}
	c.order.MoveToFront(e)
	return e.Value.(*entry).v, true
}

func (c *lru) put(k cacheKey, v pictures.Variant) {
	n := len(v.Data)
	if n > c.max/8 { // one picture never takes more than an eighth
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.byKey[k]; ok {
		return
	}
	c.byKey[k] = c.order.PushFront(&entry{k, v})
	c.size += n
	for c.size > c.max {
		last := c.order.Back()
		e := last.Value.(*entry)
		c.order.Remove(last)
		delete(c.byKey, e.key)
		c.size -= len(e.v.Data)
	}
}
