package route

import (
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"slices"
	"strings"
	"testing"

	"immo/internal/adapter/demo"
	"immo/internal/domain/site"
	"immo/internal/http/web/views"
)

// The demo's about-us page (id 20): a content page with modules, a
// published child (team, 21), an unpublished one (history, 22); the
// unpublished page old-offers (23); the redirect page agency (24).
func TestConfiguredPagesAndChildren(t *testing.T) {
	r := demoResolver(t)
	tests := []struct {
		url, view string
		status    int
		redirect  string
	}{
		{"/en/about-us/", views.Page, 200, ""},
		{"/de/ueber-uns/", views.Page, 200, ""},
		{"/fr/a-propos/equipe/", views.Page, 200, ""},
		{"/nl/over-ons/team/", views.Page, 200, ""},
		{"/en/about-us/team/", views.Page, 200, ""},
		{"/de/ueber-uns/team/", views.Page, 200, ""},
		{"/en/about-us/history/", views.NotFound, 404, ""},
		{"/fr/a-propos/historique/", views.NotFound, 404, ""},
		{"/en/old-offers/", views.NotFound, 404, ""},
		{"/nl/oude-aanbiedingen/", views.NotFound, 404, ""},
		{"/en/agency/", "", 301, "/en/about-us/"},
		{"/fr/agence/", "", 301, "/fr/a-propos/"},
		{"/de/buero/", "", 301, "/de/ueber-uns/"},
	}
	for _, tt := range tests {
		res := resolve(r, tt.url)
		if res.Status != tt.status || res.View != tt.view || res.Redirect != tt.redirect {
			t.Errorf("%s = %d %q → %q; want %d %q → %q", tt.url, res.Status, res.View, res.Redirect, tt.status, tt.view, tt.redirect)
		}
	}
	// A published child of an unpublished parent is not served either.
	r.Site.PageByID(20).Status = "Unpublished"
	if res := resolve(r, "/en/about-us/team/"); res.Status != 404 {
		t.Errorf("child of an unpublished page: %d", res.Status)
	}
}

// A redirect goes to its configured address only: an absolute URL as is.
func TestRedirectToAbsoluteURL(t *testing.T) {
	r := demoResolver(t)
	r.Site.PageByID(24).Params.RedirectURL = "https://www.example.be/agence/"
	res := resolve(r, "/nl/kantoor/?next=https://evil.example/")
	if res.Status != http.StatusMovedPermanently || res.Redirect != "https://www.example.be/agence/" {
		t.Errorf("got %d %q", res.Status, res.Redirect)
	}
}

func TestUnpublishedNeverLinked(t *testing.T) {
	r := demoResolver(t)
	res := resolve(r, "/en/about-us/")
	p := propsAs[*PageProps](res)
	var hrefs []string
	var walk func([]Link)
	walk = func(ls []Link) {
		for _, l := range ls {
			hrefs = append(hrefs, l.Href)
			walk(l.Children)
		}
	}
	walk(p.Site.Menu)
	walk(p.SubMenu)
	walk(p.Children)
	for _, bad := range []string{"/en/about-us/history/", "/en/old-offers/"} {
		if slices.Contains(hrefs, bad) {
			t.Errorf("%s linked: %v", bad, hrefs)
		}
	}
	for _, good := range []string{"/en/about-us/team/", "/en/about-us/"} {
		if !slices.Contains(hrefs, good) {
			t.Errorf("%s not linked: %v", good, hrefs)
		}
	}
	if len(p.SubMenu) != 2 || p.SubMenu[0].Label != "Our team" || p.SubMenu[1].Href != "/en/contact/" {
		t.Errorf("sub menu = %+v", p.SubMenu)
	}
	if len(p.Children) != 1 || p.Children[0].Href != "/en/about-us/team/" {
		t.Errorf("children = %+v", p.Children)
	}
	// A link in content to an unpublished page is dropped, its text kept.
	r.Site.PageByID(20).Params.Content["en"] = `<p>See <a href="/old-offers/">old offers</a>.</p>`
	if p := propsAs[*PageProps](resolve(r, "/en/about-us/")); p.Content != `<p>See old offers.</p>` {
		t.Errorf("content = %s", p.Content)
	}
}

