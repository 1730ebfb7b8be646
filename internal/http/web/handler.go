// Package web serves the site's pages. The server owns URLs, React owns
// views: route resolves a URL into page data, and this handler answers it
// as an Inertia page object — JSON for the client's later visits, or a
// whole HTML document rendered by React inside the process for the first.
package web

import (
	"context"
	"html/template"
	"log/slog"
	"net/http"
	"net/url"
	"time"

	"immo/internal/domain/agency"
	"immo/internal/domain/rendered"
	"immo/internal/http/web/respond"
	"immo/internal/http/web/route"
	"immo/internal/http/web/ssr"
)

// Handler serves the public site: every page the resolver knows, the
// forms posted to them, and the pages of the links the site mails (a
// visit's cancel link, the newsletter's). Each is an ordinary route of its
// mux; the page protocol is the Responder's (package respond).
type Handler struct {
	resolver *route.Resolver
	agency   func() *agency.Agency // the agency as published; nil: the resolver's site
	rs       *respond.Responder
	mux      *http.ServeMux
	log      *slog.Logger
	mapFrame http.Handler // MapFramePath
	owners   OwnerPages   // the owners' login, password and portal pages (ServeOwners)
	// registrants are the registrants' login, links and area (ServeRegistrants).
	registrants RegistrantPages
	// sitemapCache holds sitemap.xml for one data version.
	sitemapCache sitemap
	forms        Forms        // the form handlers by kind (forms.go)
	visits       VisitCancels // the cancel links of booked visits (visitcancel.go); nil: none
	newsletter   NewsletterPages
	sessions     Sessions   // the viewer routes' sessions; nil: none
	pageVisits   PageVisits // counts the property pages' visits (pagevisits.go)
	secure       bool       // the site is served over HTTPS: its cookies say so
	// pictureVersions versions the head's picture preloads as the
	// responder does the page's addresses (they must be the same URLs).
	pictureVersions respond.PictureVersions
}

// Options configure a Handler.
type Options struct {
	Resolver *route.Resolver
	// Agency is the agency as last published (agency.Service.Current): the
	// pages of a request whose context carries none, the background
	// renders, the cached pages' generation; nil: the Resolver's own site.
	Agency    func() *agency.Agency
	Renderer  ssr.Renderer // ssr.Disabled{} serves the client-rendered shell
	AssetTags template.HTML
	// PagePreloads, when set, gives the head tags that fetch a view's and a
	// language's chunks early (assets.ViteManifest.PagePreloads).
	PagePreloads  func(view, lang string) template.HTML
	AssetVersion  string
	CacheBytes    int           // 0: 16 MiB
	RenderTimeout time.Duration // 0: 2 s; past it the shell is served
	// SharedSlots are the render slots of a renderer several sites share
	// (a platform's agencies), and QueueMax bounds this site's own queue
	// for them (0: 256).
	SharedSlots *respond.Slots
	QueueMax    int
	// RenderedBytes bounds the rendered pages this site keeps in the
	// shared store (0: 256 MiB).
	RenderedBytes int64
	Log           *slog.Logger
	// MapFrame configures the map frame (its tiles: cmd/immo reads them
	// from the environment).
	MapFrame MapFrameOptions
	Forms    Forms // the visitor forms' handlers by kind (forms.go); none: POST is 405
	// Visits answers the cancel links of booked visits; nil: none.
	Visits VisitCancels
	// Newsletter serves the newsletter's confirm and unsubscribe pages
	// (newsletter.go); without a Service they are not found.
	Newsletter NewsletterPages
	// Sessions keep who is logged in, for the routes that read the viewer
	// (viewerPage); nil: no such route.
	Sessions Sessions
	// PageVisits count the visits of the property pages (pagevisits.go);
	// without a Counter, none.
	PageVisits PageVisits
	// Rendered keeps the rendered pages every server shares, across
	// restarts (respond.Options.Store); nil: none.
	Rendered rendered.Store
	Now      func() time.Time // nil: time.Now
	// Secure: the site is served over HTTPS (the viewer cookie's flag).
	Secure bool
	// PictureVersions gives the local pictures' versions, which every
	// page's picture addresses carry (a year's cache); nil: none.
	PictureVersions respond.PictureVersions
	// Observer hears how the pages' documents came and the renders' times
	// (the operator's metrics); nil: nobody.
	Observer respond.Observer
}

