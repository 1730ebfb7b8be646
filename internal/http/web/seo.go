package web

import (
	"bytes"
	"compress/gzip"
	"encoding/xml"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"

	"immo/internal/domain/catalog"
	"immo/internal/http/web/assets"
	"immo/internal/http/web/route"
)

// robots tells crawlers what to skip and where the sitemap is. A site
// configured with a noindex robots setting asks crawlers to stay away.
func (h *Handler) robots(w http.ResponseWriter, r *http.Request) {
	var b strings.Builder
	b.WriteString("User-agent: *\n")
	if strings.Contains(strings.ToLower(h.routes(r.Context()).Site.SiteInfo.Settings.Robots), "noindex") {
		b.WriteString("Disallow: /\n")
	} else {
		b.WriteString("Disallow: /api/\nDisallow: /map-frame/\n")
	}
	b.WriteString("Sitemap: " + h.routes(r.Context()).Base() + "/sitemap.xml\n")
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "public, max-age=3600")
	w.Write([]byte(b.String()))
}

// sitemap holds sitemap.xml for one data version: gzipped only (a crawler
// takes gzip; another client gets it inflated as it is sent), and, past
// sitemapSplit addresses, the index of its files, with the files asked for
// lately (at most sitemapFilesKept), each made when first asked.
type sitemap struct {
	mu      sync.Mutex
	version string
	body    []byte            // gzipped: sitemap.xml
	files   map[string][]byte // gzipped: /sitemaps/{name}
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

// sitemapIndex is a sitemap of sitemaps (sitemaps.org), past sitemapSplit.
type sitemapIndex struct {
	XMLName  xml.Name      `xml:"sitemapindex"`
	NS       string        `xml:"xmlns,attr"`
	Sitemaps []sitemapFile `xml:"sitemap"`
}

type sitemapFile struct {
	Loc string `xml:"loc"`
}

// maxSitemapImages is the image sitemap's limit per page.
const maxSitemapImages = 1000

const (
	// sitemapSplit: a site with more addresses than this gets an index of
	// files (search engines read at most 50 000 addresses and 50 MB a
	// file; a listing's four languages with their alternates and pictures
	// take ~1.3 KB each).
	sitemapSplit = 2000
	// listingsPerSitemap is how many listings one file of the index lists
	// (their addresses in every language: ~5 MB, ~0.4 MB gzipped).
	listingsPerSitemap = 1000
	// sitemapFilesKept bounds the files kept made, per data version.
	sitemapFilesKept = 8
)

func (h *Handler) sitemap(w http.ResponseWriter, r *http.Request) {
	h.serveSitemap(w, r, "")
}

// sitemapPart answers a file of the sitemap's index: pages.xml (the pages
// that are not a listing's) or listings-N.xml (N from 1).
func (h *Handler) sitemapPart(w http.ResponseWriter, r *http.Request) {
	h.serveSitemap(w, r, r.PathValue("file"))
}

func (h *Handler) serveSitemap(w http.ResponseWriter, r *http.Request, file string) {
	version := h.routes(r.Context()).Version()
	c := &h.sitemapCache
	c.mu.Lock()
	if c.version != version || c.body == nil {
		c.version, c.files = version, map[string][]byte{}
		c.body = assets.Gzip(buildSitemap(h.routes(r.Context())))
	}
	gz := c.body
	if file != "" {
		var ok bool
		if gz, ok = c.files[file]; !ok {
			raw, found := buildSitemapFile(h.routes(r.Context()), file)
			if !found {
				c.mu.Unlock()
				http.NotFound(w, r)
				return
			}
			gz = assets.Gzip(raw)
			if len(c.files) >= sitemapFilesKept {
				clear(c.files)
			}
			c.files[file] = gz
		}
	}
	c.mu.Unlock()
	w.Header().Set("Cache-Control", "public, max-age=3600")
	w.Header().Set("Content-Type", "application/xml; charset=utf-8")
	w.Header().Set("Vary", "Accept-Encoding")
	if assets.AcceptsGzip(r) {
		w.Header().Set("Content-Encoding", "gzip")
		w.Header().Set("Content-Length", strconv.Itoa(len(gz)))
		w.Write(gz)
		return
	}
	zr, err := gzip.NewReader(bytes.NewReader(gz))
	if err != nil {
		panic(err) // ours, just made
	}
	io.Copy(w, zr)
}

// buildSitemap is sitemap.xml: the site's indexable canonical addresses,
// or past sitemapSplit the index of the files listing them.
func buildSitemap(res *route.Resolver) []byte {
	listings := sitemapListings(res)
	pages := newURLSet()
	walkPages(res, func(u sitemapURL) { pages.URLs = append(pages.URLs, u) })
	if !splitSitemap(len(pages.URLs), listings, res) {
		walkListings(res, 0, listings, func(u sitemapURL) { pages.URLs = append(pages.URLs, u) })
		return encodeSitemap(pages)
	}
	index := sitemapIndex{NS: "http://www.sitemaps.org/schemas/sitemap/0.9",
		Sitemaps: []sitemapFile{{Loc: res.Absolute("/sitemaps/pages.xml")}}}
	for n := 1; (n-1)*listingsPerSitemap < listings; n++ {
		index.Sitemaps = append(index.Sitemaps, sitemapFile{Loc: res.Absolute("/sitemaps/listings-" + strconv.Itoa(n) + ".xml")})
	}
	return encodeXML(index)
}

// buildSitemapFile is a file of the sitemap's index; false when the site
// has no such file (a small site's sitemap is one file).
func buildSitemapFile(res *route.Resolver, file string) ([]byte, bool) {
	listings := sitemapListings(res)
	set := newURLSet()
	walkPages(res, func(u sitemapURL) { set.URLs = append(set.URLs, u) })
	if !splitSitemap(len(set.URLs), listings, res) {
		return nil, false // one file: sitemap.xml
	}
	if file == "pages.xml" {
		return encodeSitemap(set), true
	}
	set.URLs = nil
	digits, ok := strings.CutPrefix(file, "listings-")
	digits, ok2 := strings.CutSuffix(digits, ".xml")
	n, err := strconv.Atoi(digits)
	if !ok || !ok2 || err != nil || n < 1 || strconv.Itoa(n) != digits || (n-1)*listingsPerSitemap >= listings {
		return nil, false
	}
	walkListings(res, (n-1)*listingsPerSitemap, min(listings, n*listingsPerSitemap), func(u sitemapURL) { set.URLs = append(set.URLs, u) })
	return encodeSitemap(set), true
}

// splitSitemap says whether the sitemap is an index of files.
func splitSitemap(pages, listings int, res *route.Resolver) bool {
	return pages+listings*len(res.Site.Languages.Enabled()) > sitemapSplit
}

// sitemapAddresses are every address the sitemap lists, site-relative, in
// its order (the pre-render's).
func sitemapAddresses(res *route.Resolver) []string {
	var out []string
	visit := func(u sitemapURL) {
		if rest, ok := strings.CutPrefix(u.Loc, res.Absolute("/")); ok {
			out = append(out, "/"+rest)
		}
	}
	walkPages(res, visit)
	walkListings(res, 0, sitemapListings(res), visit)
	return out
}

func newURLSet() urlset {
	return urlset{NS: "http://www.sitemaps.org/schemas/sitemap/0.9", XHTML: "http://www.w3.org/1999/xhtml",
		Image: "http://www.google.com/schemas/sitemap-image/1.1"}
}

// addAll visits a page in every language, each with all its alternates
// and x-default (the default language's).
func addAll(res *route.Resolver, urlIn func(lang string) string, lastMod string, images []sitemapImage, visit func(sitemapURL)) {
	langs := res.Site.Languages.Enabled()
	alts := make([]sitemapAltURL, 0, len(langs)+1)
	for _, l := range langs {
		alts = append(alts, sitemapAltURL{Rel: "alternate", Hreflang: l, Href: res.Absolute(urlIn(l))})
	}
	alts = append(alts, sitemapAltURL{Rel: "alternate", Hreflang: "x-default", Href: res.Absolute(urlIn(res.Site.Languages.Default))})
	for _, l := range langs {
		visit(sitemapURL{Loc: res.Absolute(urlIn(l)), LastMod: lastMod, Alternates: alts, Images: images})
	}
}

// walkPages visits the pages that are not a listing's, each when the
// resolver says it is indexable at that address in every language. Only
// what search engines may index goes in: a page that redirects, is not
// found or says noindex (an empty list, a site configured noindex) is left
// out.
func walkPages(res *route.Resolver, visit func(sitemapURL)) {
	page := func(urlIn func(lang string) string) {
		for _, l := range res.Site.Languages.Enabled() {
			if !indexable(res, urlIn(l)) {
				return
			}
		}
		addAll(res, urlIn, "", nil, visit)
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
}

// sitemapListings is how many listings the sitemap lists: the properties
// a list shows, then the projects with no site of their own; none on a
// site configured noindex.
func sitemapListings(res *route.Resolver) int {
	if noindexSite(res) {
		return 0
	}
	ix := res.Catalog.Index()
	q := catalog.NewQuery()
	q.PageSize = 1
	n := ix.List(q).Total
	for _, p := range ix.Projects() {
		if p.ExternalWeb == "" {
			n++
		}
	}
	return n
}

// walkListings visits the listings from and to (in sitemapListings'
// order), each in every language with its last change (lastmod) and its
// pictures. Listings are indexable pages by construction (their canonical
// address, 200, no noindex): not resolved one by one, which would cost a
// render's data for each of thousands.
func walkListings(res *route.Resolver, from, to int, visit func(sitemapURL)) {
	if from >= to {
		return
	}
	ix := res.Catalog.Index()
	q := catalog.NewQuery()
	k := 0 // the listing's place in the order
	for n := 1; k < to; n++ {
		q.Page, q.PageSize = n, catalog.MaxPageSize
		list := ix.List(q)
		for _, c := range list.Items {
			if k >= from && k < to {
				var lastMod string
				if t, ok := ix.Modified(c.ID); ok {
					lastMod = t.UTC().Format(time.RFC3339)
				}
				var images []sitemapImage
				if gallery, large, ok := ix.Pictures(c.ID); ok {
					images = pictureImages(res, gallery, large)
				}
				addAll(res, func(l string) string { return res.PropertyURL(c.ID, c.Goal, c.City, typeName(ix, c, l), l) }, lastMod, images, visit)
			}
			k++
		}
		if n >= list.Pages {
			break
		}
	}
	for _, p := range ix.Projects() {
		if p.ExternalWeb == "" {
			if k >= from && k < to {
				addAll(res, func(l string) string { return res.ProjectURL(p.ID, l) }, "", pictureImages(res, p.Pictures, p.XLargePictureItem), visit)
			}
			k++
		}
	}
}

func encodeSitemap(set urlset) []byte { return encodeXML(set) }

func encodeXML(v any) []byte {
	var b bytes.Buffer
	b.WriteString(xml.Header)
	enc := xml.NewEncoder(&b)
	enc.Indent("", " ")
	if err := enc.Encode(v); err != nil {
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
