package web

import (
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"html/template"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"immo/internal/adapter/demo/demotest"
	"immo/internal/domain/catalog"
	"immo/internal/http/web/respond"
	"immo/internal/http/web/route"
	"immo/internal/http/web/ssr"
	"immo/internal/http/web/views"
)

// swappableIndex lets a test publish a new catalog version.
type swappableIndex struct{ p atomic.Pointer[catalog.Index] }

func (s *swappableIndex) Index() *catalog.Index { return s.p.Load() }

// fakeRenderer renders a marker, or fails, and counts its calls.
type fakeRenderer struct {
	fail  bool
	calls atomic.Int32
}

func (f *fakeRenderer) Render(_ context.Context, page []byte) (ssr.Result, error) {
	f.calls.Add(1)
	if f.fail {
		return ssr.Result{}, errors.New("boom")
	}
	var p struct{ Component string }
	if err := json.Unmarshal(page, &p); err != nil {
		return ssr.Result{}, err
	}
	return ssr.Result{Body: "<main>rendered " + p.Component + "</main>"}, nil
}

func newTestHandler(t *testing.T, r ssr.Renderer, with ...func(*Options)) (*Handler, *swappableIndex, *catalog.Catalog) {
	t.Helper()
	cfg, cat := demotest.Site(t), demotest.Catalog(t)
	idx := &swappableIndex{}
	idx.p.Store(catalog.NewIndex(cat, 1))
	o := Options{
		Resolver:  &route.Resolver{Site: cfg, Catalog: idx, BaseURL: "https://immo.test"},
		Renderer:  r,
		AssetTags: `<script type="module" src="/assets/app.js"></script>`,
		PagePreloads: func(view, lang string) template.HTML {
			return template.HTML(`<link rel="modulepreload" href="/assets/` + view + `-` + lang + `.js">`)
		},
		AssetVersion: "v1",
		Log:          slog.New(slog.NewTextHandler(io.Discard, nil)),
	}
	for _, f := range with {
		f(&o)
	}
	return NewHandler(o), idx, cat
}

func do(h http.Handler, method, target string, header map[string]string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(method, target, nil)
	for k, v := range header {
		req.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req.WithContext(respond.WithNonce(req.Context(), testNonce)))
	return rec
}

// testNonce is the CSP nonce of the requests of do (internal/http/server sets one per response).
const testNonce = "dGVzdC1ub25jZQ=="

func TestHTMLDocument(t *testing.T) {
	h, _, _ := newTestHandler(t, &fakeRenderer{})
	rec := do(h, "GET", "/nl/te-koop/", nil)
	body := rec.Body.String()
	if rec.Code != 200 || !strings.HasPrefix(rec.Header().Get("Content-Type"), "text/html") {
		t.Fatalf("status %d %s", rec.Code, rec.Header().Get("Content-Type"))
	}
	for _, want := range []string{
		`<html lang="nl">`,
		`<link rel="canonical" href="https://immo.test/nl/te-koop/">`,
		`<link rel="alternate" hreflang="fr" href="https://immo.test/fr/a-vendre/">`,
		`<link rel="alternate" hreflang="x-default" href="https://immo.test/fr/a-vendre/">`,
		`<div id="app"><main>rendered PropertyList</main></div>`,
		`<script type="application/json" id="page">{"component":"PropertyList"`,
		`"version":"v1"`,
		`<script nonce="` + testNonce + `" type="module" src="/assets/app.js"></script>`,
		`<link rel="modulepreload" nonce="` + testNonce + `" href="/assets/PropertyList-nl.js">`,
	} {
		if !strings.Contains(body, want) {
			t.Errorf("document lacks %s", want)
		}
	}
	if !strings.Contains(rec.Header().Get("Vary"), "X-Inertia") {
		t.Error("HTML must vary on X-Inertia")
	}
}

