package web

import (
	"bytes"
	"encoding/xml"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	"immo/internal/catalog"
	"immo/internal/web/respond"
	"immo/internal/web/route"
)

// robots tells crawlers what to skip and where the sitemap is. A site
// configured with a noindex robots setting asks crawlers to stay away.
func (h *Handler) robots(w http.ResponseWriter, r *http.Request) {
	var b strings.Builder
	b.WriteString("User-agent: *\n")
	if strings.Contains(strings.ToLower(h.resolver.Site.SiteInfo.Settings.Robots), "noindex") {
		b.WriteString("Disallow: /\n")
	} else {
		b.WriteString("Disallow: /api/\nDisallow: /map-frame/\n")
	}
	b.WriteString("Sitemap: " + h.resolver.BaseURL + "/sitemap.xml\n")
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "public, max-age=3600")
	w.Write([]byte(b.String()))
}

// sitemap lists every page in every language with its alternates, made once
// per data version.
type sitemap struct {
	mu      sync.Mutex
	version string
	body    []byte
}

type urlset struct {
	XMLName xml.Name     `xml:"urlset"`
	NS      string       `xml:"xmlns,attr"`
	XHTML   string       `xml:"xmlns:xhtml,attr"`
	Image   string       `xml:"xmlns:image,attr"`
	URLs    []sitemapURL `xml:"url"`
}

type sitemapURL struct {
	Loc        string          `xml:"loc"`
	LastMod    string          `xml:"lastmod,omitempty"`
	Alternates []sitemapAltURL `xml:"xhtml:link"`
	Images     []sitemapImage  `xml:"image:image"`
}

type sitemapAltURL struct {
	Rel      string `xml:"rel,attr"`
	Hreflang string `xml:"hreflang,attr"`
	Href     string `xml:"href,attr"`
}

// sitemapImage is one picture of a page (Google's image sitemap).
type sitemapImage struct {
	Loc string `xml:"image:loc"`
}

// maxSitemapImages is the image sitemap's limit per page.
const maxSitemapImages = 1000

func (h *Handler) sitemap(w http.ResponseWriter, r *http.Request) {
	version := h.resolver.Version()
	h.sitemapCache.mu.Lock()
	if h.sitemapCache.version != version || h.sitemapCache.body == nil {
		h.sitemapCache.body, h.sitemapCache.version = buildSitemap(h.resolver), version
	}
	body := h.sitemapCache.body
	h.sitemapCache.mu.Unlock()
	w.Header().Set("Cache-Control", "public, max-age=3600")
	respond.WriteCompressed(w, r, http.StatusOK, "application/xml; charset=utf-8", body, nil)
}

