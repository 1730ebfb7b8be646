package web

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"

	"immo/internal/web/assets"
	"immo/internal/web/ssr"
)

// realRenderer is the QuickJS pool over the built web app, or a skip.
func realRenderer(b *testing.B) ssr.Renderer {
	bundle, ok := assets.ServerBundle()
	if !ok {
		b.Skip("web app not built (make web)")
	}
	pool, err := ssr.NewPool(bundle, 0)
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
	req = req.WithContext(WithNonce(req.Context(), NewNonce()))
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
	for _, path := range []string{"/fr/", "/fr/a-vendre/", "/fr/property/4100001/", "/fr/nope/"} {
		b.Run(path, func(b *testing.B) {
			h, _, _ := newTestHandler(&testing.T{}, realRenderer(b))
			for i := 0; b.Loop(); i++ {
				rec := httptest.NewRecorder()
				// A fresh query string each time misses the cache.
				h.ServeHTTP(rec, httptest.NewRequest("GET", fmt.Sprintf("%s?b=%d", path, i), nil))
			}
		})
	}
}

// BenchmarkNoncedWrite is the per-response work a cached page adds for its
// nonce: the parts written around it, gzipped with the combined CRC.
func BenchmarkNoncedWrite(b *testing.B) {
	h, _, _ := newTestHandler(&testing.T{}, &fakeRenderer{})
	req := httptest.NewRequest("GET", "/fr/a-vendre/", nil)
	h.ServeHTTP(httptest.NewRecorder(), req)
	doc, fresh, ok := h.cache.get(h.generation(), "/fr/a-vendre/")
	if !ok || !fresh {
		b.Fatal("not cached")
	}
	nonce := NewNonce()
	b.Run("gzip", func(b *testing.B) {
		for b.Loop() {
			doc.doc.writeGzip(io.Discard, nonce)
		}
	})
	b.Run("raw", func(b *testing.B) {
		for b.Loop() {
			doc.doc.writeHTML(io.Discard, nonce)
		}
	})
}
