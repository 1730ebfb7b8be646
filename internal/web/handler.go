// Package web serves the site's pages. The server owns URLs, React owns
// views: route resolves a URL into page data, and this handler answers it
// as an Inertia page object — JSON for the client's later visits, or a
// whole HTML document rendered by React inside the process for the first.
package web

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"html/template"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"time"

	"immo/internal/web/assets"
	"immo/internal/web/route"
	"immo/internal/web/ssr"
)

// Page is the Inertia page object.
type Page struct {
	Component string      `json:"component"`
	Props     route.Props `json:"props"`
	URL       string      `json:"url"`
	Version   string      `json:"version"`
}

// Handler serves every page the resolver knows.
type Handler struct {
	resolver *route.Resolver
	renderer ssr.Renderer
	assets   template.HTML // the client entry's head tags
	preloads func(view, lang string) template.HTML
	version  string // the client build, for the protocol's asset check
	cache    *htmlCache
	// refresher re-renders the pages served stale while the engines were busy.
	refresher *refresher
	slot      string // where the document's nonce goes (nonce.go)
	log       *slog.Logger
	mapFrame  http.Handler // MapFramePath
	// sitemapCache holds sitemap.xml for one data version.
	sitemapCache sitemap
	// RenderTimeout bounds one server render; past it the shell is served.
	RenderTimeout time.Duration
	forms         Forms        // the form handlers by kind (forms.go)
	visits        VisitCancels // the cancel links of booked visits (visitcancel.go); nil: none
	newsletter    NewsletterPages
}

// Options configure a Handler.
type Options struct {
	Resolver  *route.Resolver
	Renderer  ssr.Renderer // ssr.Disabled{} serves the client-rendered shell
	AssetTags template.HTML
	// PagePreloads, when set, gives the head tags that fetch a view's and a
	// language's chunks early (assets.ViteManifest.PagePreloads).
	PagePreloads func(view, lang string) template.HTML
	AssetVersion string
	CacheBytes   int // 0: 64 MiB
	Log          *slog.Logger
	// MapFrame configures the map frame (its tiles: cmd/immo reads them
	// from the environment).
	MapFrame MapFrameOptions
	Forms    Forms // the visitor forms' handlers by kind (forms.go); none: POST is 405
	// Visits answers the cancel links of booked visits; nil: none.
	Visits VisitCancels
	// Newsletter serves the newsletter's confirm and unsubscribe pages
	// (newsletter.go); without a Service they are not found.
	Newsletter NewsletterPages
}

// NewHandler returns the page handler.
func NewHandler(o Options) *Handler {
	if o.CacheBytes == 0 {
		o.CacheBytes = 64 << 20
	}
	if o.Renderer == nil {
		o.Renderer = ssr.Disabled{}
	}
	if o.PagePreloads == nil {
		o.PagePreloads = func(string, string) template.HTML { return "" }
	}
	h := &Handler{resolver: o.Resolver, renderer: o.Renderer, assets: o.AssetTags, preloads: o.PagePreloads, version: o.AssetVersion,
		cache: newHTMLCache(o.CacheBytes), slot: newSlot(), log: o.Log, RenderTimeout: 2 * time.Second, forms: o.Forms, visits: o.Visits,
		newsletter: o.Newsletter}
	if o.MapFrame.Log == nil {
		o.MapFrame.Log = o.Log
	}
	h.mapFrame = NewMapFrame(o.MapFrame)
	h.refresher = newRefresher(h)
	return h
}

// generation names what a rendered page depends on: the client build and
// the catalog version.
func (h *Handler) generation() string { return h.version + "/" + h.resolver.Version() }

