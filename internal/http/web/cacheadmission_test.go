package web

import (
	"net/http"
	"strings"
	"testing"
)

// Issue 8, defect 3: only canonical addresses enter the page cache, so a
// stranger's queries are rendered but cannot flush it; nor is a huge value
// copied into the page.
func TestOnlyCanonicalPagesAreCached(t *testing.T) {
	r := &fakeRenderer{}
	h, _, _ := newTestHandler(t, r)
	for _, target := range []string{"/fr/a-vendre/?city=" + strings.Repeat("x", 60<<10), "/fr/?" + strings.Repeat("a=1&", 600)} {
		rec := do(h, "GET", target, nil)
		if rec.Code != http.StatusRequestURITooLong || rec.Body.Len() > 100 || r.calls.Load() != 0 {
			t.Fatalf("%s: %d, %d bytes", target[:20], rec.Code, rec.Body.Len())
		}
	}
	// Below the bound, a value naming nothing is still not written back
	// (only the address the client is told it is at carries it).
	long := strings.Repeat("x", 1500)
	for _, target := range []string{
		"/fr/a-vendre/?city=" + long,
		"/fr/a-vendre/?junk=" + long + "&n=2",
		"/fr/a-vendre/?utm_source=mail",
		"/fr/a-vendre/?type=1&city=Arlon%7C6700", // canonical order is city, type
		"/fr/a-vendre/?priceMin=100000",
		"/fr/a-vendre/?page=1",
		"/fr/nope/",
	} {
		rec := do(h, "GET", target, nil)
		if rec.Code >= 500 {
			t.Fatalf("%s: %d", target[:40], rec.Code)
		}
		if n := strings.Count(rec.Body.String(), long); n > 1 {
			t.Fatalf("%s: the value is echoed %d times", target[:40], n)
		}
	}
	// What entered the cache are canonical addresses only, each once: a
	// variant of a page the same for everyone (a campaign tag, an unknown
	// city dropped, another order) fills its canonical address's entry.
	if n := cachedPages(h); n != 2 {
		t.Fatalf("%d pages cached, want the 2 canonical addresses the variants name", n)
	}
	for _, uri := range []string{"/fr/a-vendre/", "/fr/a-vendre/?city=Arlon%7C6700&type=1"} {
		if _, ok := h.rs.Cached(uri, ""); !ok {
			t.Fatalf("%s: the canonical address is not cached", uri)
		}
	}
	for _, target := range []string{"/fr/a-vendre/", "/fr/a-vendre/?utm_source=news&gclid=x", "/fr/a-vendre/?fbclid=1", "/fr/a-vendre/?type=1&city=Arlon%7C6700"} {
		renders := r.calls.Load()
		if rec := do(h, "GET", target, nil); rec.Code != http.StatusOK || r.calls.Load() != renders {
			t.Fatalf("%s: not answered from the canonical page's render", target)
		}
	}
	before := cachedPages(h)
	do(h, "GET", "/", nil)
	if cachedPages(h) != before+1 {
		t.Fatal("/: the home page is not cached")
	}
	renders := r.calls.Load()
	if rec := do(h, "GET", "/", nil); rec.Code != http.StatusOK || r.calls.Load() != renders {
		t.Fatal("/: not answered from the cache")
	}
}

// Issue 8, defect 1: the largest page number is never a 500.
func TestHugePageNumberIsNotAnError(t *testing.T) {
	h, _, _ := newTestHandler(t, &fakeRenderer{})
	for _, hdr := range []map[string]string{nil, {"X-Inertia": "true", "X-Inertia-Version": "v1"}} {
		rec := do(h, "GET", "/fr/a-vendre/?page=9223372036854775807", hdr)
		if rec.Code != http.StatusFound || !strings.HasPrefix(rec.Header().Get("Location"), "/fr/a-vendre/?page=") {
			t.Fatalf("%v: %d %v", hdr, rec.Code, rec.Header())
		}
	}
}

// cachedPages counts every page the cache holds, of any generation.
func cachedPages(h *Handler) int {
	fresh, stale := h.rs.CacheCounts()
	return fresh + stale
}
