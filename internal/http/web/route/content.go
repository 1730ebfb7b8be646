package route

import (
	"net/http"
	"strings"

	"immo/internal/domain/site"
)

// contentPage is a configured page that is not a list: its modules and
// content, children linked.
func (c *resolution) contentPage(p *site.Page) Result {
	var children []Link
	for _, ch := range c.r.Site.Children(p.ID) {
		if c.r.Site.Shown(ch) {
			l := Link{Href: c.r.PageURL(ch, c.lang)}
			l.Label, l.Lang = c.pageTitleLang(ch)
			children = append(children, l)
		}
	}
	title, titleLang := c.pageTitleLang(p)
	content, contentLang := c.text(p.Params.Content)
	props := &PageProps{Title: title, TitleLang: titleLang, Content: c.html(content), ContentLang: contentLang,
		Modules: c.modules(p, p.Params.Modules), Children: children, Scope: p.PageScope(), Image: p.Params.Image}
	if css := strings.TrimSpace(p.Params.CSS); css != "" {
		props.CSS = "." + props.Scope + "{" + css + "}"
	}
	if p.Params.IsHaveSubMenu {
		props.SubMenu = c.menu(p.Params.SubMenu, c.r.Site.PageJSONPath(p)+".params.subMenu")
	}
	urlIn := func(l string) string { return c.r.PageURL(p, l) }
	var words []string
	for i := range p.Params.Modules {
		if m := &p.Params.Modules[i]; m.Published() {
			words = append(words, m.Description.In(c.lang), m.Description2.In(c.lang))
		}
	}
	head := c.head(title, describe(append([]string{p.Params.Description.In(c.lang), content}, words...)...), p.Params.Metadata, urlIn)
	if p.Params.Image != "" {
		head.Image = c.r.Absolute(p.Params.Image)
	}
	head.Breadcrumb = c.pageBreadcrumb(p)
	return c.result(http.StatusOK, props, head, urlIn)
}

func (c *resolution) legal(l *site.LegalPage) Result {
	title, titleLang := c.text(l.Title)
	content, contentLang := c.text(l.Content)
	props := &LegalProps{Title: title, TitleLang: titleLang, Content: c.html(content), ContentLang: contentLang}
	if l.ID == CookiePolicyID {
		props.Cookies = c.cookiePolicy()
	}
	urlIn := func(lang string) string { return c.r.LegalURL(l, lang) }
	h := c.head(title, describe(content), nil, urlIn)
	h.Breadcrumb = c.breadcrumb(nil, title, titleLang)
	return c.result(http.StatusOK, props, h, urlIn)
}

// entries are a services or testimonials module's items, their links built
// for the page's language; a link to a page the site does not have is
// left out (the item shows without it).
func (c *resolution) entries(items []site.ModuleItem) []site.ModuleItem {
	out := make([]site.ModuleItem, len(items))
	for i, it := range items {
		if it.Link != "" {
			it.Link, _ = c.link(it.Link)
		}
		out[i] = it
	}
	return out
}