// buildSitemap lists the site's indexable canonical addresses, each with
// its alternates in every language and x-default (the default language's),
// a listing's with its last change (lastmod) and its pictures. Only what
// search engines may index goes in: a page that redirects, is not found or
// says noindex (an empty list, a site configured noindex) is left out.
func buildSitemap(res *route.Resolver) []byte {
	langs := res.Site.Languages.Enabled()
	set := urlset{NS: "http://www.sitemaps.org/schemas/sitemap/0.9", XHTML: "http://www.w3.org/1999/xhtml",
		Image: "http://www.google.com/schemas/sitemap-image/1.1"}
	// add lists one page in every language, each with all its alternates.
	add := func(urlIn func(lang string) string, lastMod string, images []sitemapImage) {
		alts := make([]sitemapAltURL, 0, len(langs)+1)
		for _, l := range langs {
			alts = append(alts, sitemapAltURL{Rel: "alternate", Hreflang: l, Href: res.Absolute(urlIn(l))})
		}
		alts = append(alts, sitemapAltURL{Rel: "alternate", Hreflang: "x-default", Href: res.Absolute(urlIn(res.Site.Languages.Default))})
		for _, l := range langs {
			set.URLs = append(set.URLs, sitemapURL{Loc: res.Absolute(urlIn(l)), LastMod: lastMod, Alternates: alts, Images: images})
		}
	}
	// page adds a page that is not a listing's when the resolver says it is
	// indexable at that address in every language.
	page := func(urlIn func(lang string) string) {
		for _, l := range langs {
			if !indexable(res, urlIn(l)) {
				return
			}
		}
		add(urlIn, "", nil)
	}
	page(res.HomeURL)
	for _, p := range res.Site.AllPages() {
		if res.Site.Shown(p) && res.Site.PagePath(p, "") != "/" && !p.Params.Redirect {
			page(func(l string) string { return res.PageURL(p, l) })
		}
	}
	page(res.ValuationURL)
	for i := range res.Site.Legal {
		page(func(l string) string { return res.LegalURL(&res.Site.Legal[i], l) })
	}
	// Listings are indexable pages by construction (their canonical
	// address, 200, no noindex): not resolved one by one, which would cost
	// a render's data for each of thousands.
	if noindexSite(res) {
		return encodeSitemap(set)
	}
	ix := res.Catalog.Index()
	q := catalog.NewQuery()
	for n := 1; ; n++ {
		q.Page, q.PageSize = n, catalog.MaxPageSize
		list := ix.List(q)
		for _, c := range list.Items {
			var lastMod string
			if t, ok := ix.Modified(c.ID); ok {
				lastMod = t.UTC().Format(time.RFC3339)
			}
			var images []sitemapImage
			if p, err := ix.Property(c.ID, res.Site.Languages.Default); err == nil {
				images = pictureImages(res, p.Pictures, p.XLargePictureItem)
			}
			add(func(l string) string { return res.PropertyURL(c.ID, c.Goal, c.City, typeName(ix, c, l), l) }, lastMod, images)
		}
		if n >= list.Pages {
			break
		}
	}
	for _, p := range ix.Projects() {
		if p.ExternalWeb == "" {
			add(func(l string) string { return res.ProjectURL(p.ID, l) }, "", pictureImages(res, p.Pictures, p.XLargePictureItem))
		}
	}
	return encodeSitemap(set)
}

func encodeSitemap(set urlset) []byte {
	var b bytes.Buffer
	b.WriteString(xml.Header)
	enc := xml.NewEncoder(&b)
	enc.Indent("", " ")
	if err := enc.Encode(set); err != nil {
		panic(err) // our own types: cannot fail
	}
	return b.Bytes()
}

// indexable tells whether path answers 200 at that very address without a
// noindex robots value.
func indexable(res *route.Resolver, path string) bool {
	p, query, _ := strings.Cut(path, "?")
	v, err := url.ParseQuery(query)
	if err != nil {
		return false
	}
	r := res.Resolve(p, v)
	return r.Status == http.StatusOK && r.Redirect == "" && !strings.Contains(strings.ToLower(r.Head.Robots), "noindex")
}

// noindexSite tells a site configured to stay out of search engines.
func noindexSite(res *route.Resolver) bool {
	return strings.Contains(strings.ToLower(res.Site.SiteInfo.Settings.Robots), "noindex")
}

// pictureImages are a listing's gallery (else its large picture) as
// absolute addresses, at most maxSitemapImages.
func pictureImages(res *route.Resolver, pics []catalog.Picture, large catalog.Picture) []sitemapImage {
	var out []sitemapImage
	for _, p := range pics {
		if p.Url != "" && len(out) < maxSitemapImages {
			out = append(out, sitemapImage{Loc: res.Absolute(p.Url)})
		}
	}
	if len(out) == 0 && large.Url != "" {
		out = append(out, sitemapImage{Loc: res.Absolute(large.Url)})
	}
	return out
}

func typeName(ix *catalog.Index, c catalog.Card, lang string) string {
	if n := ix.TypeName(c.WebID, lang); n != "" {
		return n
	}
	return c.TypeDescription
}