func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if h.visits != nil {
		if _, ok := h.resolver.VisitCancelLang(r.URL.EscapedPath()); ok {
			h.serveVisitCancel(w, r)
			return
		}
	}
	if h.newsletter.Service != nil {
		if lang, confirm, ok := h.resolver.NewsletterPage(r.URL.EscapedPath()); ok {
			h.serveNewsletter(w, r, lang, confirm)
			return
		}
	}
	if r.Method == http.MethodPost {
		h.servePost(w, r)
		return
	}
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, http.StatusText(http.StatusMethodNotAllowed), http.StatusMethodNotAllowed)
		return
	}
	if refuseLongQuery(w, r) {
		return
	}
	w.Header().Set("Vary", "X-Inertia, Accept-Encoding")
	inertia := r.Header.Get("X-Inertia") == "true"
	if inertia && r.Header.Get("X-Inertia-Version") != h.version {
		// The client runs an older build: make it load the page anew.
		w.Header().Set("X-Inertia-Location", r.URL.RequestURI())
		w.WriteHeader(http.StatusConflict)
		return
	}
	gen := h.generation()
	key := r.URL.RequestURI()
	if !inertia {
		if doc, fresh, _ := h.cache.get(gen, key); fresh {
			h.writeDocument(w, r, doc)
			return
		}
	}
	res := h.resolver.Resolve(r.URL.EscapedPath(), r.URL.Query())
	if res.Redirect != "" {
		// A client visit follows a redirect within the site itself (fetch
		// keeps the X-Inertia headers) and shows the page it lands on without
		// a reload; only another site needs the full-page 409.
		internal := strings.HasPrefix(res.Redirect, "/") && !strings.HasPrefix(res.Redirect, "//")
		if inertia && !internal {
			w.Header().Set("X-Inertia-Location", res.Redirect)
			w.WriteHeader(http.StatusConflict)
			return
		}
		http.Redirect(w, r, res.Redirect, res.Status)
		return
	}
	page := Page{Component: res.View, Props: res.Props, URL: key, Version: h.version}
	if inertia {
		w.Header().Set("X-Inertia", "true")
		w.Header().Set("Cache-Control", "no-cache")
		writeCompressed(w, r, res.Status, "application/json", mustJSON(page), nil)
		return
	}
	done := h.refresher.visit()
	doc, rendered := h.render(r.Context(), res, page)
	done()
	switch {
	case !rendered:
		doc = h.stale(gen, key, res.Status, doc)
	case res.Cacheable && r.URL.RawQuery == res.CacheQuery:
		h.cache.put(gen, key, doc) // only canonical addresses: see route.Result
	}
	h.writeDocument(w, r, doc)
}

func (h *Handler) writeDocument(w http.ResponseWriter, r *http.Request, doc cached) {
	w.Header().Set("Cache-Control", "no-cache")
	writeNonced(w, r, doc.status, doc.doc)
}

// render builds the document for res. When React cannot render it in time,
// it is the client-rendered shell with the same head (a visitor never sees an
// error because of rendering), and rendered is false unless server rendering
// is disabled (then the shell is the page's final form).
func (h *Handler) render(ctx context.Context, res route.Result, page Page) (doc cached, rendered bool) {
	pageJSON := mustJSON(page)
	ctx, cancel := context.WithTimeout(ctx, h.RenderTimeout)
	defer cancel()
	out, err := h.renderer.Render(ctx, pageJSON)
	rendered = err == nil || errors.Is(err, ssr.ErrDisabled)
	if !rendered {
		h.log.Warn("server render failed; serving the previous or client-rendered page", "url", page.URL, "view", page.Component, "err", err)
	}
	if err != nil {
		out = ssr.Result{}
	}
	var b bytes.Buffer
	err = document.Execute(&b, documentData{
		Lang: res.Lang, Head: res.Head, Settings: h.resolver.Site.SiteInfo.Settings,
		Breadcrumbs: breadcrumbList(res.Head.Breadcrumb, h.resolver.Absolute),
		Assets:      withNonceAttr(h.assets+h.preloads(page.Component, res.Lang), h.slot), App: ssr.AppHTML(out, pageJSON),
	})
	if err != nil {
		panic(err) // the template and its data are ours: a failure is a bug
	}
	return cached{status: res.Status, doc: newNonced(b.Bytes(), h.slot)}, rendered
}

func mustJSON(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}

// writeCompressed writes body, gzipped when the client takes it. gz may be
// given ready-made.
func writeCompressed(w http.ResponseWriter, r *http.Request, status int, contentType string, body, gz []byte) {
	w.Header().Set("Content-Type", contentType)
	w.Header().Set("X-Content-Type-Options", "nosniff")
	if assets.AcceptsGzip(r) && len(body) > 1024 {
		if gz == nil {
			gz = assets.Gzip(body)
		}
		body = gz
		w.Header().Set("Content-Encoding", "gzip")
	}
	w.Header().Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(status)
	if r.Method != http.MethodHead {
		w.Write(body)
	}
}
