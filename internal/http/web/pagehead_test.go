package web

import (
	"net/http"
	"regexp"
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

// A property page's sharing cards (Open Graph, Twitter) show its picture at
// 1200 px, absolute, with the size the picture server answers, and its
// price in the title; lists and the home page keep the site's picture.
func TestSharingCards(t *testing.T) {
	h, _, _ := newTestHandler(t, &fakeRenderer{})
	cases := []struct {
		path  string
		title string // in og:title and twitter:title
		image string
		size  [2]string // og:image:width and height, "" when not written
	}{
		{"/fr/a-vendre/arlon/villa-maison-ferme/4100001/", "– € 315.000", "https://immo.test/pictures/demo/house-01.jpg?width=1200&amp;height=auto", [2]string{"1360", "907"}},
		{"/en/for-rent/arlon/apartment/4100063/", "– € 1.160 / month", "https://immo.test/pictures/demo/residence-02.jpg?width=1200&amp;height=auto", [2]string{"1360", "907"}},
		{"/nl/te-koop/arlon/appartement/4100007/", "– Prijs op aanvraag", "https://immo.test/pictures/demo/apartment-02.jpg?width=1200&amp;height=auto", [2]string{"1360", "907"}},
		{"/fr/a-vendre/", "", "https://immo.test/pictures/demo/banner.jpg", [2]string{}},
		{"/de/", "", "https://immo.test/pictures/demo/banner.jpg", [2]string{}},
	}
	meta := func(body, attr, name string) string {
		m := regexp.MustCompile(`<meta ` + attr + `="` + regexp.QuoteMeta(name) + `" content="([^"]*)">`).FindStringSubmatch(body)
		if m == nil {
			return ""
		}
		return m[1]
	}
	for _, c := range cases {
		rec := do(h, "GET", c.path, nil)
		body := rec.Body.String()
		if rec.Code != 200 {
			t.Fatalf("%s: %d", c.path, rec.Code)
		}
		og, tw := meta(body, "property", "og:title"), meta(body, "name", "twitter:title")
		if og == "" || og != tw || !strings.Contains(og, c.title) {
			t.Errorf("%s: og:title %q twitter:title %q, want %q in both", c.path, og, tw, c.title)
		}
		if c.title != "" && !strings.Contains(meta(body, "property", "og:title"), "€") && !strings.Contains(c.title, "aanvraag") {
			t.Errorf("%s: no price in %q", c.path, og)
		}
		if got := meta(body, "property", "og:image"); got != c.image || meta(body, "name", "twitter:image") != c.image {
			t.Errorf("%s: og:image %q twitter:image %q, want %q", c.path, got, meta(body, "name", "twitter:image"), c.image)
		}
		if w, hh := meta(body, "property", "og:image:width"), meta(body, "property", "og:image:height"); w != c.size[0] || hh != c.size[1] {
			t.Errorf("%s: og:image size %s×%s, want %s×%s", c.path, w, hh, c.size[0], c.size[1])
		}
		if meta(body, "name", "twitter:card") != "summary_large_image" || meta(body, "property", "og:description") != meta(body, "name", "twitter:description") {
			t.Errorf("%s: twitter card %q, descriptions %q / %q", c.path, meta(body, "name", "twitter:card"),
				meta(body, "property", "og:description"), meta(body, "name", "twitter:description"))
		}
	}
}
