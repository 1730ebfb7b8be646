// Package respond answers pages, whichever entry of the app asks: the page
// protocol (Inertia's) written once. A handler decides what page a request
// gets — view, props, status, head, whether everyone sees the same — and
// the Responder answers it: a server-rendered document with the response's
// nonce to a browser, the page object as JSON to the client's router, a
// 409 to a client running an older build, a redirect inside or outside the
// site, and the HTML cache in front of it all.
//
// It knows nothing of the public site: an entry brings its renderer (its
// own view registry, bundled for the server), its asset tags and its
// pages' heads (the public site: internal/web; a second entry such as the
// agency's inbox: the same Responder type with its own Options).
package respond

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
	"immo/internal/web/ssr"
)

// Page is what a handler answers with.
type Page struct {
	View   string // the view the entry's registry renders
	Props  any    // sent as JSON; the view's props
	Status int    // 0: 200
	Lang   string // the document's language
	// Head writes the document's head tags after the charset and viewport
	// (title, meta, links); nil: none. Called only for a document.
	Head func() template.HTML
	// Cacheable says the page is the same for everyone at this address: its
	// document may enter the HTML cache when the request's query is
	// CacheQuery (the canonical address), so no stranger fills the cache
	// with variants. A page answered to a post is never stored.
	Cacheable  bool
	CacheQuery string
	// Private says the page reads the viewer (an account's page): never
	// cached anywhere (Cache-Control: private, no-store).
	Private bool
	// NoStore says the page holds what one visitor typed or a token from a
	// link: no cache keeps it (Cache-Control: no-store).
	NoStore bool
}

func (p Page) status() int {
	if p.Status == 0 {
		return http.StatusOK
	}
	return p.Status
}

// pageObject is Inertia's page object.
type pageObject struct {
	Component string `json:"component"`
	Props     any    `json:"props"`
	URL       string `json:"url"`
	Version   string `json:"version"`
}

// Options configure a Responder.
type Options struct {
	// Renderer renders the page object to HTML (ssr.Pool); nil or
	// ssr.Disabled{} serves the client-rendered shell.
	Renderer ssr.Renderer
	// Assets are the head tags of the entry's client bundle and of a
	// view's and a language's chunks (preloads); nil: none.
	Assets func(view, lang string) template.HTML
	// Version is the client build's, for the protocol's asset check.
	Version string
	// Generation names the data a rendered page depends on beside the build
	// (the catalog's version): a cached page of another is stale. Nil: the
	// build alone.
	Generation func() string
	// Refresh resolves the page at a request URI again, for the background
	// render of a page served stale; nil: stale pages are not refreshed.
	Refresh func(uri string) (Page, bool)
	// CacheBytes bounds the HTML cache; 0: 64 MiB; negative: no cache.
	CacheBytes    int
	RenderTimeout time.Duration // 0: 2 s
	Log           *slog.Logger
}

// Responder answers pages.
type Responder struct {
	o         Options
	cache     *htmlCache
	refresher *refresher
	slot      string // where a document's nonce goes (nonce.go)
}

// New returns a Responder.
func New(o Options) *Responder {
	if o.Renderer == nil {
		o.Renderer = ssr.Disabled{}
	}
	if o.Assets == nil {
		o.Assets = func(string, string) template.HTML { return "" }
	}
	if o.RenderTimeout == 0 {
		o.RenderTimeout = 2 * time.Second
	}
	if o.CacheBytes == 0 {
		o.CacheBytes = 64 << 20
	}
	if o.Log == nil {
		o.Log = slog.New(slog.DiscardHandler)
	}
	rs := &Responder{o: o, slot: newSlot()}
	if o.CacheBytes > 0 {
		rs.cache = newHTMLCache(o.CacheBytes)
	}
	rs.refresher = newRefresher(rs)
	return rs
}

// Version is the client build the Responder answers for.
func (rs *Responder) Version() string { return rs.o.Version }

func (rs *Responder) generation() string {
	if rs.o.Generation == nil {
		return rs.o.Version
	}
	return rs.o.Version + "/" + rs.o.Generation()
}

// IsClient tells a request of the client's router (the page object as
// JSON) from a browser's (a document).
func IsClient(r *http.Request) bool { return r.Header.Get("X-Inertia") == "true" }

// MaxQueryBytes bounds a page's query string. The longest the site writes
// (every list filter and a city) is under 200 bytes; campaign parameters
// fit the rest. A longer one is refused (414) before anything reads it, so
// no request can make a page carry a visitor's kilobytes.
const MaxQueryBytes = 2048

// Protocol is the front of every page route: a query past MaxQueryBytes is
// refused; the answers vary by the protocol's header; a client running
// another build is told to load the page anew (409); and a browser's GET
// of a page in the HTML cache is answered from it without reaching next.
func (rs *Responder) Protocol(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if len(r.URL.RawQuery) > MaxQueryBytes {
			http.Error(w, http.StatusText(http.StatusRequestURITooLong), http.StatusRequestURITooLong)
			return
		}
		w.Header().Set("Vary", "X-Inertia, Accept-Encoding")
		if IsClient(r) && r.Header.Get("X-Inertia-Version") != rs.o.Version {
			w.Header().Set("X-Inertia-Location", r.URL.RequestURI())
			w.WriteHeader(http.StatusConflict)
			return
		}
		if !IsClient(r) && (r.Method == http.MethodGet || r.Method == http.MethodHead) && rs.cache != nil {
			if doc, fresh, _ := rs.cache.get(rs.generation(), r.URL.RequestURI()); fresh {
				w.Header().Set("Cache-Control", "no-cache")
				writeNonced(w, r, doc.status, doc.doc)
				return
			}
		}
		next.ServeHTTP(w, r)
	})
}

