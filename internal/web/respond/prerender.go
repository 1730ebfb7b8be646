package respond

import (
	"context"
	"net/url"
	"time"
)

// Prerendered counts what a pre-render pass did.
type Prerendered struct {
	Rendered int // pages rendered now
	Kept     int // pages current already (cached, or in the shared store)
	Skipped  int // addresses that are no page the same for everyone
}

// Prerender renders the pages at uris (canonical addresses: the sitemap's)
// that neither this process's cache nor the shared store holds in their
// current form, one at a time and only while no visitor's render is in
// progress or waiting: the engines go to visitors first. It stops when ctx
// ends or the generation changes (a newer pass will follow).
func (rs *Responder) Prerender(ctx context.Context, uris []string) Prerendered {
	var n Prerendered
	if rs.cache == nil || rs.o.Refresh == nil {
		return n
	}
	gen := rs.generation()
	for _, uri := range uris {
		if ctx.Err() != nil || rs.generation() != gen {
			return n
		}
		p, ok := rs.o.Refresh(uri)
		u, err := url.ParseRequestURI(uri)
		if !ok || err != nil || !p.Cacheable || canonicalURI(u.Path, p.CacheQuery) != uri {
			n.Skipped++
			continue
		}
		obj := pageObject{Component: p.View, Props: p.Props, URL: uri, Version: rs.o.Version}
		for {
			if !rs.refresher.waitIdle(ctx) {
				return n
			}
			if _, fresh, _ := rs.cache.get(gen, uri); fresh {
				n.Kept++
				break
			}
			if !rs.gate.try() {
				sleep(ctx, 10*time.Millisecond) // a visitor took the slot first
				continue
			}
			rs.gate.leave() // free for documentOf, which takes a free one
			if _, renderedNow := rs.documentOf(ctx, p, obj, true, true, true); renderedNow {
				n.Rendered++
			} else {
				n.Kept++
			}
			break
		}
	}
	return n
}

func sleep(ctx context.Context, d time.Duration) {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
	case <-t.C:
	}
}

// Generation names the build and data the cached pages are current for.
func (rs *Responder) Generation() string { return rs.generation() }
