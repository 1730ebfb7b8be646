package route

import (
	"net/url"
	"strings"

	"immo/internal/domain/catalog"
	"immo/internal/domain/site"
)

// Every URL the site links to is built here, always with the language
// prefix, so each page has one canonical address per language.

// HomeURL is the home page in lang.
func (r *Resolver) HomeURL(lang string) string { return site.HomeURL(lang) }

// PageURL is a configured page in lang (site.Config.PageURL).
func (r *Resolver) PageURL(p *site.Page, lang string) string { return r.Site.PageURL(p, lang) }

// Lists a page can be.
const (
	ListSale = site.ListSale
	ListRent = site.ListRent
	ListSold = site.ListSold
)

// ListPage is the published page listing sale, rent or sold properties
// (site.Config.ListPage).
func (r *Resolver) ListPage(list string) *site.Page { return r.Site.ListPage(list) }

// ListURL is the sale, rent or sold list in lang with query, or "" when the
// site has no such page.
func (r *Resolver) ListURL(list, lang string, query url.Values) string {
	p := r.ListPage(list)
	if p == nil {
		return ""
	}
	u := r.PageURL(p, lang)
	if len(query) > 0 {
		u += "?" + query.Encode()
	}
	return u
}

// PropertyURL is the pretty address of a property in lang
// (site.Config.PropertyURL).
func (r *Resolver) PropertyURL(id int64, goal int, city, typeName, lang string) string {
	return r.Site.PropertyURL(id, goal == catalog.GoalSale, city, typeName, lang)
}

// CardURL is PropertyURL for a list card.
func (r *Resolver) CardURL(c *catalog.Card, lang string) string {
	return r.PropertyURL(c.ID, c.Goal, c.City, c.TypeDescription, lang)
}

// ProjectsPage is the published page listing the projects, nil when none.
func (r *Resolver) ProjectsPage() *site.Page {
	for _, p := range r.Site.AllPages() {
		if !r.Site.Shown(p) {
			continue
		}
		for _, m := range p.Params.Modules {
			if m.View == site.ViewProjectList && m.Published() {
				return p
			}
		}
	}
	return nil
}

// ProjectURL is a project's page in lang.
func (r *Resolver) ProjectURL(id int64, lang string) string { return site.ProjectURL(id, lang) }

// LegalURL is a legal page in lang.
func (r *Resolver) LegalURL(l *site.LegalPage, lang string) string {
	return "/" + lang + l.PathIn(lang)
}

// ThankYouURL is the thank-you page of a form in lang.
func (r *Resolver) ThankYouURL(form, lang string) string {
	if lang == "fr" {
		return "/fr/merci/" + thankYouSlugFR(form) + "/"
	}
	return "/" + lang + "/feedback/" + form + "/"
}

// Absolute joins the base URL and a site path (an absolute address is kept).
func (r *Resolver) Absolute(path string) string {
	if strings.HasPrefix(path, "http://") || strings.HasPrefix(path, "https://") {
		return path
	}
	return r.Base() + path
}

// ValuationPath is the free valuation page's original path (SPEC §2). The
// header button and configured links reach it through LocalURL, so they
// appear only once the site has such a page.
const ValuationPath = "/contact-demand/"

// LocalURL is a configured link (menu, top bar, services, configured HTML)
// as this site emits it in lang. A site path — with any language prefix, a
// per-language slug or an original path — becomes the same page's address
// in lang, keeping the link's query and fragment; a link elsewhere (https:,
// mailto:, tel:, #fragment) passes through. ok is false for a site path
// that names nothing the site has, or a relative path: such a link is not
// emitted. A link of only a query needs the current address: see
// resolution.link.
func (r *Resolver) LocalURL(href, lang string) (string, bool) {
	href = strings.TrimSpace(href)
	if href == "" {
		return "", false
	}
	u, err := url.Parse(href)
	switch {
	case err != nil:
		return "", false
	case u.Scheme != "" || u.Host != "" || strings.HasPrefix(href, "#"):
		return href, true
	case !strings.HasPrefix(u.Path, "/"):
		return "", false
	}
	from, rest, ok := r.splitLang(u.EscapedPath())
	if !ok {
		return "", false
	}
	t := r.locate(from, rest, u.Query())
	base := r.targetURL(t, lang)
	if base == "" {
		return "", false
	}
	q := u.Query()
	if t.kind == targetProject {
		q.Del("id") // in base already
	}
	if len(q) > 0 {
		sep := "?"
		if strings.Contains(base, "?") {
			sep = "&"
		}
		base += sep + q.Encode()
	}
	if u.Fragment != "" {
		base += "#" + u.EscapedFragment()
	}
	return base, true
}

// targetURL is the address of t in lang, "" when t names nothing the site
// has.
func (r *Resolver) targetURL(t target, lang string) string {
	ix := r.Catalog.Index()
	switch t.kind {
	case targetHome:
		return r.HomeURL(lang)
	case targetPage:
		return r.PageURL(t.page, lang)
	case targetLegal:
		return r.LegalURL(t.legal, lang)
	case targetThankYou:
		return r.ThankYouURL(t.form, lang)
	case targetValuation:
		return r.ValuationURL(lang)
	case targetDemandRegister:
		return r.DemandRegisterURL(lang)
	case targetProject:
		if p, err := ix.Project(t.id); err == nil {
			if p.ExternalWeb != "" {
				return p.ExternalWeb
			}
			return r.ProjectURL(t.id, lang)
		}
	case targetProperty:
		if p, err := ix.Property(t.id, lang); err == nil {
			typeName := ix.TypeName(p.WebID, lang)
			if typeName == "" {
				typeName = p.TypeDescription
			}
			return r.PropertyURL(p.ID, p.Goal, p.City, typeName, lang)
		}
	}
	return ""
}

// link is LocalURL in the page's language; a link that only adds a query
// parameter (?setcookies) keeps the page's canonical address with its
// query, so a project page (?id=) stays itself and nothing else the request
// carried is echoed. A page with no address of its own (a 404) sends it home.
func (c *resolution) link(href string) (string, bool) {
	if rest, ok := strings.CutPrefix(strings.TrimSpace(href), "?"); ok {
		add, err := url.ParseQuery(rest)
		if err != nil {
			return "", false
		}
		if c.shellMaking {
			return hereMark + add.Encode() + hereEnd, true // made per page (fillHere)
		}
		return c.adding(add), true
	}
	return c.r.LocalURL(href, c.lang)
}

// adding is the page's address with add's parameters.
func (c *resolution) adding(add url.Values) string {
	base := c.here
	if base == "" {
		base = c.path // a page that reads no query, before its result is built
	}
	if base == "" {
		return c.r.HomeURL(c.lang) + "?" + add.Encode()
	}
	path, query, _ := strings.Cut(base, "?")
	q, _ := url.ParseQuery(query)
	for k, v := range add {
		q[k] = v
	}
	return path + "?" + q.Encode()
}
