package respond

import (
	"context"
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
		p, obj, ok := rs.sharedPage(uri)
		if !ok {
			n.Skipped++
			continue
		}
		for {
			if !rs.refresher.waitIdle(ctx) {
				return n
			}
			_, how := rs.document(ctx, p, obj, true, prerendering)
			if how == noSlot {
				sleep(ctx, 10*time.Millisecond) // a visitor took the slot first
				continue
			}
			if how == renderedNow {
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