func TestModulesOfAboutPage(t *testing.T) {
	r := demoResolver(t)
	var logged []string
	r.ConditionErrors = func(path string, err error) { logged = append(logged, path+": "+err.Error()) }
	p := propsAs[*PageProps](resolve(r, "/de/ueber-uns/"))
	var ids []int
	for _, m := range p.Modules {
		ids = append(ids, m.ID)
	}
	// 23 asks for more than 1000 rentals: not sent at all; 24 holds.
	if !slices.Equal(ids, []int{20, 21, 22, 24}) {
		t.Fatalf("modules = %v", ids)
	}
	m := p.Modules
	if m[0].Col.MD != 6 || m[0].Background == nil || m[0].Background.Color != "#eef4f8" || m[0].Class != "module-values" ||
		!strings.Contains(m[0].Description, "<strong>") || !strings.Contains(m[0].Description2, "unverbindlich") {
		t.Errorf("module 20 = %+v", m[0])
	}
	if b := m[1].Background; b == nil || b.Type != "image" || b.Image != "/pictures/demo/house-03.jpg" {
		t.Errorf("module 21 background = %+v", b)
	}
	if b := m[2].Background; b == nil || b.Type != "gallery" || len(b.Images) != 3 {
		t.Errorf("module 22 background = %+v", b)
	}
	if len(logged) > 0 {
		t.Errorf("logged %v", logged)
	}
	if p.CSS != ".page-css-20{"+r.Site.PageByID(20).Params.CSS+"}" || p.Scope != "page-css-20" || p.Image == "" {
		t.Errorf("css %q scope %q image %q", p.CSS, p.Scope, p.Image)
	}
	raw, _ := json.Marshal(p)
	if strings.Contains(string(raw), "tausend") {
		t.Error("the hidden module's text reached the props")
	}
}

// A condition that errs hides its item, and is reported with its path.
func TestConditionErrorHidesAndReports(t *testing.T) {
	r := demoResolver(t)
	var logged []string
	r.ConditionErrors = func(path string, err error) { logged = append(logged, path) }
	about := r.Site.PageByID(20)
	about.Params.Modules[0].DisplayCondition = nil
	about.Params.Modules[1].DisplayCondition = nil
	m := &about.Params.Modules[1]
	m.DisplayCondition = nil
	m.DisplayCondition = &siteCondition{Field: "page.name", Logic: "greater", CompareWithValue: "3"}
	r.Site.Menu[0].DisplayCondition = &siteCondition{Field: "language", Logic: "equals", CompareWithValue: "nl"}
	r.Site.Menu[1].DisplayCondition = &siteCondition{AdvancedCondition: `count.rent less page.name`}
	p := propsAs[*PageProps](resolve(r, "/en/about-us/"))
	for _, mv := range p.Modules {
		if mv.ID == 21 {
			t.Error("module with an erring condition rendered")
		}
	}
	if len(p.Site.Menu) > 0 && p.Site.Menu[0].Href == "/en/for-sale/" {
		t.Error("menu item for nl shown in en")
	}
	for _, l := range p.Site.Menu {
		if l.Href == "/en/for-rent/" {
			t.Error("menu item with an erring condition shown")
		}
	}
	want := []string{"menu[1].displayCondition", "pages[8].params.modules[1].displayCondition"}
	for _, w := range want {
		if !slices.Contains(logged, w) {
			t.Errorf("not reported: %s (got %v)", w, logged)
		}
	}
	if nl := propsAs[*PageProps](resolve(r, "/nl/over-ons/")); len(nl.Site.Menu) == 0 || nl.Site.Menu[0].Href != "/nl/te-koop/" {
		t.Error("menu item for nl not shown in nl")
	}
}

