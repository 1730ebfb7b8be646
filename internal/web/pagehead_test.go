package web

import (
	"net/http"
	"strings"
	"testing"
)

// The document head carries the site settings: verification codes, the
// robots setting and the site picture as the default Open Graph image; a
// page with its own picture shows that one instead.
func TestHeadSiteSettings(t *testing.T) {
	h, _, _ := newTestHandler(t, &fakeRenderer{})
	set := h.resolver.Site.SiteInfo.Settings
	for _, url := range []string{"/nl/te-koop/", "/en/about-us/team/", "/de/"} {
		body := do(h, "GET", url, nil).Body.String()
		for _, want := range []string{
			`<meta name="google-site-verification" content="` + set.GoogleVerification + `">`,
			`<meta name="facebook-domain-verification" content="` + set.FacebookVerification + `">`,
			`<meta name="norton-safeweb-site-verification" content="` + set.NortonSafeWeb + `">`,
			`<meta name="robots" content="` + set.Robots + `">`,
			`<meta property="og:image" content="https://immo.test` + set.Image + `">`,
		} {
			if !strings.Contains(body, want) {
				t.Errorf("%s: no %s", url, want)
			}
		}
	}
	if set.GoogleVerification == "" || set.FacebookVerification == "" || set.NortonSafeWeb == "" {
		t.Fatal("the demo sets every verification code")
	}
	about := do(h, "GET", "/en/about-us/", nil).Body.String()
	if !strings.Contains(about, `<meta property="og:image" content="https://immo.test/pictures/demo/living-01.jpg">`) {
		t.Error("a page's own picture is not its Open Graph image")
	}
	// Without codes, no empty tags.
	h.resolver.Site.SiteInfo.Settings.GoogleVerification = ""
	h.resolver.Site.SiteInfo.Settings.Robots = ""
	body := do(h, "GET", "/fr/a-propos/equipe/", nil).Body.String()
	if strings.Contains(body, "google-site-verification") || strings.Contains(body, `name="robots"`) {
		t.Error("empty settings still written")
	}
}

// Redirect pages answer 301 with the address in Location; unpublished
// pages and children are 404s and absent from the sitemap.
func TestPagesHTTP(t *testing.T) {
	h, _, _ := newTestHandler(t, &fakeRenderer{})
	rec := do(h, "GET", "/en/agency/", nil)
	if rec.Code != 301 || rec.Header().Get("Location") != "/en/about-us/" {
		t.Errorf("redirect: %d %q", rec.Code, rec.Header().Get("Location"))
	}
	for _, u := range []string{"/en/old-offers/", "/en/about-us/history/"} {
		if rec := do(h, "GET", u, nil); rec.Code != 404 {
			t.Errorf("%s: %d", u, rec.Code)
		}
	}
	if rec := do(h, "GET", "/en/about-us/team/", nil); rec.Code != 200 {
		t.Errorf("child page: %d", rec.Code)
	}
	mux := http.NewServeMux()
	h.Register(mux)
	sm := do(mux, "GET", "/sitemap.xml", nil).Body.String()
	for _, bad := range []string{"old-offers", "history", "historique", "/agency/", "/agence/"} {
		if strings.Contains(sm, bad) {
			t.Errorf("sitemap lists %s", bad)
		}
	}
	for _, good := range []string{"https://immo.test/en/about-us/team/", "https://immo.test/de/ueber-uns/team/"} {
		if !strings.Contains(sm, good) {
			t.Errorf("sitemap lacks %s", good)
		}
	}
}
