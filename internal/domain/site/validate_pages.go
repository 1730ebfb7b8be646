package site

import (
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode"

	"immo/internal/domain/i18n"
)

var (
	statuses   = []string{StatusPublished, StatusUnpublished, StatusDraft}
	titleSizes = []string{"", "h1", "h2", "h3", "h4", "h5", "h6"}
	dateForms  = []string{time.RFC3339, "2006-01-02T15:04:05", "2006-01-02 15:04:05", "2006-01-02"}
)

func (c *Config) checkPages(p *problems) {
	refs := c.pageRefs()
	if len(refs) == 0 {
		p.add("pages", "no page")
		return
	}
	ids := map[int]string{}
	for _, r := range refs {
		switch prev, dup := ids[r.page.ID]; {
		case r.page.ID <= 0:
			p.add(r.path+".id", "must be a positive number (got %d)", r.page.ID)
		case dup:
			p.add(r.path+".id", "%d is also the id of %s", r.page.ID, prev)
		default:
			ids[r.page.ID] = r.path
		}
	}
	for _, r := range refs {
		c.checkPage(p, r, ids)
	}
	if c.Home() == nil {
		p.add("pages", `no top-level page has the path "/"`)
	}
}

func (c *Config) checkPage(p *problems, r pageRef, ids map[int]string) {
	pg, path := r.page, r.path
	switch _, exists := ids[pg.ParentID]; {
	case pg.ParentID == 0:
	case pg.ParentID == pg.ID:
		p.add(path+".parentId", "a page cannot be its own parent")
	case !exists:
		p.add(path+".parentId", "no page has id %d", pg.ParentID)
	case r.parent != nil && pg.ParentID != r.parent.ID:
		p.add(path+".parentId", "%d, but the page sits in the childMenus of page %d", pg.ParentID, r.parent.ID)
	case c.parentLoop(pg):
		p.add(path+".parentId", "the chain of parents loops")
	}
	required(p, path+".name", pg.Name)
	checkPagePath(p, path+".path", pg.Path)
	oneOf(p, path+".status", pg.Status, statuses)
	checkDate(p, path+".createDate", pg.CreateDate)
	checkDate(p, path+".modifyDate", pg.ModifyDate)

	pp, pa := pg.Params, path+".params"
	c.requireText(p, pa+".title", pp.Title)
	oneOf(p, pa+".type", pp.Type, []string{"", PageTypeModule, PageTypeContent})
	checkAsset(p, pa+".image", pp.Image)
	if pp.Redirect && pp.RedirectURL == "" {
		p.add(pa+".redirectUrl", "required when redirect is true")
	}
	checkRedirect(p, pa+".redirectUrl", pp.RedirectURL)
	if t := c.redirectTarget(pp.RedirectURL); pp.Redirect && t != nil && t.Params.Redirect {
		p.add(pa+".redirectUrl", "%q leads to a page that redirects too (%q): a loop or a chain of redirects", pp.RedirectURL, t.Name)
	}
	checkPageCSS(p, pa+".css", pp.CSS)
	for _, lang := range sortedKeys(pp.Path) {
		checkSegment(p, pa+".path."+lang, pp.Path[lang])
	}
	for _, lang := range sortedKeys(pp.Metadata) {
		if m := pp.Metadata[lang]; m.IsActiveSEO && strings.TrimSpace(m.Title) == "" {
			p.add(pa+".metadata."+lang+".title", "required when isActiveSEO is true")
		}
	}
	c.checkMenu(p, pa+".subMenu", pp.SubMenu)
	moduleIDs := map[int]string{}
	for i := range pp.Modules {
		mp := fmt.Sprintf("%s.modules[%d]", pa, i)
		m := &pp.Modules[i]
		if prev, dup := moduleIDs[m.ID]; dup && m.ID > 0 {
			p.add(mp+".id", "%d is also the id of %s", m.ID, prev)
		}
		moduleIDs[m.ID] = mp
		checkModule(p, mp, m)
	}
}

