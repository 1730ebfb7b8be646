package web

import (
	"context"
	"time"
)

// Prerender renders the sitemap's pages in the background whenever the
// data or the build they depend on changes (an import, a testimonial, the
// agenda; a new build or configuration is a new process), so a crawler
// walking the catalog or a visitor on a page nobody opened since finds it
// rendered: at low priority (respond.Responder.Prerender: never while a
// visitor's render runs or waits), only the pages whose page object
// changed, and into the store every server shares. It checks every
// interval and returns when ctx ends.
func (h *Handler) Prerender(ctx context.Context, every time.Duration) {
	var done string
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		if gen := h.rs.Generation(); gen != done {
			start := time.Now()
			n := h.rs.Prerender(ctx, h.prerenderAddresses())
			if ctx.Err() != nil {
				return
			}
			if h.rs.Generation() == gen {
				done = gen // else a newer pass follows at once
			}
			h.log.Info("pre-rendered the sitemap's pages", "rendered", n.Rendered, "current", n.Kept,
				"skipped", n.Skipped, "took", time.Since(start).Round(time.Millisecond))
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// prerenderAddresses are the sitemap's addresses, site-relative.
func (h *Handler) prerenderAddresses() []string {
	return sitemapAddresses(h.routes(context.Background()))
}
