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
// pages' heads (the public site: internal/http/web; a second entry such as the
// agency's inbox: the same Responder type with its own Options).
package respond

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"
	"errors"
	"html/template"
	"log/slog"
	"net/http"
	"net/url"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"immo/internal/domain/rendered"
	"immo/internal/http/reqkind"
	"immo/internal/http/web/assets"
	"immo/internal/http/web/ssr"
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
	// Live says the page shows live availability (free visit slots): when
	// no render is to be had at once, the visitor gets the client-rendered
	// page of today's data, never the last render of an earlier version,
	// which could outlive a booking by minutes on a saturated server.
	Live bool
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
	// Private tells the browser's router to keep only the page's address
	// in its history (an account's page): going back asks again, so a
	// logout or a change since is not undone by the back button. A
	// no-store page (a form sent back with what was typed) is kept whole:
	// Back shows the visitor their form as they left it.
	Private bool `json:"private,omitempty"`
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
	// CacheBytes bounds the HTML cache; 0: 16 MiB of deflated pages, the
	// demo's ~300 pages six times over (the shared Store behind
	// it answers a miss without a render); negative: no cache.
	CacheBytes    int
	RenderTimeout time.Duration // 0: 2 s
	// RenderSlots is how many renders run at once: the renderer's Size()
	// (one per engine) when it has one, else one per core.
	RenderSlots int
	// QueueMax bounds the renders waiting for a slot (0: 256) and QueueWait
	// how long one waits (0: 1.5 s); past either, the visitor gets the
	// client-rendered shell.
	QueueMax  int
	QueueWait time.Duration
	// Shared, when set, are the slots of the renderer this responder
	// shares with others (a platform's agencies): a render takes one of
	// its own slots, then one of these.
	Shared *Slots
	// Store keeps the rendered pages that are the same for everyone where
	// every server finds them, across restarts (package rendered); nil:
	// this process's cache only. StoreBytes bounds it (0: 256 MiB).
	Store      rendered.Store
	StoreBytes int64
	Now        func() time.Time // the store's clock; nil: time.Now
	Log        *slog.Logger
	// PictureVersions versions the local pictures' addresses of every page
	// (pictures.go); nil: they stay as the page names them.
	PictureVersions PictureVersions
	// Observer hears how the documents came and how long the renders took
	// (the operator's metrics); nil: nobody.
	Observer Observer
}

// Observer hears the responder's work, for the operator's metrics (package metrics).
type Observer interface {
	// Served: a visitor's document came from source.
	Served(source Source)
	// Rendered: a server render (a visitor's or in the background) waited
	// wait for a render slot and took took; ok: it gave the page.
	Rendered(wait, took time.Duration, ok bool)
}

// Source is how a visitor's document came.
type Source string

const (
	SourceCache    Source = "cache"       // this process's HTML cache
	SourceStored   Source = "stored"      // the shared store of rendered pages
	SourceRendered Source = "rendered"    // rendered for it (or joined a render in flight)
	SourceLast     Source = "last_render" // the address's last render, every slot busy or the render failed
	SourceShell    Source = "shell"       // the client-rendered shell: no slot in time, or the render failed
)

// nobody is the Observer of a responder without one.
type nobody struct{}

func (nobody) Served(Source)                               {}
func (nobody) Rendered(time.Duration, time.Duration, bool) {}

// Responder answers pages.
type Responder struct {
	o         Options
	cache     *htmlCache
	refresher *refresher
	gate      *gate                      // the render slots and their queue
	flight    flight                     // renders in progress, shared
	slot      string                     // where a document's nonce goes (nonce.go)
	gen       atomic.Pointer[generation] // the last generation named (generation)
	writes    sync.WaitGroup             // pages being written to the store
}