// parentLoop tells whether following the parents of pg comes back to a
// page already met.
func (c *Config) parentLoop(pg *Page) bool {
	seen := map[int]bool{pg.ID: true}
	for q := c.PageByID(pg.ParentID); q != nil; q = c.PageByID(q.ParentID) {
		if seen[q.ID] {
			return true
		}
		seen[q.ID] = true
	}
	return false
}

func checkModule(p *problems, path string, m *Module) {
	if m.ID <= 0 {
		p.add(path+".id", "must be a positive number (got %d)", m.ID)
	}
	oneOf(p, path+".titleSize", m.TitleSize, titleSizes)
	oneOf(p, path+".position", m.Position, []string{"", PositionContentRow})
	if m.Span < 0 || m.Span > 12 {
		p.add(path+".span", "must be between 1 and 12 (got %d)", m.Span)
	}
	checkCol(p, path+".col", m.Col)
	oneOf(p, path+".view", m.View, append([]string{""}, Views...))
	oneOf(p, path+".backgroundType", m.BackgroundType, MediaTypes)
	switch m.BackgroundType {
	case MediaImage:
		if m.Image == "" {
			p.add(path+".image", "required when backgroundType is image")
		}
	case MediaColor:
		if m.ColorBackground == "" {
			p.add(path+".colorBackground", "required when backgroundType is color")
		}
	case MediaGallery:
		if len(m.Images) == 0 {
			p.add(path+".images", "required when backgroundType is gallery")
		}
	}
	checkAsset(p, path+".image", m.Image)
	checkImages(p, path+".images", m.Images)
	checkColor(p, path+".colorBackground", m.ColorBackground)
	checkClass(p, path+".class", m.Class)
	for i, r := range m.Relations {
		checkRelation(p, fmt.Sprintf("%s.relations[%d]", path, i), r, m)
	}
	m.DisplayCondition.Check(p, path+".displayCondition")
	oneOf(p, path+".status", m.Status, statuses)
	lists := m.ListsProperties() || m.View == ViewServices || m.View == ViewTestimonials
	if n := m.NumberItemOfRow; n < 0 || n > 6 || n == 0 && lists {
		p.add(path+".numberItemOfRow", "must be between 1 and 6 (got %d)", n)
	}
	if m.MaxItems < 0 {
		p.add(path+".maxItems", "must not be negative (got %d)", m.MaxItems)
	}
	if q := m.Query; q != nil {
		oneOf(p, path+".query.goal", q.Goal, []string{"", GoalSale, GoalRent})
		oneOf(p, path+".query.state", q.State, []string{StateAvailable, StateSold})
		oneOf(p, path+".query.sort", q.Sort, []string{"", SortDate, SortPrice, SortType, SortCity})
		oneOf(p, path+".query.order", q.Order, []string{"", OrderAsc, OrderDesc})
	} else if m.ListsProperties() {
		p.add(path+".query", "required for a module listing properties (goal, state, sort, order)")
	}
	for i, it := range m.Items {
		ip := fmt.Sprintf("%s.items[%d]", path, i)
		if isEmpty(it.Title) && isEmpty(it.Description) {
			p.add(ip, "an item needs a title or a description")
		}
		checkLink(p, ip+".link", it.Link)
		checkAsset(p, ip+".image", it.Image)
	}
}

func (c *Config) checkMenu(p *problems, path string, items []MenuItem) {
	for i := range items {
		it := &items[i]
		ip := fmt.Sprintf("%s[%d]", path, i)
		if required(p, ip+".path", it.Path) {
			if id, ok := it.PageID(); ok {
				if c.PageByID(id) == nil {
					p.add(ip+".path", "no page has id %d", id)
				}
			} else {
				checkLink(p, ip+".path", it.Path)
			}
		}
		oneOf(p, ip+".status", it.Status, statuses)
		it.DisplayCondition.Check(p, ip+".displayCondition")
		c.checkMenu(p, ip+".childMenus", it.ChildMenus)
	}
}

