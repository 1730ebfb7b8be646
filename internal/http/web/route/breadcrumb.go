package route

import "immo/internal/domain/site"

// breadcrumb is a page's trail (SPEC §2): home, the configured pages above
// it (above, top first; their titles and addresses in the page's
// language), then the page itself. result gives the last step its address.
func (c *resolution) breadcrumb(above []*site.Page, label, labelLang string) []Crumb {
	out := []Crumb{{Label: c.t("common.home"), Href: c.r.HomeURL(c.lang)}}
	for _, p := range above {
		cr := Crumb{Href: c.r.PageURL(p, c.lang)}
		cr.Label, cr.Lang = c.pageTitleLang(p)
		out = append(out, cr)
	}
	return append(out, Crumb{Label: label, Lang: labelLang})
}

// under is the breadcrumb of a page hanging under the configured page p (a
// property under its list, a project under the projects page): p's trail,
// p included; none when the site has no such page.
func (c *resolution) under(p *site.Page) []*site.Page {
	if p == nil {
		return nil
	}
	return c.r.Site.Trail(p)
}

// pageBreadcrumb is a configured page's trail: its parents, then itself.
func (c *resolution) pageBreadcrumb(p *site.Page) []Crumb {
	trail := c.r.Site.Trail(p)
	title, lang := c.pageTitleLang(p)
	return c.breadcrumb(trail[:len(trail)-1], title, lang)
}
