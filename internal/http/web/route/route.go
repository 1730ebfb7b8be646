// Package route turns a URL into page data: which view to render, with
// which props, in which language, with which head. It is the one place that
// knows the site's URLs (language prefixes, per-language slugs, the French
// pretty property URL, configured pages, thank-you pages); React only
// renders what it is given.
package route

import (
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"immo/internal/domain/catalog"
	"immo/internal/domain/site"
	"immo/internal/domain/testimonial"
)

// Result is a resolved URL.
type Result struct {
	Status   int    // HTTP status of the page
	Redirect string // when set, answer with a redirect there (Status 301/302)
	Lang     string
	View     string // a views name, Props.View()
	Props    Props  // nil with a redirect
	Head     Head
	// Cacheable says the HTML of this answer may be stored in the page
	// cache, under the request's path with CacheQuery as its query and no
	// other: the page's canonical address. Another query (an unknown key,
	// another spelling or order) or an error page is rendered but not
	// stored, so no stranger can fill the cache.
	Cacheable  bool
	CacheQuery string
	// Live says the page shows what changes by the minute (a property's
	// free visit slots): never answered from a render of an earlier
	// version, which would offer a slot booked since.
	Live bool
}

// Catalog gives the current catalog index (catalog.Service does).
type Catalog interface {
	Index() *catalog.Index
}

// Testimonials gives the approved testimonials (testimonial.Service does).
type Testimonials interface {
	Approved(n int) []testimonial.Testimonial
	Version() int64
}

// Resolver resolves URLs against the site configuration and the catalog.
type Resolver struct {
	Site         *site.Config
	Catalog      Catalog
	Testimonials Testimonials // optional
	Agenda       Agenda       // optional: the visit form's slots; nil offers no visit form
	// Visits is the agency's agenda whether Site takes visits or not: For
	// offers it (as Agenda) to a version of the site that does.
	Visits Agenda
	// Now is the clock (the footer's copyright year); nil means time.Now.
	Now     func() time.Time
	BaseURL string // absolute origin for canonical links, no trailing slash
	// Origin, when set, is the origin now in place of BaseURL: the
	// agency's preferred host, which an operator may change while the
	// site runs (platform.Resolver); the pages' generation names it, so a
	// change renders them anew.
	Origin func() string
	// Checked is the third-party captcha the server checks ("": none, the
	// forms use ALTCHA): the shell offers the configuration's captcha only
	// when it is this one, so a page never shows a widget whose token no
	// one checks (an agency of the platform without its secret).
	Checked string
	// MapTiles is the map frame's tile URL template (web.TileURL): a
	// third-party host there is a service waiting for consent.
	MapTiles string
	// MapAttribution is the tiles' credit (trusted HTML; web.MapAttribution).
	MapAttribution string

	// ConditionErrors hears of display conditions that erred (LogOnce);
	// nil: the items are hidden silently.
	ConditionErrors ConditionErrors

	// SiteVersion is the published configuration Site is (agency.Version),
	// part of Version; 0: a configuration not from the store (a test's).
	SiteVersion int64
	// Draft is the draft Site is (agency.Draft): its pages are never
	// cached nor indexed. Past: Site is a published version other than the
	// one served (agency.Past, the history's preview), kept out alike.
	Draft int64
	Past  bool

	st atomic.Pointer[state] // the caches, shared with the resolvers For makes
}

func (r *Resolver) now() time.Time {
	if r.Now != nil {
		return r.Now()
	}
	return time.Now()
}

// Version names the data pages are made from: a page resolved under one
// version is the same until the version changes.
func (r *Resolver) Version() string {
	var now versionName
	now.catalog = r.Catalog.Index().Version()
	if r.Testimonials != nil {
		now.testimonials = r.Testimonials.Version()
	}
	if r.Agenda != nil {
		now.agenda = r.Agenda.Version()
	}
	now.site = r.SiteVersion
	if r.Origin != nil {
		now.origin = r.Origin()
	}
	// Every cached page's answer asks: the text is made when a part changes.
	st := r.state()
	if last := st.version.Load(); last != nil && last.catalog == now.catalog &&
		last.testimonials == now.testimonials && last.agenda == now.agenda && last.site == now.site && last.origin == now.origin {
		return last.text
	}
	now.text = strconv.FormatInt(now.catalog, 10)
	if r.Testimonials != nil {
		now.text += "." + strconv.FormatInt(now.testimonials, 10)
	}
	if r.Agenda != nil {
		now.text += ".a" + now.agenda
	}
	if now.site != 0 {
		now.text += ".s" + strconv.FormatInt(now.site, 10)
	}
	if now.origin != "" {
		now.text += "@" + now.origin
	}
	stored := now // now itself stays on the stack
	st.version.Store(&stored)
	return stored.text
}