// checkPaths reports two pages or legal pages answering to the same path in
// one language: their paths in that language, original paths and aliases
// are all matched (PageByPath, LegalByPath).
func (c *Config) checkPaths(p *problems) {
	refs := c.pageRefs()
	for _, lang := range i18n.Languages {
		taken := map[string]string{} // path key → JSON path of the page holding it
		claim := func(key, owner, at string) {
			if prev, ok := taken[key]; ok && prev != owner {
				p.add(at, "path \"/%s\" is also the path of %s", strings.TrimPrefix(key+"/", "/"), prev)
				return
			}
			taken[key] = owner
		}
		for _, r := range refs {
			at := r.path + ".path"
			if r.page.Params.Path[lang] != "" {
				at = r.path + ".params.path." + lang
			}
			claim(pathKey(c.PagePath(r.page, lang)), r.path, at)
			claim(pathKey(c.PagePath(r.page, "")), r.path, r.path+".path")
		}
		for i := range c.Legal {
			l, owner := &c.Legal[i], fmt.Sprintf("legal[%d]", i)
			at := owner + ".path"
			if l.Paths[lang] != "" {
				at = owner + ".paths." + lang
			}
			claim(pathKey(l.PathIn(lang)), owner, at)
			claim(pathKey(l.Path), owner, owner+".path")
			for j, a := range l.Aliases {
				claim(pathKey(a), owner, fmt.Sprintf("%s.aliases[%d]", owner, j))
			}
		}
	}
}

// checkPagePath checks an original path: "/" or "/words/".
func checkPagePath(p *problems, path, v string) {
	switch {
	case !required(p, path, v):
	case !strings.HasPrefix(v, "/") || strings.Contains(v, "//"):
		p.add(path, "%q must start with a single /, as in /for-sale/", v)
	case strings.ContainsAny(v, " \t\n?#"):
		p.add(path, "%q must not contain spaces, ? or #", v)
	case unsafePath(v):
		p.add(path, "%q: a path holds no . or .. segment, no %%, \\ nor invisible character", v)
	}
}

// unsafePath tells whether v, an address of the site, holds what a
// browser would read otherwise than the router: a . or .. segment, an
// escape (%), a backslash, a control or space character.
func unsafePath(v string) bool {
	for _, seg := range strings.Split(v, "/") {
		if seg == "." || seg == ".." {
			return true
		}
	}
	return strings.ContainsAny(v, "%\\") || strings.IndexFunc(v, func(r rune) bool { return unicode.IsControl(r) || unicode.IsSpace(r) || r == 0x2028 || r == 0x2029 }) >= 0
}

// checkSegment checks a per-language path: one segment such as "a-vendre".
func checkSegment(p *problems, path, v string) {
	if s := strings.Trim(v, "/"); strings.ContainsAny(s, "/ \t\n?#") {
		p.add(path, "%q must be one path segment, without spaces, / ? or #", v)
	} else if unsafePath(s) {
		p.add(path, "%q: a path holds no . or .. segment, no %%, \\ nor invisible character", v)
	}
}

func checkDate(p *problems, path, v string) {
	if v == "" || slices.ContainsFunc(dateForms, func(f string) bool {
		_, err := time.Parse(f, v)
		return err == nil
	}) {
		return
	}
	p.add(path, "%q is not a date (2006-01-02 or RFC 3339)", v)
}

// redirectTarget is the configured page a redirect's site path names (with
// or without a language prefix), or nil.
func (c *Config) redirectTarget(target string) *Page {
	if !strings.HasPrefix(target, "/") || strings.HasPrefix(target, "//") {
		return nil
	}
	path, _, _ := strings.Cut(target, "?")
	segs := strings.SplitN(strings.Trim(path, "/"), "/", 2)
	if len(segs[0]) == 2 && c.Languages.IsEnabled(strings.ToLower(segs[0])) {
		rest := ""
		if len(segs) == 2 {
			rest = segs[1]
		}
		return c.PageByPath(strings.ToLower(segs[0]), "/"+rest+"/")
	}
	return c.PageByPath("", path)
}