func TestInertiaProtocol(t *testing.T) {
	h, _, _ := newTestHandler(t, &fakeRenderer{})
	rec := do(h, "GET", "/en/for-rent/?page=2", map[string]string{"X-Inertia": "true", "X-Inertia-Version": "v1"})
	if rec.Code != 200 || rec.Header().Get("X-Inertia") != "true" || rec.Header().Get("Content-Type") != "application/json" {
		t.Fatalf("inertia visit: %d %v", rec.Code, rec.Header())
	}
	var p struct {
		Component, URL, Version string
		Props                   map[string]any
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &p); err != nil {
		t.Fatal(err)
	}
	if p.Component != views.List || p.URL != "/en/for-rent/?page=2" || p.Version != "v1" || p.Props["page"] != 2.0 {
		t.Fatalf("page object %s %s %s %v", p.Component, p.URL, p.Version, p.Props["page"])
	}
	stale := do(h, "GET", "/en/for-rent/", map[string]string{"X-Inertia": "true", "X-Inertia-Version": "old"})
	if stale.Code != http.StatusConflict || stale.Header().Get("X-Inertia-Location") != "/en/for-rent/" {
		t.Fatalf("stale assets: %d %v", stale.Code, stale.Header())
	}
	ext := do(h, "GET", "/project/?id=5200001", map[string]string{"X-Inertia": "true", "X-Inertia-Version": "v1"})
	if ext.Code != http.StatusConflict || !strings.HasPrefix(ext.Header().Get("X-Inertia-Location"), "https://") {
		t.Fatalf("external redirect over inertia: %d %v", ext.Code, ext.Header())
	}
	plain := do(h, "GET", "/project/?id=5200001", nil)
	if plain.Code != http.StatusFound || !strings.HasPrefix(plain.Header().Get("Location"), "https://") {
		t.Fatalf("external redirect: %d %v", plain.Code, plain.Header())
	}
	// A redirect within the site is a plain redirect for the client too: its
	// fetch follows it and shows the page without a reload (the search box).
	for _, hdr := range []map[string]string{nil, {"X-Inertia": "true", "X-Inertia-Version": "v1"}} {
		found := do(h, "GET", "/nl/te-koop/?q=Aarlen", hdr)
		if found.Code != http.StatusFound || found.Header().Get("Location") != "/nl/te-koop/?city=Arlon%7C6700" {
			t.Fatalf("search redirect (%v): %d %v", hdr, found.Code, found.Header())
		}
		moved := do(h, "GET", "/nl/te-huur/brussel/villa/4100001/?x=1", hdr)
		if moved.Code != http.StatusMovedPermanently || moved.Header().Get("Location") != "/nl/te-koop/arlon/villa-huis-hoeve/4100001/?x=1" {
			t.Fatalf("wrong pretty URL (%v): %d %v", hdr, moved.Code, moved.Header())
		}
	}
	missing := do(h, "GET", "/nope/", map[string]string{"X-Inertia": "true", "X-Inertia-Version": "v1"})
	if missing.Code != 404 || !strings.Contains(missing.Body.String(), `"component":"NotFound"`) {
		t.Fatalf("inertia 404: %d", missing.Code)
	}
	if post := do(h, "POST", "/fr/", nil); post.Code != http.StatusMethodNotAllowed {
		t.Fatalf("POST: %d", post.Code)
	}
}

func TestCacheAndInvalidation(t *testing.T) {
	r := &fakeRenderer{}
	h, idx, cat := newTestHandler(t, r)
	first := do(h, "GET", "/fr/a-vendre/", nil)
	second := do(h, "GET", "/fr/a-vendre/", nil)
	if r.calls.Load() != 1 || first.Body.String() != second.Body.String() {
		t.Fatalf("a repeated page must come from the cache: %d renders", r.calls.Load())
	}
	if do(h, "GET", "/fr/a-vendre/?page=2", nil); r.calls.Load() != 2 {
		t.Fatal("another query is another page")
	}
	// A new catalog version (an import) empties the cache.
	cat.Properties = cat.Properties[:40] // still two pages for sale
	idx.p.Store(catalog.NewIndex(cat, 2))
	third := do(h, "GET", "/fr/a-vendre/", nil)
	if r.calls.Load() != 3 || third.Body.String() == first.Body.String() {
		t.Fatal("the cache must not outlive the catalog version")
	}
	// The earlier generation's other page is kept, only as stale.
	if fresh, stale := h.rs.CacheCounts(); fresh != 1 || stale != 1 {
		t.Fatalf("after a new generation: %d fresh, %d stale pages; want 1, 1", fresh, stale)
	}
	if do(h, "GET", "/fr/a-vendre/?page=2", nil); r.calls.Load() != 4 {
		t.Fatal("a stale page must not be served while the renderer is free")
	}
}

