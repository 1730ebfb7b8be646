package route

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"immo/internal/adapter/captcha"
	"immo/internal/domain/catalog"
	"immo/internal/domain/i18n"
	"immo/internal/domain/rules"
	"immo/internal/domain/site"
)

// Shell is what every page shows around its view: header, menu, top bar,
// footer and language switcher, already in the page's language.
type Shell struct {
	Lang      string      `json:"lang" tstype:"'nl' | 'fr' | 'en' | 'de'"`
	Agency    Agency      `json:"agency"`
	Header    site.Header `json:"header"`
	Menu      []Link      `json:"menu"`
	TopBar    TopBar      `json:"topBar"`
	Footer    Footer      `json:"footer"`
	Languages []Link      `json:"languages"` // the same page in each enabled language
	Links     Links       `json:"links"`
	// Captcha is the third-party captcha the forms show instead of ALTCHA,
	// only when the configuration names one.
	Captcha *Captcha `json:"captcha,omitempty"`
	// Consent is the cookie dialog's and the tag loader's configuration.
	Consent Consent `json:"consent,omitzero"`
	// Popup is the configured pop-up, only when it is published.
	Popup *Popup `json:"popup,omitempty"`
}

// Captcha is what the browser needs of a third-party captcha: the
// provider, its public site key and its script (never the secret).
type Captcha struct {
	Provider string `json:"provider" tstype:"'turnstile' | 'hcaptcha' | 'recaptcha'"`
	SiteKey  string `json:"siteKey"`
	Script   string `json:"script"`
}

// Agency is the agency's contact card.
type Agency struct {
	Name         string       `json:"name"`
	Phone        string       `json:"phone"`
	PhoneText    string       `json:"phoneText"`
	Email        string       `json:"email"`
	Street       string       `json:"street"`
	Zip          string       `json:"zip"`
	City         string       `json:"city"`
	Logo         string       `json:"logo,omitempty"`
	VATNumber    string       `json:"vatNumber,omitempty"`
	OpeningHours []OpeningDay `json:"openingHours,omitempty"`
}

// OpeningDay is one weekday's hours, or the agency's note for it (content,
// Lang set when it fell back); neither means closed, which the view says in
// the page's language.
type OpeningDay struct {
	Day   string           `json:"day"`
	Hours []site.TimeRange `json:"hours,omitempty"`
	Text  string           `json:"text,omitempty"`
	Lang  string           `json:"lang,omitempty"`
}

// Link is a labelled address. External links open in a new tab. Lang is
// the language of a label that fell back to another language than the
// page's; in the language switcher, the language of the label and target.
type Link struct {
	Label    string `json:"label"`
	Href     string `json:"href"`
	Lang     string `json:"lang,omitempty"`
	Current  bool   `json:"current,omitempty"`
	External bool   `json:"external,omitempty"`
	Icon     string `json:"icon,omitempty"`
	Color    string `json:"color,omitempty"`
	Children []Link `json:"children,omitempty"`
}

// TopBar is the link bar above the header.
type TopBar struct {
	Left  []Link `json:"left"`
	Right []Link `json:"right"`
}

// Footer is the footer in one language, with only its public texts.
type Footer struct {
	Columns       []FooterColumn `json:"columns"`
	Copyright     string         `json:"copyright"`
	CopyrightLang string         `json:"copyrightLang,omitempty"`
	Legal         []Link         `json:"legal"`
}

// FooterColumn is one footer column; Intro and Text are trusted HTML whose
// links are built for the page's language. Each *Lang names the language of
// a text that fell back to another one.
type FooterColumn struct {
	Title     string       `json:"title,omitempty"`
	TitleLang string       `json:"titleLang,omitempty"`
	Intro     string       `json:"intro,omitempty"`
	IntroLang string       `json:"introLang,omitempty"`
	Text      string       `json:"text,omitempty"`
	TextLang  string       `json:"textLang,omitempty"`
	Images    []site.Image `json:"images,omitempty"`
	Col       site.Col     `json:"col"`
}

// Links are the addresses views need to link to.
type Links struct {
	Home string `json:"home"`
	Sale string `json:"sale,omitempty"`
	Rent string `json:"rent,omitempty"`
	Sold string `json:"sold,omitempty"`
	// Valuation is the free valuation page, only once the site has one.
	Valuation string `json:"valuation,omitempty"`
	// Login is the header's link to log in (the registrants' login, which
	// leads owners to theirs): the same for everyone, so the shell stays
	// cacheable.
	Login string `json:"login"`
	// Account and Owner are where the link leads a registrant and an owner
	// logged in (the browser learns who: web.ViewerCookie).
	Account string `json:"account"`
	Owner   string `json:"owner"`
}

// shell is the page's shell: the one its key makes (cachedShell), with
// the language switcher to urlIn's address in each language (none: nil).
func (c *resolution) shell(urlIn func(lang string) string) Shell {
	s := c.cachedShell()
	if urlIn != nil {
		s.Languages = c.languages(urlIn)
	}
	return s
}

