package web

import (
	"bytes"
	"compress/gzip"
	"encoding/xml"
	"io"
	"net/http"
	"strings"
	"testing"

	"immo/internal/domain/catalog"
)

// A catalog past sitemapSplit addresses gets a sitemap index: one file for
// the pages and one per listingsPerSitemap listings, which together list
// every address once; a small site's sitemap is one file (no /sitemaps/).
func TestSitemapSplitsPastItsBound(t *testing.T) {
	h, idx, cat := newTestHandler(t, &fakeRenderer{})
	mux := http.NewServeMux()
	h.Register(mux)
	if rec := do(mux, "GET", "/sitemaps/pages.xml", nil); rec.Code != http.StatusNotFound {
		t.Fatalf("a small site's /sitemaps/pages.xml: %d, want 404", rec.Code)
	}
	small := len(readSitemap(t, h).URLs)

	// 1 200 listings: the demo's, copied under new IDs.
	base := cat.Properties
	for len(cat.Properties) < 1200 {
		for _, p := range base {
			p.ID = int64(8_000_000 + len(cat.Properties))
			cat.Properties = append(cat.Properties, p)
			if len(cat.Properties) == 1200 {
				break
			}
		}
	}
	idx.p.Store(catalog.NewIndex(cat, 2))
	rec := do(mux, "GET", "/sitemap.xml", nil)
	var index struct {
		XMLName  xml.Name
		Sitemaps []struct {
			Loc string `xml:"loc"`
		} `xml:"sitemap"`
	}
	if err := xml.Unmarshal(rec.Body.Bytes(), &index); err != nil || index.XMLName.Local != "sitemapindex" {
		t.Fatalf("sitemap.xml of 1 200 listings: %v, %s, want a sitemapindex", err, index.XMLName.Local)
	}
	var files []string
	for _, s := range index.Sitemaps {
		files = append(files, strings.TrimPrefix(s.Loc, "https://immo.test"))
	}
	listed := 0
	if len(files) < 3 || files[0] != "/sitemaps/pages.xml" || files[1] != "/sitemaps/listings-1.xml" {
		t.Fatalf("index files %v", files)
	}
	seen := map[string]bool{}
	for _, f := range files {
		rec := do(mux, "GET", f, map[string]string{"Accept-Encoding": "gzip"})
		if rec.Code != 200 || rec.Header().Get("Content-Encoding") != "gzip" {
			t.Fatalf("%s: %d %q", f, rec.Code, rec.Header().Get("Content-Encoding"))
		}
		var doc sitemapDoc
		if err := xml.Unmarshal([]byte(gunzipString(t, rec.Body.Bytes())), &doc); err != nil || len(doc.URLs) == 0 {
			t.Fatalf("%s: %v, %d addresses", f, err, len(doc.URLs))
		}
		if len(doc.URLs) > 4*listingsPerSitemap {
			t.Fatalf("%s lists %d addresses", f, len(doc.URLs))
		}
		for _, u := range doc.URLs {
			if seen[u.Loc] {
				t.Fatalf("%s listed twice", u.Loc)
			}
			seen[u.Loc] = true
		}
		listed += len(doc.URLs)
	}
	pages := 0
	walkPages(h.resolver, func(sitemapURL) { pages++ })
	listings := sitemapListings(h.resolver)
	if want := pages + 4*listings; listed != want || listings < 1000 || small >= listed {
		t.Fatalf("the files list %d addresses, want %d (%d pages, %d listings)", listed, want, pages, listings)
	}
	for _, bad := range []string{"/sitemaps/listings-0.xml", "/sitemaps/listings-01.xml", "/sitemaps/listings-99.xml", "/sitemaps/x.xml"} {
		if rec := do(mux, "GET", bad, nil); rec.Code != http.StatusNotFound {
			t.Errorf("%s: %d, want 404", bad, rec.Code)
		}
	}
	if n := len(h.prerenderAddresses()); n != listed {
		t.Errorf("the pre-render walks %d addresses, the sitemap lists %d", n, listed)
	}
}

func gunzipString(t *testing.T, b []byte) string {
	t.Helper()
	zr, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	out, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}