// New returns a Responder.
func New(o Options) *Responder {
	if o.Renderer == nil {
		o.Renderer = ssr.Disabled{}
	}
	if o.Observer == nil {
		o.Observer = nobody{}
	}
	if o.Assets == nil {
		o.Assets = func(string, string) template.HTML { return "" }
	}
	if o.RenderTimeout == 0 {
		o.RenderTimeout = 2 * time.Second
	}
	if o.CacheBytes == 0 {
		o.CacheBytes = 16 << 20
	}
	if o.Log == nil {
		o.Log = slog.New(slog.DiscardHandler)
	}
	if o.RenderSlots <= 0 {
		o.RenderSlots = runtime.GOMAXPROCS(0)
		if sized, ok := o.Renderer.(interface{ Size() int }); ok {
			o.RenderSlots = sized.Size()
		}
	}
	if o.QueueWait == 0 {
		o.QueueWait = 1500 * time.Millisecond
	}
	if o.QueueMax == 0 {
		o.QueueMax = 256
	}
	if o.StoreBytes == 0 {
		o.StoreBytes = 256 << 20
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	rs := &Responder{o: o, slot: newSlot(), gate: newGate(o.RenderSlots, o.QueueMax)}
	if o.Shared != nil {
		rs.gate.shared = o.Shared.g
	}
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
	data := rs.o.Generation()
	if last := rs.gen.Load(); last != nil && last.data == data {
		return last.full // every cached page's answer asks: no allocation
	}
	g := &generation{data: data, full: rs.o.Version + "/" + data}
	rs.gen.Store(g)
	return g.full
}

// generation is the build's version joined to the data's.
type generation struct{ data, full string }

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
		h := w.Header()
		h["Vary"] = vary
		if IsClient(r) && r.Header.Get("X-Inertia-Version") != rs.o.Version {
			w.Header().Set("X-Inertia-Location", r.URL.RequestURI())
			w.WriteHeader(http.StatusConflict)
			return
		}
		if !IsClient(r) && (r.Method == http.MethodGet || r.Method == http.MethodHead) && rs.cache != nil {
			if doc, fresh, _ := rs.cache.get(rs.generation(), requestURI(r)); fresh {
				reqkind.Set(r.Context(), doc.view)
				rs.o.Observer.Served(SourceCache)
				h["Cache-Control"] = noCache
				writeNonced(w, r, doc.status, doc.doc)
				return
			}
		}
		next.ServeHTTP(w, r)
	})
}

var (
	vary    = []string{"X-Inertia, Accept-Encoding"}
	noCache = []string{"no-cache"}
)

// requestURI is the address the request line asked for, as sent (no copy):
// the cache's key for a canonical address, which the site writes one way.
func requestURI(r *http.Request) string {
	if strings.HasPrefix(r.RequestURI, "/") {
		return r.RequestURI
	}
	return r.URL.RequestURI()
}

// Render answers p.
func (rs *Responder) Render(w http.ResponseWriter, r *http.Request, p Page) {
	reqkind.Set(r.Context(), p.View)
	switch {
	case p.Private:
		w.Header().Set("Cache-Control", "private, no-store")
	case p.NoStore:
		w.Header().Set("Cache-Control", "no-store")
	default:
		w.Header().Set("Cache-Control", "no-cache")
	}
	if IsClient(r) {
		w.Header().Set("X-Inertia", "true")
		obj := pageObject{Component: p.View, Props: p.Props, URL: r.URL.RequestURI(), Version: rs.o.Version, Private: p.Private}
		WriteCompressed(w, r, p.status(), "application/json", versionPictures(mustJSON(obj), rs.o.PictureVersions), nil)
		return
	}
	get := r.Method == http.MethodGet || r.Method == http.MethodHead
	shared := get && p.Cacheable && !p.Private && !p.NoStore && rs.cache != nil
	address := r.URL.RequestURI()
	if shared {
		// Every address of a page that is the same for everyone — its
		// canonical one, with a campaign's parameters, another spelling —
		// shares one page object, so one render and one cache entry.
		address = canonicalURI(r.URL.Path, p.CacheQuery)
	}
	obj := pageObject{Component: p.View, Props: p.Props, URL: address, Version: rs.o.Version, Private: p.Private}
	doc, _ := rs.document(r.Context(), p, obj, shared, visitor)
	rs.o.Observer.Served(doc.source)
	writeNonced(w, r, doc.status, doc.doc)
}

// canonicalURI is a page's address as the cache keys it: the path escaped
// one way (so %61 and a are one page) and the page's canonical query.
func canonicalURI(path, query string) string {
	u := (&url.URL{Path: path}).EscapedPath()
	if query != "" {
		u += "?" + query
	}
	return u
}

