package app

import (
	"fmt"
	"html/template"
	"log/slog"
	"strings"

	"immo/internal/domain/agency"
	"immo/internal/domain/rendered"
	"immo/internal/http/web"
	"immo/internal/http/web/assets"
	"immo/internal/http/web/respond"
	"immo/internal/http/web/route"
	"immo/internal/http/web/ssr"
)

// Web replaces the built web app the pages are served with (tests): its
// renderer, head tags, per-page preloads and version.
type Web struct {
	Renderer     ssr.Renderer // nil: ssr.Disabled{}, the client-rendered shell
	AssetTags    template.HTML
	PagePreloads func(view, lang string) template.HTML
	AssetVersion string
	built        bool // the built web app (builtWeb): its pages may be pre-rendered
	// slots, when set, are the renderer's slots every site sharing it takes
	// (a platform's: sharedSlots); each site then queues at most
	// SiteQueue renders of its own.
	slots *respond.Slots
}

// SiteQueue is how many renders one agency's site may queue for the
// engines a platform's sites share (the shared queue holds 256): one
// agency's burst leaves the others room.
const SiteQueue = 64

// shared is w with slots for every site that renders with it.
func (w *Web) shared() *Web {
	c := *w
	size := 0
	if sized, ok := w.Renderer.(interface{ Size() int }); ok {
		size = sized.Size()
	}
	c.slots = respond.NewSlots(size, 0)
	return &c
}

// builtWeb is the built web app: the server renderer on its bundle (a pool
// of engines, which every agency's site of a platform shares: it renders
// whatever props it is given) and the manifest's tags; close ends the
// renderer.
func builtWeb(log *slog.Logger) (*Web, func(), error) {
	closeFn := func() {}
	var renderer ssr.Renderer = ssr.Disabled{}
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
	return &Web{Renderer: renderer, AssetTags: m.HeadTags(), PagePreloads: m.PagePreloads, AssetVersion: m.Version(), built: true}, closeFn, nil
}

// newPages wires the page handler: the resolver, the map frame, and React
// rendering in the process when the web app was built (otherwise the client
// renders); with w, w's renderer and assets instead.
func newPages(resolver *route.Resolver, current func() *agency.Agency, pagesStore rendered.Store, mapFrame web.MapFrameOptions, forms web.Forms, visits web.VisitCancels, news web.NewsletterPages, sessions web.Sessions, pageVisits web.PageVisits, pictureVersions respond.PictureVersions, observer respond.Observer, budget caches, log *slog.Logger, w *Web) (*web.Handler, func(), error) {
	closeFn := func() {}
	if w == nil {
		var err error
		if w, closeFn, err = builtWeb(log); err != nil {
			return nil, nil, err
		}
	}
	renderer := w.Renderer
	if renderer == nil {
		renderer = ssr.Disabled{}
	}
	h := web.NewHandler(web.Options{
		Resolver:     resolver,
		Agency:       current,
		Renderer:     renderer,
		AssetTags:    w.AssetTags,
		PagePreloads: w.PagePreloads,
		AssetVersion: w.AssetVersion,
		Log:          log,
		MapFrame:     mapFrame,
		Forms:        forms,
		Visits:       visits,
		Newsletter:   news,
		Sessions:     sessions,
		PageVisits:   pageVisits,
		Rendered:     pagesStore,
		Now:          resolver.Now,
		Secure:       strings.HasPrefix(resolver.BaseURL, "https://"),
		// Every page's own pictures at addresses cached a year.
		PictureVersions: pictureVersions,
		Observer:        observer,
		CacheBytes:      budget.html,
		RenderedBytes:   budget.rendered,
		SharedSlots:     w.slots,
		QueueMax:        siteQueue(w.slots),
	})
	return h, closeFn, nil
}

// caches bound a site's pages: its HTML cache in memory, its rendered
// pages in the database (0: the responder's defaults).
type caches struct {
	html     int
	rendered int64
}

// siteQueue is a site's own queue for its renders: SiteQueue when it
// shares the engines, the responder's default otherwise.
func siteQueue(shared *respond.Slots) int {
	if shared == nil {
		return 0
	}
	return SiteQueue
}

// draftPreview is the inbox's preview of a draft: the agency's drafts, the
// public pages' handler.
type draftPreview struct {
	*agency.Service
	*web.Handler
}
