package main

import (
	"fmt"
	"log/slog"
	"strings"

	"immo/internal/catalog"
	"immo/internal/site"
	"immo/internal/testimonial"
	"immo/internal/web"
	"immo/internal/web/assets"
	"immo/internal/web/route"
	"immo/internal/web/ssr"
)

// newPages wires the page handler: the resolver, and React rendering in the
// process when the web app was built (otherwise the client renders).
func newPages(cfg *site.Config, cat *catalog.Service, says *testimonial.Service, publicURL string, log *slog.Logger) (*web.Handler, func(), error) {
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
		Resolver:     &route.Resolver{Site: cfg, Catalog: cat, Testimonials: says, BaseURL: strings.TrimRight(publicURL, "/")},
		Renderer:     renderer,
		AssetTags:    m.HeadTags(),
		PagePreloads: m.PagePreloads,
		AssetVersion: m.Version(),
		Log:          log,
	})
	return h, closeFn, nil
}
