package route

import (
	"crypto/rand"
	"html"
	"maps"
	"net/url"
	"slices"
	"strings"
	"sync"

	"immo/internal/domain/site"
)

// The shell — agency block, menu, top bar, footer, pop-up, consent — is
// the same on every page that shares what it is made of: the published
// configuration, the catalog's version (a configured link may name a
// listing), the language, whether the page holds a form (no pop-up) and
// the year (the copyright). It is made once per such key, not on every
// page the HTML cache misses. Where a display condition reads the page's
// fields the key holds them too (the first shell made says it read
// them); a link that adds a parameter to the page's own address
// (?setcookies) is left marked in the shell kept and made per page
// (fillHere).

// shellKey is what a shell is made of.
type shellKey struct {
	site     *site.Config
	catalog  int64
	lang     string
	formPage bool
	year     int
	env      string // the conditions' fields, when the shell read them
}

// shellEntry is a shell made, and whether it read the page's condition
// fields: an entry under a key without them that read them holds no
// shell, only that mark.
type shellEntry struct {
	shell Shell
	env   bool
}

// maxShells bounds the cache: a site has a few pages per language. It
// holds one configuration's and catalog version's shells: a new one
// starts it again, as a full one does.
const maxShells = 512

type shellCache struct {
	mu      sync.Mutex
	site    *site.Config
	catalog int64
	m       map[shellKey]shellEntry
}

func (sc *shellCache) get(k shellKey) (shellEntry, bool) {
	sc.mu.Lock()
	defer sc.mu.Unlock()
	e, ok := sc.m[k]
	return e, ok
}

func (sc *shellCache) put(k shellKey, e shellEntry) {
	sc.mu.Lock()
	defer sc.mu.Unlock()
	if sc.m == nil || len(sc.m) >= maxShells || k.site != sc.site || k.catalog != sc.catalog {
		sc.m, sc.site, sc.catalog = map[shellKey]shellEntry{}, k.site, k.catalog
	}
	sc.m[k] = e
}

// cachedShell is the page's shell without its language switcher, made
// once per shellKey. A configuration not stored (a test's, which may
// change in place), a draft's and a past version's (read anew per
// request) make theirs every time.
func (c *resolution) cachedShell() Shell {
	if c.r.SiteVersion == 0 || c.r.previewing() {
		return c.makeShell()
	}
	cache := &c.r.state().shells
	base := shellKey{site: c.r.Site, catalog: c.index().Version(), lang: c.lang, formPage: c.formPage, year: c.r.now().Year()}
	if e, ok := cache.get(base); ok {
		if !e.env {
			return c.fillHere(e.shell)
		}
		if page, ok := cache.get(c.pageKey(base)); ok {
			return c.fillHere(page.shell)
		}
	}
	c.readEnv, c.shellMaking = false, true
	e := shellEntry{shell: c.makeShell(), env: c.readEnv}
	c.shellMaking = false
	if !e.env {
		cache.put(base, e)
	} else {
		cache.put(base, shellEntry{env: true})
		cache.put(c.pageKey(base), e)
	}
	return c.fillHere(e.shell)
}

// pageKey is base with this page's condition fields.
func (c *resolution) pageKey(base shellKey) shellKey {
	env := c.conditionEnv()
	var b strings.Builder
	for _, f := range slices.Sorted(maps.Keys(env)) {
		b.WriteString(f + "=" + env[f])
		b.WriteByte(0)
	}
	base.env = b.String()
	return base
}

// index is the catalog's index the resolution reads.
func (c *resolution) index() interface{ Version() int64 } {
	if c.ix != nil {
		return c.ix
	}
	return c.r.Catalog.Index()
}

// A link made on the page's address stands in a kept shell as its
// parameters between hereMark and hereEnd: characters of Unicode's private
// use area (HTML escaping keeps them, a query's encoding never makes them)
// and, in hereMark, a random word of this process's, never written out,
// so no text of a configuration can pass for a mark.
var hereMark, hereEnd = "\uE000" + rand.Text() + "\uE000", "\uE001"

// fillHere is s with its marked links made on this page's address; s's
// slices are copied where they change, never written.
func (c *resolution) fillHere(s Shell) Shell {
	s.Menu = c.fillLinks(s.Menu)
	s.TopBar.Left, s.TopBar.Right = c.fillLinks(s.TopBar.Left), c.fillLinks(s.TopBar.Right)
	if p := s.Popup; p != nil && (marked(p.Link) || marked(p.Description)) {
		filled := *p
		filled.Link, filled.Description = c.fillText(p.Link, false), c.fillText(p.Description, true)
		s.Popup = &filled
	}
	if slices.ContainsFunc(s.Footer.Columns, func(col FooterColumn) bool { return marked(col.Intro) || marked(col.Text) }) {
		cols := slices.Clone(s.Footer.Columns)
		for i := range cols {
			cols[i].Intro, cols[i].Text = c.fillText(cols[i].Intro, true), c.fillText(cols[i].Text, true)
		}
		s.Footer.Columns = cols
	}
	return s
}

func (c *resolution) fillLinks(links []Link) []Link {
	if !slices.ContainsFunc(links, linkMarked) {
		return links
	}
	out := slices.Clone(links)
	for i := range out {
		out[i].Href, out[i].Children = c.fillText(out[i].Href, false), c.fillLinks(out[i].Children)
	}
	return out
}

func linkMarked(l Link) bool { return marked(l.Href) || slices.ContainsFunc(l.Children, linkMarked) }

func marked(s string) bool { return strings.Contains(s, hereMark) }

// fillText makes each marked link of s (HTML when inHTML: its marks'
// parameters escaped, the link made escaped again).
func (c *resolution) fillText(s string, inHTML bool) string {
	for {
		start := strings.Index(s, hereMark)
		if start < 0 {
			return s
		}
		end := strings.Index(s[start:], hereEnd)
		if end < 0 {
			return s
		}
		end += start
		params := s[start+len(hereMark) : end]
		if inHTML {
			params = html.UnescapeString(params)
		}
		add, _ := url.ParseQuery(params) // written by link from parsed values
		href := c.adding(add)
		if inHTML {
			href = html.EscapeString(href)
		}
		s = s[:start] + href + s[end+len(hereEnd):]
	}
}
