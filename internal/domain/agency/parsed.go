package agency

import (
	"crypto/sha256"
	"sync"

	"immo/internal/domain/site"
)

// A draft is read several times per keystroke of its editor: checked when
// kept, summed up for the editor, rendered by the preview. parsedCache
// keeps the last few configurations parsed (by their bytes), so each is
// parsed once: a 60 KB configuration takes ~15 ms to parse and check.
// A parsed configuration is never changed once made, so one may serve
// several requests at once, as the published one does.
type parsedCache struct {
	mu      sync.Mutex
	entries []parsedEntry // oldest first
	bytes   int
}

type parsedEntry struct {
	key  [sha256.Size]byte
	size int
	cfg  *site.Config
	err  error
}

// Bounds of the cache: a few drafts being edited at once.
const (
	parsedEntries = 8
	parsedBytes   = 8 << 20
)

// parse is site.Parse(name, data), from the cache when the same bytes
// were parsed under the same name.
func (c *parsedCache) parse(name string, data []byte) (*site.Config, error) {
	h := sha256.New()
	h.Write([]byte(name))
	h.Write([]byte{0})
	h.Write(data)
	var key [sha256.Size]byte
	h.Sum(key[:0])
	c.mu.Lock()
	for _, e := range c.entries {
		if e.key == key {
			c.mu.Unlock()
			return e.cfg, e.err
		}
	}
	c.mu.Unlock()
	cfg, err := site.Parse(name, data)
	if len(data) > parsedBytes/2 {
		return cfg, err // too large to keep
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.entries = append(c.entries, parsedEntry{key: key, size: len(data), cfg: cfg, err: err})
	c.bytes += len(data)
	for len(c.entries) > parsedEntries || c.bytes > parsedBytes {
		c.bytes -= c.entries[0].size
		c.entries = c.entries[1:]
	}
	return cfg, err
}