// document returns the document of p, from the cache or rendered, and how
// it came. shared says it is the same for everyone at obj.URL (cached under
// it); who asks says whether a visitor waits for it: a background render
// (a refresh, a pre-render) takes a free render slot or none (noSlot), and
// a pre-render leaves a page the shared store holds where it is (it is
// read on its first visit: loading every page of the site would fill this
// process's cache).
//
// A page of the current generation was answered by Protocol already. Here
// the page is resolved: when what the document is made of is what the
// cached one was made of (digestOf), the cached one is current again;
// otherwise it is rendered — once for all who ask at the same time
// (flight) — when a render slot is free or comes free within the queue's
// wait; while every slot is busy the address's last render answers, and a
// render in the background replaces it. The client-rendered shell only
// past the bounded queue, or when React fails; it is never stored.
func (rs *Responder) document(ctx context.Context, p Page, obj pageObject, shared bool, who asker) (cached, outcome) {
	background := who != visitor
	gen := rs.generation()
	pageJSON := versionPictures(mustJSON(obj), rs.o.PictureVersions)
	var head template.HTML
	if p.Head != nil {
		head = p.Head()
	}
	assets := withNonceAttr(rs.o.Assets(p.View, p.Lang), rs.slot)
	d := digestOf(rs.o.Version, p.status(), p.Lang, head, assets, pageJSON)
	if shared {
		if doc, ok := rs.cache.renew(gen, obj.URL, d); ok {
			doc.source = SourceCache
			return doc, current
		}
	}
	if who == prerendering && rs.o.Store != nil {
		if ok, err := rs.o.Store.HasRendered(ctx, rendered.Key(d)); ok || err != nil {
			return cached{}, current
		}
	}
	how := current
	doc, _ := rs.flight.do(d, func() cached {
		// The render serves every request sharing it: one leaving does not end it.
		ctx := context.WithoutCancel(ctx)
		shell := func() cached {
			doc := rs.assemble(p, head, assets, ssr.Result{}, pageJSON, false)
			doc.source = SourceShell
			return doc
		}
		lastRender := func() (cached, bool) {
			if !shared {
				return cached{}, false
			}
			old, fresh, ok := rs.cache.get(gen, obj.URL)
			if !ok || fresh || old.status != p.status() || p.Live {
				return cached{}, false // a listing gone since, or a slot booked since, is not answered from before
			}
			if rs.o.Refresh != nil && !background {
				rs.refresher.add(obj.URL)
			}
			old.source = SourceLast
			return old, true
		}
		if shared {
			if doc, ok := rs.stored(ctx, d); ok {
				doc.view, doc.source = p.View, SourceStored
				rs.cache.put(gen, obj.URL, d, doc)
				return doc
			}
		}
		if !background {
			defer rs.refresher.visit()()
		}
		asked := time.Now()
		if !rs.gate.try() {
			if background {
				how = noSlot
				return shell() // for a visitor who joined this render meanwhile
			}
			if old, ok := lastRender(); ok {
				return old
			}
			if err := rs.gate.wait(ctx, rs.o.QueueWait); err != nil {
				rs.o.Log.Warn("no render slot; serving the client-rendered page", "url", obj.URL, "view", obj.Component, "err", err)
				return shell()
			}
		}
		started := time.Now()
		out, err := rs.renderApp(ctx, obj, pageJSON)
		rs.gate.leave()
		if !errors.Is(err, ssr.ErrDisabled) {
			rs.o.Observer.Rendered(started.Sub(asked), time.Since(started), err == nil)
		}
		if err == nil {
			how = renderedNow
		}
		switch {
		case err == nil || errors.Is(err, ssr.ErrDisabled):
			doc := rs.assemble(p, head, assets, out, pageJSON, shared)
			if err != nil {
				doc.source = SourceShell // no server bundle: the shell is the page's final form
			}
			if shared { // rendered, or the shell as the page's final form
				rs.cache.put(gen, obj.URL, d, doc)
				if err == nil {
					rs.keep(d, doc)
				}
			}
			return doc
		default:
			if old, ok := lastRender(); ok {
				return old
			}
			return shell()
		}
	})
	return doc, how
}

// asker is who a document is made for.
type asker int

