package route

import (
	"net/http"
)

func (c *resolution) project(id int64) Result {
	p, err := c.ix.Project(id)
	if err != nil {
		return c.r.notFound(c.lang)
	}
	p = p.In(c.lang) // the feed's fixed values in the page's language
	// Some projects live on their own site (§2): the address comes from the
	// catalog, never from the request.
	if p.ExternalWeb != "" {
		return Result{Status: http.StatusFound, Redirect: p.ExternalWeb, Lang: c.lang}
	}
	urlIn := func(l string) string { return c.r.ProjectURL(id, l) }
	h := c.head(p.Name.In(c.lang), p.Description.In(c.lang), nil, urlIn)
	if pic := p.XLargePictureItem.Url; pic != "" {
		h.Image = c.r.Absolute(pic)
	}
	props := &ProjectProps{Project: p.Narrowed(c.lang)} // the browser gets the page's language only
	// Each with the language it fell back to, for the view's lang attributes.
	props.Name, props.NameLang = c.content(p.Name)
	props.Description, props.DescriptionLang = c.content(p.Description)
	props.Delivery, props.DeliveryLang = c.content(p.Delivery)
	h.Breadcrumb = c.breadcrumb(c.under(c.r.ProjectsPage()), props.Name, props.NameLang)
	return c.result(http.StatusOK, props, h, urlIn)
}
