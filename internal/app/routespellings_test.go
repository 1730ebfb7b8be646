package app_test

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"testing"

	"immo/internal/app/apptest"
	"immo/internal/domain/i18n"
)

// specPaths are the addresses of SPEC §2 without a language prefix, as the
// specification writes them and in each language's slugs, and the account
// pages: with the sitemap's addresses, every spelling of each is walked.
var specPaths = []string{
	"", "for-sale/", "for-rent/", "te-koop/", "te-huur/", "a-vendre/", "a-louer/", "zu-verkaufen/", "zu-vermieten/",
	"Biens-vendus/", "vendus-loues/", "contact/", "demand-register/", "recherche/", "contact-demand/",
	"estimation-gratuite/", "gratis-schatting/", "Privacy/", "Cookie-policy/", "Disclaimer/", "cookie-policy/",
	"privacy-statement/", "login/", "password/", "owner/", "feedback/contact-me/", "merci/contact-me/",
	"feedback/contact-demand/", "merci/estimation-gratuite/", "feedback/sign-newsletter/", "merci/newsletter/",
	"feedback/demand-register/", "account/", "account/login/", "account/forgot-password/",
	"account/reset-password/", "account/confirm/", "account/export/", "newsletter/confirm/", "unsubscribe/",
	"property/1/", "property/9999999/", "project/", "nothing-here/",
}

var sitemapLoc = regexp.MustCompile(`<loc>([^<]+)</loc>`)

// TestRouteSpellings walks every route of SPEC §2, the sitemap's pages and
// the account pages, in every spelling — each language prefix and none,
// the prefix and the whole path in upper case, the first letter a capital,
// no trailing slash — and fails on any 5xx, following a redirect once.
func TestRouteSpellings(t *testing.T) {
	s := apptest.New(t, apptest.Options{Visits: true})
	get := func(target string) *httptest.ResponseRecorder {
		rec := httptest.NewRecorder()
		s.Handler.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, target, nil))
		return rec
	}
	rests := slices.Clone(specPaths)
	var walk func(target string, depth int)
	seen := map[string]bool{}
	for _, sm := range []string{"/sitemap.xml"} {
		for _, m := range sitemapLoc.FindAllStringSubmatch(get(sm).Body.String(), -1) {
			u, err := url.Parse(m[1])
			if err != nil {
				t.Fatal(err)
			}
			if strings.HasPrefix(u.Path, "/sitemaps/") {
				for _, m := range sitemapLoc.FindAllStringSubmatch(get(u.Path).Body.String(), -1) {
					if v, err := url.Parse(m[1]); err == nil {
						rests = append(rests, withoutLang(v.RequestURI()))
					}
				}
				continue
			}
			rests = append(rests, withoutLang(u.RequestURI()))
		}
	}
	if len(rests) < len(specPaths)+50 {
		t.Fatalf("the sitemap gave %d addresses", len(rests)-len(specPaths))
	}
	walk = func(target string, depth int) {
		if seen[target] {
			return
		}
		seen[target] = true
		rec := get(target)
		if rec.Code >= 500 {
			t.Errorf("GET %s: %d\n%.300s", target, rec.Code, rec.Body)
			return
		}
		if loc := rec.Header().Get("Location"); loc != "" && depth == 0 {
			u, err := url.Parse(loc)
			if err != nil || u.Host != "" && u.Host != "localhost:8080" {
				return // a project's own site
			}
			walk(u.RequestURI(), 1)
		}
	}
	for _, rest := range rests {
		path, query, _ := strings.Cut(rest, "?")
		if query != "" {
			query = "?" + query
		}
		for _, prefix := range append([]string{""}, i18n.Languages...) {
			for _, spelling := range spellings(prefix, path) {
				walk(spelling+query, 0)
			}
		}
	}
	t.Logf("%d addresses walked", len(seen))
}

// withoutLang is an address without its language prefix and leading slash.
func withoutLang(uri string) string {
	rest := strings.TrimPrefix(uri, "/")
	if first, after, ok := strings.Cut(rest, "/"); ok && slices.Contains(i18n.Languages, first) {
		return after
	}
	return rest
}

// spellings are the ways a visitor or a link may write /prefix/path.
func spellings(prefix, path string) []string {
	join := func(p, rest string) string {
		if p == "" {
			return "/" + rest
		}
		return "/" + p + "/" + rest
	}
	out := []string{join(prefix, path), join(strings.ToUpper(prefix), path), strings.ToUpper(join(prefix, path))}
	if trimmed := strings.TrimSuffix(path, "/"); trimmed != path && trimmed != "" {
		out = append(out, join(prefix, trimmed))
	}
	if path != "" {
		out = append(out, join(prefix, strings.ToUpper(path[:1])+path[1:]))
	}
	return out
}