const (
	visitor      asker = iota // waits for it
	refreshing                // re-renders a page answered from its last render
	prerendering              // renders the sitemap ahead of visitors
)

// outcome is how a document came.
type outcome int

const (
	current     outcome = iota // cached, stored, or answered as it was (the shell, the last render)
	renderedNow                // rendered for this request
	noSlot                     // not made: a background render found no free slot
)

// stored is the page d names from the shared store, if it holds it.
func (rs *Responder) stored(ctx context.Context, d digest) (cached, bool) {
	if rs.o.Store == nil {
		return cached{}, false
	}
	data, err := rs.o.Store.GetRendered(ctx, rendered.Key(d), rs.o.Now())
	if err != nil {
		if !errors.Is(err, rendered.ErrNotFound) {
			rs.o.Log.Warn("reading a rendered page from the store failed", "err", err)
		}
		return cached{}, false
	}
	doc, err := decodePage(data)
	if err != nil {
		rs.o.Log.Warn("a stored rendered page does not decode; rendering it", "err", err)
		return cached{}, false
	}
	return doc, true
}

// keep writes a rendered page to the shared store, in the background: the
// visitor is not kept waiting for a write.
func (rs *Responder) keep(d digest, doc cached) {
	if rs.o.Store == nil {
		return
	}
	rs.writes.Add(1)
	go func() {
		defer rs.writes.Done()
		if err := rs.o.Store.PutRendered(context.Background(), rendered.Key(d), encodePage(doc), rs.o.Now(), rs.o.StoreBytes); err != nil {
			rs.o.Log.Warn("storing a rendered page failed", "err", err)
		}
	}()
}

// WaitStored returns when the rendered pages being written to the store are.
func (rs *Responder) WaitStored() { rs.writes.Wait() }

// digestOf names a document by what it is made of (see digest).
func digestOf(version string, status int, lang string, head, assets template.HTML, pageJSON []byte) digest {
	h := sha256.New()
	for _, part := range [][]byte{[]byte(version), []byte(strconv.Itoa(status)), []byte(lang), []byte(head), []byte(assets), pageJSON} {
		var n [8]byte
		binary.LittleEndian.PutUint64(n[:], uint64(len(part)))
		h.Write(n[:])
		h.Write(part)
	}
	var d digest
	h.Sum(d[:0])
	return d
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

// renderApp renders the page object with React, within the render timeout.
// ErrDisabled (no server bundle) makes the shell the page's final form.
func (rs *Responder) renderApp(ctx context.Context, obj pageObject, pageJSON []byte) (ssr.Result, error) {
	ctx, cancel := context.WithTimeout(ctx, rs.o.RenderTimeout)
	defer cancel()
	out, err := rs.o.Renderer.Render(ctx, pageJSON)
	if err != nil && !errors.Is(err, ssr.ErrDisabled) {
		rs.o.Log.Warn("server render failed; serving the previous or client-rendered page", "url", obj.URL, "view", obj.Component, "err", err)
	}
	return out, err
}

// assemble writes the document around the app's HTML (a zero out: the
// client-rendered shell, with the same head).
// kept says the document goes to the caches (its parts deflated ahead of
// time, at the best level); else it is answered once.
func (rs *Responder) assemble(p Page, head, assets template.HTML, out ssr.Result, pageJSON []byte, kept bool) cached {
	var b bytes.Buffer
	err := document.Execute(&b, documentData{Lang: p.Lang, Head: head, Assets: assets, App: ssr.AppHTML(out, pageJSON)})
	if err != nil {
		panic(err) // the template and its data are ours: a failure is a bug
	}
	if !kept {
		return cached{status: p.status(), doc: newNoncedOnce(b.Bytes(), rs.slot), view: p.View, source: SourceRendered}
	}
	return cached{status: p.status(), doc: newNonced(b.Bytes(), rs.slot), view: p.View, source: SourceRendered}
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

// RenderStats are the render slots' state now.
type RenderStats struct {
	Slots   int // renders that may run at once
	Busy    int // slots taken
	Waiting int // renders queued for a slot
}

// RenderStats returns the render slots' state.
func (rs *Responder) RenderStats() RenderStats {
	return RenderStats{Slots: cap(rs.gate.slots), Busy: len(rs.gate.slots), Waiting: int(rs.gate.waiting.Load())}
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
