package web

import (
	"bytes"
	"encoding/xml"
	"net/http"
	"strings"
	"sync"

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
	URLs    []sitemapURL `xml:"url"`
}

type sitemapURL struct {
	Loc        string          `xml:"loc"`
	Alternates []sitemapAltURL `xml:"xhtml:link"`
}

type sitemapAltURL struct {
	Rel      string `xml:"rel,attr"`
	Hreflang string `xml:"hreflang,attr"`
	Href     string `xml:"href,attr"`
}

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

func buildSitemap(res *route.Resolver) []byte {
	langs := res.Site.Languages.Enabled()
	set := urlset{NS: "http://www.sitemaps.org/schemas/sitemap/0.9", XHTML: "http://www.w3.org/1999/xhtml"}
	// add lists one page in every language, each with all its alternates.
	add := func(urlIn func(lang string) string) {
		var alts []sitemapAltURL
		for _, l := range langs {
			alts = append(alts, sitemapAltURL{Rel: "alternate", Hreflang: l, Href: res.BaseURL + urlIn(l)})
		}
		for _, l := range langs {
			set.URLs = append(set.URLs, sitemapURL{Loc: res.BaseURL + urlIn(l), Alternates: alts})
		}
	}
	add(res.HomeURL)
	for _, p := range res.Site.AllPages() {
		if res.Site.Shown(p) && res.Site.PagePath(p, "") != "/" && !p.Params.Redirect {
			add(func(l string) string { return res.PageURL(p, l) })
		}
	}
	add(res.ValuationURL)
	for i := range res.Site.Legal {
		add(func(l string) string { return res.LegalURL(&res.Site.Legal[i], l) })
	}
	ix := res.Catalog.Index()
	q := catalog.NewQuery()
	for page := 1; ; page++ {
		q.Page, q.PageSize = page, catalog.MaxPageSize
		list := ix.List(q)
		for _, c := range list.Items {
			add(func(l string) string { return res.PropertyURL(c.ID, c.Goal, c.City, typeName(ix, c, l), l) })
		}
		if page >= list.Pages {
			break
		}
	}
	for _, p := range ix.Projects() {
		if p.ExternalWeb == "" {
			add(func(l string) string { return res.ProjectURL(p.ID, l) })
		}
	}
	var b bytes.Buffer
	b.WriteString(xml.Header)
	enc := xml.NewEncoder(&b)
	enc.Indent("", " ")
	if err := enc.Encode(set); err != nil {
		panic(err) // our own types: cannot fail
	}
	return b.Bytes()
}

func typeName(ix *catalog.Index, c catalog.Card, lang string) string {
	if n := ix.TypeName(c.WebID, lang); n != "" {
		return n
	}
	return c.TypeDescription
}