// makeShell makes the shell of this page without its language switcher.
func (c *resolution) makeShell() Shell {
	cfg, lang := c.r.Site, c.lang
	a := cfg.Agency
	s := Shell{
		Lang: lang,
		Agency: Agency{Name: a.Name, Phone: a.Phone, PhoneText: rules.FormatPhone(a.Phone), Email: a.Email,
			Street: a.Address.Street + " " + a.Address.Number, Zip: a.Address.Zip, City: a.Address.City, Logo: a.Logo,
			VATNumber: a.VATNumber, OpeningHours: c.openingHours(a.OpeningHours)},
		Header: cfg.Header,
		Links: Links{Home: c.r.HomeURL(lang), Sale: c.r.ListURL(ListSale, lang, nil),
			Rent: c.r.ListURL(ListRent, lang, nil), Sold: c.r.ListURL(ListSold, lang, nil),
			Login: c.r.RegistrantURL(RegistrantLogin, lang), Account: c.r.RegistrantURL(RegistrantArea, lang),
			Owner: c.r.OwnerURL(lang)},
	}
	s.Links.Valuation, _ = c.link(ValuationPath)
	if cp := cfg.Captcha; cp != nil && cp.Provider == c.r.Checked {
		s.Captcha = &Captcha{Provider: cp.Provider, SiteKey: cp.SiteKey, Script: captcha.Providers[cp.Provider].Script}
	}
	s.Consent = c.consentShell()
	if !c.formPage {
		s.Popup = c.popup(cfg.Popup)
	}
	s.Menu = c.menu(cfg.Menu, "menu")
	s.TopBar.Left, s.TopBar.Right = c.topBar(cfg.TopBar.Left, "topBar.left"), c.topBar(cfg.TopBar.Right, "topBar.right")
	for i, col := range cfg.Footer.Columns {
		if !c.shows(col.DisplayCondition, func() string { return fmt.Sprintf("footer.columns[%d].displayCondition", i) }) {
			continue
		}
		fc := FooterColumn{Images: col.Images, Col: col.Col}
		if col.Title.Public {
			fc.Title, fc.TitleLang = c.text(col.Title.Text)
		}
		if col.IntroText.Public {
			fc.Intro, fc.IntroLang = c.text(col.IntroText.Text)
			fc.Intro = c.html(fc.Intro)
		}
		if col.FullText.Public {
			fc.Text, fc.TextLang = c.text(col.FullText.Text)
			fc.Text = c.html(fc.Text)
		}
		s.Footer.Columns = append(s.Footer.Columns, fc)
	}
	s.Footer.Copyright = cfg.Footer.CopyrightIn(lang, c.r.now().Year())
	if _, in := cfg.Footer.Copyright.Pick(lang); in != lang {
		s.Footer.CopyrightLang = in
	}
	for i := range cfg.Legal {
		l := Link{Href: c.r.LegalURL(&cfg.Legal[i], lang)}
		l.Label, l.Lang = c.text(cfg.Legal[i].Title)
		s.Footer.Legal = append(s.Footer.Legal, l)
	}
	return s
}

// languages is the language switcher: urlIn's address in each enabled
// language (none when only one is).
func (c *resolution) languages(urlIn func(lang string) string) []Link {
	var out []Link
	if enabled := c.r.Site.Languages.Enabled(); len(enabled) > 1 {
		for _, l := range enabled {
			out = append(out, Link{Label: i18n.T(l, "common.languageName"), Lang: l, Href: urlIn(l), Current: l == c.lang})
		}
	}
	return out
}

// text is a content field in the page's language, with the language it
// fell back to ("" when it is the page's own).
func (c *resolution) text(t site.Text) (text, lang string) {
	return c.fellBack(t.Pick(c.lang))
}

// content is text for a listing's multilingual field.
func (c *resolution) content(t catalog.Text) (text, lang string) {
	return c.fellBack(t.Pick(c.lang))
}

func (c *resolution) fellBack(text, in string) (string, string) {
	if in == c.lang {
		in = ""
	}
	return text, in
}

// topBar is one side of the top bar: its shown items whose link leads
// somewhere the site has.
func (c *resolution) topBar(items []site.TopBarItem, path string) []Link {
	out := []Link{}
	for i, it := range items {
		href, ok := c.link(it.Link)
		if !it.Status || !ok || !c.shows(it.DisplayCondition, func() string { return fmt.Sprintf("%s[%d].displayCondition", path, i) }) {
			continue
		}
		l := Link{Href: href, Icon: it.Icon, Color: it.Color, External: rules.OpensNewTab(href)}
		l.Label, l.Lang = c.text(it.Label)
		out = append(out, l)
	}
	return out
}

