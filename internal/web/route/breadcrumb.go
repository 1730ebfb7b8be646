package route

import "immo/internal/site"

// breadcrumb is a page's trail (SPEC §2's listing path lookup): home, the
// pages of the lookup entry at parent (an original or language path; ""
// for none), then the page itself. result gives the last step its address.
func (c *resolution) breadcrumb(parent string, label, labelLang string) []Crumb {
	out := []Crumb{{Label: c.t("common.home"), Href: c.r.HomeURL(c.lang)}}
	if parent != "" {
		if e, ok := c.r.Site.LookupPath(parent); ok {
			for _, original := range e.Breadcrumb {
				if crumb, ok := c.crumbOf(original); ok {
					out = append(out, crumb)
				}
			}
		}
	}
	return append(out, Crumb{Label: label, Lang: labelLang})
}

// crumbOf is the step naming the page or legal page at an original path.
func (c *resolution) crumbOf(original string) (Crumb, bool) {
	if p := c.r.Site.PageByPath("", original); p != nil {
		cr := Crumb{Href: c.r.PageURL(p, c.lang)}
		cr.Label, cr.Lang = c.pageTitleLang(p)
		return cr, true
	}
	if l := c.r.Site.LegalByPath("", original); l != nil {
		cr := Crumb{Href: c.r.LegalURL(l, c.lang)}
		cr.Label, cr.Lang = c.text(l.Title)
		return cr, true
	}
	return Crumb{}, false
}

// pageBreadcrumb is a configured page's trail: its parents, then itself.
func (c *resolution) pageBreadcrumb(p *site.Page) []Crumb {
	parent := ""
	if p.ParentID != 0 {
		if up := c.r.Site.PageByID(p.ParentID); up != nil {
			parent = c.r.Site.PagePath(up, "")
		}
	}
	title, lang := c.pageTitleLang(p)
	return c.breadcrumb(parent, title, lang)
}
