package main

import (
	"fmt"
	"log/slog"

	"immo/internal/web"
	"immo/internal/web/assets"
	"immo/internal/web/route"
	"immo/internal/web/ssr"
)

// newPages wires the page handler: the resolver, the map frame, and React
// rendering in the process when the web app was built (otherwise the client
// renders).
func newPages(resolver *route.Resolver, mapFrame web.MapFrameOptions, forms web.Forms, visits web.VisitCancels, news web.NewsletterPages, sessions web.Sessions, log *slog.Logger) (*web.Handler, func(), error) {
	var renderer ssr.Renderer = ssr.Disabled{}
	closeFn := func() {}
	if bundle, ok := assets.ServerBundle(); ok {
		pool, err := ssr.NewPool(bundle, 0, ssr.WithLogger(log))
		if err != nil {
			return nil, nil, fmt.Errorf("server renderer: %w", err)
		}
		renderer, closeFn = pool, func() { pool.Close() }
	} else {
		log.Warn("web app not built: pages are rendered in the browser only (run make build)")
	}
	m, _ := assets.Manifest()
	h := web.NewHandler(web.Options{
		Resolver:     resolver,
		Renderer:     renderer,
		AssetTags:    m.HeadTags(),
		PagePreloads: m.PagePreloads,
		AssetVersion: m.Version(),
		Log:          log,
		MapFrame:     mapFrame,
		Forms:        forms,
		Visits:       visits,
		Newsletter:   news,
		Sessions:     sessions,
	})
	return h, closeFn, nil
}
