package web

import (
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"immo/internal/domain/visit"
	"immo/internal/http/web/assets"
	"immo/internal/http/web/respond"
	"immo/internal/http/web/ssr"
)

// realRenderer is the QuickJS pool over the built web app, or a skip.
func realRenderer(b *testing.B) ssr.Renderer {
	bundle, ok := assets.ServerBundle()
	if !ok {
		b.Skip("web app not built (make web)")
	}
	// A benchmark measures renders; a loaded machine must not turn one into the shell.
	pool, err := ssr.NewPool(bundle, 0, ssr.WithTimeout(time.Minute), ssr.WithWait(time.Minute))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { pool.Close() })
	return pool
}

// BenchmarkCachedPage is a repeated page: an HTML cache hit.
func BenchmarkCachedPage(b *testing.B) {
	h, _, _ := newTestHandler(&testing.T{}, &fakeRenderer{})
	req := httptest.NewRequest("GET", "/fr/a-vendre/", nil)
	req.Header.Set("Accept-Encoding", "gzip")
	req = req.WithContext(respond.WithNonce(req.Context(), respond.NewNonce()))
	h.ServeHTTP(httptest.NewRecorder(), req)
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			if rec.Code != http.StatusOK {
				b.Fatal(rec.Code)
			}
		}
	})
}

// BenchmarkRenderUncached renders each page with React in QuickJS, the
// cache bypassed: the cost of a first visit.
func BenchmarkRenderUncached(b *testing.B) {
	for _, path := range []string{"/fr/", "/fr/a-vendre/", "/fr/a-vendre/arlon/villa-maison-ferme/4100001/", "/fr/nope/"} {
		b.Run(path, func(b *testing.B) {
			// No cache: a query string of its own would share the
			// canonical page's render (a campaign tag does).
			h, _, _ := newTestHandler(&testing.T{}, realRenderer(b), func(o *Options) { o.CacheBytes = -1 })
			req := httptest.NewRequest("GET", path, nil)
			req.Header.Set("Accept-Encoding", "gzip")
			h.ServeHTTP(httptest.NewRecorder(), req) // the engines' first render
			for b.Loop() {
				h.ServeHTTP(httptest.NewRecorder(), req)
			}
		})
	}
}

// BenchmarkNoncedWrite is a cache hit: the parts of the cached page written
// around the response's nonce, gzipped with the combined CRC or raw.
func BenchmarkNoncedWrite(b *testing.B) {
	h, _, _ := newTestHandler(&testing.T{}, &fakeRenderer{})
	h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("GET", "/fr/a-vendre/", nil))
	if _, ok := h.rs.Cached("/fr/a-vendre/", ""); !ok {
		b.Fatal("not cached")
	}
	for _, enc := range []string{"gzip", ""} {
		name := enc
		if name == "" {
			name = "raw"
		}
		b.Run(name, func(b *testing.B) {
			req := httptest.NewRequest("GET", "/fr/a-vendre/", nil)
			req.Header.Set("Accept-Encoding", enc)
			req = req.WithContext(respond.WithNonce(req.Context(), respond.NewNonce()))
			for b.Loop() {
				h.ServeHTTP(discard{}, req)
			}
		})
	}
}

// discard is a ResponseWriter that keeps nothing.
type discard struct{}

func (discard) Header() http.Header         { return http.Header{} }
func (discard) Write(p []byte) (int, error) { return len(p), nil }
func (discard) WriteHeader(int)             {}

// BenchmarkCachedPropertyPage is a repeated property page, an HTML cache
// hit, with its visits counted and without: what counting adds to it.
func BenchmarkCachedPropertyPage(b *testing.B) {
	const pretty = "/fr/a-vendre/arlon/villa-maison-ferme/4100001/"
	visitors, err := visit.NewVisitors(make([]byte, 32))
	if err != nil {
		b.Fatal(err)
	}
	for _, counted := range []bool{false, true} {
		name := "uncounted"
		if counted {
			name = "counted"
		}
		b.Run(name, func(b *testing.B) {
			h, _, _ := newTestHandler(&testing.T{}, &fakeRenderer{}, func(o *Options) {
				if counted {
					o.PageVisits = PageVisits{Counter: &visit.Counter{}, Visitor: visitors.Name}
				}
			})
			req := httptest.NewRequest("GET", pretty, nil)
			req.Header.Set("Accept-Encoding", "gzip")
			req.Header.Set("Referer", "https://www.google.be/")
			req.Header.Set("User-Agent", "Mozilla/5.0 (X11; Linux x86_64; rv:130.0) Gecko/20100101 Firefox/130.0")
			req = req.WithContext(respond.WithNonce(req.Context(), respond.NewNonce()))
			h.ServeHTTP(httptest.NewRecorder(), req)
			if _, ok := h.rs.Cached(pretty, ""); !ok {
				b.Fatal("not cached")
			}
			b.ReportAllocs()
			for b.Loop() {
				h.ServeHTTP(discard{}, req)
			}
		})
	}
}