func TestLogOnce(t *testing.T) {
	var buf strings.Builder
	report := LogOnce(newTextLogger(&buf))
	for range 3 {
		report("menu[1].displayCondition", errors.New("boom"))
	}
	report("menu[2].displayCondition", errors.New("boom"))
	if n := strings.Count(buf.String(), "menu[1]"); n != 1 {
		t.Errorf("logged %d times:\n%s", n, buf.String())
	}
	if !strings.Contains(buf.String(), "menu[2]") {
		t.Error("second item not logged")
	}
}

// SEO metadata replaces title and description only where isActiveSEO.
func TestSEOMetadataOnlyWhenActive(t *testing.T) {
	r := demoResolver(t)
	about := resolve(r, "/fr/a-propos/")
	if !strings.HasPrefix(about.Head.Title, "À propos d’Immo Arlon – agence immobilière à Arlon depuis 2009") {
		t.Errorf("active SEO title = %q", about.Head.Title)
	}
	if !strings.Contains(about.Head.Description, "L’équipe, les valeurs") {
		t.Errorf("active SEO description = %q", about.Head.Description)
	}
	team := resolve(r, "/fr/a-propos/equipe/")
	if strings.Contains(team.Head.Title, "SEO team") || !strings.HasPrefix(team.Head.Title, "Notre équipe") {
		t.Errorf("inactive SEO title used: %q", team.Head.Title)
	}
	if about.Head.Image != "https://example.test/pictures/demo/living-01.jpg" {
		t.Errorf("page image = %q", about.Head.Image)
	}
	if team.Head.Image != "https://example.test"+r.Site.SiteInfo.Settings.Image {
		t.Errorf("default OG image = %q", team.Head.Image)
	}
}

// A configuration with hostile HTML, parsed as the server does, sends none
// of it to the page.
func TestPageHTMLSanitized(t *testing.T) {
	raw := strings.Replace(string(demo.SiteJSON()), `<p>Since 2009 Immo Arlon`,
		`<p onclick=\"steal()\"><script>alert(1)</script><a href=\"javascript:alert(2)\">x</a><iframe src=\"https://evil.example/\"></iframe>Since 2009 Immo Arlon`, 1)
	r := resolverFor(t, "site.json", []byte(raw))
	p := propsAs[*PageProps](resolve(r, "/en/about-us/"))
	for _, bad := range []string{"<script", "alert(", "onclick", "javascript:", "<iframe"} {
		if strings.Contains(p.Content, bad) {
			t.Errorf("content keeps %q: %s", bad, p.Content)
		}
	}
	if !strings.Contains(p.Content, "Since 2009 Immo Arlon") || !strings.Contains(p.Content, `<a href="/en/contact/">`) {
		t.Errorf("content lost the agency's text or link: %s", p.Content)
	}
}

type siteCondition = site.DisplayCondition

func newTextLogger(w *strings.Builder) *slog.Logger { return slog.New(slog.NewTextHandler(w, nil)) }

// page.path is the page's original path from the top, a child's included.
func TestConditionPagePathOfChild(t *testing.T) {
	r := demoResolver(t)
	r.Site.Footer.Columns[0].DisplayCondition = &siteCondition{Field: "page.path", Logic: "equals", CompareWithValue: "/about-us/team/"}
	if n := len(propsAs[*PageProps](resolve(r, "/fr/a-propos/equipe/")).Site.Footer.Columns); n != len(r.Site.Footer.Columns) {
		t.Errorf("on the team page the column for /about-us/team/ is hidden (%d columns)", n)
	}
	if n := len(propsAs[*PageProps](resolve(r, "/fr/a-propos/")).Site.Footer.Columns); n != len(r.Site.Footer.Columns)-1 {
		t.Errorf("on its parent the column for /about-us/team/ shows (%d columns)", n)
	}
}

// A newsletter link our side failed to follow is a 500 page saying so in
// the visitor's language, not a bare text.
func TestNewsletterFailedPage(t *testing.T) {
	r := demoResolver(t)
	res := r.Newsletter("de", true, NewsletterFailed, "tok")
	if res.Status != 500 || propsAs[*NewsletterProps](res).Step != NewsletterFailed || res.Lang != "de" {
		t.Errorf("failed newsletter page: %d %+v", res.Status, res.Props)
	}
}
