package site

import "strings"

// PathEntry is one row of the listing path lookup (SPEC §2): a known page's
// original path, its path in each language (without the language prefix)
// and its breadcrumb, the original paths from the top page down to itself.
type PathEntry struct {
	Original   string
	Paths      map[string]string
	Breadcrumb []string
}

// Parent is where the entry's page hangs: its first breadcrumb entry, or
// "/" when the trail is unknown. A property's parent is its list's.
func (e PathEntry) Parent() string {
	if len(e.Breadcrumb) == 0 {
		return "/"
	}
	return e.Breadcrumb[0]
}

// PathTable lists the published pages (a child only under published
// parents), home aside, and the legal pages: what a breadcrumb may name.
func (c *Config) PathTable() []PathEntry {
	var out []PathEntry
	for _, p := range c.AllPages() {
		if !c.Shown(p) || c.PagePath(p, "") == "/" {
			continue
		}
		e := PathEntry{Original: c.PagePath(p, ""), Paths: map[string]string{}}
		for _, l := range c.Languages.Enabled() {
			e.Paths[l] = c.PagePath(p, l)
		}
		for _, q := range c.trail(p) {
			e.Breadcrumb = append(e.Breadcrumb, c.PagePath(q, ""))
		}
		out = append(out, e)
	}
	for i := range c.Legal {
		l := &c.Legal[i]
		e := PathEntry{Original: "/" + strings.Trim(l.Path, "/") + "/", Paths: map[string]string{}}
		for _, lang := range c.Languages.Enabled() {
			e.Paths[lang] = l.PathIn(lang)
		}
		e.Breadcrumb = []string{e.Original}
		out = append(out, e)
	}
	return out
}

// trail is the page and its ancestors, top first.
func (c *Config) trail(p *Page) []*Page {
	var out []*Page
	for n := 0; p != nil && n <= len(c.Pages)+64; n++ { // bound: parent loops are a validation error
		out = append([]*Page{p}, out...)
		if p.ParentID == 0 {
			break
		}
		p = c.PageByID(p.ParentID)
	}
	return out
}

// LookupPath finds the entry of path: its original path or its path in any
// language, ignoring case and the slashes around. Paths under the sale and
// rent lists (a pretty property address) fall back on their first segment.
func (c *Config) LookupPath(path string) (PathEntry, bool) {
	table := c.PathTable()
	if e, ok := lookup(table, pathKey(path)); ok {
		return e, true
	}
	first, _, _ := strings.Cut(pathKey(path), "/")
	if e, ok := lookup(table, first); ok && c.isSaleOrRentList(e.Original) {
		return e, true
	}
	return PathEntry{}, false
}

func lookup(table []PathEntry, key string) (PathEntry, bool) {
	for _, e := range table {
		if pathKey(e.Original) == key {
			return e, true
		}
		for _, p := range e.Paths {
			if pathKey(p) == key {
				return e, true
			}
		}
	}
	return PathEntry{}, false
}

// isSaleOrRentList tells whether the page at original path lists available
// properties of one goal (/for-sale/, /for-rent/).
func (c *Config) isSaleOrRentList(original string) bool {
	p := c.PageByPath("", original)
	if p == nil {
		return false
	}
	for i := range p.Params.Modules {
		m := &p.Params.Modules[i]
		if m.View == ViewPropertyList && m.Query != nil && m.Query.State != StateSold && m.Query.Goal != "" {
			return true
		}
	}
	return false
}
