package route

import (
	"net/http"

	"immo/internal/catalog"
)

func (c *resolution) project(id int64) Result {
	p, err := c.ix.Project(id)
	if err != nil {
		return c.r.notFound(c.lang)
	}
	// Some projects live on their own site (§2): the address comes from the
	// catalog, never from the request.
	if p.ExternalWeb != "" {
		return Result{Status: http.StatusFound, Redirect: p.ExternalWeb, Lang: c.lang}
	}
	urlIn := func(l string) string { return c.r.ProjectURL(id, l) }
	h := c.head(p.Name.In(c.lang), p.Description.In(c.lang), nil, urlIn)
	if pic := p.XLargePictureItem.Url; pic != "" {
		h.Image = c.r.absolute(pic)
	}
	props := map[string]any{"project": p}
	// Each with the language it fell back to, for the view's lang attributes.
	for _, f := range []struct {
		key  string
		text catalog.Text
	}{{"name", p.Name}, {"description", p.Description}, {"delivery", p.Delivery}} {
		text, lang := c.content(f.text)
		props[f.key] = text
		if lang != "" {
			props[f.key+"Lang"] = lang
		}
	}
	if list := c.r.ProjectsPage(); list != nil {
		props["listUrl"] = c.r.PageURL(list, c.lang)
	}
	return c.result(http.StatusOK, ViewProject, props, h, urlIn)
}