func (c *resolution) openingHours(days []site.OpeningDay) []OpeningDay {
	out := make([]OpeningDay, 0, len(days))
	for _, d := range days {
		v := OpeningDay{Day: d.Day, Hours: d.Hours}
		v.Text, v.Lang = c.text(d.Text)
		out = append(out, v)
	}
	return out
}

// menu is a menu's shown items (published, their condition holding, their
// page shown), path their JSON path in the configuration.
func (c *resolution) menu(items []site.MenuItem, path string) []Link {
	out := []Link{}
	for i := range items {
		it := &items[i]
		ip := func() string { return fmt.Sprintf("%s[%d]", path, i) }
		if !it.Published() || !c.shows(it.DisplayCondition, func() string { return ip() + ".displayCondition" }) {
			continue
		}
		l := Link{Label: it.Params.Title[c.lang]}
		if p := c.r.Site.MenuPage(it); p != nil {
			if !c.r.Site.Shown(p) {
				continue
			}
			l.Href = c.r.PageURL(p, c.lang)
			if l.Label == "" {
				l.Label, l.Lang = c.pageTitleLang(p)
			}
		} else {
			href, ok := c.link(it.Path)
			if !ok {
				continue
			}
			l.Href = href
		}
		if l.Label == "" {
			l.Label, l.Lang = c.text(it.Params.Title)
		}
		l.External = rules.OpensNewTab(l.Href)
		if len(it.ChildMenus) > 0 {
			l.Children = c.menu(it.ChildMenus, ip()+".childMenus")
		}
		if len(l.Children) == 0 {
			l.Children = nil
		}
		out = append(out, l)
	}
	return out
}

// t translates key in the page's language.
func (c *resolution) t(key string) string { return i18n.T(c.lang, key) }

// result assembles a page: the view's props plus the shell, whose language
// switcher points at the page's address in each language (urlIn, nil for a
// page with no address of its own such as a 404).
func (c *resolution) result(status int, props Props, head Head, urlIn func(lang string) string) Result {
	if status == http.StatusOK && urlIn != nil && c.path != "" {
		// Another spelling of the page's address (an original SPEC path such
		// as /for-sale/ or /property/{id}/, no language prefix, other case,
		// no trailing slash) has one canonical form: 301 there, with the
		// request's query, which the page reads and canonicalizes itself.
		if path, _, _ := strings.Cut(urlIn(c.lang), "?"); !c.atPath(path) {
			to := path
			if len(c.query) > 0 {
				to += "?" + c.query.Encode()
			}
			return c.redirect(http.StatusMovedPermanently, to)
		}
	}
	if status >= http.StatusBadRequest {
		c.path = "" // an error page's links that add a parameter lead home (see link)
	} else if urlIn != nil {
		c.here = urlIn(c.lang)
	}
	if n := len(head.Breadcrumb); n > 0 && status == http.StatusOK {
		head.Breadcrumb[n-1].Href = c.here // the page itself, for its BreadcrumbList
	}
	b := props.base()
	b.Site, b.Head = c.shell(urlIn), head
	res := Result{Status: status, Lang: c.lang, View: props.View(), Props: props, Head: head}
	if status == http.StatusOK && urlIn != nil {
		path, query, _ := strings.Cut(urlIn(c.lang), "?")
		// A page carrying a form's values (a parameter chose them: ?document=)
		// is this visitor's: stored under the canonical address it would be
		// everyone's, the form open with a stranger's choice.
		res.Cacheable, res.CacheQuery = c.atPath(path) && b.Form == nil && b.Errors == nil, query
	}
	return res
}

// atPath reports whether the request's path is path (or the bare root for
// the home page): any other spelling of an address is redirected there.
func (c *resolution) atPath(path string) bool {
	return c.r.isCanonical(c.path, path, c.lang)
}

// isCanonical reports whether the request path requested (escaped form is
// fine) is canonical, the page's own path in lang, or the bare root for
// the home page in the default language.
func (r *Resolver) isCanonical(requested, canonical, lang string) bool {
	got, err := url.PathUnescape(requested)
	return err == nil && (got == canonical || got == "/" && canonical == r.HomeURL(lang))
}

// notFound is the 404 page: a search form and a link home.
func (r *Resolver) notFound(lang string) Result { return r.missing(lang, false) }

// missing is the page of an address that names nothing: never there (404)
// or, gone, removed for good (410: the site's moved list says so).
func (r *Resolver) missing(lang string, gone bool) Result {
	c := &resolution{r: r, lang: lang, ix: r.Catalog.Index()}
	title, status := c.t("notFound.title"), http.StatusNotFound
	if gone {
		title, status = c.t("notFound.goneTitle"), http.StatusGone
	}
	h := c.head(title, "", nil, nil)
	h.Robots = "noindex"
	h.Breadcrumb = c.breadcrumb(nil, title, "")
	props := &NotFoundProps{Gone: gone}
	res := c.result(status, props, h, nil)
	// The address names nothing in any language: the switcher leads to each language's home page.
	props.Site.Languages = c.languages(r.HomeURL)
	return res
}
