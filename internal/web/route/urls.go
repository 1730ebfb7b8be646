package route

import (
	"net/url"
	"strconv"
	"strings"

	"immo/internal/catalog"
	"immo/internal/rules"
	"immo/internal/site"
)

// Every URL the site links to is built here, always with the language
// prefix, so each page has one canonical address per language.

// HomeURL is the home page in lang.
func (r *Resolver) HomeURL(lang string) string { return "/" + lang + "/" }

// PageURL is a configured page in lang.
func (r *Resolver) PageURL(p *site.Page, lang string) string {
	path := r.Site.PagePath(p, lang)
	if path == "/" {
		return r.HomeURL(lang)
	}
	return "/" + lang + path
}

// Lists a page can be.
const (
	ListSale = "sale"
	ListRent = "rent"
	ListSold = "sold"
)

// ListPage is the published page listing sale, rent or sold properties.
func (r *Resolver) ListPage(list string) *site.Page {
	for _, p := range r.Site.AllPages() {
		q := listQuery(p)
		if q == nil || !p.Published() {
			continue
		}
		switch {
		case list == ListSold && q.State == site.StateSold,
			list != ListSold && q.State != site.StateSold && q.Goal == list:
			return p
		}
	}
	return nil
}

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

// PropertyURL is the pretty address of a property in lang:
// /{lang}/{list}/{city}/{type}/{id}/, or /{lang}/property/{id}/ when the
// site has no list page for its goal.
func (r *Resolver) PropertyURL(id int64, goal int, city, typeName, lang string) string {
	list := ListRent
	if goal == catalog.GoalSale {
		list = ListSale
	}
	p := r.ListPage(list)
	if p == nil {
		return "/" + lang + "/property/" + strconv.FormatInt(id, 10) + "/"
	}
	return r.PageURL(p, lang) + slugOr(city, "city") + slugOr(typeName, "type") + strconv.FormatInt(id, 10) + "/"
}

func slugOr(name, fallback string) string {
	if s := rules.Slug(name); s != "" {
		return s
	}
	return fallback + "/"
}

// CardURL is PropertyURL for a list card.
func (r *Resolver) CardURL(c *catalog.Card, lang string) string {
	return r.PropertyURL(c.ID, c.Goal, c.City, c.TypeDescription, lang)
}

// ProjectsPage is the published page listing the projects, nil when none.
func (r *Resolver) ProjectsPage() *site.Page {
	for _, p := range r.Site.AllPages() {
		if !p.Published() {
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
func (r *Resolver) ProjectURL(id int64, lang string) string {
	return "/" + lang + "/project/?id=" + strconv.FormatInt(id, 10)
}

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

// absolute joins the base URL and a site path.
func (r *Resolver) absolute(path string) string {
	if strings.HasPrefix(path, "http://") || strings.HasPrefix(path, "https://") {
		return path
	}
	return r.BaseURL + path
}
