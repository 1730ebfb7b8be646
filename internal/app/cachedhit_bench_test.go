package app_test

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"immo/internal/app/apptest"
)

// BenchmarkCachedHit is a repeated visit of a property page's canonical
// address through the whole site (security headers, routing, the visit
// counter, the HTML cache), gzipped and not: the per-request work bench/cached
// compares with a bare handler writing the same bytes.
func BenchmarkCachedHit(b *testing.B) {
	s := apptest.New(b, apptest.Options{})
	h := s.Handler
	const page = "/fr/a-vendre/arlon/villa-maison-ferme/4100001/"
	for _, c := range []struct{ name, encoding, agent string }{
		{"raw", "", "Mozilla/5.0 (bench)"},
		{"gzip", "gzip", "Mozilla/5.0 (bench)"},
		{"gzip,uncounted", "gzip", "Googlebot/2.1"}, // a robot's visit counts nothing
	} {
		b.Run(c.name, func(b *testing.B) {
			req := httptest.NewRequest("GET", page, nil)
			req.Header.Set("Accept-Encoding", c.encoding)
			req.Header.Set("User-Agent", c.agent)
			h.ServeHTTP(httptest.NewRecorder(), req)
			b.ReportAllocs()
			b.RunParallel(func(pb *testing.PB) {
				w := &discard{h: http.Header{}}
				for pb.Next() {
					clear(w.h)
					h.ServeHTTP(w, req)
					if w.status != http.StatusOK {
						b.Fatal(w.status)
					}
				}
			})
		})
	}
}

// discard is a ResponseWriter that keeps nothing but the status, as a
// network connection's costs are not the handler's.
type discard struct {
	h      http.Header
	status int
}

func (d *discard) Header() http.Header         { return d.h }
func (d *discard) WriteHeader(status int)      { d.status = status }
func (d *discard) Write(p []byte) (int, error) { return len(p), nil }
