package site

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
)

// pageRef is a page with its JSON path in the file.
type pageRef struct {
	page   *Page
	path   string
	parent *Page // the page whose childMenus hold it, if any
}

// pageRefs lists every page, those nested in childMenus included, parents
// first.
func (c *Config) pageRefs() []pageRef {
	var out []pageRef
	var walk func(pages []Page, path string, parent *Page)
	walk = func(pages []Page, path string, parent *Page) {
		for i := range pages {
			p := fmt.Sprintf("%s[%d]", path, i)
			out = append(out, pageRef{&pages[i], p, parent})
			walk(pages[i].ChildMenus, p+".childMenus", &pages[i])
		}
	}
	walk(c.Pages, "pages", nil)
	return out
}

// AllPages lists every page, those nested in childMenus included.
// Pages are walked on every request (links, menus, breadcrumbs): without
// the JSON paths pageRefs builds for validation.
func (c *Config) AllPages() []*Page {
	var out []*Page
	var walk func(pages []Page)
	walk = func(pages []Page) {
		for i := range pages {
			out = append(out, &pages[i])
			walk(pages[i].ChildMenus)
		}
	}
	walk(c.Pages)
	return out
}

// PageByID returns the page with that id, or nil.
func (c *Config) PageByID(id int) *Page {
	var find func(pages []Page) *Page
	find = func(pages []Page) *Page {
		for i := range pages {
			if pages[i].ID == id {
				return &pages[i]
			}
			if p := find(pages[i].ChildMenus); p != nil {
				return p
			}
		}
		return nil
	}
	return find(c.Pages)
}

// Home is the top-level page at "/", or nil.
func (c *Config) Home() *Page {
	for _, p := range c.Children(0) {
		if strings.Trim(p.Path, "/") == "" {
			return p
		}
	}
	return nil
}

// Children lists the pages under parentID (0: the top-level pages) by sort
// order, published or not.
func (c *Config) Children(parentID int) []*Page {
	var out []*Page
	for _, p := range c.AllPages() {
		if p.ParentID == parentID {
			out = append(out, p)
		}
	}
	slices.SortStableFunc(out, func(a, b *Page) int {
		return cmp.Or(cmp.Compare(a.Sort, b.Sort), cmp.Compare(a.ID, b.ID))
	})
	return out
}

// PagePath is the page's path in lang without the language prefix, with
// slashes around: "/a-vendre/", "/" for home, "/parent/child/" below a
// parent. A language with no path of its own, or lang "", gives the
// original path.
func (c *Config) PagePath(p *Page, lang string) string {
	var segs []string
	for _, q := range c.Trail(p) {
		if seg := q.segment(lang); seg != "" {
			segs = append(segs, seg)
		}
	}
	if len(segs) == 0 {
		return "/"
	}
	return "/" + strings.Join(segs, "/") + "/"
}

// segment is the page's own path part in lang, without slashes.
func (p *Page) segment(lang string) string {
	if s := p.Params.Path[strings.ToLower(lang)]; s != "" {
		return strings.Trim(s, "/")
	}
	return strings.Trim(p.Path, "/")
}

// PageByPath finds the page whose path in lang, or original path, is path
// (without the language prefix). The match ignores case and the slashes
// around; nil when none.
func (c *Config) PageByPath(lang, path string) *Page {
	want := pathKey(path)
	for _, p := range c.AllPages() {
		if pathKey(c.PagePath(p, lang)) == want || pathKey(c.PagePath(p, "")) == want {
			return p
		}
	}
	return nil
}

// MenuPage is the page a menu item points to, by id or by original path;
// nil for other links.
func (c *Config) MenuPage(item *MenuItem) *Page {
	if id, ok := item.PageID(); ok {
		return c.PageByID(id)
	}
	if strings.HasPrefix(item.Path, "/") && !strings.HasPrefix(item.Path, "//") {
		return c.PageByPath("", item.Path)
	}
	return nil
}

// LegalByID returns the legal page with that id ("privacy",
// "cookie-policy", "disclaimer"), or nil.
func (c *Config) LegalByID(id string) *LegalPage {
	for i := range c.Legal {
		if c.Legal[i].ID == id {
			return &c.Legal[i]
		}
	}
	return nil
}

// LegalByPath finds the legal page whose path in lang, original path or
// alias is path (without the language prefix), ignoring case and slashes.
func (c *Config) LegalByPath(lang, path string) *LegalPage {
	want := pathKey(path)
	for i := range c.Legal {
		if slices.Contains(c.Legal[i].keys(lang), want) {
			return &c.Legal[i]
		}
	}
	return nil
}

// PathIn is the legal page's path in lang, slashes around, without the
// language prefix.
func (l *LegalPage) PathIn(lang string) string {
	if s := strings.Trim(l.Paths[strings.ToLower(lang)], "/"); s != "" {
		return "/" + s + "/"
	}
	return "/" + strings.Trim(l.Path, "/") + "/"
}

// keys are the path keys the legal page answers to in lang.
func (l *LegalPage) keys(lang string) []string {
	keys := []string{pathKey(l.PathIn(lang)), pathKey(l.Path)}
	for _, a := range l.Aliases {
		keys = append(keys, pathKey(a))
	}
	return keys
}

// pathKey is a path as compared: lower case, no slashes around.
func pathKey(path string) string {
	return strings.ToLower(strings.Trim(path, "/"))
}

// Shown tells whether the page is served and linked: it and every page
// above it are published. A published child of an unpublished page is not
// shown either.
func (c *Config) Shown(p *Page) bool {
	trail := c.Trail(p)
	if len(trail) == 0 || trail[0].ParentID != 0 {
		return false // a parent missing: a validation error
	}
	for _, q := range trail {
		if !q.Published() {
			return false
		}
	}
	return true
}

// Trail is the page and the pages above it, top first: its breadcrumb
// (SPEC §2's listing path lookup gives a page's breadcrumb as the original
// paths of this trail).
func (c *Config) Trail(p *Page) []*Page {
	var out []*Page
	for n := 0; p != nil && n <= len(c.Pages)+64; n++ { // bound: parent loops are a validation error
		out = append(out, p)
		if p.ParentID == 0 {
			break
		}
		p = c.PageByID(p.ParentID)
	}
	slices.Reverse(out)
	return out
}

// PageJSONPath is the page's JSON path in the file ("pages[3].childMenus[0]"),
// for log lines about it.
func (c *Config) PageJSONPath(p *Page) string {
	for _, r := range c.pageRefs() {
		if r.page == p {
			return r.path
		}
	}
	return ""
}