// NewHandler returns the page handler.
func NewHandler(o Options) *Handler {
	if o.Log == nil {
		o.Log = slog.New(slog.DiscardHandler)
	}
	preloads := o.PagePreloads
	if preloads == nil {
		preloads = func(string, string) template.HTML { return "" }
	}
	h := &Handler{resolver: o.Resolver, agency: o.Agency, log: o.Log, forms: o.Forms,
		visits: o.Visits, newsletter: o.Newsletter, sessions: o.Sessions, pageVisits: o.PageVisits, secure: o.Secure,
		pictureVersions: o.PictureVersions}
	h.rs = respond.New(respond.Options{
		Renderer:      o.Renderer,
		Assets:        func(view, lang string) template.HTML { return o.AssetTags + preloads(view, lang) },
		Version:       o.AssetVersion,
		Generation:    func() string { return h.routes(context.Background()).Version() },
		Refresh:       h.refresh,
		CacheBytes:    o.CacheBytes,
		RenderTimeout: o.RenderTimeout,
		Shared:        o.SharedSlots,
		QueueMax:      o.QueueMax,
		StoreBytes:    o.RenderedBytes,
		Store:         o.Rendered,
		Now:           o.Now,
		Log:           o.Log,
		// The head's preloads (preload.go) follow the same versions.
		PictureVersions: o.PictureVersions,
		Observer:        o.Observer,
	})
	if o.MapFrame.Log == nil {
		o.MapFrame.Log = o.Log
	}
	h.mapFrame = NewMapFrame(o.MapFrame)
	h.mux = http.NewServeMux()
	page := func(f http.HandlerFunc) http.Handler { return h.rs.Protocol(f) }
	if h.visits != nil {
		h.mux.Handle("/{lang}/"+route.VisitCancelSlug+"/{$}", h.tokenPage(page(h.serveVisitCancel)))
	}
	if h.newsletter.Service != nil {
		h.mux.Handle("/{lang}/newsletter/confirm/{$}", h.tokenPage(page(h.serveNewsletter)))
		h.mux.Handle("/{lang}/unsubscribe/{$}", h.tokenPage(page(h.serveNewsletter)))
	}
	// The visits are counted in front of the protocol, so a page the HTML
	// cache answers counts too.
	h.mux.Handle("/", h.countVisits(page(h.servePage)))
	return h
}

// tokenPage fronts the pages a mailed link opens, whose address may hold
// its token: no answer of theirs is kept by a cache or sent on as a
// referrer — their redirects and refusals (409, 414, 405, 403) included,
// not only their pages. The footer's sign-up posted on them goes on to the
// home page (forwardSignUp).
func (h *Handler) tokenPage(next http.Handler) http.Handler {
	next = h.forwardSignUp(next)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-store")
		w.Header().Set("Referrer-Policy", "no-referrer")
		next.ServeHTTP(w, r)
	})
}

// viewerPage is the route of a page that reads the viewer (an account
// page, the owner portal): the session middleware puts the viewer in its
// context (account.FromContext), and its answers are private
// (respond.Page.Private). The public pages never run it.
func (h *Handler) viewerPage(f http.HandlerFunc) http.Handler {
	return h.rs.Protocol(h.sessions.Viewer(f))
}

// Responder is the handler's page protocol, for the tests that look at its
// cache.
func (h *Handler) Responder() *respond.Responder { return h.rs }

func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) { h.mux.ServeHTTP(w, r) }

// servePage answers a page of the resolver, and the forms posted to it.
func (h *Handler) servePage(w http.ResponseWriter, r *http.Request) {
	if r.Method == http.MethodPost {
		h.servePost(w, r)
		return
	}
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, http.StatusText(http.StatusMethodNotAllowed), http.StatusMethodNotAllowed)
		return
	}
	rt := h.routes(r.Context())
	res := rt.Resolve(r.URL.EscapedPath(), r.URL.Query())
	if res.Redirect != "" {
		h.rs.Redirect(w, r, res.Redirect, res.Status)
		return
	}
	h.rs.Render(w, r, h.page(rt, res))
}

// page is the Responder's page of a resolved one.
func (h *Handler) page(rt *route.Resolver, res route.Result) respond.Page {
	return respond.Page{View: res.View, Props: res.Props, Status: res.Status, Lang: res.Lang,
		Head: h.head(rt, res), Cacheable: res.Cacheable, CacheQuery: res.CacheQuery, Live: res.Live}
}

// refresh resolves a page served stale again, for its background render.
func (h *Handler) refresh(uri string) (respond.Page, bool) {
	u, err := url.ParseRequestURI(uri)
	if err != nil {
		return respond.Page{}, false
	}
	rt := h.routes(context.Background()) // the agency as published
	res := rt.Resolve(u.EscapedPath(), u.Query())
	return h.page(rt, res), res.Redirect == ""
}

// routes is the resolver of the agency ctx carries (agency.FromContext),
// else of the agency as published.
func (h *Handler) routes(ctx context.Context) *route.Resolver {
	a := agency.FromContext(ctx)
	if a == nil && h.agency != nil {
		a = h.agency()
	}
	return h.resolver.For(a)
}
