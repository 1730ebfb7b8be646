package route

import (
	"net/http"

	"immo/internal/site"
)

// contentPage is a configured page that is not a list: its modules and
// content, children linked.
func (c *resolution) contentPage(p *site.Page) Result {
	var children []Link
	for _, ch := range c.r.Site.Children(p.ID) {
		if ch.Published() {
			children = append(children, Link{Label: c.pageTitle(ch), Href: c.r.PageURL(ch, c.lang)})
		}
	}
	props := map[string]any{
		"title":    c.pageTitle(p),
		"content":  p.Params.Content.In(c.lang),
		"modules":  c.modules(p, p.Params.Modules),
		"children": children,
	}
	urlIn := func(l string) string { return c.r.PageURL(p, l) }
	return c.result(http.StatusOK, ViewPage, props, c.head(c.pageTitle(p), p.Params.Description.In(c.lang), p.Params.Metadata, urlIn), urlIn)
}

func (c *resolution) legal(l *site.LegalPage) Result {
	props := map[string]any{"title": l.Title.In(c.lang), "content": l.Content.In(c.lang)}
	urlIn := func(lang string) string { return c.r.LegalURL(l, lang) }
	return c.result(http.StatusOK, ViewLegal, props, c.head(l.Title.In(c.lang), "", nil, urlIn), urlIn)
}