// Render answers p.
func (rs *Responder) Render(w http.ResponseWriter, r *http.Request, p Page) {
	switch {
	case p.Private:
		w.Header().Set("Cache-Control", "private, no-store")
	case p.NoStore:
		w.Header().Set("Cache-Control", "no-store")
	default:
		w.Header().Set("Cache-Control", "no-cache")
	}
	uri := r.URL.RequestURI()
	obj := pageObject{Component: p.View, Props: p.Props, URL: uri, Version: rs.o.Version}
	if IsClient(r) {
		w.Header().Set("X-Inertia", "true")
		WriteCompressed(w, r, p.status(), "application/json", mustJSON(obj), nil)
		return
	}
	get := r.Method == http.MethodGet || r.Method == http.MethodHead
	keep := get && p.Cacheable && !p.Private && !p.NoStore && rs.cache != nil
	gen := rs.generation()
	done := rs.refresher.visit()
	doc, rendered := rs.render(r.Context(), p, obj)
	done()
	switch {
	case !rendered && keep:
		doc = rs.stale(gen, uri, p.status(), doc)
	case rendered && keep && r.URL.RawQuery == p.CacheQuery:
		rs.cache.put(gen, uri, doc) // only canonical addresses
	}
	writeNonced(w, r, doc.status, doc.doc)
}

// Redirect sends the request on to. An address inside the site is followed
// by the client's router too (fetch keeps the protocol's headers) and shows
// the page it lands on without a reload; another site needs the client to
// load it whole (409 with X-Inertia-Location). status is the browser's
// (301, 302, 303); after a post it is 303.
func (rs *Responder) Redirect(w http.ResponseWriter, r *http.Request, to string, status int) {
	internal := strings.HasPrefix(to, "/") && !strings.HasPrefix(to, "//")
	if IsClient(r) && !internal {
		w.Header().Set("X-Inertia-Location", to)
		w.WriteHeader(http.StatusConflict)
		return
	}
	http.Redirect(w, r, to, status)
}

// render builds the document of p. When React cannot render it in time it
// is the client-rendered shell with the same head (a visitor never sees an
// error because of rendering), and rendered is false unless server
// rendering is disabled (then the shell is the page's final form).
func (rs *Responder) render(ctx context.Context, p Page, obj pageObject) (doc cached, rendered bool) {
	pageJSON := mustJSON(obj)
	ctx, cancel := context.WithTimeout(ctx, rs.o.RenderTimeout)
	defer cancel()
	out, err := rs.o.Renderer.Render(ctx, pageJSON)
	rendered = err == nil || errors.Is(err, ssr.ErrDisabled)
	if !rendered {
		rs.o.Log.Warn("server render failed; serving the previous or client-rendered page", "url", obj.URL, "view", obj.Component, "err", err)
	}
	if err != nil {
		out = ssr.Result{}
	}
	var head template.HTML
	if p.Head != nil {
		head = p.Head()
	}
	var b bytes.Buffer
	err = document.Execute(&b, documentData{Lang: p.Lang, Head: head,
		Assets: withNonceAttr(rs.o.Assets(p.View, p.Lang), rs.slot), App: ssr.AppHTML(out, pageJSON)})
	if err != nil {
		panic(err) // the template and its data are ours: a failure is a bug
	}
	return cached{status: p.status(), doc: newNonced(b.Bytes(), rs.slot)}, rendered
}

// document is the HTML around the app; the head's tags are the page's.
var document = template.Must(template.New("doc").Parse(`<!doctype html>
<html lang="{{.Lang}}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
{{.Head}}
{{.Assets}}
</head>
<body>
{{.App}}
</body>
</html>
`))

type documentData struct {
	Lang   string
	Head   template.HTML
	Assets template.HTML
	App    template.HTML
}

// CacheCounts returns how many cached pages are of the current generation
// and how many of an earlier one.
func (rs *Responder) CacheCounts() (fresh, stale int) {
	if rs.cache == nil {
		return 0, 0
	}
	return rs.cache.counts(rs.generation())
}

// Cached returns the fresh cached document of uri, for the tests and
// benchmarks that look at what the cache holds.
func (rs *Responder) Cached(uri, nonce string) ([]byte, bool) {
	if rs.cache == nil {
		return nil, false
	}
	doc, fresh, _ := rs.cache.get(rs.generation(), uri)
	if !fresh {
		return nil, false
	}
	return doc.doc.html(nonce), true
}

func mustJSON(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}

// WriteCompressed writes body, gzipped when the client takes it. gz may be
// given ready-made.
func WriteCompressed(w http.ResponseWriter, r *http.Request, status int, contentType string, body, gz []byte) {
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
