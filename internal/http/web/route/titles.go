package route

import "immo/internal/domain/site"

// pageTitle is the page's title in the page's language. When the
// configuration leaves it empty in that language (German content often is),
// a page the site knows by its role is named from the translations, so a
// German visitor reads "Zu verkaufen" rather than the French title.
func (c *resolution) pageTitle(p *site.Page) string {
	t, _ := c.pageTitleLang(p)
	return t
}

// pageTitleLang is pageTitle with the language a content title fell back
// to ("" when it is in the page's language).
func (c *resolution) pageTitleLang(p *site.Page) (string, string) {
	if t := p.Params.Title[c.lang]; t != "" {
		return t, ""
	}
	if key := roleTitleKey(p); key != "" {
		return c.t(key), ""
	}
	if p == c.r.Site.Home() {
		return c.t("common.home"), ""
	}
	return c.text(p.Params.Title)
}

// roleTitleKey names the translation of a page by what it shows.
func roleTitleKey(p *site.Page) string {
	if q := p.ListQuery(); q != nil {
		switch listName(q) {
		case ListSale:
			return "common.forSale"
		case ListRent:
			return "common.forRent"
		default:
			return "common.soldRented"
		}
	}
	for _, m := range p.Params.Modules {
		switch m.View {
		case site.ViewProjectList:
			return "common.projects"
		case site.ViewContact:
			return "common.contact"
		}
	}
	return ""
}

// viewTitleKeys name the translation of a module by its view.
var viewTitleKeys = map[string]string{
	site.ViewLatestOffers:  "moduleTitles.latestOffers",
	site.ViewSpotlightSale: "moduleTitles.spotlightSale",
	site.ViewSpotlightRent: "moduleTitles.spotlightRent",
	site.ViewServices:      "moduleTitles.services",
	site.ViewTestimonials:  "moduleTitles.testimonials",
}

// moduleTitle is a module's title in the page's language. When it is empty
// in that language but set in another, the main module of a page known by
// its role takes the page's title, and a known view its translated name.
func (c *resolution) moduleTitle(p *site.Page, m *site.Module) string {
	t, _ := c.moduleTitleLang(p, m)
	return t
}

// moduleTitleLang is moduleTitle with the language a content title fell
// back to ("" when it is in the page's language).
func (c *resolution) moduleTitleLang(p *site.Page, m *site.Module) (string, string) {
	if t := m.Title[c.lang]; t != "" || m.Title.In(c.lang) == "" {
		return t, ""
	}
	if p != nil && roleTitleKey(p) != "" {
		return c.pageTitle(p), ""
	}
	if key, ok := viewTitleKeys[m.View]; ok {
		return c.t(key), ""
	}
	return c.text(m.Title)
}
