package route

import (
	"slices"
	"testing"

	"immo/internal/domain/site"
)

// The cookie policy lists, below its content, every category with the
// services of the one consent source; other legal pages do not.
func TestCookiePolicyListsTheServices(t *testing.T) {
	r := demoResolver(t)
	r.MapTiles = "https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png"
	for _, path := range []string{"/en/cookie-policy/", "/fr/politique-cookies/", "/Cookie-policy/"} {
		res := resolvePage(r, path)
		p, ok := res.Props.(*LegalProps)
		if !ok || p.Cookies == nil {
			t.Fatalf("%s: props %T without cookies", path, res.Props)
		}
		var cats []string
		byCat := map[string][]string{}
		for _, c := range p.Cookies.Categories {
			cats = append(cats, c.Category)
			for _, s := range c.Services {
				byCat[c.Category] = append(byCat[c.Category], s.ID)
			}
		}
		if !slices.Equal(cats, site.ConsentCategories) {
			t.Errorf("%s: categories %v", path, cats)
		}
		want := map[string][]string{
			site.Necessary:    {site.ServiceSite},
			site.Analytics:    {site.ServiceTagManager, site.ServiceAnalytics},
			site.Marketing:    {site.ServiceAds},
			site.Social:       {site.ServicePixel},
			site.Unclassified: {site.ServiceTours, site.ServiceMapTiles},
		}
		if r.Site.StreetView.APIKey != "" {
			want[site.Unclassified] = []string{site.ServiceStreetView, site.ServiceTours, site.ServiceMapTiles}
		}
		for cat, ids := range want {
			if !slices.Equal(byCat[cat], ids) {
				t.Errorf("%s: %s = %v, want %v", path, cat, byCat[cat], ids)
			}
		}
	}
	if p := resolvePage(r, "/en/privacy-statement/").Props.(*LegalProps); p.Cookies != nil {
		t.Error("the privacy page lists cookies")
	}
}

// Every page's shell carries the tags with their ids, the categories and
// the cookie's lifetime; a tag without an id is not there.
func TestShellCarriesTheConsent(t *testing.T) {
	r := demoResolver(t)
	c := resolve(r, "/nl/").Props.base().Site.Consent
	if c.CookieDays != 182 || c.Revision != 1 || !slices.Equal(c.Categories, site.ConsentCategories) || c.PolicyURL != "/nl/cookiebeleid/" {
		t.Errorf("consent = %+v", c)
	}
	tags := map[string]string{}
	for _, s := range c.Services {
		if s.TagID != "" {
			tags[s.ID] = s.TagID
		}
	}
	si := r.Site.SiteInfo
	if tags[site.ServiceTagManager] != si.TagManagerID || tags[site.ServiceAnalytics] != si.GoogleAnalyticsID ||
		tags[site.ServiceAds] != si.GoogleAdsID || tags[site.ServicePixel] != si.SocialPixelID {
		t.Errorf("tags = %v", tags)
	}

	r = demoResolver(t)
	r.Site.SiteInfo.SocialPixelID = ""
	for _, s := range resolve(r, "/nl/").Props.base().Site.Consent.Services {
		if s.ID == site.ServicePixel {
			t.Error("the pixel is listed without an id")
		}
	}
}