// versionName is Version's text of the versions it was made of.
type versionName struct {
	catalog, testimonials, site int64
	agenda, origin, text        string
}

// Base is the absolute origin of the site's links now, no trailing slash.
func (r *Resolver) Base() string {
	if r.Origin != nil {
		if o := r.Origin(); o != "" {
			return o
		}
	}
	return r.BaseURL
}

// Resolve answers path (escaped form is fine) with its query.
func (r *Resolver) Resolve(path string, query url.Values) Result {
	lang, rest, ok := r.splitLang(path)
	if !ok {
		return r.drafted(r.moved(path, r.Site.Languages.Default, false))
	}
	c := &resolution{r: r, lang: lang, path: path, query: query, ix: r.Catalog.Index(), bare: !langPrefixed(path, lang)}
	return r.drafted(c.resolve(rest))
}

// langPrefixed says path starts with lang's segment (/fr/…), any case.
func langPrefixed(path, lang string) bool {
	first, _, _ := strings.Cut(strings.TrimLeft(path, "/"), "/")
	return strings.EqualFold(first, lang)
}

// drafted keeps a draft's page, or a past version's (a staff member's
// preview), out of every cache and every index.
func (r *Resolver) drafted(res Result) Result {
	if r.previewing() {
		res.Cacheable, res.CacheQuery = false, ""
		res.Head.Robots = "noindex, nofollow"
	}
	return res
}

// splitLang takes the language segment off the path. A path without one is
// in the default language; a two-letter segment that is not an enabled
// language is not a page.
func (r *Resolver) splitLang(path string) (lang string, rest []string, ok bool) {
	for _, s := range strings.Split(path, "/") {
		if s != "" {
			if u, err := url.PathUnescape(s); err == nil {
				s = u
			}
			rest = append(rest, s)
		}
	}
	if len(rest) > 0 && len(rest[0]) == 2 {
		code := strings.ToLower(rest[0])
		if r.Site.Languages.IsEnabled(code) {
			return code, rest[1:], true
		}
		if slices.Contains(knownLanguages, code) {
			return "", nil, false
		}
	}
	return r.Site.Languages.Default, rest, true
}

var knownLanguages = []string{"nl", "fr", "en", "de"}

// resolution is one Resolve call's state.
type resolution struct {
	r     *Resolver
	lang  string
	path  string // the request path, for links that only add a parameter
	bare  bool   // path has no language segment: the default language's address
	here  string // the page's canonical address, once its result is built
	query url.Values
	ix    *catalog.Index
	// shown is the configured page shown (the home page's for home), nil
	// for another; restPath the address without language. Display
	// conditions read them (conditionEnv, computed once into env).
	shown    *site.Page
	restPath string
	env      site.ConditionEnv
	// readEnv says the shell made read the page's condition fields
	// (cachedShell keys it by them); shellMaking leaves the links made on
	// the page's address to fillHere.
	readEnv, shellMaking bool
	// formPage leaves the configured pop-up out of the page's shell: a
	// page a visitor fills in or logs in on is no place for an offer that
	// covers it. A flag of the resolution, not a change to its result: a
	// result may be a redirect, which has no shell.
	formPage bool
}

// Kinds of address the site answers.
const (
	targetNone = iota
	targetHome
	targetPage
	targetLegal
	targetProperty
	targetProject
	targetThankYou
	targetValuation
	targetDemandRegister
)

// target is what an address names, before anything is rendered: the one
// matching of paths that both Resolve and LocalURL use.
type target struct {
	kind  int
	page  *site.Page
	legal *site.LegalPage
	id    int64  // property or project
	form  string // thank-you form
	// pretty is a pretty property address (/{list}/{city}/{type}/{id}/, page
	// its list), which must name the property's own list, city and type.
	pretty []string
}

