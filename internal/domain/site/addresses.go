package site

import (
	"strconv"

	"immo/internal/domain/rules"
)

// The site's addresses that are rules of its configuration alone: the
// home page's, a page's in a language, the list page of a goal, a
// property's and a project's. The router (route.Resolver) answers them and
// makes every other address; the mails and the inbox name a listing with
// them (package listing) without asking it.

// Lists a page can be: ListPage's argument.
const (
	ListSale = GoalSale
	ListRent = GoalRent
	ListSold = StateSold
)

// HomeURL is the home page in lang.
func HomeURL(lang string) string { return "/" + lang + "/" }

// PageURL is a configured page in lang.
func (c *Config) PageURL(p *Page, lang string) string {
	path := c.PagePath(p, lang)
	if path == "/" {
		return HomeURL(lang)
	}
	return "/" + lang + path
}

// ListQuery is the query of the page's published property list, nil when
// it lists none.
func (p *Page) ListQuery() *Query {
	for i := range p.Params.Modules {
		m := &p.Params.Modules[i]
		if m.Published() && m.View == ViewPropertyList && m.Query != nil {
			return m.Query
		}
	}
	return nil
}

// ListPage is the shown page listing the properties for sale, for rent
// (ListSale, ListRent) or sold (ListSold); nil when the site has none.
func (c *Config) ListPage(list string) *Page {
	for _, p := range c.AllPages() {
		q := p.ListQuery()
		if q == nil || !c.Shown(p) {
			continue
		}
		switch {
		case list == ListSold && q.State == StateSold,
			list != ListSold && q.State != StateSold && q.Goal == list:
			return p
		}
	}
	return nil
}

// PropertyURL is the pretty address of a property in lang:
// /{lang}/{list}/{city}/{type}/{id}/, or /{lang}/property/{id}/ when the
// site has no list page for its goal (sale or rent).
func (c *Config) PropertyURL(id int64, sale bool, city, typeName, lang string) string {
	list := ListRent
	if sale {
		list = ListSale
	}
	p := c.ListPage(list)
	if p == nil {
		return "/" + lang + "/property/" + strconv.FormatInt(id, 10) + "/"
	}
	return c.PageURL(p, lang) + slugOr(city, "city") + slugOr(typeName, "type") + strconv.FormatInt(id, 10) + "/"
}

func slugOr(name, fallback string) string {
	if s := rules.Slug(name); s != "" {
		return s
	}
	return fallback + "/"
}

// ProjectURL is a project's page in lang.
func ProjectURL(id int64, lang string) string {
	return "/" + lang + "/project/?id=" + strconv.FormatInt(id, 10)
}
