package web

import (
	"strings"
	"testing"

	"immo/internal/domain/catalog"
)

// A pre-render pass renders every page of the sitemap, so visitors and
// crawlers find them rendered; the next pass renders nothing; after an
// import only the pages whose page object changed are rendered again.
func TestPrerenderTheSitemap(t *testing.T) {
	r := &fakeRenderer{}
	h, idx, cat := newTestHandler(t, r)
	addresses := h.prerenderAddresses()
	if len(addresses) < 4*len(cat.Properties)/2 {
		t.Fatalf("%d addresses from the sitemap", len(addresses))
	}
	for _, a := range addresses {
		if !strings.HasPrefix(a, "/") || strings.Contains(a, "://") {
			t.Fatalf("address %q is not site-relative", a)
		}
	}
	first := h.rs.Prerender(t.Context(), addresses)
	if first.Rendered == 0 || first.Rendered+first.Kept+first.Skipped != len(addresses) || int(r.calls.Load()) != first.Rendered {
		t.Fatalf("first pass %+v over %d addresses, %d renders", first, len(addresses), r.calls.Load())
	}
	// Visitors now get the pre-rendered pages, in every language.
	for _, a := range []string{"/fr/", "/nl/te-koop/", "/de/kontakt/", addresses[len(addresses)-1]} {
		before := r.calls.Load()
		if rec := do(h, "GET", a, nil); rec.Code != 200 || r.calls.Load() != before {
			t.Fatalf("%s: %d, rendered again after the pre-render", a, rec.Code)
		}
	}
	if again := h.rs.Prerender(t.Context(), addresses); again.Rendered != 0 {
		t.Fatalf("a second pass rendered %d pages", again.Rendered)
	}

	// An import changing one listing's price: its pages (and the lists and
	// home showing it) are rendered again, not the rest.
	for i := range cat.Properties {
		if cat.Properties[i].ID == 4100001 {
			cat.Properties[i].Price += 1000
		}
	}
	idx.p.Store(catalog.NewIndex(cat, 2))
	before := r.calls.Load()
	after := h.rs.Prerender(t.Context(), addresses)
	t.Logf("first pass %+v; after one price change %+v", first, after)
	if after.Rendered == 0 || after.Rendered > len(addresses)/3 || int(r.calls.Load()-before) != after.Rendered {
		t.Fatalf("after one price change: %+v of %d addresses", after, len(addresses))
	}
}