// locate finds what rest (the path after the language, in lang) names.
func (r *Resolver) locate(lang string, rest []string, query url.Values) target {
	switch {
	case len(rest) == 0:
		return target{kind: targetHome}
	case len(rest) == 2 && strings.EqualFold(rest[0], "property"):
		return propertyTarget(rest[1])
	case len(rest) == 1 && strings.EqualFold(rest[0], "project"):
		if id, ok := catalog.ParseID(query.Get("id")); ok {
			return target{kind: targetProject, id: id}
		}
		return target{}
	case len(rest) == 2 && (strings.EqualFold(rest[0], "feedback") || strings.EqualFold(rest[0], "merci")):
		if form, ok := thankYouForm(rest[1]); ok {
			return target{kind: targetThankYou, form: form}
		}
		return target{}
	case len(rest) == 1 && isValuationSlug(rest[0]):
		return target{kind: targetValuation}
	case len(rest) == 1 && isDemandRegisterSlug(rest[0]):
		return target{kind: targetDemandRegister}
	}
	if page := r.Site.PageByPath(lang, "/"+strings.Join(rest, "/")+"/"); page != nil && r.Site.Shown(page) {
		return target{kind: targetPage, page: page}
	}
	// The pretty property URL: /{list}/{city}/{type}/{id}/ under the sale
	// or rent list page, in any language.
	if len(rest) == 4 {
		if page := r.Site.PageByPath(lang, "/"+rest[0]+"/"); page != nil && page.ListQuery() != nil {
			t := propertyTarget(rest[3])
			if t.kind == targetProperty {
				t.page, t.pretty = page, rest
			}
			return t
		}
	}
	if legal := r.Site.LegalByPath(lang, "/"+strings.Join(rest, "/")+"/"); legal != nil && len(rest) == 1 {
		return target{kind: targetLegal, legal: legal}
	}
	return target{}
}

func propertyTarget(raw string) target {
	id, ok := catalog.ParseID(raw)
	if !ok {
		return target{}
	}
	return target{kind: targetProperty, id: id}
}

func (c *resolution) resolve(rest []string) Result {
	t := c.r.locate(c.lang, rest, c.query)
	c.restPath = "/" + strings.Join(rest, "/") + "/"
	if len(rest) == 0 {
		c.restPath = "/"
	}
	switch t.kind {
	case targetPage:
		c.shown = t.page
	case targetHome:
		c.shown = c.r.Site.Home()
	}
	switch t.kind {
	case targetHome:
		return c.home()
	case targetPage:
		return c.page(t.page)
	case targetLegal:
		return c.legal(t.legal)
	case targetProperty:
		if t.pretty != nil {
			return c.prettyProperty(t.page, t.id, t.pretty)
		}
		return c.property(t.id)
	case targetProject:
		return c.project(t.id)
	case targetThankYou:
		return c.thankYou(t.form)
	case targetValuation:
		return c.valuation()
	case targetDemandRegister:
		return c.demandRegister()
	}
	return c.r.moved(c.path, c.lang, c.bare)
}

// moved answers an address that names nothing: where the configuration
// says it moved (301), 410 when it says it is gone, else the 404 page.
// A bare address (no language segment: the default language's, lang) is
// also looked up with its language: the default language's pages answer
// without it (/emplois/ as /fr/emplois/), and so do their old addresses,
// which the moved list holds with it.
func (r *Resolver) moved(path, lang string, bare bool) Result {
	to, ok := r.Site.MovedTo(path)
	if !ok && bare {
		to, ok = r.Site.MovedTo(site.HomeURL(lang) + strings.TrimLeft(path, "/"))
	}
	switch {
	case !ok:
		return r.notFound(lang)
	case to == "":
		return r.missing(lang, true)
	}
	return Result{Status: http.StatusMovedPermanently, Redirect: to, Lang: lang}
}

func (c *resolution) page(p *site.Page) Result {
	if p.Params.Redirect && p.Params.RedirectURL != "" {
		return Result{Status: http.StatusMovedPermanently, Redirect: c.redirectTarget(p.Params.RedirectURL), Lang: c.lang}
	}
	if q := p.ListQuery(); q != nil {
		return c.list(p, q)
	}
	return c.contentPage(p)
}

// redirectTarget is a redirect page's configured address (checked at
// load: a site path or an http(s) URL), a site path in the page's
// language when the site has it; nothing of the request goes into it.
func (c *resolution) redirectTarget(to string) string {
	if strings.HasPrefix(to, "/") {
		if href, ok := c.r.LocalURL(to, c.lang); ok {
			return href
		}
	}
	return to
}

// previewing says Site is a staff member's preview: a draft or a past
// version, never cached nor indexed.
func (r *Resolver) previewing() bool { return r.Draft != 0 || r.Past }
