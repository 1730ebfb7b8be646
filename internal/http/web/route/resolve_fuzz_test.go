package route

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"immo/internal/adapter/demo/demotest"
	"immo/internal/domain/catalog"
	"immo/internal/domain/site"
)

// FuzzResolve: any path and query resolves without panicking, to a status
// the handler knows, and a redirect goes to this site or to an address the
// configuration or the catalog holds — never to one taken from the request.
func FuzzResolve(f *testing.F) {
	for _, raw := range []string{
		"/", "/nl/", "/DE/", "/fr/a-vendre/", "/nl/te-huur", "/For-Rent", "/Biens-vendus/",
		"/fr/a-vendre/?city=Arlon%7C6700&type=1", "/fr/a-vendre/?page=99", "/fr/a-vendre/?sort=size",
		"/fr/a-vendre/?priceMin=100000&priceMax=300000&bedroomsMin=2&sort=price&order=asc&page=2",
		"/en/for-rent/?state=sold&pageSize=100", "/nl/te-koop/?q=Aarlen", "/fr/a-vendre/?q=villa",
		"/fr/a-vendre/?q=4100001", "/de/zu-verkaufen/?q=6700", "/fr/a-vendre/?q=%C3%A9",
		"/property/4100001/", "/en/property/4100001", "/fr/a-vendre/arlon/villa-maison-ferme/4100001/",
		"/fr/a-vendre/anything/whatever/4100001/", "/property/4100059/", "/property/999/", "/property/abc/",
		"/project/?id=5200002", "/project/?id=5200001", "/project/?id=1", "/project/",
		"/contact/", "/de/kontakt/", "/Privacy/", "/en/cookie-policy/", "/feedback/contact-me/",
		"/fr/merci/newsletter/", "/feedback/unknown-form/", "/es/", "/fr/a-vendre/x/y/z/w/",
		"//evil.example/", "/fr/%2F%2Fevil.example/", "/fr/a-vendre/?page=9223372036854775807",
	} {
		u, err := url.Parse(raw)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(u.EscapedPath(), u.RawQuery)
	}
	cat := demotest.Catalog(f)
	r := &Resolver{Site: demotest.Site(f), Catalog: demotest.FixedIndex{Ix: catalog.NewIndex(cat, 1)},
		Testimonials: demotest.Testimonials{}, BaseURL: "https://example.test"}
	configured := map[string]bool{}
	for _, p := range cat.Projects {
		configured[p.ExternalWeb] = true
	}
	var walk func([]site.Page)
	walk = func(pages []site.Page) {
		for _, p := range pages {
			configured[p.Params.RedirectURL] = true
			walk(p.ChildMenus)
		}
	}
	walk(r.Site.Pages)
	known := map[int]bool{http.StatusOK: true, http.StatusMovedPermanently: true, http.StatusFound: true,
		http.StatusBadRequest: true, http.StatusNotFound: true}

	f.Fuzz(func(t *testing.T, path, rawQuery string) {
		query, _ := url.ParseQuery(rawQuery) // what the handler gets: the pairs that parse
		res := r.Resolve(path, query)
		if !known[res.Status] {
			t.Fatalf("Resolve(%q, %q): status %d", path, rawQuery, res.Status)
		}
		if !r.Site.Languages.IsEnabled(res.Lang) {
			t.Fatalf("Resolve(%q, %q): language %q", path, rawQuery, res.Lang)
		}
		redirect := res.Status == http.StatusMovedPermanently || res.Status == http.StatusFound
		if redirect != (res.Redirect != "") {
			t.Fatalf("Resolve(%q, %q): status %d with redirect %q", path, rawQuery, res.Status, res.Redirect)
		}
		if !redirect && res.View == "" {
			t.Fatalf("Resolve(%q, %q): status %d without a view", path, rawQuery, res.Status)
		}
		if redirect && !configured[res.Redirect] && !onSite(res.Redirect) {
			t.Fatalf("Resolve(%q, %q): redirect to %q", path, rawQuery, res.Redirect)
		}
	})
}

// onSite: a path on this site, which no browser reads as another host.
func onSite(s string) bool {
	return strings.HasPrefix(s, "/") && !strings.HasPrefix(s, "//") && !strings.HasPrefix(s, "/\\") &&
		!strings.ContainsAny(s, "\r\n")
}