func TestRenderFailureServesShell(t *testing.T) {
	h, _, _ := newTestHandler(t, &fakeRenderer{fail: true})
	rec := do(h, "GET", "/fr/", nil)
	body := rec.Body.String()
	if rec.Code != 200 || !strings.Contains(body, `<div id="app"></div><script type="application/json" id="page">{"component":"Home"`) {
		t.Fatalf("shell: %d\n%s", rec.Code, body)
	}
	if !strings.Contains(body, "<title>") || !strings.Contains(body, `rel="canonical"`) {
		t.Fatal("the shell keeps the head")
	}
}

func TestNotFoundStatusAndGzip(t *testing.T) {
	h, _, _ := newTestHandler(t, &fakeRenderer{})
	rec := do(h, "GET", "/en/no-such-page/", map[string]string{"Accept-Encoding": "gzip, br"})
	if rec.Code != 404 || rec.Header().Get("Content-Encoding") != "gzip" {
		t.Fatalf("404: %d %q", rec.Code, rec.Header().Get("Content-Encoding"))
	}
	zr, err := gzip.NewReader(rec.Body)
	if err != nil {
		t.Fatal(err)
	}
	plain, _ := io.ReadAll(zr)
	if !strings.Contains(string(plain), `"component":"NotFound"`) || !strings.Contains(string(plain), `name="robots" content="noindex"`) {
		t.Fatal("404 page content")
	}
}

func TestEPCPictures(t *testing.T) {
	h, _, _ := newTestHandler(t, &fakeRenderer{})
	mux := http.NewServeMux()
	h.Register(mux)
	for path, code := range map[string]int{
		"/images/epc/flanders/a_plus.svg":     200,
		"/images/epc/brussels/c_min.svg":      200,
		"/images/epc/wallonia/a_plusplus.svg": 200,
		"/images/epc/wallonia/h.svg":          404,
		"/images/epc/luxembourg/a.svg":        404,
		"/images/epc/flanders/a.png":          404,
	} {
		rec := do(mux, "GET", path, nil)
		if rec.Code != code {
			t.Errorf("%s: %d, want %d", path, rec.Code, code)
		}
		if code == 200 && (rec.Header().Get("Content-Type") != "image/svg+xml" || !strings.Contains(rec.Body.String(), "<svg")) {
			t.Errorf("%s: not an SVG", path)
		}
	}
}

func TestRobotsAndSitemap(t *testing.T) {
	h, _, _ := newTestHandler(t, &fakeRenderer{})
	mux := http.NewServeMux()
	h.Register(mux)
	robots := do(mux, "GET", "/robots.txt", nil).Body.String()
	if !strings.Contains(robots, "Sitemap: https://immo.test/sitemap.xml") || !strings.Contains(robots, "Disallow: /api/") {
		t.Fatalf("robots.txt:\n%s", robots)
	}
	rec := do(mux, "GET", "/sitemap.xml", nil)
	body := rec.Body.String()
	if rec.Code != 200 || !strings.HasPrefix(rec.Header().Get("Content-Type"), "application/xml") {
		t.Fatalf("sitemap: %d %s", rec.Code, rec.Header().Get("Content-Type"))
	}
	for _, want := range []string{
		"<loc>https://immo.test/fr/</loc>",
		"<loc>https://immo.test/nl/te-koop/</loc>",
		"<loc>https://immo.test/fr/a-vendre/arlon/villa-maison-ferme/4100001/</loc>",
		`<xhtml:link rel="alternate" hreflang="nl" href="https://immo.test/nl/te-koop/arlon/`,
		"<loc>https://immo.test/en/project/?id=5200002</loc>",
		"<loc>https://immo.test/de/projekte/</loc>",
	} {
		if !strings.Contains(body, want) {
			t.Errorf("sitemap lacks %s", want)
		}
	}
	if strings.Contains(body, "id=5200001") {
		t.Error("a project on its own site is not ours to list")
	}
	if strings.Contains(body, "4100059") {
		t.Error("sold properties are not listed")
	}
	// Every listed address resolves to a page.
	for _, loc := range strings.Split(body, "<loc>")[1:] {
		u := strings.TrimPrefix(loc[:strings.Index(loc, "</loc>")], "https://immo.test")
		u = strings.ReplaceAll(u, "&amp;", "&")
		if rec := do(h, "GET", u, nil); rec.Code != 200 {
			t.Fatalf("%s answers %d", u, rec.Code)
		}
	}
}
