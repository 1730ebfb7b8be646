package web

import (
	"encoding/xml"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"immo/internal/domain/catalog"
)

type sitemapDoc struct {
	URLs []sitemapEntry `xml:"url"`
}

type sitemapEntry struct {
	Loc        string `xml:"loc"`
	LastMod    string `xml:"lastmod"`
	Alternates []struct {
		Hreflang string `xml:"hreflang,attr"`
		Href     string `xml:"href,attr"`
	} `xml:"http://www.w3.org/1999/xhtml link"`
	Images []struct {
		Loc string `xml:"http://www.google.com/schemas/sitemap-image/1.1 loc"`
	} `xml:"http://www.google.com/schemas/sitemap-image/1.1 image"`
}

func readSitemap(t *testing.T, h *Handler) sitemapDoc {
	t.Helper()
	mux := http.NewServeMux()
	h.Register(mux)
	rec := do(mux, "GET", "/sitemap.xml", nil)
	var doc sitemapDoc
	if err := xml.Unmarshal(rec.Body.Bytes(), &doc); err != nil || rec.Code != 200 {
		t.Fatalf("%d %v", rec.Code, err)
	}
	return doc
}

var (
	canonicalLink = regexp.MustCompile(`<link rel="canonical" href="([^"]+)">`)
	robotsMeta    = regexp.MustCompile(`<meta name="robots" content="([^"]+)">`)
)

// TestSitemap: every address of the sitemap is an indexable canonical page
// (200 at that address, its own canonical, no noindex), with its
// alternates in every language and x-default; a listing's carries its last
// change and its pictures.
func TestSitemap(t *testing.T) {
	h, _, cat := newTestHandler(t, &fakeRenderer{})
	doc := readSitemap(t, h)
	langs := h.resolver.Site.Languages.Enabled()
	stored := map[int64]*catalog.Property{}
	for i := range cat.Properties {
		stored[cat.Properties[i].ID] = &cat.Properties[i]
	}
	listings := 0
	for _, u := range doc.URLs {
		path, ok := strings.CutPrefix(u.Loc, "https://immo.test/")
		if !ok {
			t.Fatalf("not absolute: %s", u.Loc)
		}
		rec := do(h, "GET", "/"+path, nil)
		body := rec.Body.String()
		if m := canonicalLink.FindStringSubmatch(body); rec.Code != 200 || m == nil || strings.ReplaceAll(m[1], "&amp;", "&") != u.Loc {
			t.Errorf("%s: %d, canonical %v", u.Loc, rec.Code, m)
		}
		if m := robotsMeta.FindStringSubmatch(body); m != nil && strings.Contains(m[1], "noindex") {
			t.Errorf("%s: robots %s", u.Loc, m[1])
		}
		var hreflangs []string
		for _, a := range u.Alternates {
			hreflangs = append(hreflangs, a.Hreflang)
			if a.Hreflang == "x-default" && !strings.HasPrefix(a.Href, "https://immo.test/"+h.resolver.Site.Languages.Default+"/") {
				t.Errorf("%s: x-default %s", u.Loc, a.Href)
			}
		}
		if want := append(slices.Clone(langs), "x-default"); !slices.Equal(hreflangs, want) {
			t.Errorf("%s: alternates %v, want %v", u.Loc, hreflangs, want)
		}
		id, isListing := propertyID(u.Loc)
		if !isListing {
			continue
		}
		listings++
		p := stored[id]
		want := p.DateModified
		if want.IsZero() {
			want = p.DateCreated
		}
		if got, err := time.Parse(time.RFC3339, u.LastMod); err != nil || !got.Equal(want) {
			t.Errorf("%s: lastmod %q, the listing changed %v", u.Loc, u.LastMod, want)
		}
		if len(u.Images) != len(p.Pictures) || len(u.Images) > 0 && u.Images[0].Loc != "https://immo.test"+p.Pictures[0].Url {
			t.Errorf("%s: %d images, the listing has %d", u.Loc, len(u.Images), len(p.Pictures))
		}
	}
	if listings == 0 || listings%len(langs) != 0 {
		t.Fatalf("%d listing addresses", listings)
	}
}

// propertyID is the listing a pretty property address names.
func propertyID(loc string) (int64, bool) {
	m := regexp.MustCompile(`/(\d{7})/$`).FindStringSubmatch(loc)
	if m == nil {
		return 0, false
	}
	id, ok := catalog.ParseID(m[1])
	return id, ok
}

// TestSitemapLeavesOutNoindex: a list with nothing in it says noindex, and
// is not in the sitemap until it has listings again.
func TestSitemapLeavesOutNoindex(t *testing.T) {
	h, idx, cat := newTestHandler(t, &fakeRenderer{})
	rent := "https://immo.test/nl/te-huur/"
	has := func() bool {
		return slices.ContainsFunc(readSitemap(t, h).URLs, func(u sitemapEntry) bool { return u.Loc == rent })
	}
	if !has() {
		t.Fatal("the rent list is not in the sitemap")
	}
	cat.Properties = slices.DeleteFunc(cat.Properties, func(p catalog.Property) bool {
		return p.Goal == catalog.GoalRent && p.Status == catalog.StatusAvailable
	})
	idx.p.Store(catalog.NewIndex(cat, 2))
	if m := robotsMeta.FindStringSubmatch(do(h, "GET", "/nl/te-huur/", nil).Body.String()); m == nil || m[1] != "noindex, follow" {
		t.Fatalf("an empty list's robots: %v", m)
	}
	if has() {
		t.Error("an empty list, noindex, is in the sitemap")
	}
}
